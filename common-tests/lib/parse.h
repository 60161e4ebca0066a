/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pure parsing of cgroup interface file contents and of the suite's own
 * input.  Nothing here does I/O, so tests/test_parse.c runs it on the host.
 */
#ifndef _LIB_PARSE_H
#define _LIB_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PARSE_KEY_LEN	64

/*
 * parse_u64() - Read a decimal count as the kernel prints it ("%lu\n").
 * Leading and trailing whitespace is allowed, nothing else.
 * Return: 0, -EINVAL if not a number, -ERANGE if it does not fit.
 */
int parse_u64(const char *s, uint64_t *v);

/*
 * parse_limit() - Read a limit value: "max" or a decimal count.
 * On "max", *is_max is set and *v is UINT64_MAX.
 * Return: 0, -EINVAL or -ERANGE.
 */
int parse_limit(const char *s, uint64_t *v, bool *is_max);

/*
 * parse_keyed() - Find @key in a flat-keyed text ("key value\n" lines)
 * and copy its value, whitespace trimmed, into @val.
 * Return: 0, -ENOENT if no line has @key, -EINVAL if that line has no
 * value, -E2BIG if the value does not fit @len.
 */
int parse_keyed(const char *text, const char *key, char *val, size_t len);

/* parse_keyed_u64() - parse_keyed() followed by parse_u64(). */
int parse_keyed_u64(const char *text, const char *key, uint64_t *v);

/* parse_keyed_limit() - parse_keyed() followed by parse_limit(). */
int parse_keyed_limit(const char *text, const char *key, uint64_t *v,
		      bool *is_max);

/*
 * parse_keys() - List the keys of a flat-keyed text, in order.
 * Return: number of keys, or -E2BIG if there are more than @max.
 */
int parse_keys(const char *text, char keys[][PARSE_KEY_LEN], int max);

/*
 * parse_known_line() - Read one line of a --known file:
 * "<finding-id> <point-name> <signature>", '#' starts a comment.  The
 * signature is the rest of the line: an ERE that the point's observed
 * line must match for its failure to be that defect.
 * Return: 1 for an entry, 0 for a blank or comment line, -EINVAL if
 * malformed (no point or no signature), -E2BIG if a field is too long.
 */
int parse_known_line(const char *line, char *id, size_t idlen,
		     char *point, size_t pointlen, char *sig, size_t siglen);

/*
 * parse_branch_line() - Read one line of a branch description
 * (variants/<branch>/branch): "<key> <value>", one word each; a line
 * that starts with '#' is a comment.
 * Return: 1 for an entry, 0 for a blank or comment line, -EINVAL if the
 * line has no value or more than one, -E2BIG if a word does not fit
 * PARSE_KEY_LEN.
 */
int parse_branch_line(const char *line, char *key, char *value);

/*
 * parse_split_leaves() - A known defect that leaves a residue at the root
 * says so before its signature: "leaves=sev:1[,<res>:<n>...] <ERE>".
 * Moves that word from @sig into @leaves (empty if there is none).
 * Return: 0, or -EINVAL if it does not fit or no ERE follows.
 */
int parse_split_leaves(char *sig, char *leaves, size_t len);

/* The residue of @res that @leaves ("sev:1,sev_es:2") documents, else 0. */
int64_t parse_leaves_of(const char *leaves, const char *res);

/*
 * parse_sanitize() - Make @s fit on one diagnostic line of a table:
 * '|' becomes '/', every control character a space, trailing spaces go.
 */
void parse_sanitize(char *s);

/*
 * parse_fmt_count() - Print a counter as text; a value with the top bit
 * set is printed as the negative number it came from ("-1"), since that
 * is what an underflowed kernel counter means.
 */
const char *parse_fmt_count(uint64_t v, char *buf, size_t len);

#endif /* _LIB_PARSE_H */
