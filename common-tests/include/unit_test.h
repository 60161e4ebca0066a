/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unit_test.h: the KTAP bookkeeping of the host unit tests (lib/parse.c's
 * tests/test_parse.c, bench/report's tests/test_stats.c and
 * tests/test_report.c), each a program of its own.  result() records one
 * point and emit() a diagnostic line under it; unit_test_done() prints the
 * plan first, then the points, then "N passed, N failed", and returns the
 * exit status: 1 if anything failed.
 */
#ifndef _UNIT_TEST_H
#define _UNIT_TEST_H

#include <stdio.h>

static int unit_passed, unit_failed, unit_number;

/* Results are kept until the end so that the plan can come first. */
static char unit_out[64 * 1024];
static size_t unit_len;

#define emit(...)							\
	(unit_len += (size_t)snprintf(unit_out + unit_len,		\
				      sizeof(unit_out) - unit_len, __VA_ARGS__))

static inline void result(int ok, const char *name)
{
	emit("%sok %d %s\n", ok ? "" : "not ", ++unit_number, name);
	if (ok)
		unit_passed++;
	else
		unit_failed++;
}

/* Print the KTAP document, @what as its header comment; the exit status. */
static inline int unit_test_done(const char *what)
{
	printf("KTAP version 1\n");
	printf("# %s\n", what);
	printf("1..%d\n", unit_number);
	fputs(unit_out, stdout);
	printf("%d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}

#endif /* _UNIT_TEST_H */
