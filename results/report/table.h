/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table.h: one writer of a Markdown table's header for the host-side
 * reports (report, findings, kselftest, semantics, robustness), so that
 * their tables have the same shape: a first column naming the row, one
 * column per build or field, an optional last column.
 *
 *   | point | misc | misc-6.12 |
 *   |---|---|---|
 *
 * Rows are the tools' own: "| <first> |" then " <cell> |" per column.
 */
#ifndef ASID_REPORT_TABLE_H
#define ASID_REPORT_TABLE_H

#include <stdio.h>

/*
 * table_head() - Print the header row and the rule below it: @first, the
 * @n names of @cols, then @last unless it is NULL.
 */
static inline void table_head(const char *first, const char *const *cols,
			      int n, const char *last)
{
	int i;

	printf("| %s |", first);
	for (i = 0; i < n; i++)
		printf(" %s |", cols[i]);
	if (last)
		printf(" %s |", last);
	printf("\n|---|");
	for (i = 0; i < n + !!last; i++)
		printf("---|");
	printf("\n");
}

#endif /* ASID_REPORT_TABLE_H */
