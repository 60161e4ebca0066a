/* qspinlock.c includes it; nothing of it is used. */
