// SPDX-License-Identifier: GPL-2.0
/*
 * driver_count: --count-ops, what a pair does, read from the design's code
 * as it runs (a COUNT_OPS=1 build, count_ops.c), for the scaling model.
 *
 * For each shape at limit none, two workers (CPUs 0 and 1 of the emulated
 * machine) in turn, not at once, so that no retry or spin of contention
 * enters the count: each does WARM pairs, then COUNTED pairs counted.  Per
 * pair, averaged over the two: atomic RMWs; of those, the ones on a cache
 * line the other worker's RMWs also hit (the lines the workers would
 * fight over if they ran together); spinlock acquisitions; per-CPU writes;
 * plain stores on a line the other worker writes too (what a lock holder
 * writes: each moves the line).
 * CSV on stdout:
 * variant,shape,depth,limit,type,rmw,rmw_shared,lock,percpu,store_shared
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "count_ops.h"
#include "driver.h"
#include "native.h"

#define WARM	64
#define COUNTED	1024

struct counter {
	pthread_t thread;
	int cpu;
	void *css;
	unsigned int type;
	pthread_barrier_t *turn, *done;
	int err;
	struct native_op_counts c;
};

/*
 * Worker 1 waits for worker 0 to finish, and both live until both are done:
 * a thread created after another was joined may get its stack, whose lines
 * would then look shared.
 */
static void *count_worker(void *arg)
{
	struct counter *w = arg;
	void *cookie = NULL;

	if (w->cpu)
		pthread_barrier_wait(w->turn);
	native_thread_enter(w->cpu, w->css);
	w->err = native_cookie_init(&cookie);
	for (int i = 0; !w->err && i < WARM + COUNTED; i++) {
		if (i == WARM)
			native_count_begin();
		if (native_charge(w->type, &cookie)) {
			w->err = -1;
			break;
		}
		native_uncharge(w->type, cookie);
	}
	native_count_end(&w->c);
	if (!w->err)
		native_cookie_free(cookie);
	native_thread_exit();
	if (!w->cpu)
		pthread_barrier_wait(w->turn);
	pthread_barrier_wait(w->done);
	return NULL;
}

/* RMWs (@store: stores) of @a on lines that @b writes too. */
static uint64_t shared(const struct native_op_counts *a,
		       const struct native_op_counts *b, bool store)
{
	uint64_t n = 0;

	for (int i = 0; i < a->nlines; i++)
		for (int j = 0; j < b->nlines; j++)
			if (a->line[i] == b->line[j]) {
				n += store ? a->line_store[i] : a->line_rmw[i];
				break;
			}
	return n;
}

static int count_point(void *root, const char *variant, struct point *p)
{
	struct tree t = { 0 };
	struct counter w[2] = { 0 };
	pthread_barrier_t turn, done;
	double per = 2.0 * COUNTED;
	int bad = 0, ref_bad;

	tree_build(&t, root, p);
	tree_snapshot_refs(&t);
	pthread_barrier_init(&turn, NULL, 2);
	pthread_barrier_init(&done, NULL, 2);
	for (int i = 0; i < 2; i++) {
		w[i] = (struct counter){ .cpu = i, .css = t.leaf[i], .type = p->type,
					 .turn = &turn, .done = &done };
		if (pthread_create(&w[i].thread, NULL, count_worker, &w[i])) {
			fprintf(stderr, "# native: pthread_create failed\n");
			exit(1);
		}
	}
	for (int i = 0; i < 2; i++) {
		pthread_join(w[i].thread, NULL);
		bad += w[i].err != 0;
	}
	pthread_barrier_destroy(&turn);
	pthread_barrier_destroy(&done);
	tree_offline(&t);
	bad += tree_check(&t, "the count", &ref_bad);
	tree_destroy(&t);
	free(t.node);
	free(t.refs);
	if (bad) {
		fprintf(stderr, "# native: the count of %s depth %d failed\n",
			matrix_shape_name(p->shape), p->depth);
		return -1;
	}
	printf("%s,%s,%d,none,%s,%.3f,%.3f,%.3f,%.3f,%.3f\n", variant,
	       matrix_shape_name(p->shape), p->depth, native_type_name(p->type),
	       (w[0].c.rmw + w[1].c.rmw) / per,
	       (shared(&w[0].c, &w[1].c, false) + shared(&w[1].c, &w[0].c, false)) / per,
	       (w[0].c.lock + w[1].c.lock) / per,
	       (w[0].c.percpu + w[1].c.percpu) / per,
	       (shared(&w[0].c, &w[1].c, true) + shared(&w[1].c, &w[0].c, true)) / per);
	return 0;
}

int count_ops(void *root, const char *variant, unsigned int type, bool header)
{
	struct point p = { .type = type, .threads = 2, .limit = LIMIT_NONE };

	if (header)
		printf("variant,shape,depth,limit,type,rmw,rmw_shared,lock,percpu,store_shared\n");
	for (size_t s = 0; s < matrix_nsteps; s++) {
		p.shape = matrix_steps[s].shape;
		p.depth = matrix_steps[s].depth;
		if (count_point(root, variant, &p))
			return -1;
	}
	return 0;
}
