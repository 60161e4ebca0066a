/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ncell: how REPORT.md prints a native figure: the median, its 95%
 * interval in brackets, n, and a mark when the point is unstable; and the
 * lookups the native sections share.
 */
#ifndef BENCHREPORT_NCELL_H
#define BENCHREPORT_NCELL_H

#include <stddef.h>

#include "ci.h"
#include "points.h"

enum unit {
	U_NS,		/* "13.4" */
	U_SI,		/* "25.3M" */
	U_PCT,		/* a fraction as "45.4%" */
};

/* The mark of an unstable point, explained once per section by unstable_note(). */
#define UNSTABLE	"⚠"

/* "25.3M [24.6M, 25.5M]", or "-" when not measured */
char *ci_str(char *b, size_t l, struct ci c, enum unit u);
/* ci_str() and " n=15" */
char *ci_cell(char *b, size_t l, struct ci c, enum unit u);
/* One value in a unit. */
char *unit_str(char *b, size_t l, double x, enum unit u);
/*
 * A point's pairs/s (tput) or ns/pair: ci_cell() and, when it is
 * unstable, " ⚠ ±7.1%" (or " ⚠ n<6" without a 95% interval); "-" if p is
 * NULL or not measured.
 */
char *pt_tput(char *b, size_t l, const struct npoint *p);
char *pt_ns(char *b, size_t l, const struct npoint *p);
/* " ⚠ ±7.1%", " ⚠ n<6" or "" */
char *pt_mark(char *b, size_t l, const struct npoint *p);
/* The sentence that explains the mark. */
void unstable_note(void);

/* Variant v's native point of type ntype; NULL if not measured. */
const struct npoint *npt(int v, const char *shape, int depth, int threads,
			 const char *limit);
/* Does a differ from b: both stable and their intervals apart? */
int differs(const struct npoint *a, const struct npoint *b);
/* "leaf d1, 2 threads, none" */
char *pt_name(char *b, size_t l, const struct npoint *p);
/* "`misc`", "`page_counter-6.1` (anchor)" */
char *vname(char *b, size_t l, int v);



/*
 * "`a` > `b` ≈ `c`" over the stable points of p[0..n), fastest first: ">"
 * where the two neighbours' intervals are apart, "≈" where they overlap;
 * then the unstable ones, not ranked.
 */
void say_ranking(const struct npoint *const *p, int n);
#endif
