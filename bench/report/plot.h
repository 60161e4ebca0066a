/* SPDX-License-Identifier: GPL-2.0 */
/*
 * plot: gnuplot scripts and data files under the results directory, and
 * running gnuplot on them.  Every script starts with the same fixed
 * terminal, so all PNGs have one size and font.
 */
#ifndef BENCHREPORT_PLOT_H
#define BENCHREPORT_PLOT_H

#include <stddef.h>
#include <stdio.h>

#define PLOT_TERMINAL \
	"set terminal pngcairo size 1000,640 font \"DejaVu Sans,11\""

/* Colour of the idx-th variant in sorted order. */
const char *plot_color(int idx);
/* Copy src to dst keeping [A-Za-z0-9._-], the rest as '_'. */
void plot_safe_name(char *dst, size_t len, const char *src);
/* A gnuplot double-quoted string literal of s (escapes \ and "). */
void plot_quote(FILE *f, const char *s);

/* <outdir>/<name>.gp, with the terminal and "set output '<name>.png'". */
FILE *plot_open_script(const char *outdir, const char *name);
/* <outdir>/data/<file> */
FILE *plot_open_data(const char *outdir, const char *file);
/* Remove <outdir>/data/<file> (a series without points). */
void plot_drop_data(const char *outdir, const char *file);
/*
 * Remove this program's old outputs: the .dat files in data/ and the
 * named .png and .gp files; a name ending in '*' is a prefix.
 */
void plot_clean(const char *outdir, const char *const *names, int n);
/*
 * Run "gnuplot <name>.gp" in outdir (stderr appended to gnuplot.log).
 * Returns 0 if gnuplot succeeded and <name>.png exists.
 */
int plot_run(const char *outdir, const char *name);

#endif
