/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP v1 output: a header, the plan, one result line per test point,
 * "# " diagnostics and a closing summary.  Known defects get the TODO
 * directive, which kselftest.h does not offer.
 */
#ifndef _LIB_KTAP_H
#define _LIB_KTAP_H

void ktap_start(int planned);

/* A "# " line; the text is sanitized to one line. */
void ktap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "# observed <point>: <text>", exactly one per point, before its result. */
void ktap_observed(const char *point, const char *text);

void ktap_pass(const char *point);
void ktap_fail(const char *point);
void ktap_skip(const char *point, const char *why);
void ktap_todo(const char *point, const char *finding);

/* "# <n> pass, <n> fail, <n> todo, <n> skip" */
void ktap_summary(void);
int ktap_failures(void);

#endif /* _LIB_KTAP_H */
