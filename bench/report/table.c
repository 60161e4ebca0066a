// SPDX-License-Identifier: GPL-2.0
/*
 * table: per-variant cells and tables of REPORT.md, and the ratio
 * sentences of the readings.
 */
#include <math.h>
#include <stdio.h>

#include "report.h"
#include "table.h"

char *c_ns(char *b, size_t l, struct summary s)
{
	return fmt_summary(b, l, "%.1f", s);
}

char *c_si(char *b, size_t l, struct summary s)
{
	return fmt_summary_si(b, l, s);
}

char *c_pct(char *b, size_t l, struct summary s)
{
	s.med *= 100.0;
	s.min *= 100.0;
	s.max *= 100.0;
	return fmt_summary(b, l, "%.3f%%", s);
}

char *c_ins(char *b, size_t l, struct summary s)
{
	return fmt_summary(b, l, "%.1f", s);
}

char *cell(char *b, size_t l, fmt_fn f, struct summary s)
{
	char t[160];

	if (!s.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s n=%d", f(t, sizeof(t), s), s.n);
	return b;
}

void table(const char *keyhdr, int nkeys, const struct trow *rows, int n,
	   fmt_fn f, int ratios)
{
	char b[256];
	int i, v, k;

	P("| %s |", keyhdr);
	for (v = 0; v < D.nv; v++)
		P(" %s |", V(v));
	if (ratios)
		for (k = 0; k < npairs; k++)
			P(" %s/%s † |", V(pair_a[k]), V(pair_b[k]));
	P("\n|");
	for (i = 0; i < nkeys + D.nv + (ratios ? npairs : 0); i++)
		P("---|");
	P("\n");
	for (i = 0; i < n; i++) {
		P("| %s |", rows[i].key);
		for (v = 0; v < D.nv; v++)
			P(" %s |", cell(b, sizeof(b), f, rows[i].s[v]));
		if (ratios)
			for (k = 0; k < npairs; k++)
				P(" %s |", fmt_ratio(b, sizeof(b),
					stats_ratio(rows[i].s[pair_a[k]].med,
						    rows[i].s[pair_b[k]].med)));
		P("\n");
	}
	P("\n");
}

void print_caveat(void)
{
	P("> † Calibration caveat (guest ratio): %s\n\n", caveat);
}

/* "1, 2, 4" */
char *int_list(char *b, size_t l, const int *x, int n)
{
	size_t o = 0;
	int i;

	b[0] = '\0';
	for (i = 0; i < n && o < l; i++)
		o += (size_t)snprintf(b + o, l - o, "%s%d", i ? ", " : "", x[i]);
	return b;
}

/* Is any pair's ratio computable? */
int any_ratio(const struct summary *s)
{
	int k;

	for (k = 0; k < npairs; k++)
		if (!isnan(stats_ratio(s[pair_a[k]].med, s[pair_b[k]].med)))
			return 1;
	return 0;
}

/* "A/B = 1.23 (ranges overlap)" for every pair, joined by "; ". */
void say_ratios(const struct summary *s, const char *prefix)
{
	char b[32];
	int k, first = 1;

	for (k = 0; k < npairs; k++) {
		struct summary a = s[pair_a[k]], c = s[pair_b[k]];
		double r = stats_ratio(a.med, c.med);

		if (isnan(r))
			continue;
		P("%s%s/%s = %s †%s", first ? prefix : "; ", V(pair_a[k]),
		  V(pair_b[k]), fmt_ratio(b, sizeof(b), r),
		  a.n > 1 || c.n > 1 ?
		  (stats_overlap(a, c) ? " ([min, max] ranges overlap)" :
		   " (ranges do not overlap)") : " (single repetition)");
		first = 0;
	}
}

/* out[v] = metric m of selection s restricted to variant v, for every v */
void variant_summaries(struct sel s, enum metric m, struct summary *out)
{
	for (s.v = 0; s.v < D.nv; s.v++)
		out[s.v] = ik_summary(&D, s, m);
}
