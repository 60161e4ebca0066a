// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: stability and discards", from native.csv: per thread
 * count, the share of points whose interval's half-width is within 5% of
 * the median, against the project's targets (95% of the points at 1
 * thread, 80% at 2); the runs redone and the rows left out for a low
 * overlap of the workers; and every unstable point by name.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ncell.h"
#include "report.h"
#include "sections.h"

/* The share of stable points that threads must reach; NAN: no target. */
static double stab_target(int threads)
{
	return threads == 1 ? 0.95 : threads == 2 ? 0.80 : NAN;
}

int say_stability(int threads)
{
	double t = stab_target(threads);
	int stable, total, met;

	points_stability(&NP, threads, &stable, &total);
	met = total && (isnan(t) || stable >= t * total);
	P("at %d %s %d of %d points (%.1f%%) are stable", threads,
	  plural(threads, "thread", "threads"), stable, total,
	  total ? 100.0 * stable / total : 0.0);
	if (!isnan(t))
		P(" (target %.0f%%: **%s**)", 100 * t, met ? "met" : "not met");
	return met;
}

static void discards_table(void)
{
	char n[96], b[32];
	double dis, all_dis;
	int v, ex, rows, all_ex, all_rows;

	P("| variant | rows | left out: overlap < %.2f | runs redone before "
	  "them | smallest overlap that entered |\n|---|---|---|---|---|\n",
	  OVERLAP_MIN);
	for (v = 0; v < D.nv; v++) {
		double mo = NAN;
		int i;

		points_discards(&NP, v, &ex, &dis, &rows);
		if (!rows)
			continue;
		for (i = 0; i < NP.n; i++)
			if (NP.p[i].v == v && !isnan(NP.p[i].min_overlap) &&
			    (isnan(mo) || NP.p[i].min_overlap < mo))
				mo = NP.p[i].min_overlap;
		P("| %s | %d | %d | %.0f | %s |\n", vname(n, sizeof(n), v), rows,
		  ex, dis, isnan(mo) ? "not recorded" :
		  fmt_val(b, sizeof(b), "%.4f", mo));
	}
	points_discards(&NP, -1, &all_ex, &all_dis, &all_rows);
	P("\nLeft out of every statistic: %d of %d rows, whose workers "
	  "overlapped less than %.0f%% of the run's span even after the driver "
	  "redid them. Redone before the rows: %.0f runs.\n\n", all_ex,
	  all_rows, 100 * OVERLAP_MIN, all_dis);
}

/* "chain8 2t ±7.1%", "leaf 1t n=3", "leaf 2t left out", and its type if not ntype */
static void unstable_point(const struct npoint *p)
{
	P("%s", p->shape);
	if (!strcmp(p->shape, "chain"))
		P("%d", p->depth);
	P(" %dt", p->threads);
	if (!p->ns.n)
		P(" left out");
	else if (!p->ns.ok)
		P(" n=%d", p->ns.n);
	else
		P(" ±%.1f%%", 100 * p->hw);
	if (strcmp(p->type, ntype))
		P(" (%s)", p->type);
}

static void unstable_list(void)
{
	static const char *const limits[] = { "none", "tight", "batch" };
	char n[96];
	int v, i, k, any = 0;

	P("Unstable points, also flagged " UNSTABLE " in the tables and "
	  "`unstable` = 1 in native-summary.csv (shape, chain depth, threads: "
	  "the half-width, or n below 6, or every row left out):\n\n");
	for (v = 0; v < D.nv; v++) {
		int said = 0;

		for (k = 0; k < 3; k++) {
			int m = 0;

			for (i = 0; i < NP.n; i++) {
				const struct npoint *p = &NP.p[i];

				if (p->v != v || !p->unstable ||
				    strcmp(p->limit, limits[k]))
					continue;
				if (!said++)
					P("- %s:", vname(n, sizeof(n), v));
				P("%s", m++ ? ", " : k && said > 1 ? "; " : " ");
				if (m == 1)
					P("limit %s: ", limits[k]);
				unstable_point(p);
			}
		}
		if (said)
			P("\n");
		any += said;
	}
	P("%s\n", any ? "" : "- none");
}

void section_stability(void)
{
	int i;

	P("## Native: stability and discards\n\n");
	if (!need_input(&D.in_nat))
		return;
	P("A point is stable when its 95%% interval's half-width, max(median - "
	  "lo, hi - median) / median, is within %.0f%% and n >= 6. Over every "
	  "native point (all variants, shapes, depths, limits and types):\n\n",
	  100 * CI_STABLE_HW);
	for (i = 0; i < nnth; i++) {
		P("- ");
		say_stability(nth[i]);
		P(".\n");
	}
	P("\n");
	discards_table();
	unstable_list();
}
