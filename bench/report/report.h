/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report: the state of one benchreport run, shared by the section files
 * (sec_*.c), and the REPORT.md stream they all write to.
 *
 * There is one report per process, so the state is plain globals: the
 * sections read it, only report.c and main() set it.
 */
#ifndef BENCHREPORT_REPORT_H
#define BENCHREPORT_REPORT_H

#include "data.h"
#include "defects.h"
#include "points.h"

#define NOT_MEASURED	"not measured in this run"

/* What main() parsed from the command line. */
struct report_opts {
	const char *in_dir, *out_dir;
	const char *ref_name;		/* --ref, or NULL */
	const char *defects_dir;	/* --defects: variants/, or NULL */
	const char *findings_path;	/* --findings: results/findings.md, or NULL */
};

extern struct data D;			/* the loaded CSVs */
extern const char *in_dir, *out_dir;

extern const char *types[MAXK];		/* in-kernel types, sorted */
extern int ntypes;
extern const char *ptype;		/* the plotted in-kernel type */
/* native.csv's type: ptype if it has it, else its first type */
extern const char *ntype;

/* The native run and the one before it, as points with intervals. */
extern struct points NP, PP;
/* Native thread counts (sorted) and the largest not oversubscribed. */
extern int nth[MAXK], nnth, nmax_threads;

/*
 * What a variant is.  A branch is one of the compared controllers (a
 * directory of --defects, or without it a name starting with misc or
 * encryption_ids); "X+tas" is branch X's series with another lock slow
 * path; anything else is an anchor, the kernel's own counter timed in the
 * same harness.
 */
enum vkind { VK_BRANCH, VK_ANCHOR };
extern enum vkind vkind[MAXV];
extern int vseries[MAXV];		/* "X+...": a series of branch X */
extern char vbase[MAXV][NAMELEN];	/* the branch of a series, else the name */

/* Defects: the findings each branch's known-defects file lists. */
extern int vndef[MAXV];			/* -1: no known-defects file */
extern char vdef[MAXV][MAXF][FIDLEN];
extern struct finding findings[MAXF];
extern int nfindings;			/* -1: no --findings or unreadable */
extern const char *defects_dir;		/* NULL: no --defects */

/* Ratios are V(pair_a[k]) / V(pair_b[k]) for k < npairs. */
extern int ref_variant;			/* --ref's index, or -1 */
extern int npairs, pair_a[MAXV * MAXV], pair_b[MAXV * MAXV];

/* The calibration caveat that follows every guest ratio (sec_calib.c). */
extern char caveat[4096];
/* Plots that gnuplot did not produce; non-zero makes the exit status 3. */
extern int plot_failures;

/* printf to REPORT.md */
void P(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Name of variant v */
const char *V(int v);
const char *plural(int n, const char *one, const char *many);

/* Does the input have rows that can be used? */
int input_ok(const struct input *in);
/* A section without its input says so once; returns whether it can go on. */
int need_input(const struct input *in);

/*
 * Create the output directories, remove old outputs, load the CSVs, set
 * up variants, points, pairs and defects, and open REPORT.md.tmp.
 * Returns 0, or 1 after a message on stderr.
 */
int report_begin(const struct report_opts *o);
/* Move REPORT.md into place; returns the exit status (0, 1 or 3). */
int report_end(void);

#endif
