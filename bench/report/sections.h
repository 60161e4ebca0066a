/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sections: the parts of REPORT.md, one sec_*.c file each, in the order
 * main() writes them, and the few helpers one section lends another.
 * The native sections come first; the TCG ones are context.
 */
#ifndef BENCHREPORT_SECTIONS_H
#define BENCHREPORT_SECTIONS_H

#include "data.h"

void section_intro(void);		/* sec_intro.c: title, variants, conventions */
void section_summary(void);		/* sec_summary.c: the native run in one screen */
void section_inputs(void);		/* sec_inputs.c: status of the CSVs */
void section_nmeta(void);		/* sec_nmeta.c: native-meta.txt */
void section_nthroughput(void);		/* sec_nthroughput.c: leaf, siblings vs threads */
void section_ndepth(void);		/* sec_ndepth.c: chain vs depth */
void section_anchors(void);		/* sec_anchors.c: the kernel's own counters */
void section_exactness(void);		/* sec_exact.c: limits tight and batch */
void section_stability(void);		/* sec_stability.c: half-widths, discards */
void section_paired(void);		/* sec_paired.c: the probe, paired ratios */
void section_repro(void);		/* sec_repro.c: native-prev.csv */
void section_model(void);		/* sec_model.c: native-costs.csv, native-ops.csv */
void section_frontier(void);		/* sec_frontier.c: trade-offs, defects, picks */
/* TCG context */
void section_meta(void);		/* sec_meta.c: meta.txt */
void section_calibration(void);		/* sec_calib.c: calib.csv */
void section_overhead(void);		/* sec_overhead.c: inkernel.csv, shape empty */
void section_throughput(void);		/* sec_throughput.c: inkernel.csv */
void section_depth(void);		/* sec_depth.c: inkernel.csv, shape chain */
void section_icount(void);		/* sec_icount.c: icount.csv */
void section_rejections(void);		/* sec_rejections.c: inkernel.csv, limit tight */
void section_native(void);		/* sec_native.c: native.csv next to inkernel.csv */
void section_e2e(void);			/* sec_e2e.c: e2e.csv */
void section_profile(void);		/* sec_profile.c: perf-<variant>.txt */

/* sections.c: every section of REPORT.md, in order. */
void write_sections(void);

/* nsummary.c: native-summary.csv into the results directory; 0 or -1. */
int write_native_summary(void);

/*
 * sec_calib.c: fill caveat[] from calib.csv.  Every section that prints
 * a guest ratio prints it, so it is built before the first section.
 */
void build_caveat(void);

/* sec_depth.c: shape chain, limit none, one type: what every depth sweep selects. */
struct sel chain_sel(const char *type);
/* sec_depth.c: least-squares slope of the TCG ns/pair medians over the chain depths. */
double depth_slope(int v, const char *type, int threads, int *ndp_out);

/* What the summary borrows; each prints one clause into REPORT.md. */
void say_machine(void);			/* sec_nmeta.c */
int say_stability(int threads);		/* sec_stability.c: target met? */
void say_paired(void);			/* sec_paired.c: paired shares, the probe */
int say_repro(void);			/* sec_repro.c: both targets met? */
int say_model(void);			/* sec_model.c: designs validated */
void say_picks(void);			/* sec_frontier.c: the picks' table */
/* sec_meta.c: a meta file's lines as a list; how many. */
int print_meta_file(const char *file);
/* sec_native.c: TCG ns / native ns of variant v at a point; NAN if either is missing. */
double tcg_factor(int v, const char *shape, int depth, int threads,
		  const char *limit);

#endif
