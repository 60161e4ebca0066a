/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats: summaries of repeated measurements, ratios, and number formats.
 * A missing value is NAN; every formatter prints it as "-".
 */
#ifndef BENCHREPORT_STATS_H
#define BENCHREPORT_STATS_H

#include <stddef.h>

struct summary {
	int n;			/* repetitions; 0 = not measured */
	double med, min, max;	/* NAN when n == 0 */
};

/* Median of n values (an even count gives the mean of the middle two). */
double stats_median(const double *v, int n);
struct summary stats_summarize(const double *v, int n);
/* a / b, or NAN when either is missing or b is 0. */
double stats_ratio(double a, double b);
/* |a - b| / mean(a, b), or NAN. */
double stats_reldiff(double a, double b);
/* Least-squares slope of y over x, or NAN with fewer than 2 distinct x. */
double stats_slope(const double *x, const double *y, int n);
/* Do the [min, max] ranges of two summaries overlap? */
int stats_overlap(struct summary a, struct summary b);

/* Throughput in pairs/s of all threads: threads * iters / (ns / 1e9). */
double pairs_per_sec(int threads, double iters, double elapsed_ns);
/* rejected / (threads * iters), or NAN. */
double rejection_rate(double rejected, int threads, double iters);

/*
 * Formatters write into buf and return it.  fmt_val uses printf format
 * fmt ("%.1f"); fmt_si uses 3 significant digits and k/M/G suffixes.
 */
char *fmt_val(char *buf, size_t len, const char *fmt, double v);
char *fmt_si(char *buf, size_t len, double v);
/* "x.xx" */
char *fmt_ratio(char *buf, size_t len, double r);
/* "med [min, max]" with fmt_val, or "-" */
char *fmt_summary(char *buf, size_t len, const char *fmt, struct summary s);
/* "med [min, max]" with fmt_si, or "-" */
char *fmt_summary_si(char *buf, size_t len, struct summary s);

#endif
