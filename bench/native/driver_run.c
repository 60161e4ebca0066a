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
 * Exactness: at a limit, with more than one worker, each worker stamps
 * (rdtscp; the TSC is one clock for every CPU where it is constant and
 * non-stop, which main() checks) each charge call before it and after it
 * returns, and each uncharge call before and after.  A charge admitted
 * was possibly held from before its call to after its uncharge returned,
 * and certainly held from after its call returned to before its uncharge
 * was called.  After the run each refusal is judged against the charges
 * of every worker (and S's unit, and the workers' holds) at each limited
 * level on its path, over the refused call's own stamps:
 *
 *   spurious      at every level, the charges possibly held at any time
 *                 during the call, plus this one, fit the max;
 *   legitimate    at some level, the charges certainly held throughout
 *                 the call, plus this one, do not;
 *   undetermined  neither: the stamps cannot tell.
 *
 * A charge that was refused itself is never held: that is the point of a
 * spurious refusal (two add-then-check charges that doom each other).  At
 * a limit each admitted charge is held for --hold-ns before its uncharge
 * (a VM holds its ASID for minutes), long against a refused call, so that
 * most refusals fall inside a charge certainly held, or none.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "driver.h"
#include "native.h"
#include "pingpong.h"

/* The guest module may sleep this often; here it is only a branch. */
#define BENCH_RESCHED	4096
/* A hold that keeps being refused gives up after this many tries per unit. */
#define HOLD_TRIES	64
/* Stamps kept per worker and run; refusals beyond are undetermined. */
#define MAX_LOG		(4u << 20)
#define NEVER		UINT64_MAX
/* The probe of where the first two CPUs are: one-way transfers. */
#define PROBE_TRANSFERS	2000

/* An admitted charge's stamps: call, return, uncharge call, its return. */
struct held {
	uint64_t call, ret, uncall, unret;
};

/* A refused charge's stamps. */
struct refused {
	uint64_t call, ret;
};

struct worker {
	pthread_t thread;
	int index;
	const struct run_opts *o;
	struct tree *t;
	const struct point *p;
	pthread_barrier_t *barrier;
	uint64_t iters;
	/* limited levels on the path, the charged cgroup first */
	struct level_limit *lim[MAX_LIMITED];
	int nlim;
	bool logging;
	struct held *held;	/* the hold's charges first, then the loop's */
	uint64_t nheld, nhold_logged, nhold;
	struct refused *refused;
	uint64_t nrefused, unlogged;
	void **cookies;		/* of the hold */
	/* out */
	int err;
	const char *what;
	uint64_t start_ns, end_ns;
	uint64_t attempts, rejected, max_overshoot;
};

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* rdtscp waits for what came before; lfence holds back what comes after. */
static inline uint64_t stamp(void)
{
	unsigned int aux;
	uint64_t t = __builtin_ia32_rdtscp(&aux);

	__builtin_ia32_lfence();
	return t;
}

/*
 * An admitted charge is held this long before its uncharge, so that a
 * refusal it caused falls inside the time it is certainly held and can be
 * judged legitimate.
 */
static void hold_for(uint64_t cycles)
{
	uint64_t end;

	if (!cycles)
		return;
	end = stamp() + cycles;
	while (stamp() < end)
		__builtin_ia32_pause();
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

static void track_overshoot(struct worker *w)
{
	for (int i = 0; i < w->nlim; i++) {
		unsigned long long u, max = w->lim[i]->max;

		u = native_cg_usage(w->lim[i]->css, w->p->type);
		if (u > max && u - max > w->max_overshoot)
			w->max_overshoot = u - max;
	}
}

/*
 * One charge attempt at a limit, stamped if logging.  Return: the admitted
 * charge's record (its uncharge stamps still to fill), or NULL if refused.
 */
static struct held *charge_logged(struct worker *w, void **cookie)
{
	uint64_t call = 0, ret;
	int err;

	w->attempts++;
	if (w->logging)
		call = stamp();
	err = native_charge(w->p->type, cookie);
	ret = w->logging ? stamp() : 0;
	if (err) {
		w->rejected++;
		if (!w->logging)
			return NULL;
		if (w->nrefused < MAX_LOG)
			w->refused[w->nrefused++] = (struct refused){ call, ret };
		else
			w->unlogged++;
		return NULL;
	}
	if (w->logging && w->nheld < MAX_LOG) {
		w->held[w->nheld] = (struct held){ call, ret, NEVER, NEVER };
		return &w->held[w->nheld++];
	}
	if (w->logging) {
		/* Its refusals can no longer be judged against it. */
		w->logging = false;
		w->unlogged += w->nrefused;
		w->nrefused = 0;
	}
	return &w->held[0];	/* a dummy record, not read */
}

static void uncharge_logged(struct worker *w, void *cookie, struct held *h)
{
	if (w->logging)
		h->uncall = stamp();
	native_uncharge(w->p->type, cookie);
	if (w->logging)
		h->unret = stamp();
}

/*
 * Charge this worker's share of a `batch` limit; it may fall short.  Each
 * unit has a cookie of its own: encryption_ids charges a struct kvm once.
 */
static void hold(struct worker *w)
{
	uint64_t want = w->t->hold[w->index], tries = want * HOLD_TRIES;
	void *cookie = NULL;
	int ret;

	w->cookies = calloc(want ? want : 1, sizeof(*w->cookies));
	if (!w->cookies) {
		fail(w, "calloc", ENOMEM);
		return;
	}
	while (w->nhold < want && tries--) {
		if (!cookie) {
			ret = native_cookie_init(&cookie);
			if (ret) {
				fail(w, "cookie init", -ret);
				return;
			}
		}
		if (charge_logged(w, &cookie)) {
			w->cookies[w->nhold++] = cookie;
			cookie = NULL;
		}
	}
	if (cookie)
		native_cookie_free(cookie);
}

/* After the timed loop: the hold's records keep NEVER, held throughout. */
static void unhold(struct worker *w)
{
	while (w->nhold) {
		void *cookie = w->cookies[--w->nhold];

		native_uncharge(w->p->type, cookie);
		native_cookie_free(cookie);
	}
	free(w->cookies);
	w->cookies = NULL;
}

/* asid_test_bench_loop(), with the adapter calls of this design. */
static void bench_loop(struct worker *w, void *cookie)
{
	bool empty = w->p->shape == SHAPE_EMPTY;
	bool limited = w->p->limit != LIMIT_NONE;
	struct held *h;

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
		h = charge_logged(w, &cookie);
		if (!h)
			continue;
		track_overshoot(w);
		hold_for(w->o->hold_cycles);
		uncharge_logged(w, cookie, h);
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
		w->nhold_logged = w->nheld;
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
	native_thread_exit();
	return NULL;
}

/* The workers of a shared leaf share its limit, worker 0's. */
static void set_limited(struct worker *w, struct tree *t, int i)
{
	struct level_limit *leaf = &t->leaf_limit[t->leaf[i] == t->leaf[0] ? 0 : i];

	w->nlim = 0;
	if (leaf->max)
		w->lim[w->nlim++] = leaf;
	if (t->p_limit.max)
		w->lim[w->nlim++] = &t->p_limit;
}

/* First index in [lo, hi) of @w's records whose unret is after @t. */
static uint64_t first_unret_after(const struct worker *w, uint64_t lo,
				  uint64_t hi, uint64_t t)
{
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (w->held[mid].unret > t)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * Charges of @w possibly held at some time in [call, ret] (*possibly) and
 * certainly held throughout it (*certainly).  The hold's records come
 * first, in call order, and are never released during a run; the loop's
 * follow, one after the other.
 */
static void count_held(const struct worker *w, const struct refused *r,
		       uint64_t *possibly, uint64_t *certainly)
{
	uint64_t k;

	for (k = 0; k < w->nhold_logged && w->held[k].call < r->ret; k++) {
		++*possibly;
		if (w->held[k].ret <= r->call)
			++*certainly;
	}
	for (k = first_unret_after(w, w->nhold_logged, w->nheld, r->call);
	     k < w->nheld && w->held[k].call < r->ret; k++) {
		++*possibly;
		if (w->held[k].ret <= r->call && w->held[k].uncall >= r->ret)
			++*certainly;
	}
}

static void judge(struct worker *w, int nw, int i, struct result *res)
{
	const struct worker *me = &w[i];

	res->undetermined += me->unlogged;
	for (uint64_t k = 0; k < me->nrefused; k++) {
		const struct refused *r = &me->refused[k];
		bool room = true, full = false;

		for (int l = 0; l < me->nlim; l++) {
			const struct level_limit *lim = me->lim[l];
			uint64_t possibly = lim->held, certainly = lim->held;

			for (int j = 0; j < nw; j++)
				if (w[j].lim[0] == lim || w[j].lim[w[j].nlim - 1] == lim)
					count_held(&w[j], r, &possibly, &certainly);
			if (possibly + 1 > lim->max)
				room = false;
			if (certainly + 1 > lim->max)
				full = true;
		}
		if (room)
			res->spurious++;
		else if (!full)
			res->undetermined++;
	}
}

static int setup_log(struct worker *w, const struct point *p, uint64_t iters)
{
	uint64_t n = iters + w->t->hold[w->index] * HOLD_TRIES + 1;

	if (n > MAX_LOG)
		n = MAX_LOG;
	w->held = malloc(n * sizeof(*w->held));
	w->refused = malloc(n * sizeof(*w->refused));
	if (!w->held || !w->refused)
		return -1;
	w->logging = p->limit != LIMIT_NONE && p->threads > 1 && w->o->stamps;
	return 0;
}

int run_once(struct tree *t, const struct point *p, const struct run_opts *o,
	     uint64_t iters, struct result *r)
{
	static struct worker w[MAX_THREADS];
	pthread_barrier_t barrier;
	uint64_t first_start = UINT64_MAX, last_start = 0;
	uint64_t first_end = UINT64_MAX, last_end = 0, held = 0;
	double probe;
	int bad = 0, ret;

	/*
	 * Where the hypervisor has put the vCPUs sets what every shared line
	 * costs: a run records it (a few hundred us, before the workers start).
	 */
	probe = p->threads > 1 ? pingpong_ns(o->cpus[0], o->cpus[1], PROBE_TRANSFERS) : 0;
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
		if (setup_log(&w[i], p, iters)) {
			fprintf(stderr, "# native: out of memory for the stamps\n");
			exit(1);
		}
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
		held += w[i].nhold;
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

	memset(r, 0, offsetof(struct result, stocked));
	r->iters = iters;
	r->pingpong_ns = probe;
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
		if (w[i].max_overshoot > r->max_overshoot)
			r->max_overshoot = w[i].max_overshoot;
	}
	for (int i = 0; i < p->threads && !bad; i++)
		judge(w, p->threads, i, r);
	for (int i = 0; i < p->threads; i++) {
		free(w[i].held);
		free(w[i].refused);
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
