/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table: REPORT.md cells and tables with one column per variant and one
 * per ratio pair, and the sentences that state those ratios.
 */
#ifndef BENCHREPORT_TABLE_H
#define BENCHREPORT_TABLE_H

#include <stddef.h>

#include "data.h"
#include "stats.h"

#define MAXR		128	/* table rows */

/* How a cell prints a summary: "med [min, max]" in some unit. */
typedef char *(*fmt_fn)(char *, size_t, struct summary);

char *c_ns(char *b, size_t l, struct summary s);	/* "%.1f" */
char *c_si(char *b, size_t l, struct summary s);	/* k/M/G */
char *c_pct(char *b, size_t l, struct summary s);	/* a rate as "%.3f%%" */
char *c_ins(char *b, size_t l, struct summary s);	/* "%.1f" */
/* "med [min, max] n=N", or "-" when not measured */
char *cell(char *b, size_t l, fmt_fn f, struct summary s);

struct trow {
	char key[160];		/* the key columns, already joined by " | " */
	struct summary s[MAXV];
};

/*
 * "| keyhdr | variant... | A/B † ...|" and n rows; keyhdr spans nkeys
 * columns.  ratios adds a column per pair (ratio of the medians).
 */
void table(const char *keyhdr, int nkeys, const struct trow *rows, int n,
	   fmt_fn f, int ratios);
void print_caveat(void);
/* "1, 2, 4" */
char *int_list(char *b, size_t l, const int *x, int n);
/* Is any pair's ratio computable? */
int any_ratio(const struct summary *s);
/* "A/B = 1.23 (ranges overlap)" for every pair, joined by "; ". */
void say_ratios(const struct summary *s, const char *prefix);
/* out[v] = metric m of selection s restricted to variant v, for every v */
void variant_summaries(struct sel s, enum metric m, struct summary *out);

#endif
