// SPDX-License-Identifier: GPL-2.0
/*
 * Section "2. ns per pair vs hierarchy depth", from inkernel.csv: shape
 * chain, limit none, every depth and non-oversubscribed thread count.
 * The plotted type gets ns_per_pair_vs_depth.png, a table and a reading
 * with the per-level slope; every other type a table.
 */
#include <math.h>
#include <stdio.h>

#include "figure.h"
#include "nplot.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

/* Shape chain, limit none, one type: what every depth sweep selects. */
struct sel chain_sel(const char *type)
{
	struct sel s = sel_any();

	s.shape = "chain";
	s.limit = "none";
	s.type = type;
	return s;
}

/* Non-oversubscribed thread counts of chain, limit none, type t. */
static int chain_threads(const char *type, int *th)
{
	struct sel s = chain_sel(type);

	s.oversub = 0;
	return ik_threads(&D, s, th);
}

/* One thread count's lines, each variant named in a column at its deepest point. */
static int plot_depth(const char *name, int threads, const int *dp, int ndp,
		      const char *title)
{
	struct lab l[MAXV];
	double lo = NAN, hi = NAN;
	int v, i, nl = 0, any = 0;
	FILE *g;

	for (v = 0; v < D.nv; v++) {
		struct sel s = chain_sel(ptype);
		int found = 0;

		s.v = v;
		s.threads = threads;
		for (i = 0; i < ndp; i++) {
			struct summary m;

			s.depth = dp[i];
			m = ik_summary(&D, s, M_NS);
			if (!m.n)
				continue;
			if (isnan(lo) || m.min < lo)
				lo = m.min;
			if (isnan(hi) || m.max > hi)
				hi = m.max;
			l[nl].x = dp[i] + tcg_offset(v, 0, 0.3);
			l[nl].y = m.med;
			l[nl].v = v;
			snprintf(l[nl].text, sizeof(l[nl].text), "%s", V(v));
			found = 1;
		}
		nl += found;
	}
	if (isnan(lo))
		return PLOT_EMPTY;
	g = plot_open_script(out_dir, name);
	if (!g)
		return -1;
	plot_head(g, title, "hierarchy depth (levels charged per pair)");
	fprintf(g, "set ylabel \"ns per charge+uncharge pair\"\n"
		"set yrange [0:%g]\nunset key\n",
		hi * 1.1);
	xtics_depths(g, dp, ndp);
	label_column(g, l, nl, 0, hi * 1.1, 0);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		struct sel s = chain_sel(ptype);
		struct series sr;

		if (series_open(&sr, name, v, ".dat"))
			continue;
		fprintf(sr.f, "# %s, %d threads: x depth median min max n (ns/pair)\n",
			V(v), threads);
		s.v = v;
		s.threads = threads;
		for (i = 0; i < ndp; i++) {
			s.depth = dp[i];
			series_point(&sr, dp[i] + tcg_offset(v, 0, 0.3), dp[i],
				     ik_summary(&D, s, M_NS), 6);
		}
		series_errline(g, &any, &sr, v, 0, 7, V(v));
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

static void depth_table(const char *type, const int *th, int nth)
{
	struct trow rows[MAXR];
	int t, i, n = 0, dp[MAXK], ndp;

	for (t = 0; t < nth; t++) {
		struct sel s = chain_sel(type);

		s.threads = th[t];
		ndp = ik_depths(&D, s, dp);
		for (i = 0; i < ndp && n < MAXR; i++, n++) {
			s.depth = dp[i];
			snprintf(rows[n].key, sizeof(rows[n].key), "%d | %d", th[t],
				 dp[i]);
			variant_summaries(s, M_NS, rows[n].s);
		}
	}
	P("ns per pair, median [min, max], n = repetitions; ratios of the medians:\n\n");
	table("threads | depth", 2, rows, n, c_ns, 1);
	print_caveat();
}

/* Least-squares slope of the medians over the depths, ns per level. */
static double src_depth_slope(enum src w, int v, const char *type, int threads,
		       int *ndp_out)
{
	struct sel s = chain_sel(type);
	double x[MAXK], y[MAXK];
	int dp[MAXK], ndp, i, n = 0;

	s.v = v;
	s.threads = threads;
	ndp = src_depths(&D, w, s, dp);
	for (i = 0; i < ndp; i++) {
		struct summary m;

		s.depth = dp[i];
		m = src_summary(&D, w, s, M_NS);
		if (!m.n)
			continue;
		x[n] = dp[i];
		y[n++] = m.med;
	}
	if (ndp_out)
		*ndp_out = n;
	return stats_slope(x, y, n);
}

double depth_slope(int v, const char *type, int threads, int *ndp_out)
{
	return src_depth_slope(SRC_TCG, v, type, threads, ndp_out);
}

/* Each variant's ns per extra level at threads, over the depths dp. */
static void say_slopes(int threads, const int *dp, int ndp)
{
	char b[64], b2[160];
	int v, said = 0;

	P("With %d %s, per extra level (least-squares slope of the medians "
	  "over depths %s) ", threads, plural(threads, "thread", "threads"),
	  int_list(b2, sizeof(b2), dp, ndp));
	for (v = 0; v < D.nv; v++) {
		int n;
		double sl = depth_slope(v, ptype, threads, &n);

		if (isnan(sl))
			continue;
		P("%s%s adds %s ns", said ? ", " : "", V(v),
		  fmt_val(b, sizeof(b), "%.1f", sl));
		said = 1;
	}
	if (!said)
		P("no slope is computable (fewer than 2 depths)");
	P(". ");
}

/* Every variant's ns/pair at one depth and threads, and the ratios. */
static void say_at_depth(int depth, int threads)
{
	struct sel s = chain_sel(ptype);
	struct summary m[MAXV];
	char b[64];
	int v, said = 0;

	s.threads = threads;
	s.depth = depth;
	variant_summaries(s, M_NS, m);
	P("At depth %d with %d %s: ", depth, threads,
	  plural(threads, "thread", "threads"));
	for (v = 0; v < D.nv; v++) {
		if (!m[v].n)
			continue;
		P("%s%s %s ns", said ? ", " : "", V(v),
		  fmt_val(b, sizeof(b), "%.1f", m[v].med));
		said = 1;
	}
	say_ratios(m, "; ");
	P(". ");
}

/* Per thread count: the slopes, then the shallowest and the deepest point. */
static void depth_reading(const int *th, int nth)
{
	int t, dp[MAXK], ndp;

	P("**Reading:** ");
	for (t = 0; t < nth; t++) {
		struct sel s = chain_sel(ptype);

		s.threads = th[t];
		ndp = ik_depths(&D, s, dp);
		say_slopes(th[t], dp, ndp);
		if (ndp)
			say_at_depth(dp[0], th[t]);
		if (ndp > 1)
			say_at_depth(dp[ndp - 1], th[t]);
	}
	P("\n\n");
}

/* The plotted type: figure, table and reading. */
static void depth_plotted(void)
{
	int th[MAXK], nth, dp[MAXK], ndp, t;
	struct sel s = chain_sel(ptype);
	char title[512], name[64];

	nth = chain_threads(ptype, th);
	s.oversub = 0;
	ndp = ik_depths(&D, s, dp);
	if (!nth || !ndp) {
		P("Shape chain, type %s, limit none: " NOT_MEASURED ".\n\n", ptype);
		return;
	}
	for (t = 0; t < nth; t++) {
		snprintf(name, sizeof(name), "tcg_ns_per_pair_vs_depth_t%d", th[t]);
		snprintf(title, sizeof(title), "TCG context: ns per charge+uncharge "
			 "pair vs depth, shape chain, type %s, limit none, %d %s\n"
			 "median, min-max bars", ptype, th[t],
			 plural(th[t], "thread", "threads"));
		embed(name, title, plot_depth(name, th[t], dp, ndp, title));
	}
	P("Type %s, limit none, shape chain. ", ptype);
	depth_table(ptype, th, nth);
	depth_reading(th, nth);
}

void section_depth(void)
{
	int th[MAXK], nth, t;

	P("## TCG context: ns per pair vs hierarchy depth\n\n");
	if (!need_input(&D.in_ik))
		return;
	depth_plotted();
	for (t = 0; t < ntypes; t++) {
		if (types[t] == ptype)
			continue;
		nth = chain_threads(types[t], th);
		P("Type %s (not plotted), shape chain, limit none: ", types[t]);
		if (!nth) {
			P(NOT_MEASURED ".\n\n");
			continue;
		}
		depth_table(types[t], th, nth);
	}
}
