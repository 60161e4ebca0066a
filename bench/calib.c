// SPDX-License-Identifier: GPL-2.0
/*
 * calib: what the two designs' core primitives cost on this machine, so
 * that guest numbers under TCG can be set against the host's.  On one
 * shared cache line:
 *
 *   xadd_pair      lock xadd +1, lock xadd -1: misc's add-then-check
 *                  and its uncharge, per level of the hierarchy
 *   spinlock_pair  lock; ++; unlock; lock; --; unlock: encryption_ids
 *                  takes its one global lock to charge and to uncharge
 *
 * with 1 thread, and with 2 pinned to CPUs 0 and 1 hammering the same line.
 *
 *   calib --where host|guest [--iters N] [--reps R] [--header]
 *
 * ns_per_pair is the slowest thread's time over its iterations.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "count.h"

#define DEFAULT_ITERS	5000000L
#define MAX_THREADS	2

enum prim { PRIM_XADD, PRIM_SPINLOCK, NR_PRIMS };

static const char *const prim_names[] = {
	[PRIM_XADD] = "xadd_pair", [PRIM_SPINLOCK] = "spinlock_pair",
};

/* The one line every thread fights over; nothing else shares it. */
static struct {
	long counter;
	int lock;
} line __attribute__((aligned(64)));

/* Keeps the xadd results alive, so the compiler must emit lock xadd. */
static volatile long sink;

struct worker {
	pthread_t tid;
	int cpu;
	enum prim prim;
	long iters;
	pthread_barrier_t *start;
	uint64_t elapsed_ns;
	int err;
};

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Test-and-test-and-set, as a contended kernel spinlock spins on reads. */
static inline void spin_lock(int *l)
{
	while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(l, __ATOMIC_RELAXED))
			cpu_relax();
}

static inline void spin_unlock(int *l)
{
	__atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

static void pairs_xadd(long n)
{
	long s = 0;

	for (long i = 0; i < n; i++) {
		s += __atomic_fetch_add(&line.counter, 1, __ATOMIC_SEQ_CST);
		s += __atomic_fetch_sub(&line.counter, 1, __ATOMIC_SEQ_CST);
	}
	sink = s;
}

static void pairs_spinlock(long n)
{
	for (long i = 0; i < n; i++) {
		spin_lock(&line.lock);
		line.counter++;
		spin_unlock(&line.lock);
		spin_lock(&line.lock);
		line.counter--;
		spin_unlock(&line.lock);
	}
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* A thread that cannot pin still meets the barrier, then does nothing. */
static void *worker(void *arg)
{
	struct worker *w = arg;
	cpu_set_t cpus;
	uint64_t t0;

	CPU_ZERO(&cpus);
	CPU_SET(w->cpu, &cpus);
	w->err = pthread_setaffinity_np(pthread_self(), sizeof(cpus), &cpus);
	pthread_barrier_wait(w->start);
	if (w->err)
		return NULL;
	t0 = now_ns();
	if (w->prim == PRIM_XADD)
		pairs_xadd(w->iters);
	else
		pairs_spinlock(w->iters);
	w->elapsed_ns = now_ns() - t0;
	return NULL;
}

/* Return: the slowest thread's ns per pair, or a negative value on error. */
static double run(enum prim prim, int threads, long iters)
{
	struct worker w[MAX_THREADS];
	pthread_barrier_t start;
	uint64_t slowest = 0;
	int err = 0;

	line.counter = 0;
	pthread_barrier_init(&start, NULL, threads);
	for (int i = 0; i < threads; i++) {
		w[i] = (struct worker){ .cpu = i, .prim = prim, .iters = iters,
					.start = &start };
		/* Thread 0 runs on the caller's stack: one create fewer. */
		if (i)
			err = pthread_create(&w[i].tid, NULL, worker, &w[i]);
		if (err) {
			fprintf(stderr, "# calib: pthread_create: %s\n",
				strerror(err));
			exit(1);
		}
	}
	worker(&w[0]);
	for (int i = 1; i < threads; i++)
		pthread_join(w[i].tid, NULL);
	pthread_barrier_destroy(&start);

	for (int i = 0; i < threads; i++) {
		if (w[i].err) {
			fprintf(stderr, "# calib: pin to CPU %d: %s\n",
				w[i].cpu, strerror(w[i].err));
			return -1;
		}
		if (w[i].elapsed_ns > slowest)
			slowest = w[i].elapsed_ns;
	}
	/* A lost update would mean the lock, or the test, is broken. */
	if (line.counter) {
		fprintf(stderr, "# calib: %s: counter %ld, not 0\n",
			prim_names[prim], line.counter);
		return -1;
	}
	return (double)slowest / iters;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: calib --where host|guest [--iters N] [--reps R] [--header]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "where", required_argument, NULL, 'w' },
		{ "iters", required_argument, NULL, 'i' },
		{ "reps", required_argument, NULL, 'r' },
		{ "header", no_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 },
	};
	long iters = DEFAULT_ITERS, reps = 1;
	const char *where = NULL;
	bool header = false;
	int ch, max_threads;
	double ns;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'w':
			where = optarg;
			break;
		case 'i':
			iters = bench_count(optarg);
			break;
		case 'r':
			reps = bench_count(optarg);
			break;
		case 'H':
			header = true;
			break;
		default:
			usage();
		}
	}
	if (!where || iters < 1 || reps < 1 || optind != argc)
		usage();

	max_threads = sysconf(_SC_NPROCESSORS_ONLN) >= 2 ? 2 : 1;
	if (max_threads < MAX_THREADS)
		fprintf(stderr, "# calib: one CPU online, no 2-thread rows\n");
	if (header)
		printf("where,primitive,threads,rep,iters,ns_per_pair\n");
	for (long rep = 1; rep <= reps; rep++)
		for (int p = 0; p < NR_PRIMS; p++)
			for (int t = 1; t <= max_threads; t++) {
				ns = run(p, t, iters);
				if (ns < 0)
					return 1;
				printf("%s,%s,%d,%ld,%ld,%.2f\n", where,
				       prim_names[p], t, rep, iters, ns);
				fflush(stdout);
			}
	return 0;
}
