/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sections: the parts of REPORT.md, one sec_*.c file each, in the order
 * main() writes them, and the few helpers one section lends another.
 */
#ifndef BENCHREPORT_SECTIONS_H
#define BENCHREPORT_SECTIONS_H

#include "data.h"

void section_intro(void);		/* sec_intro.c: title, variants, conventions */
void section_meta(void);		/* sec_meta.c: meta.txt */
void section_inputs(void);		/* sec_inputs.c: status of the five CSVs */
void section_calibration(void);		/* sec_calib.c: calib.csv */
void section_overhead(void);		/* sec_overhead.c: inkernel.csv, shape empty */
void section_throughput(void);		/* sec_throughput.c: inkernel.csv */
void section_depth(void);		/* sec_depth.c: inkernel.csv, shape chain */
void section_icount(void);		/* sec_icount.c: icount.csv */
void section_rejections(void);		/* sec_rejections.c: inkernel.csv, limit tight */
void section_native(void);		/* sec_native.c: native.csv next to inkernel.csv */
void section_e2e(void);			/* sec_e2e.c: e2e.csv */
void section_model(void);		/* sec_model.c: native.csv or inkernel.csv, calib.csv */
void section_frontier(void);		/* sec_frontier.c: native, inkernel, icount.csv */
void section_profile(void);		/* sec_profile.c: perf-<variant>.txt */

/*
 * sec_calib.c: fill caveat[] from calib.csv.  Every section that prints
 * a guest ratio prints it, so it is built before the first section.
 */
void build_caveat(void);

/* sec_depth.c: shape chain, limit none, one type: what every depth sweep selects. */
struct sel chain_sel(const char *type);
/*
 * sec_depth.c: least-squares slope of the ns/pair medians over the chain
 * depths, ns per level; the MODEL takes its per-level cost from it.
 */
double depth_slope(int v, const char *type, int threads, int *ndp_out);
/* The same over native.csv (SRC_NATIVE) or inkernel.csv (SRC_TCG). */
double src_depth_slope(enum src w, int v, const char *type, int threads,
		       int *ndp_out);

#endif
