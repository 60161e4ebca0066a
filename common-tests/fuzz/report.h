/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counting and reporting: a tally per input class, the first failures of
 * each kept for the KTAP diagnostics, the summary lines and the points.
 */
#ifndef _FUZZ_REPORT_H
#define _FUZZ_REPORT_H

#include <stdbool.h>

#include "input.h"

#define TALLY_MSGS	3
#define TALLY_MSG_LEN	960

struct tally {
	unsigned long tried, accepted, rejected, failed;
	int nmsg;
	char msg[TALLY_MSGS][TALLY_MSG_LEN];
};

struct report {
	const char *hier;
	unsigned long long seed;
	unsigned long writes;
	int files, cgroups;
	struct tally cls[FC_NR];
	struct tally final;	/* restore, cleanup and splats */
};

/* Keep a failure message if the tally has room for it. */
void tally_note(struct tally *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The "# fuzz-summary" and "# fuzz-class" lines. */
void report_summary(const struct report *rp);

/* One KTAP point per class, then the final one.  Return: failures. */
int report_points(const struct report *rp);

/* Number of points report_points() prints. */
int report_planned(void);

#endif /* _FUZZ_REPORT_H */
