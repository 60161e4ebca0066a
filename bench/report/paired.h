/* SPDX-License-Identifier: GPL-2.0 */
/*
 * paired: two designs compared repetition by repetition.  run-native.sh
 * runs every series of a point within seconds of each other, in each
 * repetition, so the two rows of one repetition ran where the machine was
 * the same for both: on a virtual machine the hypervisor moves the vCPUs,
 * and what a shared cache line costs moves with them (native.csv's
 * pingpong_ns).  The ratio of the two rows cancels that; the median of the
 * ratios over the repetitions has the interval of ci.h.
 */
#ifndef BENCHREPORT_PAIRED_H
#define BENCHREPORT_PAIRED_H

#include "ci.h"
#include "data.h"

/*
 * ns per pair of a over b's, per repetition that has a kept row of both at
 * (shape, depth, threads, limit, type): the median and its interval.
 */
struct ci paired_ratio(const struct ik_row *rows, int n, int a, int b,
		       const char *shape, int depth, int threads,
		       const char *limit, const char *type);
/* The ratio's interval excludes 1: "faster" (below) or "slower"; else NULL. */
const char *paired_verdict(struct ci r);

#endif
