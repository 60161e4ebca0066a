/* SPDX-License-Identifier: GPL-2.0 */
/*
 * points: a native run's rows gathered into points, one per variant,
 * shape, depth, threads, limit and type, each with the median of its
 * repetitions and the 95% interval of that median (ci.h).  Rows whose
 * workers overlapped less than OVERLAP_MIN are counted and left out.
 */
#ifndef BENCHREPORT_POINTS_H
#define BENCHREPORT_POINTS_H

#include "ci.h"
#include "data.h"

struct npoint {
	int v;
	char shape[NAMELEN], limit[NAMELEN], type[NAMELEN];
	int depth, threads, oversub;
	int rows;		/* its rows, the excluded ones too */
	int excluded;		/* rows with overlap < OVERLAP_MIN */
	double discards;	/* runs redone before its rows, summed */
	double min_overlap;	/* over the rows that entered; NAN if not recorded */
	struct ci ns;		/* ns per pair, per worker */
	struct ci tput;		/* pairs/s of all workers: threads * 1e9 / ns */
	double hw;		/* ci_halfwidth(ns) */
	int unstable;		/* ci_unstable(ns) */
	struct ci refused;	/* rejected / attempts, per repetition */
	struct ci spur_att;	/* spurious / attempts */
	struct ci spur_rej;	/* spurious / rejected, repetitions that refused */
	struct ci undet_rej;	/* undetermined / rejected, the same repetitions */
	double overshoot;	/* the largest max_overshoot; NAN if not measured */
	double stocked;		/* the largest stocked; NAN if not recorded */
};

struct points {
	struct npoint *p;
	int n;
};

/*
 * Gather rows[0..n) into ps (sorted: variant, type, limit, shape, depth,
 * threads).  Returns 0, or -1 when out of memory.
 */
int points_build(struct points *ps, const struct ik_row *rows, int n);
void points_free(struct points *ps);
/* The point of that key, or NULL; type NULL matches any type. */
const struct npoint *points_find(const struct points *ps, int v,
				 const char *shape, int depth, int threads,
				 const char *limit, const char *type);
/* Points at threads (-1: any) that are stable / all of them. */
void points_stability(const struct points *ps, int threads, int *stable,
		      int *total);
/* The rows left out and the runs redone, over all points of v (-1: any). */
void points_discards(const struct points *ps, int v, int *excluded,
		     double *discards, int *rows);
/* Distinct thread counts / depths of the points matching shape and limit (NULL: any). */
int points_threads(const struct points *ps, const char *shape,
		   const char *limit, int *out);
int points_depths(const struct points *ps, const char *shape,
		  const char *limit, int *out);

#endif
