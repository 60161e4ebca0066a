/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap.h: one reader of a KTAP result line for the host-side reports
 * (report, semantics, robustness), so that they count the same points.
 *
 *   "  not ok 3 name # TODO F1 why"
 *
 * Leading blanks (subtests) are allowed; the name runs to " # " or to the
 * end of the line.
 */
#ifndef ASID_REPORT_KTAP_H
#define ASID_REPORT_KTAP_H

#include <string.h>
#include <strings.h>

struct ktap_result {
	const char *name;	/* not terminated: use name_len */
	size_t name_len;
	int ok;			/* "ok", not "not ok" */
	const char *directive;	/* after " # ", or "" */
};

/* Fill @r from @line; 0 if @line is no result line. */
static inline int ktap_result(const char *line, struct ktap_result *r)
{
	const char *p = line + strspn(line, " "), *d;

	r->ok = !strncmp(p, "ok ", 3);
	if (!r->ok && strncmp(p, "not ok ", 7))
		return 0;
	p += r->ok ? 3 : 7;
	p += strspn(p, "0123456789");
	p += strspn(p, " ");
	d = strstr(p, " # ");
	r->name = p;
	r->name_len = d ? (size_t)(d - p) : strcspn(p, "\r\n");
	r->directive = d ? d + 3 : "";
	return 1;
}

static inline int ktap_is_todo(const struct ktap_result *r)
{
	return !strncasecmp(r->directive, "TODO", 4);
}

static inline int ktap_is_skip(const struct ktap_result *r)
{
	return !strncasecmp(r->directive, "SKIP", 4);
}

#endif
