// SPDX-License-Identifier: GPL-2.0
/*
 * ci: the order-statistic confidence interval of the median (ci.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci.h"

double ci_binom_cdf(int n, int j)
{
	double sum = 0;
	int i;

	if (j < 0)
		return 0;
	if (j >= n)
		return 1;
	/* lgamma keeps 2^-n from underflowing for large n */
	for (i = 0; i <= j; i++)
		sum += exp(lgamma(n + 1.0) - lgamma(i + 1.0) -
			   lgamma(n - i + 1.0) - n * log(2.0));
	return sum > 1 ? 1 : sum;
}

int ci_rank(int n, int *k, double *coverage)
{
	int best = 0;

	*k = 1;
	*coverage = n > 0 ? 1 - 2 * ci_binom_cdf(n, 0) : 0;
	for (int j = 1; 2 * j <= n + 1; j++) {
		double c = 1 - 2 * ci_binom_cdf(n, j - 1);

		/* 1e-12: n = 6's 1 - 2/64 is exactly representable, others too */
		if (c < CI_LEVEL - 1e-12)
			break;
		*k = j;
		*coverage = c;
		best = 1;
	}
	return best;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

struct ci ci_median(const double *v, int n)
{
	struct ci c = { 0, NAN, NAN, NAN, 0, 0, 0, 0 };
	double *s;

	if (n <= 0)
		return c;
	s = malloc(sizeof(*s) * (size_t)n);
	if (!s)
		return c;
	memcpy(s, v, sizeof(*s) * (size_t)n);
	qsort(s, (size_t)n, sizeof(*s), cmp_double);
	c.n = n;
	c.med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
	c.ok = ci_rank(n, &c.klo, &c.coverage);
	c.khi = n + 1 - c.klo;
	c.lo = s[c.klo - 1];
	c.hi = s[c.khi - 1];
	free(s);
	return c;
}

double ci_halfwidth(struct ci c)
{
	double a, b;

	if (!c.n || !(c.med != 0))
		return NAN;
	a = c.med - c.lo;
	b = c.hi - c.med;
	return fabs((a > b ? a : b) / c.med);
}

int ci_unstable(struct ci c)
{
	double hw = ci_halfwidth(c);

	return !c.n || !c.ok || isnan(hw) || hw > CI_STABLE_HW;
}

int ci_overlap(struct ci a, struct ci b)
{
	if (!a.n || !b.n)
		return 0;
	return a.lo <= b.hi && b.lo <= a.hi;
}

int ci_inside(double x, struct ci c)
{
	return c.n && x >= c.lo && x <= c.hi;
}
