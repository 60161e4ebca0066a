// SPDX-License-Identifier: GPL-2.0
/*
 * costs: the machine's parameters of the scaling model (bench/report), as
 * measured here, not taken from the literature.
 *
 *   costs [--cpus LIST] [--reps 15] [--min-ms 20] [--header]
 *
 *   pingpong      two threads on the first two CPUs of LIST hand one cache
 *                 line back and forth, each waiting for the other's write
 *                 before it writes: ns per one-way transfer (pingpong.c)
 *   xadd_private  lock xadd on a line no other CPU touches: ns per op,
 *                 what an uncontended atomic costs
 *   xadd_shared   every CPU of LIST (2, 4, ... and all) does lock xadd on
 *                 one line: ns per op per thread
 *
 * Each repetition runs every measurement once, each sized to last
 * --min-ms; CSV on stdout: primitive,cpus,rep,iters,ns.
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

#include "cpulist.h"
#include "pingpong.h"

#define MAX_CPUS	512

static struct {
	int cpus[MAX_CPUS];
	int ncpus;
	int reps;
	double min_ms;
	bool header;
} opt = { .reps = 15, .min_ms = 20 };

static struct {
	volatile long v;
} shared __attribute__((aligned(64)));

struct worker {
	pthread_t tid;
	int cpu, index;
	long iters;
	pthread_barrier_t *start;
	uint64_t elapsed_ns;
	int err;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static inline void cpu_relax(void)
{
	__asm__ __volatile__("rep; nop" ::: "memory");
}

static inline long xadd(volatile long *p, long v)
{
	__asm__ __volatile__("lock; xaddq %0, %1" : "+r"(v), "+m"(*p) :: "memory");
	return v;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static void *xadd_loop(void *arg)
{
	struct worker *w = arg;
	static __thread struct {
		volatile long v;
	} private __attribute__((aligned(64)));
	volatile long *p = w->index < 0 ? &private.v : &shared.v;
	uint64_t t;

	w->err = pin(w->cpu);
	pthread_barrier_wait(w->start);
	t = now_ns();
	for (long i = 0; i < w->iters; i++)
		xadd(p, 1);
	w->elapsed_ns = now_ns() - t;
	return NULL;
}

/*
 * Run @fn on @threads CPUs with @iters each; index -1 for xadd_private.
 * Return: the slowest thread's ns, or 0 if a thread could not be pinned.
 */
static uint64_t run(void *(*fn)(void *), int threads, long iters, bool private)
{
	struct worker w[MAX_CPUS];
	pthread_barrier_t start;
	uint64_t slowest = 0;

	shared.v = 0;
	pthread_barrier_init(&start, NULL, threads);
	for (int i = 0; i < threads; i++) {
		w[i] = (struct worker){ .cpu = opt.cpus[i], .index = private ? -1 : i,
					.iters = iters, .start = &start };
		if (pthread_create(&w[i].tid, NULL, fn, &w[i])) {
			perror("# costs: pthread_create");
			exit(1);
		}
	}
	for (int i = 0; i < threads; i++) {
		pthread_join(w[i].tid, NULL);
		if (w[i].err) {
			fprintf(stderr, "# costs: cannot run on CPU %d: %s\n",
				w[i].cpu, strerror(w[i].err));
			exit(1);
		}
		if (w[i].elapsed_ns > slowest)
			slowest = w[i].elapsed_ns;
	}
	pthread_barrier_destroy(&start);
	return slowest;
}

/* Size a measurement to --min-ms from a short run, then print it. */
static void measure(const char *name, void *(*fn)(void *), int threads,
		    bool private, int rep, double per_iter)
{
	long iters = 10000;
	uint64_t ns;

	for (;;) {
		ns = run(fn, threads, iters, private);
		if (ns >= opt.min_ms * 1e6 / 4 || iters > (1L << 40))
			break;
		iters *= 4;
	}
	iters = (long)(iters * (opt.min_ms * 1e6 / (ns ? ns : 1))) + 1;
	ns = run(fn, threads, iters, private);
	printf("%s,%d,%d,%ld,%.3f\n", name, threads, rep, iters,
	       ns / (iters * per_iter));
	fflush(stdout);
}

/* pingpong.c's transfer, sized to --min-ms as measure() sizes its runs. */
static void measure_pingpong(int rep)
{
	long transfers = 10000;
	double ns;

	for (;;) {
		ns = pingpong_ns(opt.cpus[0], opt.cpus[1], transfers);
		if (ns < 0) {
			fprintf(stderr, "# costs: cannot run on CPUs %d and %d\n",
				opt.cpus[0], opt.cpus[1]);
			exit(1);
		}
		if (ns * transfers >= opt.min_ms * 1e6 / 4 || transfers > (1L << 40))
			break;
		transfers *= 4;
	}
	transfers = (long)(opt.min_ms * 1e6 / ns) + 1;
	printf("pingpong,2,%d,%ld,%.3f\n", rep, transfers,
	       pingpong_ns(opt.cpus[0], opt.cpus[1], transfers));
	fflush(stdout);
}

static void usage(void)
{
	fprintf(stderr, "usage: costs [--cpus LIST] [--reps R] [--min-ms MS] [--header]\n");
	exit(2);
}

static long number(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0)
		usage();
	return v;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "cpus", required_argument, NULL, 'c' },
		{ "reps", required_argument, NULL, 'r' },
		{ "min-ms", required_argument, NULL, 'm' },
		{ "header", no_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'c':
			opt.ncpus = cpulist_parse(optarg, opt.cpus, MAX_CPUS);
			if (opt.ncpus < 0)
				usage();
			break;
		case 'r':
			opt.reps = number(optarg);
			break;
		case 'm':
			opt.min_ms = number(optarg);
			break;
		case 'H':
			opt.header = true;
			break;
		default:
			usage();
		}
	}
	if (optind != argc || opt.reps < 1)
		usage();
	if (!opt.ncpus)
		opt.ncpus = cpulist_own(opt.cpus, MAX_CPUS);
	if (opt.ncpus < 2) {
		fprintf(stderr, "# costs: needs 2 CPUs\n");
		return 1;
	}
	if (opt.header)
		printf("primitive,cpus,rep,iters,ns\n");
	for (int rep = 1; rep <= opt.reps; rep++) {
		measure_pingpong(rep);
		measure("xadd_private", xadd_loop, 1, true, rep, 1.0);
		for (int n = 2;; n = n * 2 < opt.ncpus ? n * 2 : opt.ncpus) {
			measure("xadd_shared", xadd_loop, n, false, rep, 1.0);
			if (n == opt.ncpus)
				break;
		}
	}
	return 0;
}
