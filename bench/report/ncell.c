// SPDX-License-Identifier: GPL-2.0
/*
 * ncell: native figures as REPORT.md prints them (ncell.h).
 */
#include <math.h>
#include <stdio.h>

#include "ncell.h"
#include "report.h"

char *unit_str(char *b, size_t l, double x, enum unit u)
{
	if (isnan(x))
		snprintf(b, l, "-");
	else if (u == U_SI)
		fmt_si(b, l, x);
	else if (u == U_PCT)
		snprintf(b, l, "%.3g%%", 100 * x);
	else
		snprintf(b, l, "%.1f", x);
	return b;
}

char *ci_str(char *b, size_t l, struct ci c, enum unit u)
{
	char m[32], lo[32], hi[32];

	if (!c.n) {
		snprintf(b, l, "-");
		return b;
	}
	snprintf(b, l, "%s [%s, %s]", unit_str(m, sizeof(m), c.med, u),
		 unit_str(lo, sizeof(lo), c.lo, u),
		 unit_str(hi, sizeof(hi), c.hi, u));
	return b;
}

char *ci_cell(char *b, size_t l, struct ci c, enum unit u)
{
	char t[128];

	if (!c.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s n=%d", ci_str(t, sizeof(t), c, u), c.n);
	return b;
}

char *pt_mark(char *b, size_t l, const struct npoint *p)
{
	if (!p || !p->ns.n || !p->unstable)
		snprintf(b, l, "%s", "");
	else if (!p->ns.ok)
		snprintf(b, l, " " UNSTABLE " n<6");
	else
		snprintf(b, l, " " UNSTABLE " ±%.1f%%", 100 * p->hw);
	return b;
}

static char *pt_cell(char *b, size_t l, const struct npoint *p, int tput)
{
	char c[160], m[48];

	if (p && !p->ns.n && p->excluded) {
		snprintf(b, l, "%d %s left out (overlap < %.2f)", p->excluded,
			 plural(p->excluded, "row", "rows"), OVERLAP_MIN);
		return b;
	}
	if (!p || !p->ns.n) {
		snprintf(b, l, "-");
		return b;
	}
	snprintf(b, l, "%s%s", ci_cell(c, sizeof(c), tput ? p->tput : p->ns,
				       tput ? U_SI : U_NS),
		 pt_mark(m, sizeof(m), p));
	return b;
}

char *pt_tput(char *b, size_t l, const struct npoint *p)
{
	return pt_cell(b, l, p, 1);
}

char *pt_ns(char *b, size_t l, const struct npoint *p)
{
	return pt_cell(b, l, p, 0);
}

void unstable_note(void)
{
	P("Each figure: median [95%% interval of the median] n=repetitions "
	  "(overlap >= %.2f). " UNSTABLE " marks an unstable point: its "
	  "interval's half-width is above %.0f%% of the median (printed), or n "
	  "is too small for a 95%% interval (below 6); an unstable point is "
	  "never used for a ranking, a pick or a headline.\n\n", OVERLAP_MIN,
	  100 * CI_STABLE_HW);
}

const struct npoint *npt(int v, const char *shape, int depth, int threads,
			 const char *limit)
{
	const struct npoint *p = points_find(&NP, v, shape, depth, threads,
					     limit, ntype);

	return p && p->rows ? p : NULL;
}

int differs(const struct npoint *a, const struct npoint *b)
{
	return a && b && !a->unstable && !b->unstable &&
	       !ci_overlap(a->ns, b->ns);
}

char *pt_name(char *b, size_t l, const struct npoint *p)
{
	snprintf(b, l, "%s d%d, %d %s, %s", p->shape, p->depth, p->threads,
		 plural(p->threads, "thread", "threads"), p->limit);
	return b;
}

char *vname(char *b, size_t l, int v)
{
	snprintf(b, l, "`%s`%s", V(v), vkind[v] == VK_ANCHOR ? " (anchor)" : "");
	return b;
}

void say_ranking(const struct npoint *const *p, int n)
{
	const struct npoint *s[MAXV];
	char b[96];
	int i, j, ns = 0, nu = 0;

	for (i = 0; i < n && ns < MAXV; i++) {
		if (!p[i] || !p[i]->ns.n)
			continue;
		if (p[i]->unstable) {
			nu++;
			continue;
		}
		for (j = ns; j > 0 && s[j - 1]->ns.med > p[i]->ns.med; j--)
			s[j] = s[j - 1];
		s[j] = p[i];
		ns++;
	}
	for (i = 0; i < ns; i++)
		P("%s%s", i ? (ci_overlap(s[i - 1]->ns, s[i]->ns) ? " ≈ " : " > ") :
		  "", vname(b, sizeof(b), s[i]->v));
	if (!ns)
		P("no stable point to rank");
	if (!nu)
		return;
	P("; not ranked (unstable): ");
	for (i = 0, j = 0; i < n; i++)
		if (p[i] && p[i]->ns.n && p[i]->unstable)
			P("%s%s", j++ ? ", " : "", vname(b, sizeof(b), p[i]->v));
}
