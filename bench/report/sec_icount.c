// SPDX-License-Identifier: GPL-2.0
/*
 * Section "3. Instructions per pair (QEMU -icount)", from icount.csv:
 * instructions_vs_depth.png (shape chain), whether the two runs of each
 * point agree within 1% (icount is meant to be deterministic, so a
 * disagreement means the measurement is broken), the per-point table and
 * the per-level slope.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

/* One measured point of icount.csv: the rows of its runs share it. */
struct ic_key {
	char shape[NAMELEN], type[NAMELEN];
	int depth;
};

static int cmp_ic_key(const void *a, const void *b)
{
	const struct ic_key *x = a, *y = b;
	int c = strcmp(x->type, y->type);

	if (c)
		return c;
	c = strcmp(x->shape, y->shape);
	return c ? c : x->depth - y->depth;
}

/* The distinct points, sorted by type, shape, depth; at most max. */
static int ic_keys(struct ic_key *k, int max)
{
	int i, j, n = 0;

	for (i = 0; i < D.nic; i++) {
		const struct ic_row *r = &D.ic[i];

		for (j = 0; j < n; j++)
			if (!strcmp(k[j].shape, r->shape) &&
			    !strcmp(k[j].type, r->type) && k[j].depth == r->depth)
				break;
		if (j < n || n == max)
			continue;
		snprintf(k[n].shape, NAMELEN, "%s", r->shape);
		snprintf(k[n].type, NAMELEN, "%s", r->type);
		k[n++].depth = r->depth;
	}
	qsort(k, (size_t)n, sizeof(*k), cmp_ic_key);
	return n;
}

static int plot_icount(const char *name, const char *type, const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	int v, i, any = 0, dp[MAXK], ndp = 0;

	if (!g)
		return -1;
	for (i = 0; i < D.nic; i++)
		if (!strcmp(D.ic[i].shape, "chain") && !strcmp(D.ic[i].type, type))
			ndp = add_distinct(dp, ndp, D.ic[i].depth);
	plot_head(g, title, "hierarchy depth (levels charged per pair)");
	fprintf(g, "set ylabel \"guest instructions per charge+uncharge pair\"\n");
	fprintf(g, "set yrange [0:*]\nset offsets 0, 0, graph 0.05, 0\n");
	xtics_depths(g, dp, ndp);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		struct series sr;

		if (series_open(&sr, name, v, ".dat"))
			continue;
		fprintf(sr.f, "# %s: x depth median-of-runs min max n (instructions/pair)\n",
			V(v));
		for (i = 0; i < ndp; i++)
			series_point(&sr, dp[i] + tcg_offset(v, 1, 0.6), dp[i],
				     ic_summary(&D, v, -1, "chain", dp[i], type), 8);
		series_errline(g, &any, &sr, v, 0, 7, V(v));
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

/* The chain type of the figure and reading: ptype if measured, else the first. */
static const char *chain_type(const struct ic_key *keys, int nk)
{
	const char *itype = NULL;
	int i;

	for (i = 0; i < nk; i++) {
		if (strcmp(keys[i].shape, "chain"))
			continue;
		if (!itype || (ptype && !strcmp(keys[i].type, ptype)))
			itype = keys[i].type;
	}
	return itype;
}

static void icount_figure(const char *itype)
{
	char title[512];
	int ok;

	if (!itype) {
		P("Shape chain: " NOT_MEASURED " (no plot).\n\n");
		return;
	}
	snprintf(title, sizeof(title),
		 "TCG context: guest instructions per charge+uncharge pair vs "
		 "depth, shape chain, type %s\nQEMU -icount shift=0; median of "
		 "the runs, bars: run range", itype);
	ok = plot_icount("tcg_instructions_vs_depth", itype, title);
	embed("tcg_instructions_vs_depth", title, ok);
}

/* Run 1 vs run 2 of every point; -icount is deterministic, so they must agree. */
static void icount_agreement(const struct ic_key *keys, int nk)
{
	int i, v, checked = 0, failed = 0, missing = 0;
	char b1[64], b2[64], b3[64];

	P("Run-to-run agreement (relative difference = |run1 - run2| / mean; "
	  "the runs must agree within 1%%):\n\n");
	P("| variant | type | shape | depth | run 1 | run 2 | rel. diff | within 1%% |\n");
	P("|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < nk; i++) {
		for (v = 0; v < D.nv; v++) {
			struct summary r1 = ic_summary(&D, v, 1, keys[i].shape,
						       keys[i].depth, keys[i].type);
			struct summary r2 = ic_summary(&D, v, 2, keys[i].shape,
						       keys[i].depth, keys[i].type);
			double rd = stats_reldiff(r1.med, r2.med);
			const char *verdict = "-";

			if (!r1.n && !r2.n)
				continue;
			if (isnan(rd)) {
				missing++;
			} else {
				checked++;
				verdict = rd <= 0.01 ? "PASS" : "FAIL";
				if (rd > 0.01)
					failed++;
			}
			P("| %s | %s | %s | %d | %s | %s | %s | %s |\n", V(v),
			  keys[i].type, keys[i].shape, keys[i].depth,
			  fmt_val(b1, sizeof(b1), "%.1f", r1.med),
			  fmt_val(b2, sizeof(b2), "%.1f", r2.med),
			  isnan(rd) ? "-" :
			  fmt_val(b3, sizeof(b3), "%.3f%%", 100 * rd), verdict);
		}
	}
	P("\n**icount agreement: %s** (%d %s compared, %d failed",
	  !checked ? "FAIL (no point has both runs)" : failed ? "FAIL" : "PASS",
	  checked, plural(checked, "point", "points"), failed);
	if (missing)
		P("; %d %s run 1 or run 2 and could not be checked", missing,
		  plural(missing, "point lacks", "points lack"));
	P(").\n\n");
}

static void icount_table(const struct ic_key *keys, int nk)
{
	struct trow rows[MAXR];
	int i, v;

	for (i = 0; i < nk && i < MAXR; i++) {
		snprintf(rows[i].key, sizeof(rows[i].key), "%.60s | %.60s | %d",
			 keys[i].type, keys[i].shape, keys[i].depth);
		for (v = 0; v < D.nv; v++)
			rows[i].s[v] = ic_summary(&D, v, -1, keys[i].shape,
						  keys[i].depth, keys[i].type);
	}
	P("Instructions per pair over the runs (median of the runs [min, max], "
	  "n = runs):\n\n");
	table("type | shape | depth", 3, rows, i, c_ins, 1);
	print_caveat();
	P("Instruction counts are not time: an atomic read-modify-write and a plain "
	  "add each count as one instruction, so these ratios compare code paths, "
	  "not the cost of atomics or locks.\n\n");
}

/* Variant v at the first chain depth, and its instructions per extra level. */
static void icount_say_slope(int v, const struct ic_key *keys, int nk,
			     const char *itype)
{
	double x[MAXK], y[MAXK], sl;
	char b1[64], b2[64];
	int i, n = 0;

	for (i = 0; i < nk && n < MAXK; i++) {
		struct summary m;

		if (strcmp(keys[i].shape, "chain") ||
		    strcmp(keys[i].type, itype))
			continue;
		m = ic_summary(&D, v, -1, "chain", keys[i].depth, itype);
		if (!m.n)
			continue;
		x[n] = keys[i].depth;
		y[n++] = m.med;
	}
	sl = stats_slope(x, y, n);
	if (isnan(sl))
		return;
	P("%s executes %s instructions per pair at depth %g and %s more "
	  "per extra level (least-squares slope, chain, type %s). ",
	  V(v), fmt_val(b1, sizeof(b1), "%.1f", y[0]), x[0],
	  fmt_val(b2, sizeof(b2), "%.1f", sl), itype);
}

/* The slopes, and the ratios at the deepest chain depth that has any. */
static void icount_reading(const struct ic_key *keys, int nk, const char *itype)
{
	int i, v;

	P("**Reading:** ");
	for (v = 0; v < D.nv; v++)
		icount_say_slope(v, keys, nk, itype);
	for (i = nk - 1; i >= 0; i--) {
		struct summary m[MAXV];

		if (strcmp(keys[i].shape, "chain") ||
		    strcmp(keys[i].type, itype))
			continue;
		for (v = 0; v < D.nv; v++)
			m[v] = ic_summary(&D, v, -1, "chain", keys[i].depth,
					  itype);
		if (!any_ratio(m))
			continue;
		P("At depth %d", keys[i].depth);
		say_ratios(m, ": ");
		P(".");
		break;
	}
	P("\n\n");
}

void section_icount(void)
{
	struct ic_key keys[MAXR];
	const char *itype;
	int nk;

	P("## TCG context: instructions per pair (QEMU -icount)\n\n");
	if (!need_input(&D.in_ic))
		return;
	nk = ic_keys(keys, MAXR);
	itype = chain_type(keys, nk);
	icount_figure(itype);
	icount_agreement(keys, nk);
	icount_table(keys, nk);
	if (itype)
		icount_reading(keys, nk, itype);
}
