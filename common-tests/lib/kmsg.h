/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel splats in /dev/kmsg.  The runner opens it at its end before a test
 * point and afterwards reads what the kernel logged in between, so that a
 * WARN or lockdep report fails the point that caused it; it marks where each
 * point begins and ends in the log, for the console scan.
 */
#ifndef _LIB_KMSG_H
#define _LIB_KMSG_H

#include <stdbool.h>
#include <stddef.h>

/* Open /dev/kmsg past its last record.  Return: the fd, or -errno. */
int kmsg_open(void);

/*
 * kmsg_for_each_splat() - Read every record logged since kmsg_open() and
 * call @fn with the message text of each splat headline.
 * Return: the number of splat records.
 */
int kmsg_for_each_splat(int fd, void (*fn)(const char *text, void *arg),
			void *arg);

/*
 * kmsg_record_text() - The message of one /dev/kmsg record
 * ("<prio>,<seq>,<usec>,<flags>;<text>\n KEY=value\n..."): what follows the
 * first ';', up to the end of its line; dictionary lines are left out.
 */
void kmsg_record_text(const char *record, char *text, size_t len);

/* Does @text carry a kernel splat headline ("WARNING:", "BUG:", ...)? */
bool kmsg_is_splat(const char *text);

/* Records logged since kmsg_open() whose message contains @needle. */
int kmsg_count(int fd, const char *needle);

/* The longest marker line kmsg_mark() writes, its newline included. */
#define KMSG_MARK_LEN	512

/*
 * kmsg_mark() - Log "asid_suite: <@what> <@point>" as one record (one
 * write(2): /dev/kmsg takes a record per write, and stdio would not do,
 * as glibc's lseek(SEEK_CUR) fails there).  The console scan
 * (qemu/scan-console.sh) allows a known splat only between the "begin" and
 * "end" markers of the point its known-splats entry names.
 * Return: 0, or -errno.
 */
int kmsg_mark(const char *what, const char *point);

/*
 * kmsg_clear_warn_once() - Forget which WARN_ONCE()s fired.  They print once
 * per boot: a point that trips one would silence the same warning in every
 * later point; reset before each one, a splat is seen by the point that
 * causes it.  Needs debugfs.  Return: 0, or -errno.
 */
int kmsg_clear_warn_once(void);

#endif /* _LIB_KMSG_H */
