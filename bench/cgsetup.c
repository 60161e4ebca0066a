// SPDX-License-Identifier: GPL-2.0
/*
 * The cgroup shapes asid_bench runs in; see bench.h.
 *
 * Every charge walks from the worker's cgroup up to the root, so the shape
 * sets how many counters a charge touches and which of them the workers
 * share: all of them (leaf), P and the root (siblings), or P and the root
 * at the top of a private chain (chain).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "bench.h"

/* Rmdir of a cgroup whose last task has just been reaped may see EBUSY. */
#define RMDIR_TIMEOUT_MS	5000

/* A cgroup with children must enable the controller for them. */
static int make(const char *cg, bool parent, const struct ctl *c)
{
	int ret = cg_mkdir(cg);

	if (!ret && parent)
		ret = cg_enable(cg, ctl_name(c));
	if (ret)
		fprintf(stderr, "# bench: %s %s: %d\n",
			parent ? "mkdir+enable" : "mkdir", cg, ret);
	return ret;
}

/* P/w<i>/c2/.../c<depth>: one private chain, its last cgroup in @leaf. */
static int make_chain(const struct tree *t, int i, int depth,
		      const struct ctl *c, char *leaf)
{
	int n = snprintf(leaf, CG_PATH_LEN, "%s/w%d", t->top, i);
	int ret = make(leaf, depth > 1, c);

	for (int d = 2; d <= depth && !ret; d++) {
		n += snprintf(leaf + n, CG_PATH_LEN - n, "/c%d", d);
		ret = make(leaf, d < depth, c);
	}
	return ret;
}

int tree_build(struct tree *t, const struct ctl *c, const char *root,
	       enum shape s, int depth, int threads, bool with_static)
{
	int ret;

	if (threads > BENCH_MAX_WORKERS || depth < 1)
		return -EINVAL;
	ret = snprintf(t->top, sizeof(t->top), "%s/asid_bench.%d", root,
		       getpid());
	if (ret < 0 || (size_t)ret >= sizeof(t->top))
		return -ENAMETOOLONG;
	ret = make(t->top, true, c);
	if (ret)
		return ret;
	t->stat[0] = '\0';
	if (with_static) {
		snprintf(t->stat, sizeof(t->stat), "%s/static", t->top);
		ret = make(t->stat, false, c);
	}

	for (int i = 0; i < threads && !ret; i++) {
		if (s == SHAPE_EMPTY || s == SHAPE_LEAF) {
			snprintf(t->leaf[i], CG_PATH_LEN, "%s/leaf", t->top);
			if (!i)
				ret = make(t->leaf[i], false, c);
		} else {
			ret = make_chain(t, i, s == SHAPE_CHAIN ? depth : 1, c,
					 t->leaf[i]);
		}
	}
	if (ret)
		tree_destroy(t);
	return ret;
}

int tree_destroy(struct tree *t)
{
	int ret = cg_rmdir_tree(t->top, RMDIR_TIMEOUT_MS);

	if (ret)
		fprintf(stderr, "# bench: rmdir %s: %d\n", t->top, ret);
	return ret;
}
