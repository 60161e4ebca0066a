// SPDX-License-Identifier: GPL-2.0
/*
 * figure: gnuplot script pieces and data series shared by the plot_*()
 * functions of the sections, and embedding a figure in REPORT.md.
 */
#include <stdarg.h>
#include <stdio.h>

#include "figure.h"
#include "plot.h"
#include "report.h"

void plot_head(FILE *g, const char *title, const char *xlabel)
{
	fprintf(g, "set title ");
	plot_quote(g, title);
	fprintf(g, "\nset xlabel \"%s\"\n", xlabel);
}

/* Depth axis: one tic per measured depth, half a step of margin. */
void xtics_depths(FILE *g, const int *dp, int ndp)
{
	int i;

	fprintf(g, "set xtics (");
	for (i = 0; i < ndp; i++)
		fprintf(g, "%s\"%d\" %d", i ? ", " : "", dp[i], dp[i]);
	fprintf(g, ")\nset xrange [%g:%g]\n", ndp ? dp[0] - 0.5 : 0,
		ndp ? dp[ndp - 1] + 0.5 : 1);
}

/* One tic per thread count, at x = its index; oversubscribed ones say so. */
void xtics_threads(FILE *g, const int *th, int n, struct sel s)
{
	int i, over = 0;

	fprintf(g, "set xtics (");
	for (i = 0; i < n; i++) {
		s.threads = th[i];
		fprintf(g, "%s\"%d%s\" %d", i ? ", " : "", th[i],
			ik_oversub(&D, s) ? "\\n(oversubscribed)" : "", i);
		over |= ik_oversub(&D, s);
	}
	fprintf(g, ")\n");
	fprintf(g, "set xrange [-0.5:%g]\n", n - 0.5);
	if (over)
		fprintf(g, "set xlabel offset 0,-1\n");
}

/* x offset of series i of n, spread evenly over width around 0 */
double offset(int i, int n, double width)
{
	return n > 1 ? (i - (n - 1) / 2.0) * width / (n - 1) : 0;
}

/*
 * Open data/<prefix>_<variant><suffix> for variant v, suffix being a
 * printf format that ends in ".dat".  Returns 0, or -1 if it cannot.
 */
int series_open(struct series *sr, const char *prefix, int v,
		const char *suffix, ...)
{
	char safe[NAMELEN], sfx[64];
	va_list ap;

	va_start(ap, suffix);
	vsnprintf(sfx, sizeof(sfx), suffix, ap);
	va_end(ap);
	plot_safe_name(safe, sizeof(safe), V(v));
	snprintf(sr->file, sizeof(sr->file), "%s_%s%s", prefix, safe, sfx);
	sr->n = 0;
	sr->f = plot_open_data(out_dir, sr->file);
	return sr->f ? 0 : -1;
}

/* A "x key median min max n" line, digits significant; none if !m.n. */
void series_point(struct series *sr, double x, int key, struct summary m,
		  int digits)
{
	if (!m.n)
		return;
	fprintf(sr->f, "%g %d %.*g %.*g %.*g %d\n", x, key, digits, m.med,
		digits, m.min, digits, m.max, m.n);
	sr->n++;
}

/* A series without points leaves no data file behind; returns n. */
int series_close(struct series *sr)
{
	fclose(sr->f);
	if (!sr->n)
		plot_drop_data(out_dir, sr->file);
	return sr->n;
}

/*
 * Close sr and, if it has points, add it to the plot command as
 * "'data/<file>' <style> title <title>", style being a printf format.
 * Returns whether it was added.
 */
int series_plot(FILE *g, int *any, struct series *sr, const char *title,
		const char *style, ...)
{
	va_list ap;

	if (!series_close(sr))
		return 0;
	fprintf(g, "%s'data/%s' ", *any ? PLOT_SEP : "", sr->file);
	va_start(ap, style);
	vfprintf(g, style, ap);
	va_end(ap);
	if (!*title) {
		fprintf(g, " notitle");
	} else {
		fprintf(g, " title ");
		plot_quote(g, title);
	}
	*any = 1;
	return 1;
}

/* Medians with min-max bars; dt 0 keeps gnuplot's default dash. */
int series_errline(FILE *g, int *any, struct series *sr, int v, int dt,
		   int pt, const char *title)
{
	char dash[16] = "";

	if (dt)
		snprintf(dash, sizeof(dash), "dt %d ", dt);
	return series_plot(g, any, sr, title, "using 1:3:4:5 with yerrorlines "
			   "lc rgb \"%s\" %slw 2 pt %d ps 1.2", plot_color(v),
			   dash, pt);
}

/* gnuplot rejects a bare "plot", so an empty figure plots NaN. */
void plot_end(FILE *g, int any)
{
	if (!any)
		fprintf(g, "NaN notitle");
	fprintf(g, "\n");
	fclose(g);
}

void embed(const char *name, const char *caption, int ok)
{
	char alt[640];
	size_t i, o = 0;

	/* Markdown alt text: one line, no brackets. */
	for (i = 0; caption[i] && o + 3 < sizeof(alt); i++) {
		char c = caption[i];

		if (c == '\n') {
			alt[o++] = ';';
			alt[o++] = ' ';
		} else {
			alt[o++] = c == '[' || c == ']' ? '|' : c;
		}
	}
	alt[o] = '\0';
	if (ok == 0) {
		P("![%s](%s.png)\n\n", alt, name);
	} else if (ok == PLOT_EMPTY) {
		P("_No plot (`%s.png`): nothing measured to draw._\n\n", name);
	} else {
		P("_Plot not produced: gnuplot failed or is missing (script `%s.gp`, "
		  "messages in `gnuplot.log`)._\n\n", name);
		plot_failures++;
	}
}

/* Has variant v rows in inkernel.csv (icount: icount.csv)? */
static int has_tcg(int v, int icount)
{
	int i;

	if (icount) {
		for (i = 0; i < D.nic; i++)
			if (D.ic[i].v == v)
				return 1;
		return 0;
	}
	for (i = 0; i < D.nik; i++)
		if (D.ik[i].v == v)
			return 1;
	return 0;
}

double tcg_offset(int v, int icount, double width)
{
	int u, slot = 0, n = 0;

	for (u = 0; u < D.nv; u++) {
		if (!has_tcg(u, icount))
			continue;
		if (u < v)
			slot++;
		n++;
	}
	return offset(slot, n, width);
}
