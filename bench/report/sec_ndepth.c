// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: ns per pair vs depth", from native.csv: shape chain
 * (worker i charges P/w<i>/c2/.../c<depth>), limit none, every depth, one
 * plot per thread count (native_depth_t<N>.png) with each variant's line
 * named at its deepest point, a table with the intervals, and the cost
 * of each extra level.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "ncell.h"
#include "nplot.h"
#include "plot.h"
#include "report.h"
#include "sections.h"

/* y range of the plot: every interval of threads inside. */
static int depth_range(int threads, double *lo, double *hi)
{
	int i, any = 0;

	*lo = *hi = NAN;
	for (i = 0; i < NP.n; i++) {
		const struct npoint *p = &NP.p[i];

		if (strcmp(p->shape, "chain") || strcmp(p->limit, "none") ||
		    strcmp(p->type, ntype) || p->threads != threads || !p->ns.n)
			continue;
		if (!any++ || p->ns.lo < *lo)
			*lo = p->ns.lo;
		if (any == 1 || p->ns.hi > *hi)
			*hi = p->ns.hi;
	}
	return any;
}

/* Variant v's deepest point at threads, as a label; returns 0 if none. */
static int depth_label(int v, int threads, const int *dp, int ndp,
		       struct lab *l)
{
	int i;

	for (i = ndp - 1; i >= 0; i--) {
		const struct npoint *p = npt(v, "chain", dp[i], threads, "none");

		if (!p || !p->ns.n)
			continue;
		l->x = dp[i];
		l->y = p->ns.med;
		l->v = v;
		snprintf(l->text, sizeof(l->text), "%s%s", V(v),
			 vkind[v] == VK_ANCHOR ? " (anchor)" : "");
		return 1;
	}
	return 0;
}

/* Variant v's line with its intervals, its unstable points ringed. */
static void depth_series(FILE *g, int *any, int v, int threads,
			 const int *dp, int ndp)
{
	char name[64];
	struct series sr;
	int i;

	snprintf(name, sizeof(name), "native_depth_t%d", threads);
	if (series_open(&sr, name, v, ".dat"))
		return;
	fprintf(sr.f, "# %s, %d threads: depth median lo hi (ns/pair, 95%% "
		"interval)\n", V(v), threads);
	for (i = 0; i < ndp; i++) {
		const struct npoint *p = npt(v, "chain", dp[i], threads, "none");

		if (!p || !p->ns.n)
			continue;
		fprintf(sr.f, "%d %.6g %.6g %.6g\n", dp[i], p->ns.med, p->ns.lo,
			p->ns.hi);
		sr.n++;
	}
	series_plot(g, any, &sr, V(v), "using 1:2:3:4 with yerrorlines "
		    "lc rgb \"%s\" lw 1.5 pt 7 ps 0.8", plot_color(v));
	if (series_open(&sr, name, v, "_u.dat"))
		return;
	fprintf(sr.f, "# %s, %d threads: unstable points: depth median\n", V(v),
		threads);
	for (i = 0; i < ndp; i++) {
		const struct npoint *p = npt(v, "chain", dp[i], threads, "none");

		if (p && p->ns.n && p->unstable) {
			fprintf(sr.f, "%d %.6g\n", dp[i], p->ns.med);
			sr.n++;
		}
	}
	series_plot(g, any, &sr, "", "using 1:2 with points lc rgb \"%s\" "
		    "pt 6 ps 2.2 lw 1.5", plot_color(v));
}

static int plot_depth(const char *name, int threads, const int *dp, int ndp,
		      const char *title)
{
	FILE *g;
	struct lab l[MAXV];
	double lo, hi;
	int v, nl = 0, any = 0;

	if (!depth_range(threads, &lo, &hi))
		return PLOT_EMPTY;
	g = plot_open_script(out_dir, name);
	if (!g)
		return -1;
	log_range(lo, hi, &lo, &hi);
	plot_head(g, title, "hierarchy depth: levels charged per pair");
	fprintf(g, "set ylabel \"ns per charge+uncharge pair, per worker (log)\"\n"
		"set logscale y 10\nset yrange [%g:%g]\n"
		"set logscale x 2\nset xrange [%g:%g]\nset xtics (", lo, hi,
		dp[0] / 1.25, dp[ndp - 1] * 1.25);
	for (v = 0; v < ndp; v++)
		fprintf(g, "%s\"%d\" %d", v ? ", " : "", dp[v], dp[v]);
	fprintf(g, ")\nunset key\n");
	log_tics(g, 'y', lo, hi);
	for (v = 0; v < D.nv; v++)
		nl += depth_label(v, threads, dp, ndp, &l[nl]);
	label_column(g, l, nl, lo, hi, 1);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++)
		depth_series(g, &any, v, threads, dp, ndp);
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

/* Least-squares ns per extra level of v's medians over the depths. */
static double level_cost(int v, int threads, const int *dp, int ndp)
{
	double x[MAXK], y[MAXK];
	int i, n = 0;

	for (i = 0; i < ndp; i++) {
		const struct npoint *p = npt(v, "chain", dp[i], threads, "none");

		if (!p || !p->ns.n)
			continue;
		x[n] = dp[i];
		y[n++] = p->ns.med;
	}
	return stats_slope(x, y, n);
}

static void depth_table(int threads, const int *dp, int ndp)
{
	char b[192], n[96];
	int v, i;

	P("%d %s: ns per pair per worker.\n\n| variant |", threads,
	  plural(threads, "thread", "threads"));
	for (i = 0; i < ndp; i++)
		P(" depth %d |", dp[i]);
	P(" ns per extra level (slope of the medians) |\n|---|");
	for (i = 0; i <= ndp; i++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		if (!npt(v, "chain", dp[0], threads, "none"))
			continue;
		P("| %s |", vname(n, sizeof(n), v));
		for (i = 0; i < ndp; i++)
			P(" %s |", pt_ns(b, sizeof(b), npt(v, "chain", dp[i],
							    threads, "none")));
		P(" %s |\n", fmt_val(b, sizeof(b), "%.1f",
				     level_cost(v, threads, dp, ndp)));
	}
	P("\n");
}

static void depth_reading(int threads, const int *dp, int ndp)
{
	const struct npoint *p[MAXV];
	int v;

	for (v = 0; v < D.nv; v++)
		p[v] = npt(v, "chain", dp[ndp - 1], threads, "none");
	P("**Reading** at depth %d, %d %s (fastest first; `>`: intervals apart, "
	  "`≈`: a tie): ", dp[ndp - 1], threads,
	  plural(threads, "thread", "threads"));
	say_ranking(p, D.nv);
	P(".\n\n");
}

void section_ndepth(void)
{
	int i, dp[MAXK], ndp;
	char name[64], title[256];

	P("## Native: ns per pair vs depth\n\n");
	if (!need_input(&D.in_nat))
		return;
	ndp = points_depths(&NP, "chain", "none", dp);
	if (!ndp) {
		P("Shape chain, limit none: " NOT_MEASURED ".\n\n");
		return;
	}
	P("Shape chain: worker i charges P/w<i>/c2/.../c<depth>, so a pair "
	  "charges and uncharges `depth` levels of its own plus P and the "
	  "root; limit none, type %s. Lower is better.\n\n", ntype);
	unstable_note();
	for (i = 0; i < nnth; i++) {
		P("### %d %s\n\n", nth[i], plural(nth[i], "thread", "threads"));
		snprintf(name, sizeof(name), "native_depth_t%d", nth[i]);
		snprintf(title, sizeof(title), "Native ns per pair vs depth: "
			 "shape chain, limit none, %d %s, type %s\nmedian and 95%% "
			 "interval of the median (log scale); ringed: unstable", nth[i],
			 plural(nth[i], "thread", "threads"), ntype);
		embed(name, title, plot_depth(name, nth[i], dp, ndp, title));
		depth_table(nth[i], dp, ndp);
		depth_reading(nth[i], dp, ndp);
	}
}
