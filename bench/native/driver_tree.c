// SPDX-License-Identifier: GPL-2.0
/*
 * driver_tree: the cgroups of one run, made and removed through the
 * controller's own callbacks (native.h), their limits, and the checks that
 * every counter and reference is back where it started.
 */
#include <stdio.h>
#include <stdlib.h>

#include "driver.h"
#include "native.h"

static void *tree_add(struct tree *t, void *parent)
{
	void *css;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->node = realloc(t->node, t->cap * sizeof(*t->node));
		t->refs = realloc(t->refs, t->cap * sizeof(*t->refs));
		if (!t->node || !t->refs) {
			fprintf(stderr, "# native: out of memory\n");
			exit(1);
		}
	}
	css = native_cg_new(parent);
	if (!css) {
		fprintf(stderr, "# native: css_alloc failed\n");
		exit(1);
	}
	t->node[t->n++] = css;
	return css;
}

/*
 * The guest's shapes (bench/cgsetup.c), depth counting the levels below P,
 * plus S = P/static where a limit is set.
 */
void tree_build(struct tree *t, void *root, const struct point *p)
{
	int depth = p->shape == SHAPE_CHAIN ? p->depth : 1;
	void *c;

	t->n = 0;
	t->s = NULL;
	t->s_cookie = NULL;
	t->p = tree_add(t, root);
	if (p->limit != LIMIT_NONE)
		t->s = tree_add(t, t->p);
	if (p->shape == SHAPE_EMPTY || p->shape == SHAPE_LEAF) {
		c = tree_add(t, t->p);			/* P/leaf */
		for (int i = 0; i < p->threads; i++)
			t->leaf[i] = c;
		return;
	}
	for (int i = 0; i < p->threads; i++) {
		c = tree_add(t, t->p);			/* P/w<i> */
		for (int d = 2; d <= depth; d++)
			c = tree_add(t, c);		/* .../c<d> */
		t->leaf[i] = c;
	}
}

static int write_max(void *css, unsigned int type, unsigned long long max,
		     const char *which)
{
	char val[32];

	snprintf(val, sizeof(val), "%llu", max);
	if (native_cg_write_max(css, type, val) < 0) {
		fprintf(stderr, "# native: set %s max of %s to %s failed\n",
			native_type_name(type), which, val);
		return -1;
	}
	return 0;
}

/*
 * Write the maxes of @p's limit and charge S's unit, from the driver's
 * thread (CPU 0).  Return: 0, or -1 (said on stderr).
 */
int tree_set_limits(struct tree *t, const struct point *p)
{
	unsigned long long pmax, leafmax, held;
	int threads = p->threads, half = threads / 2 > 1 ? threads / 2 : 1;

	for (int i = 0; i < threads; i++) {
		t->leaf_limit[i] = (struct level_limit){ .css = t->leaf[i] };
		t->hold[i] = 0;
	}
	t->p_limit = (struct level_limit){ .css = t->p };
	if (p->limit == LIMIT_NONE)
		return 0;

	native_thread_enter(0, t->s);
	if (native_cookie_init(&t->s_cookie)) {
		fprintf(stderr, "# native: no cookie for S's charge\n");
		return -1;
	}
	if (native_charge(p->type, &t->s_cookie)) {
		fprintf(stderr, "# native: S's charge of %s was refused\n",
			native_type_name(p->type));
		native_cookie_free(t->s_cookie);
		t->s_cookie = NULL;
		return -1;
	}
	t->p_limit.held = 1;

	if (p->limit == LIMIT_TIGHT) {
		pmax = 1 + half;
		leafmax = p->shape == SHAPE_LEAF ? threads : 1;
		if (write_max(t->leaf[0], p->type, leafmax, "the leaf"))
			return -1;
		for (int i = 1; i < threads; i++)
			if (t->leaf[i] != t->leaf[0] &&
			    write_max(t->leaf[i], p->type, leafmax, "a leaf"))
				return -1;
		for (int i = 0; i < threads; i++)
			t->leaf_limit[i].max = leafmax;
	} else {
		pmax = STOCK_BATCH * (threads > 2 ? threads : 2);
		/*
		 * Room for every worker's pair at once: a design that keeps
		 * no unit from use refuses none of them.
		 */
		held = pmax - 1 - threads;
		for (int i = 0; i < threads; i++)
			t->hold[i] = held / threads + (i < (int)(held % threads));
	}
	t->p_limit.max = pmax;
	return write_max(t->p, p->type, pmax, "P");
}

void tree_release_static(struct tree *t, const struct point *p)
{
	if (!t->s_cookie)
		return;
	native_thread_enter(0, t->s);
	native_uncharge(p->type, t->s_cookie);
	native_cookie_free(t->s_cookie);
	t->s_cookie = NULL;
}

/*
 * Children were made after their parents: offline in reverse order, as
 * rmdir takes a cgroup only when it has no children left.
 */
void tree_offline(struct tree *t)
{
	for (int i = t->n; i--; )
		native_css_offline(t->node[i]);
}

void tree_destroy(struct tree *t)
{
	while (t->n)
		native_cg_free(t->node[--t->n]);
}

void tree_snapshot_refs(struct tree *t)
{
	for (int i = 0; i < t->n; i++)
		t->refs[i] = native_css_refs(t->node[i]);
}

/*
 * Return: the number of usage counters not back at 0; *ref_bad is set to
 * the number of cgroups whose reference count is not what it was.
 */
int tree_check(const struct tree *t, const char *what, int *ref_bad)
{
	int bad = 0;

	*ref_bad = 0;
	for (int i = 0; i < t->n; i++) {
		long long refs = native_css_refs(t->node[i]);

		for (unsigned int ty = 0; ty < native_nr_types(); ty++) {
			unsigned long long u = native_cg_usage(t->node[i], ty);

			if (u) {
				fprintf(stderr, "# native: leak %s: cgroup %d of the tree has usage %llu after %s\n",
					native_type_name(ty), i, u, what);
				bad++;
			}
		}
		if (refs != t->refs[i]) {
			fprintf(stderr, "# native: refcount: cgroup %d of the tree (0 is P) has %lld css references after the %s run, %lld before\n",
				i, refs, what, t->refs[i]);
			(*ref_bad)++;
		}
	}
	return bad;
}

int root_check(void *root, const char *when)
{
	int bad = 0;

	for (unsigned int ty = 0; ty < native_nr_types(); ty++) {
		unsigned long long u = native_cg_usage(root, ty);

		if (u) {
			fprintf(stderr, "# native: leak %s: root usage %llu %s\n",
				native_type_name(ty), u, when);
			bad++;
		}
	}
	return bad;
}
