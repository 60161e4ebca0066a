/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ci: the median of repeated measurements with its 95% confidence
 * interval, the order-statistic interval of the median.
 *
 * For n values sorted x(1) <= ... <= x(n), [x(k), x(n+1-k)] holds the true
 * median with probability 1 - 2 P(B <= k - 1), B ~ binomial(n, 1/2),
 * whatever the distribution.  k is the largest for which that is at least
 * 95%: n = 15 gives [x(4), x(12)], 96.5%.  Below n = 6 even [min, max]
 * covers less than 95% (n = 5: 93.75%); such an interval is returned with
 * its coverage and ok = 0, and the point is unstable.
 */
#ifndef BENCHREPORT_CI_H
#define BENCHREPORT_CI_H

/* The 95% level, and the half-width above which a point is unstable. */
#define CI_LEVEL	0.95
#define CI_STABLE_HW	0.05

struct ci {
	int n;			/* values; 0 = not measured */
	double med;		/* median (an even n: mean of the middle two) */
	double lo, hi;		/* the interval; NAN when n == 0 */
	int klo, khi;		/* its order statistics, 1-based */
	double coverage;	/* its exact coverage, 0..1 */
	int ok;			/* coverage >= CI_LEVEL */
};

/* P(B <= j) for B ~ binomial(n, 1/2). */
double ci_binom_cdf(int n, int j);
/*
 * The lower order statistic k of the interval for n values and its
 * coverage; returns 1 if it reaches CI_LEVEL, else 0 (k = 1: [min, max]).
 */
int ci_rank(int n, int *k, double *coverage);
/* The median of v[0..n) and its interval; v is not changed. */
struct ci ci_median(const double *v, int n);
/* max(med - lo, hi - med) / med; NAN if not measured or med is 0. */
double ci_halfwidth(struct ci c);
/* Not measured, no 95% interval, or a half-width above 5%. */
int ci_unstable(struct ci c);
/* Do the intervals of a and b overlap?  0 if either is not measured. */
int ci_overlap(struct ci a, struct ci b);
/* lo <= x <= hi */
int ci_inside(double x, struct ci c);

#endif
