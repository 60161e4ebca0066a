/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A branch's description, variants/<branch>/branch, as the guest programs
 * read it (/etc/branch in the initramfs): one "<key> <value>" a line.  Of
 * its keys (variants/README.md) the guest reads two:
 *   charging   "exact": no level ever stores a usage above its max; absent
 *              where the branch charges as its design does
 *   documents  an optional interface file, or a behaviour, the design
 *              documents (common-tests/suite/cases_documented.c); one a line
 */
#ifndef _LIB_BRANCH_H
#define _LIB_BRANCH_H

#include <stdbool.h>

/*
 * branch_for_each() - Call @fn with each value of @key in the branch file
 * @path, in the file's order, until @fn returns non-zero.
 * Return: 0; what @fn returned; -errno if @path cannot be read; -EINVAL
 * or -E2BIG for a malformed line, whose number *@bad_line then holds.
 */
int branch_for_each(const char *path, const char *key,
		    int (*fn)(const char *value, void *arg), void *arg,
		    int *bad_line);

/* Whether @path has the line "@key @value"; false if it cannot be read. */
bool branch_has(const char *path, const char *key, const char *value);

/*
 * branch_charging() - The charge the branch documents.
 * Return: 0 with *@exact set; -errno from branch_for_each(); -EINVAL for
 * any value but "exact", or for two charging lines, and for a malformed
 * line: @word (PARSE_KEY_LEN bytes) then holds the value or "line N
 * malformed".
 */
int branch_charging(const char *path, bool *exact, char *word);

#endif /* _LIB_BRANCH_H */
