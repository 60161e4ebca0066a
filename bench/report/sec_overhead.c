// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Harness overhead", from inkernel.csv: the ns per pair of the
 * `empty` shape (the benchmark loop without charging) as a share of the
 * cheapest measured pair, per variant, type and thread count.  Flagged at
 * 5% or more, where the loop itself pulls every ratio toward 1.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "sections.h"
#include "table.h"

/*
 * The cheapest measured pair of variant v, type and threads: the lowest
 * median ns/pair over the non-empty shapes and their depths, limit none.
 * Its shape and depth go to where ("-" if none).
 */
static struct summary cheapest_pair(int v, const char *type, int threads,
				    char *where, size_t len)
{
	struct summary best = { 0, NAN, NAN, NAN };
	const struct ik_row *done[MAXK];
	int r, q, seen = 0;

	snprintf(where, len, "-");
	for (r = 0; r < D.nik; r++) {
		const struct ik_row *x = &D.ik[r];
		struct sel p = sel_any();
		struct summary m;

		if (x->v != v || x->threads != threads ||
		    strcmp(x->type, type) || strcmp(x->limit, "none") ||
		    !strcmp(x->shape, "empty"))
			continue;
		/* each shape and depth once, however many repetitions */
		for (q = 0; q < seen; q++)
			if (done[q]->depth == x->depth &&
			    !strcmp(done[q]->shape, x->shape))
				break;
		if (q < seen)
			continue;
		if (seen < MAXK)
			done[seen++] = x;
		p.v = v;
		p.type = type;
		p.threads = threads;
		p.limit = "none";
		p.shape = x->shape;
		p.depth = x->depth;
		m = ik_summary(&D, p, M_NS);
		if (!best.n || m.med < best.med) {
			best = m;
			snprintf(where, len, "%s depth %d", x->shape, x->depth);
		}
	}
	return best;
}

/* One table row; returns whether it is flagged (>= 5%). */
static int overhead_row(int v, const char *type, int threads)
{
	struct sel s = sel_any();
	struct summary e, best;
	char b1[160], b2[64], b3[64], where[96];
	double pct;

	s.v = v;
	s.type = type;
	s.shape = "empty";
	s.threads = threads;
	e = ik_summary(&D, s, M_NS);
	best = cheapest_pair(v, type, threads, where, sizeof(where));
	pct = 100.0 * stats_ratio(e.med, best.med);
	P("| %s | %s | %d | %s | %s | %s | %s | %s |\n", V(v), type, threads,
	  cell(b1, sizeof(b1), c_ns, e), where,
	  fmt_val(b2, sizeof(b2), "%.1f", best.med),
	  isnan(pct) ? "-" : fmt_val(b3, sizeof(b3), "%.1f%%", pct),
	  isnan(pct) ? "-" : pct >= 5.0 ? "**FLAG >= 5%**" : "ok");
	return !isnan(pct) && pct >= 5.0;
}

void section_overhead(void)
{
	int t, v, th[MAXK], nth, i, flagged = 0, rows = 0;

	P("## TCG context: harness overhead\n\n");
	if (!need_input(&D.in_ik))
		return;
	P("The `empty` shape runs the benchmark loop without charging. Its ns per "
	  "pair as a percentage of the cheapest measured pair (lowest median over "
	  "the non-empty shapes, limit none, same variant, type and threads); "
	  "flagged when >= 5%%.\n\n");
	P("| variant | type | threads | empty loop ns/pair | cheapest pair | its ns/pair "
	  "| overhead | flag |\n|---|---|---|---|---|---|---|---|\n");
	for (t = 0; t < ntypes; t++) {
		for (v = 0; v < D.nv; v++) {
			struct sel s = sel_any();

			s.v = v;
			s.type = types[t];
			s.shape = "empty";
			nth = ik_threads(&D, s, th);
			for (i = 0; i < nth; i++, rows++)
				flagged += overhead_row(v, types[t], th[i]);
		}
	}
	if (!rows) {
		P("| - | - | - | - | - | - | - | - |\n\n");
		P("The empty loop: " NOT_MEASURED ".\n\n");
		return;
	}
	P("\n**Reading:** ");
	if (flagged)
		P("%d of %d points have a harness overhead of 5%% or more of the "
		  "cheapest pair: there the loop itself is a visible part of every "
		  "ns-per-pair figure, and ratios between variants are pulled toward "
		  "1.\n\n", flagged, rows);
	else
		P("every measured point's harness overhead is below 5%% of the "
		  "cheapest pair (%d %s).\n\n", rows, plural(rows, "point", "points"));
}
