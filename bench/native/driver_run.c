// SPDX-License-Identifier: GPL-2.0
/*
 * driver_run: one run of a point.  Worker i is a thread pinned to host CPU
 * cpus[i], playing CPU i of the emulated machine, whose task is in its
 * cgroup.  The workers meet at a barrier and each does iters pairs, the
 * loop of asid_test_bench_loop() (common-tests/module/asid_test_main.c).
 *
 * Timing: every worker stamps its start and end on CLOCK_MONOTONIC, one
 * clock for all CPUs.  A run's span is the first start to the last end;
 * its overlap is (earliest end - latest start) / span, the share of the
 * span in which every worker was running.  A run in which one worker was
 * held up runs partly alone and looks faster: the caller discards a run
 * whose overlap is too low (driver.c).
 *
 * Exactness: at a limit the workers keep a shadow count per limited level
 * of the charges admitted and not yet released: +1 right after a charge
 * returned success, -1 right before its uncharge is called.  A refusal is
 * spurious when, read right after the refused call returned, every
 * limited level on the path had room for it (held + 1 <= max).  The
 * window: a charge admitted by the kernel code but not yet counted (the
 * few instructions from its admission to the worker's increment), or no
 * longer counted but not yet released (from the decrement to the release),
 * is not seen, so a refusal it caused is counted spurious; encryption_ids,
 * which refuses only under its lock with the level full, shows how many
 * refusals that window alone makes spurious.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "driver.h"
#include "native.h"

/* The guest module may sleep this often; here it is only a branch. */
#define BENCH_RESCHED	4096
/* A hold that keeps being refused gives up after this many tries per unit. */
#define HOLD_TRIES	64

struct worker {
	pthread_t thread;
	int index;
	const struct run_opts *o;
	struct tree *t;
	const struct point *p;
	pthread_barrier_t *barrier;
	uint64_t iters;
	/* limited levels on the path, the charged cgroup first */
	struct shadow *lim[MAX_LIMITED];
	int nlim;
	void **held;		/* cookies of the hold */
	uint64_t nheld;
	/* out */
	int err;
	const char *what;
	uint64_t start_ns, end_ns;
	uint64_t attempts, rejected, spurious, max_overshoot;
};

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static void fail(struct worker *w, const char *what, int err)
{
	if (!w->err) {
		w->what = what;
		w->err = err;
	}
}

static int pin(struct worker *w, int slot)
{
	cpu_set_t set;
	int ret;

	CPU_ZERO(&set);
	CPU_SET(w->o->cpus[slot], &set);
	ret = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (ret) {
		fail(w, "pthread_setaffinity_np", ret);
		return -1;
	}
	native_thread_enter(slot, w->t->leaf[w->index]);
	return 0;
}

static void shadow_add(struct worker *w, long d)
{
	for (int i = 0; i < w->nlim; i++)
		__atomic_add_fetch(&w->lim[i]->held, d, __ATOMIC_SEQ_CST);
}

static bool had_room(const struct worker *w)
{
	for (int i = 0; i < w->nlim; i++)
		if (__atomic_load_n(&w->lim[i]->held, __ATOMIC_SEQ_CST) + 1 >
		    (long)w->lim[i]->max)
			return false;
	return true;
}

static void track_overshoot(struct worker *w)
{
	for (int i = 0; i < w->nlim; i++) {
		unsigned long long u, max = w->lim[i]->max;

		u = native_cg_usage(w->lim[i]->css, w->p->type);
		if (u > max && u - max > w->max_overshoot)
			w->max_overshoot = u - max;
	}
}

/* One charge attempt at a limit; true if admitted. */
static bool charge_counted(struct worker *w, void **cookie)
{
	w->attempts++;
	if (native_charge(w->p->type, cookie)) {
		w->rejected++;
		if (had_room(w))
			w->spurious++;
		return false;
	}
	shadow_add(w, 1);
	return true;
}

/* Charge this worker's share of a `batch` limit; it may fall short. */
static void hold(struct worker *w)
{
	uint64_t want = w->t->hold[w->index], tries = want * HOLD_TRIES;
	void *cookie;

	w->held = calloc(want ? want : 1, sizeof(*w->held));
	if (!w->held) {
		fail(w, "calloc", ENOMEM);
		return;
	}
	while (w->nheld < want && tries--)
		if (charge_counted(w, &cookie))
			w->held[w->nheld++] = cookie;
}

static void unhold(struct worker *w)
{
	while (w->nheld) {
		shadow_add(w, -1);
		native_uncharge(w->p->type, w->held[--w->nheld]);
	}
	free(w->held);
	w->held = NULL;
}

/* asid_test_bench_loop(), with the adapter calls of this design. */
static void bench_loop(struct worker *w, void *cookie)
{
	bool empty = w->p->shape == SHAPE_EMPTY;
	bool limited = w->p->limit != LIMIT_NONE;

	w->start_ns = now_ns();
	for (uint64_t i = 0; i < w->iters; i++) {
		if (!(i & (BENCH_RESCHED - 1)))
			__asm__ __volatile__("" ::: "memory");
		if (empty) {
			__asm__ __volatile__("" ::: "memory");
			continue;
		}
		if (!limited) {
			w->attempts++;
			if (native_charge(w->p->type, &cookie)) {
				w->rejected++;
				continue;
			}
			native_uncharge(w->p->type, cookie);
			continue;
		}
		if (!charge_counted(w, &cookie))
			continue;
		track_overshoot(w);
		shadow_add(w, -1);
		native_uncharge(w->p->type, cookie);
	}
	w->end_ns = now_ns();
}

/*
 * A worker that fails to set up still meets the others at every barrier,
 * so that none is left waiting; it then skips the work.
 */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	int nthreads = w->p->threads;
	void *cookie = NULL;
	int ret;

	/* At `batch`, charge the hold on the next worker's CPU first. */
	if (!pin(w, w->p->limit == LIMIT_BATCH ? (w->index + 1) % nthreads :
						  w->index)) {
		ret = native_cookie_init(&cookie);
		if (ret)
			fail(w, "cookie init", -ret);
	}
	if (w->p->limit == LIMIT_BATCH) {
		if (!w->err)
			hold(w);
		pthread_barrier_wait(w->barrier);
		if (!w->err)
			pin(w, w->index);
	}
	pthread_barrier_wait(w->barrier);
	if (!w->err)
		bench_loop(w, cookie);
	/* Everyone stopped: what P holds beyond the counted charges is stock. */
	pthread_barrier_wait(w->barrier);
	pthread_barrier_wait(w->barrier);
	if (!w->err && w->p->limit == LIMIT_BATCH)
		unhold(w);
	if (cookie)
		native_cookie_free(cookie);
	return NULL;
}

/* The workers of a shared leaf share its shadow, worker 0's. */
static void set_limited(struct worker *w, struct tree *t, int i)
{
	struct shadow *leaf = &t->leaf_shadow[t->leaf[i] == t->leaf[0] ? 0 : i];

	w->nlim = 0;
	if (leaf->max)
		w->lim[w->nlim++] = leaf;
	if (t->p_shadow.max)
		w->lim[w->nlim++] = &t->p_shadow;
}

int run_once(struct tree *t, const struct point *p, const struct run_opts *o,
	     uint64_t iters, struct result *r)
{
	static struct worker w[MAX_THREADS];
	pthread_barrier_t barrier;
	uint64_t first_start = UINT64_MAX, last_start = 0;
	uint64_t first_end = UINT64_MAX, last_end = 0, held = 0;
	int bad = 0, ret;

	memset(w, 0, sizeof(w[0]) * p->threads);
	pthread_barrier_init(&barrier, NULL, p->threads + 1);
	for (int i = 0; i < p->threads; i++) {
		w[i].index = i;
		w[i].o = o;
		w[i].t = t;
		w[i].p = p;
		w[i].barrier = &barrier;
		w[i].iters = iters;
		set_limited(&w[i], t, i);
		ret = pthread_create(&w[i].thread, NULL, worker_main, &w[i]);
		if (ret) {
			/* The others would wait at the barrier for ever. */
			fprintf(stderr, "# native: pthread_create: %s\n",
				strerror(ret));
			exit(1);
		}
	}
	/* The driver's thread takes part in the barriers only. */
	if (p->limit == LIMIT_BATCH)
		pthread_barrier_wait(&barrier);
	pthread_barrier_wait(&barrier);
	pthread_barrier_wait(&barrier);
	for (int i = 0; i < p->threads; i++)
		held += w[i].nheld;
	r->stocked = 0;
	if (p->shape != SHAPE_EMPTY) {
		unsigned long long u = native_cg_usage(t->p, p->type);

		held += t->s_cookie ? 1 : 0;
		r->stocked = u > held ? u - held : 0;
	}
	pthread_barrier_wait(&barrier);
	for (int i = 0; i < p->threads; i++)
		pthread_join(w[i].thread, NULL);
	pthread_barrier_destroy(&barrier);

	r->iters = iters;
	r->attempts = r->rejected = r->spurious = r->max_overshoot = 0;
	for (int i = 0; i < p->threads; i++) {
		if (w[i].err) {
			fprintf(stderr, "# native: worker %d: %s: %s\n", i,
				w[i].what, strerror(w[i].err));
			bad++;
		}
		if (w[i].start_ns < first_start)
			first_start = w[i].start_ns;
		if (w[i].start_ns > last_start)
			last_start = w[i].start_ns;
		if (w[i].end_ns < first_end)
			first_end = w[i].end_ns;
		if (w[i].end_ns > last_end)
			last_end = w[i].end_ns;
		r->attempts += w[i].attempts;
		r->rejected += w[i].rejected;
		r->spurious += w[i].spurious;
		if (w[i].max_overshoot > r->max_overshoot)
			r->max_overshoot = w[i].max_overshoot;
	}
	if (bad)
		return -1;
	r->span_ns = last_end - first_start;
	r->overlap = r->span_ns && first_end > last_start ?
		     (double)(first_end - last_start) / r->span_ns : 0.0;
	if (p->threads == 1)
		r->overlap = 1.0;
	return 0;
}
