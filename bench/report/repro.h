/* SPDX-License-Identifier: GPL-2.0 */
/*
 * repro: does a native run reproduce the one before it?  Two checks, both
 * on ns per pair at every point the two runs share:
 *
 *   - the share of this run's medians inside the previous run's 95%
 *     interval (points whose previous interval reaches 95%);
 *   - the rankings of the previous run that flip: two variants at one
 *     point, both stable there and with intervals that do not overlap,
 *     whose medians this run orders the other way.
 */
#ifndef BENCHREPORT_REPRO_H
#define BENCHREPORT_REPRO_H

#include "points.h"

struct share {
	int inside;		/* medians inside the previous interval */
	int compared;		/* points with a previous 95% interval */
	int uncompared;		/* points of this run without one */
};

/* Over the points of cur at threads (-1: any). */
struct share repro_share(const struct points *cur, const struct points *prev,
			 int threads);

struct flip {
	const struct npoint *pa, *pb;	/* previous run: a faster than b */
	const struct npoint *ca, *cb;	/* this run: b faster than a */
	int firm;			/* this run's intervals do not overlap either */
};

/*
 * The flips, at most max of them into out; returns how many there are.
 * *ranked is the number of previous rankings this run measured.
 */
int repro_flips(const struct points *cur, const struct points *prev,
		struct flip *out, int max, int *ranked);

#endif
