/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nplot: the shapes of the native sections' plots.  A dot plot puts one
 * row per variant, named on the y axis, and one dot per series in it,
 * with its 95% interval as a bar; a label column names the points of a
 * plot whose y axis is a measured value, in a column right of the graph,
 * joined to each point by a line, no two labels overlapping.
 */
#ifndef BENCHREPORT_NPLOT_H
#define BENCHREPORT_NPLOT_H

#include <stdio.h>

#include "data.h"

/* One dot: the median and its interval; x NAN: no dot. */
struct dot {
	double x, lo, hi;
	int unstable;
};

#define MAXSER	4

struct dotplot {
	const char *name, *title, *xlabel;
	int logx;
	int rows[MAXV], nrows;			/* variants, top to bottom */
	int nser;
	const char *ser_title[MAXSER];
	struct dot dots[MAXSER][MAXV];		/* [series][row] */
};

/* Write and run the dot plot: plot_run()'s result, or PLOT_EMPTY. */
int dotplot(const struct dotplot *d);

/* One point to label: in data coordinates, with its variant's colour. */
struct lab {
	double x, y;
	int v;
	char text[96];
};

/*
 * Labels and leader lines for l[0..n) in the right margin, which it
 * widens to the longest label; the caller sets the y range [ylo, yhi].
 */
void label_column(FILE *g, const struct lab *l, int n, double ylo,
		  double yhi, int logy);
/* A log axis range with room around [lo, hi]: lo / 1.5, hi * 1.5. */
void log_range(double lo, double hi, double *out_lo, double *out_hi);


/* Tics at 1, 2 and 5 times each power of 10 in [lo, hi], SI-labelled; axis 'x' or 'y'. */
void log_tics(FILE *g, char axis, double lo, double hi);
#endif
