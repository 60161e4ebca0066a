/* SPDX-License-Identifier: GPL-2.0 */
/*
 * csv: a small reader for the benchmark CSV files.
 *
 * The first non-blank line is the header; every later non-blank line is a
 * row.  Fields are separated by commas, surrounding blanks are trimmed, a
 * field may be double-quoted ("" inside quotes is one quote).  A row whose
 * field count differs from the header's is skipped and counted in nbad.
 * Lines starting with '#' are comments.
 */
#ifndef BENCHREPORT_CSV_H
#define BENCHREPORT_CSV_H

#include <stddef.h>

struct csv {
	int exists;		/* the file could be opened */
	int ncols;
	char **header;
	int nrows;
	char ***rows;		/* rows[r][c] */
	int nbad;		/* rows skipped: wrong field count */
};

/* Parse text (NUL-terminated).  Returns 0, or -1 on allocation failure. */
int csv_parse(struct csv *c, const char *text);
/* Load a file: returns 0; a missing file gives exists = 0 and no rows. */
int csv_load(struct csv *c, const char *path);
void csv_free(struct csv *c);
/* Index of the named column, or -1. */
int csv_col(const struct csv *c, const char *name);
/*
 * Strict number: the whole field must be a finite decimal number
 * (integer or floating point).  Returns 0 and sets *out, else -1.
 */
int csv_num(const char *s, double *out);
/* Same, but the value must be an integer that fits an int. */
int csv_int(const char *s, int *out);

/* Read a whole file into a malloc'ed NUL-terminated buffer, or NULL. */
char *read_text_file(const char *path, size_t *len);

#endif
