/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's own parts (C library side): the matrix and the CSV
 * (driver.c), the cgroup trees of a run (driver_tree.c), the worker
 * threads and the timing of one run (driver_run.c).
 */
#ifndef _NATIVE_DRIVER_H
#define _NATIVE_DRIVER_H

#include <stdbool.h>
#include <stdint.h>

#define MAX_THREADS	512
/* stub/kconfig.h's CONFIG_NR_CPUS: the CPUs the runtime can emulate. */
#define NATIVE_MAX_CPUS	512
#define MAX_DEPTH	8
/* Limited levels on one worker's path: its charged cgroup and P. */
#define MAX_LIMITED	2
/*
 * misc-batched's MISC_CHARGE_BATCH: the `batch` limit is a few of these
 * wide, and percpu_counter's batch is the same (adapter_percpu_counter.c).
 */
#define STOCK_BATCH	32

#include "../matrix.h"

/*
 * none:  no max anywhere; only the capacity applies.
 * tight: two levels limited.  P's max is 1 + max(1, threads / 2), one unit
 *        of it held throughout by a sibling S of the workers' cgroups, so
 *        that no serial schedule of the pairs is refused at P; the charged
 *        cgroup's max is threads when the workers share it (leaf), else 1:
 *        a level that can refuse only a charge that another charge,
 *        admitted there and refused above, holds up.
 * batch: P's max is STOCK_BATCH * max(2, threads), a few per-CPU batches
 *        wide; S holds 1; each worker first charges a share of the rest but
 *        one unit per worker (hold) on the next worker's CPU, then moves to
 *        its own CPU for the timed pairs, so that units a CPU stocked for
 *        one cgroup sit there while another CPU charges.  Every worker's
 *        pair fits at once: every refusal here is spurious.
 */
enum limit { LIMIT_NONE, LIMIT_TIGHT, LIMIT_BATCH };

extern const char *const limit_names[];

struct point {
	enum shape shape;
	enum limit limit;
	int depth, threads;
	unsigned int type;
};

/* A level with a max, and which workers charge through it. */
struct level_limit {
	void *css;
	unsigned long long max;		/* 0: no max */
	unsigned long long held;	/* held there throughout (S's unit) */
};

/* One run's cgroups: P, S, and below P what the workers charge. */
struct tree {
	void *p, *s;
	void *leaf[MAX_THREADS];
	int n;
	void **node;		/* every cgroup, in creation order */
	long long *refs;
	int cap;
	struct level_limit p_limit, leaf_limit[MAX_THREADS];
	void *s_cookie;		/* S's charge, held throughout */
	unsigned long long hold[MAX_THREADS];
};

/* The result of one run of a point. */
struct result {
	uint64_t iters;			/* pairs per worker */
	uint64_t span_ns;		/* first start to last end */
	double overlap;			/* (earliest end - latest start) / span */
	uint64_t attempts, rejected, max_overshoot;
	/* refusals with room for certain, and those the stamps cannot tell */
	uint64_t spurious, undetermined;
	uint64_t stocked;		/* charged to P, held by no one, at the end */
	/* a cache-line transfer between the first two CPUs just before, ns */
	double pingpong_ns;
};

/* driver_tree.c */
void tree_build(struct tree *t, void *root, const struct point *p);
int tree_set_limits(struct tree *t, const struct point *p);
void tree_release_static(struct tree *t, const struct point *p);
void tree_offline(struct tree *t);
void tree_destroy(struct tree *t);
void tree_snapshot_refs(struct tree *t);
int tree_check(const struct tree *t, const char *what, int *ref_bad);
int root_check(void *root, const char *when);

/* driver_run.c */
struct run_opts {
	const int *cpus;	/* host CPU of worker i */
	bool stamps;		/* the TSC is one clock for all CPUs */
	uint64_t hold_cycles;	/* TSC cycles an admitted charge is held, at a limit */
};
/*
 * Run @p once on @t with @iters pairs per worker.  Return: 0, or -1 if a
 * worker could not be set up (said on stderr).
 */
int run_once(struct tree *t, const struct point *p, const struct run_opts *o,
	     uint64_t iters, struct result *r);

uint64_t now_ns(void);

/*
 * driver_count.c, in COUNT_OPS=1 builds: print the operations per pair of
 * each shape at limit none (--count-ops).  Return: 0 or -1.
 */
int count_ops(void *root, const char *variant, unsigned int type, bool header);

#endif
