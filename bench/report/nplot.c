// SPDX-License-Identifier: GPL-2.0
/*
 * nplot: dot plots and label columns of the native sections (nplot.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "labels.h"
#include "nplot.h"
#include "plot.h"
#include "report.h"

/* A series' colour and filled point type; the open one marks unstable dots. */
static const char *const ser_color[MAXSER] = {
	"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
};
static const int ser_pt[MAXSER] = { 7, 5, 9, 13 };	/* circle, square, triangle, diamond */

/* x range: every interval inside, with room. */
static void dot_xrange(FILE *g, const struct dotplot *d)
{
	double lo = NAN, hi = NAN;
	int k, r;

	for (k = 0; k < d->nser; k++)
		for (r = 0; r < d->nrows; r++) {
			const struct dot *x = &d->dots[k][r];

			if (isnan(x->x))
				continue;
			if (isnan(lo) || x->lo < lo)
				lo = x->lo;
			if (isnan(hi) || x->hi > hi)
				hi = x->hi;
		}
	if (isnan(lo))
		return;
	if (d->logx) {
		log_range(lo, hi, &lo, &hi);
		fprintf(g, "set logscale x 10\nset xrange [%g:%g]\n", lo, hi);
		log_tics(g, 'x', lo, hi);
	} else {
		if (hi <= 0)
			hi = 1;
		fprintf(g, "set xrange [%g:%g]\n", -0.03 * hi, 1.08 * hi);
	}
}

/* One series' dots, stable or unstable ones; returns whether any was drawn. */
static int dot_series(FILE *g, int *any, const struct dotplot *d, int k,
		      int unstable, int titled)
{
	double off = (k - (d->nser - 1) / 2.0) * 0.28;
	struct series sr;
	int r;

	sr.n = 0;
	snprintf(sr.file, sizeof(sr.file), "%s_s%d%s.dat", d->name, k,
		 unstable ? "u" : "");
	sr.f = plot_open_data(out_dir, sr.file);
	if (!sr.f)
		return 0;
	fprintf(sr.f, "# %s: y x lo hi (variant)\n", d->ser_title[k]);
	for (r = 0; r < d->nrows; r++) {
		const struct dot *x = &d->dots[k][r];

		if (isnan(x->x) || x->unstable != unstable)
			continue;
		/* row 0 at the top */
		fprintf(sr.f, "%g %.6g %.6g %.6g # %s\n",
			d->nrows - 1 - r - off, x->x, x->lo, x->hi,
			V(d->rows[r]));
		sr.n++;
	}
	return series_plot(g, any, &sr, titled ? d->ser_title[k] : "",
			   "using 2:1:3:4 with xerrorbars lc rgb \"%s\" pt %d "
			   "ps 1.4 lw 1.5", ser_color[k], ser_pt[k] - unstable);
}

int dotplot(const struct dotplot *d)
{
	int r, k, any = 0;
	FILE *g;

	for (k = 0; k < d->nser; k++)
		for (r = 0; r < d->nrows; r++)
			any |= !isnan(d->dots[k][r].x);
	if (!any)
		return PLOT_EMPTY;
	any = 0;
	g = plot_open_script(out_dir, d->name);
	if (!g)
		return -1;
	plot_head(g, d->title, d->xlabel);
	fprintf(g, "unset ylabel\nset grid noytics\nset ytics scale 0 (");
	for (r = 0; r < d->nrows; r++)
		fprintf(g, "%s\"%s%s\" %d", r ? ", " : "", V(d->rows[r]),
			vkind[d->rows[r]] == VK_ANCHOR ? " (anchor)" : "",
			d->nrows - 1 - r);
	fprintf(g, ")\nset yrange [-0.6:%g]\n", d->nrows - 0.4);
	dot_xrange(g, d);
	fprintf(g, "plot ");
	for (k = 0; k < d->nser; k++) {
		/* the open dots share the key entry of the filled ones */
		int drawn = dot_series(g, &any, d, k, 0, 1);

		dot_series(g, &any, d, k, 1, !drawn);
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, d->name) : PLOT_EMPTY;
}

void log_range(double lo, double hi, double *out_lo, double *out_hi)
{
	if (!(lo > 0))
		lo = hi > 0 ? hi / 10 : 1;
	if (!(hi > 0))
		hi = lo * 10;
	*out_lo = lo / 1.5;
	*out_hi = hi * 1.5;
}

/* The height of y in the graph, 0 at ylo, 1 at yhi. */
static double frac(double y, double ylo, double yhi, int logy)
{
	if (logy)
		return (log(y) - log(ylo)) / (log(yhi) - log(ylo));
	return (y - ylo) / (yhi - ylo);
}

/* 16 px of a graph about 470 px high: one line of the 9-point labels. */
#define LABEL_GAP	0.034
/* A 9-point DejaVu Sans character is at most 7 px wide; the image is 1000. */
#define LABEL_CHAR	(7.0 / 1000)

void label_column(FILE *g, const struct lab *l, int n, double ylo,
		  double yhi, int logy)
{
	double want[MAXV * 4], at[MAXV * 4], gap = LABEL_GAP, right;
	size_t len = 0;
	int i;

	if (n <= 0)
		return;
	if (n > MAXV * 4)
		n = MAXV * 4;
	if (n * gap > 0.96)
		gap = 0.96 / n;
	for (i = 0; i < n; i++) {
		want[i] = frac(l[i].y, ylo, yhi, logy);
		if (strlen(l[i].text) > len)
			len = strlen(l[i].text);
	}
	/* the graph ends where the longest label still fits the image */
	right = 1 - 0.04 - len * LABEL_CHAR;
	if (right > 0.85)
		right = 0.85;
	if (right < 0.55)
		right = 0.55;
	fprintf(g, "set rmargin at screen %.3f\n", right);
	labels_spread(want, at, n, gap);
	for (i = 0; i < n; i++) {
		/* within [0.02, 0.98]: no label rides on the frame */
		double y = 0.02 + 0.96 * at[i];

		fprintf(g, "set label ");
		plot_quote(g, l[i].text);
		fprintf(g, " at graph 1.04, graph %.4f left font \",9\" "
			"tc rgb \"%s\" front\n", y, plot_color(l[i].v));
		fprintf(g, "set arrow from first %.6g, first %.6g to graph 1.035, "
			"graph %.4f nohead lc rgb \"%s\" lw 0.6 dt 3 front\n",
			l[i].x, l[i].y, y, plot_color(l[i].v));
	}
}

void log_tics(FILE *g, char axis, double lo, double hi)
{
	static const int mant[] = { 1, 2, 5 };
	double p;
	char b[32];
	/* more than 4 decades: 1 and 5 only, more than 7: powers of 10 */
	int nm = log10(hi / lo) > 7 ? 1 : log10(hi / lo) > 4 ? 2 : 3;
	int k, n = 0;

	fprintf(g, "set %ctics (", axis);
	for (p = pow(10, floor(log10(lo))); p <= hi; p *= 10)
		for (k = 0; k < nm; k++) {
			double x = (nm == 2 && k ? 5 : mant[k]) * p;

			if (x < lo || x > hi)
				continue;
			fmt_si(b, sizeof(b), x);
			fprintf(g, "%s\"%s\" %g", n++ ? ", " : "", b, x);
		}
	fprintf(g, ")\nset m%ctics 1\n", axis);
}
