/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fit: the model of model.h for one design and shape: its parameters
 * from native-costs.csv, its operation counts from native-ops.csv, its
 * 1-worker time from native.csv, and its prediction and error at every
 * measured thread count.  A design is validated when at every measured
 * N > 1 the point is stable and the error is within FIT_MAXERR; only a
 * validated design is projected beyond the measured range.
 */
#ifndef BENCHREPORT_FIT_H
#define BENCHREPORT_FIT_H

#include "ci.h"
#include "data.h"
#include "model.h"
#include "points.h"

#define FIT_MAXERR	0.25

/* The machine's parameters, medians of native-costs.csv's repetitions. */
struct costs {
	struct ci c;			/* pingpong: one-way line transfer */
	struct ci a;			/* xadd_private: an uncontended atomic */
	int nshared;
	int shared_cpus[MAXK];		/* xadd_shared at that many CPUs */
	struct ci shared[MAXK];
};

/* Why a design is not validated. */
enum fit_fail {
	FIT_VALID,
	FIT_NO_INPUT,		/* no counts, no 1-worker time, no c, no N > 1 */
	FIT_UNSTABLE,		/* a measured N > 1 is unstable or missing */
	FIT_ERROR,		/* the error at a measured N > 1 is above FIT_MAXERR */
};

struct fit {
	int v;
	const char *shape;
	const struct ops_row *ops;	/* NULL: no operation counts */
	const struct npoint *p1;	/* the 1-worker point */
	struct model_in in;
	int n;				/* measured thread counts */
	int th[MAXK];
	const struct npoint *meas[MAXK];
	double pred[MAXK], err[MAXK];	/* pairs/s, (pred - meas) / meas */
	enum model_bound bound[MAXK];
	int validated;
	enum fit_fail fail;		/* why not, as a kind */
	char why[192];			/* why not, or "" */
	double c_fit;			/* the c that fits the largest N; NAN */
};

/* Medians and intervals of native-costs.csv. */
void fit_costs(const struct data *d, struct costs *k);
/* The operation counts of variant name (or its branch base) at shape, depth 1, limit none. */
const struct ops_row *fit_ops(const struct data *d, const char *name,
			      const char *base, const char *shape,
			      const char *type);
/* Fit variant v at shape (limit none, depth 1) against the native points. */
void fit_design(struct fit *f, int v, const char *shape,
		const struct costs *k);

#endif
