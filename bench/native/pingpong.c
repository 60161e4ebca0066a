// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: see pingpong.h.  On a virtual machine the answer changes as the
 * hypervisor moves the vCPUs: two hardware threads of one core, two cores
 * of one cache, two caches.  The native driver probes it before every run
 * with more than one worker, so that a run can be told by where it ran.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pingpong.h"

struct player {
	pthread_t tid;
	int cpu, first;
	long transfers;
	volatile long *line;
	pthread_barrier_t *start;
	uint64_t ns;
	int err;
};

static uint64_t now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* The first player writes odd values, the other even ones, in turn. */
static void *play(void *arg)
{
	struct player *p = arg;
	cpu_set_t set;
	uint64_t t;

	CPU_ZERO(&set);
	CPU_SET(p->cpu, &set);
	p->err = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	pthread_barrier_wait(p->start);
	t = now();
	if (!p->err)
		for (long want = p->first ? 0 : 1; want < p->transfers; want += 2) {
			while (*p->line != want)
				__asm__ __volatile__("rep; nop" ::: "memory");
			*p->line = want + 1;
		}
	p->ns = now() - t;
	return NULL;
}

double pingpong_ns(int cpu_a, int cpu_b, long transfers)
{
	static struct {
		volatile long v;
	} line __attribute__((aligned(64)));
	struct player p[2];
	pthread_barrier_t start;
	uint64_t ns = 0;
	int err = 0;

	line.v = 0;
	pthread_barrier_init(&start, NULL, 2);
	for (int i = 0; i < 2; i++) {
		p[i] = (struct player){ .cpu = i ? cpu_b : cpu_a, .first = !i,
					.transfers = transfers, .line = &line.v,
					.start = &start };
		/* The first would wait at the barrier for ever. */
		if (pthread_create(&p[i].tid, NULL, play, &p[i])) {
			perror("# pingpong: pthread_create");
			exit(1);
		}
	}
	for (int i = 0; i < 2; i++) {
		pthread_join(p[i].tid, NULL);
		if (p[i].err)
			err = p[i].err;
		if (p[i].ns > ns)
			ns = p[i].ns;
	}
	pthread_barrier_destroy(&start);
	return err ? -err : (double)ns / transfers;
}
