// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double *sorted_copy(const double *v, int n)
{
	double *s = malloc(sizeof(*s) * (size_t)(n ? n : 1));

	if (!s)
		return NULL;
	memcpy(s, v, sizeof(*s) * (size_t)n);
	qsort(s, (size_t)n, sizeof(*s), cmp_double);
	return s;
}

double stats_median(const double *v, int n)
{
	double *s, m;

	if (n <= 0)
		return NAN;
	s = sorted_copy(v, n);
	if (!s)
		return NAN;
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
	free(s);
	return m;
}

struct summary stats_summarize(const double *v, int n)
{
	struct summary s = { 0, NAN, NAN, NAN };
	int i;

	if (n <= 0)
		return s;
	s.n = n;
	s.med = stats_median(v, n);
	s.min = s.max = v[0];
	for (i = 1; i < n; i++) {
		if (v[i] < s.min)
			s.min = v[i];
		if (v[i] > s.max)
			s.max = v[i];
	}
	return s;
}

double stats_ratio(double a, double b)
{
	if (isnan(a) || isnan(b) || b == 0.0)
		return NAN;
	return a / b;
}

double stats_reldiff(double a, double b)
{
	double mean = (a + b) / 2.0;

	if (isnan(a) || isnan(b))
		return NAN;
	if (mean == 0.0)
		return a == b ? 0.0 : NAN;
	return fabs(a - b) / fabs(mean);
}

double stats_slope(const double *x, const double *y, int n)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0;
	int i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++) {
		mx += x[i];
		my += y[i];
	}
	mx /= n;
	my /= n;
	for (i = 0; i < n; i++) {
		sxx += (x[i] - mx) * (x[i] - mx);
		sxy += (x[i] - mx) * (y[i] - my);
	}
	if (sxx == 0.0)
		return NAN;
	return sxy / sxx;
}

int stats_overlap(struct summary a, struct summary b)
{
	if (!a.n || !b.n)
		return 0;
	return a.min <= b.max && b.min <= a.max;
}

double pairs_per_sec(int threads, double iters, double elapsed_ns)
{
	if (threads <= 0 || iters < 0 || !(elapsed_ns > 0))
		return NAN;
	return threads * iters / (elapsed_ns / 1e9);
}

double rejection_rate(double rejected, int threads, double iters)
{
	if (threads <= 0 || !(iters > 0) || isnan(rejected))
		return NAN;
	return rejected / (threads * iters);
}

char *fmt_val(char *buf, size_t len, const char *fmt, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, fmt, v);
	return buf;
}

char *fmt_si(char *buf, size_t len, double v)
{
	static const char *const suffix[] = { "", "k", "M", "G", "T" };
	double a = fabs(v);
	int i = 0;

	if (isnan(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	while (a >= 999.5 && i < 4) {
		a /= 1000.0;
		v /= 1000.0;
		i++;
	}
	snprintf(buf, len, "%.3g%s", v, suffix[i]);
	return buf;
}

char *fmt_ratio(char *buf, size_t len, double r)
{
	return fmt_val(buf, len, "%.2f", r);
}

char *fmt_summary(char *buf, size_t len, const char *fmt, struct summary s)
{
	char a[48], b[48], c[48];

	if (!s.n) {
		snprintf(buf, len, "-");
		return buf;
	}
	snprintf(buf, len, "%s [%s, %s]", fmt_val(a, sizeof(a), fmt, s.med),
		 fmt_val(b, sizeof(b), fmt, s.min),
		 fmt_val(c, sizeof(c), fmt, s.max));
	return buf;
}

char *fmt_summary_si(char *buf, size_t len, struct summary s)
{
	char a[48], b[48], c[48];

	if (!s.n) {
		snprintf(buf, len, "-");
		return buf;
	}
	snprintf(buf, len, "%s [%s, %s]", fmt_si(a, sizeof(a), s.med),
		 fmt_si(b, sizeof(b), s.min), fmt_si(c, sizeof(c), s.max));
	return buf;
}
