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

#define NOT_MEASURED	"not measured in this run"

/* Which MODEL a variant gets (--design, or from its name). */
enum design { DESIGN_NONE, DESIGN_ATOMIC, DESIGN_LOCK, DESIGN_STOCK };

/* What main() parsed from the command line. */
struct report_opts {
	const char *in_dir, *out_dir;
	const char *ref_name;			/* --ref, or NULL */
	const char *design_v[MAXV];		/* --design VARIANT=... */
	enum design design_d[MAXV];
	int ndesign;
};

extern struct data D;			/* the loaded CSVs */
extern const char *in_dir, *out_dir;

extern const char *types[MAXK];		/* in-kernel types, sorted */
extern int ntypes;
extern const char *ptype;		/* the plotted in-kernel type */
/* native.csv's type: ptype if it has it, else its first type */
extern const char *ntype;

/* Ratios are V(pair_a[k]) / V(pair_b[k]) for k < npairs. */
extern int ref_variant;			/* --ref's index, or -1 */
extern int npairs, pair_a[MAXV * MAXV], pair_b[MAXV * MAXV];
extern enum design design[MAXV];

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
 * The figure a summary quotes: s from native.csv (type ntype) when it has
 * any, else from inkernel.csv (type ptype); *w says which.  s.type is
 * ignored.  The native figure wins because TCG distorts contended costs
 * (calib.csv).
 */
struct summary quoted(struct sel s, enum metric m, enum src *w);
/* The type a selection of run w reads: ntype for native, ptype for TCG. */
const char *src_type(enum src w);

/*
 * Create the output directories, remove old outputs, load the CSVs, set
 * up variants, pairs and designs, and open REPORT.md.tmp.  Returns 0, or
 * 1 after a message on stderr.
 */
int report_begin(const struct report_opts *o);
/* Move REPORT.md into place; returns the exit status (0, 1 or 3). */
int report_end(void);

#endif
