/* SPDX-License-Identifier: GPL-2.0 */
/*
 * figure: the pieces the sections build their plots from (one gnuplot
 * script, one data file per plotted series) and the figure's place in
 * REPORT.md.  The low-level file handling and gnuplot run are in plot.h.
 */
#ifndef BENCHREPORT_FIGURE_H
#define BENCHREPORT_FIGURE_H

#include <stdio.h>

#include "data.h"
#include "stats.h"

/* Between two entries of a gnuplot plot command. */
#define PLOT_SEP ", \\\n     "

/* "set title" and "set xlabel" */
void plot_head(FILE *g, const char *title, const char *xlabel);
/* Depth axis: one tic per measured depth, half a step of margin. */
void xtics_depths(FILE *g, const int *dp, int ndp);
/* Thread axis: tic i is th[i], marked when s at th[i] is oversubscribed. */
void xtics_threads(FILE *g, const int *th, int n, struct sel s);
/* gnuplot rejects a bare "plot", so an empty figure plots NaN; closes g. */
void plot_end(FILE *g, int any);
/* x offset of series i of n, spread evenly over width around 0 */
double offset(int i, int n, double width);
/*
 * Where variant v goes among the variants with rows in inkernel.csv
 * (icount: in icount.csv), spread over width: offset(its slot, their
 * count, width), so that variants of the native run only leave no gaps.
 */
double tcg_offset(int v, int icount, double width);

/* One plotted series of one variant: its file under data/ and its points. */
struct series {
	FILE *f;
	int n;
	char file[256];
};

/*
 * Open data/<prefix>_<variant><suffix> for variant v, suffix being a
 * printf format that ends in ".dat".  Returns 0, or -1 if it cannot.
 */
int series_open(struct series *sr, const char *prefix, int v,
		const char *suffix, ...)
	__attribute__((format(printf, 4, 5)));
/* A "x key median min max n" line, digits significant; none if !m.n. */
void series_point(struct series *sr, double x, int key, struct summary m,
		  int digits);
/* A series without points leaves no data file behind; returns n. */
int series_close(struct series *sr);
/*
 * Close sr and, if it has points, add it to the plot command as
 * "'data/<file>' <style> title <title>" (notitle if title is ""),
 * style being a printf format.
 * Returns whether it was added.
 */
int series_plot(FILE *g, int *any, struct series *sr, const char *title,
		const char *style, ...)
	__attribute__((format(printf, 5, 6)));
/* Medians with min-max bars; dt 0 keeps gnuplot's default dash. */
int series_errline(FILE *g, int *any, struct series *sr, int v, int dt,
		   int pt, const char *title);

/* What a plot function returns when it has no point to draw. */
#define PLOT_EMPTY	(-2)

/*
 * The figure in REPORT.md: the PNG with caption as alt text if ok == 0
 * (plot_run()'s result); PLOT_EMPTY: a note that nothing was measured to
 * plot; else a note that gnuplot failed, counted in plot_failures.
 */
void embed(const char *name, const char *caption, int ok);

#endif
