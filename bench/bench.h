/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asid_bench: the cgroup shapes it builds (cgsetup.c) and the runs of
 * forked workers it times in them (run.c).
 */
#ifndef _BENCH_H
#define _BENCH_H

#include <stdbool.h>
#include <stdint.h>

#include "cg.h"
#include "ctl.h"

#define BENCH_MAX_WORKERS	64

#include "matrix.h"

/*
 * One run's cgroups: the shared parent P, which carries the limit, and the
 * cgroup each worker charges.  P's path is short enough that any shape
 * below it fits CG_PATH_LEN.
 */
struct tree {
	char top[CG_PATH_LEN / 2];
	char stat[CG_PATH_LEN];		/* P/static, or "" */
	char leaf[BENCH_MAX_WORKERS][CG_PATH_LEN];
};

/*
 * tree_build() - Make P (@root/asid_bench.<pid>) and the cgroups of
 * @threads workers below it, with the controller enabled wherever a
 * cgroup has children.  @depth counts the levels below P (chain only).
 * @with_static: also P/static, a sibling of the workers' cgroups that
 * holds a charge of P's limit throughout (tree->stat).
 * Return: 0, or -errno with nothing left behind.
 */
int tree_build(struct tree *t, const struct ctl *c, const char *root,
	       enum shape s, int depth, int threads, bool with_static);

/* Remove P and everything below it.  Return: 0 or -errno. */
int tree_destroy(struct tree *t);

/* What every worker of one run does; see ASID_TEST_BENCH. */
struct job {
	const struct tree *tree;
	int threads;
	uint32_t type;
	uint32_t flags;
	uint64_t iters;
	uint64_t limit;
	uint32_t limit_up;	/* levels from a worker's cgroup up to P */
};

/* A run's outcome over its workers. */
struct result {
	uint64_t elapsed_ns;	/* its span: the first start to the last end */
	double overlap;		/* (earliest end - latest start) / span */
	uint64_t rejected;	/* summed */
	uint64_t max_overshoot;	/* the largest */
};

/*
 * run_job() - Fork one process per worker; worker i pins itself to CPU i,
 * joins tree->leaf[i], opens /dev/asid_test and waits for the others, then
 * all call ASID_TEST_BENCH at once.  Processes rather than threads, because
 * cgroup v2 puts threads of one process in different cgroups only in
 * threaded mode, which the controllers do not support.
 * Return: 0, or -1 after printing why to stderr.
 */
int run_job(const struct job *j, struct result *r);

#endif /* _BENCH_H */
