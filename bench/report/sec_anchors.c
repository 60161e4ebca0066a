// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: the kernel's own counters (anchors)", from native.csv:
 * what each anchor is, and every controller's pairs/s against every
 * anchor's at shape leaf, depth 1, limit none: the ratio of the medians,
 * and whether the intervals say they differ.  The anchors are also rows
 * of every other native table and plot.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ncell.h"
#include "report.h"
#include "sections.h"

/* What the known kinds of anchor are; matched by the start of the name, longest first. */
static const struct {
	const char *prefix, *what;
} anchor_kinds[] = {
	{ "percpu_counter_limited", "lib/percpu_counter.c's "
	  "`__percpu_counter_limited_add()` at each level (6.7 and later): "
	  "adds only if the total stays within max, lock-free on this CPU's "
	  "delta while that is certain, else under the counter's spinlock" },
	{ "percpu_counter", "lib/percpu_counter.c: per level a per-CPU delta "
	  "folded into a shared count every batch, compared with max (exact, "
	  "under the counter's spinlock, only near it); add-then-check per "
	  "level, as misc" },
	{ "page_counter", "mm/page_counter.c, memcg's hierarchical counter: "
	  "an atomic add then a check of max at each level, the levels below "
	  "cancelled on a refusal; no per-CPU stock (memcg's own stock is not "
	  "timed)" },
};

static const char *anchor_what(const char *name)
{
	unsigned int k;

	for (k = 0; k < sizeof(anchor_kinds) / sizeof(anchor_kinds[0]); k++)
		if (!strncmp(name, anchor_kinds[k].prefix,
			     strlen(anchor_kinds[k].prefix)))
			return anchor_kinds[k].what;
	return "a counter of the kernel's, timed in the same harness";
}

static int anchors(int *a)
{
	int v, n = 0;

	for (v = 0; v < D.nv; v++)
		if (vkind[v] == VK_ANCHOR && npt(v, "leaf", 1, nth[0], "none"))
			a[n++] = v;
	return n;
}

/* "0.98 tie", "7.41 apart", "1.02 ⚠" */
static char *vs_cell(char *b, size_t l, const struct npoint *c,
		     const struct npoint *a)
{
	char r[32];

	if (!c || !a || !c->tput.n || !a->tput.n) {
		snprintf(b, l, "-");
		return b;
	}
	fmt_ratio(r, sizeof(r), stats_ratio(c->tput.med, a->tput.med));
	snprintf(b, l, "%s %s", r, c->unstable || a->unstable ? UNSTABLE :
		 differs(c, a) ? "apart" : "tie");
	return b;
}

static void vs_table(const int *a, int na)
{
	char b[96], n[96];
	int v, k, i;

	P("Controller pairs/s / anchor pairs/s (ratio of the medians), shape "
	  "leaf, depth 1, limit none: \"apart\" where the two intervals do not "
	  "overlap, \"tie\" where they do, " UNSTABLE " where either point is "
	  "unstable (no verdict).\n\n| controller |");
	for (k = 0; k < na; k++)
		for (i = 0; i < nnth; i++)
			P(" / %s, %d %s |", V(a[k]), nth[i],
			  plural(nth[i], "thread", "threads"));
	P("\n|---|");
	for (k = 0; k < na * nnth; k++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		if (vkind[v] == VK_ANCHOR || !npt(v, "leaf", 1, nth[0], "none"))
			continue;
		P("| %s |", vname(n, sizeof(n), v));
		for (k = 0; k < na; k++)
			for (i = 0; i < nnth; i++)
				P(" %s |", vs_cell(b, sizeof(b),
					npt(v, "leaf", 1, nth[i], "none"),
					npt(a[k], "leaf", 1, nth[i], "none")));
		P("\n");
	}
	P("\n");
}

/* Controllers faster (dir 1) or slower (-1) than every anchor, intervals apart. */
static void say_beyond(const int *a, int na, int threads, int dir)
{
	char n[96];
	int v, k, said = 0;

	for (v = 0; v < D.nv; v++) {
		const struct npoint *c = npt(v, "leaf", 1, threads, "none");

		if (vkind[v] == VK_ANCHOR || !c)
			continue;
		for (k = 0; k < na; k++) {
			const struct npoint *x = npt(a[k], "leaf", 1, threads,
						     "none");

			if (!differs(c, x) ||
			    (dir > 0) != (c->tput.med > x->tput.med))
				break;
		}
		if (k < na)
			continue;
		P("%s%s", said++ ? ", " : "", vname(n, sizeof(n), v));
	}
	if (!said)
		P("none");
}

void section_anchors(void)
{
	int a[MAXV], na, k, i;

	P("## Native: the kernel's own counters (anchors)\n\n");
	if (!need_input(&D.in_nat))
		return;
	na = anchors(a);
	if (!na) {
		P("Anchors: " NOT_MEASURED " (native.csv has no variant that is "
		  "not a branch).\n\n");
		return;
	}
	P("An anchor is not a controller: it is a counter the kernel already "
	  "has, charged and uncharged per level of the same hierarchies, with "
	  "the same cgroup lookup and reference, in the same harness, so that "
	  "every controller's figure can be read against what the kernel "
	  "accepts elsewhere. The anchors are rows of every native table and "
	  "plot of this report.\n\n");
	for (k = 0; k < na; k++)
		P("- `%s`: %s.\n", V(a[k]), anchor_what(V(a[k])));
	P("\n");
	vs_table(a, na);
	P("**Reading.** ");
	for (i = 0; i < nnth; i++) {
		P("At %d %s, faster than every anchor (intervals apart): ", nth[i],
		  plural(nth[i], "thread", "threads"));
		say_beyond(a, na, nth[i], 1);
		P("; slower than every anchor: ");
		say_beyond(a, na, nth[i], -1);
		P(". ");
	}
	P("\n\n");
}
