/* SPDX-License-Identifier: GPL-2.0 */
/*
 * matrix.h: the benchmark matrix, defined once for the guest benchmark
 * (asid_bench.c, which charges in the kernel through the test module) and
 * the native harness (native/driver.c, which runs the controller's code on
 * the host): the cgroup shapes the workers charge in, and which shape at
 * which depth each limit setting and thread count runs.
 */
#ifndef _BENCH_MATRIX_H
#define _BENCH_MATRIX_H

#include <stdbool.h>
#include <stddef.h>

enum shape {
	SHAPE_EMPTY,		/* as leaf, but the loop skips the controller */
	SHAPE_LEAF,		/* every worker in P/leaf */
	SHAPE_SIBLINGS,		/* worker i in P/w<i> */
	SHAPE_CHAIN,		/* worker i in P/w<i>/c2/.../c<depth> */
};

/* One point's shape; @depth counts the levels below P (1 but for chains). */
struct matrix_step {
	enum shape shape;
	int depth;
};

/*
 * For each thread count, one SHAPE_EMPTY point (depth 0, no limit: the
 * loop without the controller), then, under each limit setting, these
 * steps in order: leaf, siblings, and chains 1, 2, 4 and 8 deep.
 */
extern const struct matrix_step matrix_steps[];
extern const size_t matrix_nsteps;

/* --quick: chains only this deep. */
#define MATRIX_QUICK_DEPTH	2

/* "empty", "leaf", "siblings", "chain": the CSV's shape column. */
const char *matrix_shape_name(enum shape s);

/* Is @step one a run runs: with @quick, no chain deeper than the quick one. */
bool matrix_step_runs(const struct matrix_step *step, bool quick);

#endif /* _BENCH_MATRIX_H */
