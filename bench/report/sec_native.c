// SPDX-License-Identifier: GPL-2.0
/*
 * Section "TCG context: native and TCG side by side", from native.csv and
 * inkernel.csv: the same matrix measured twice, once by each branch's
 * controller compiled for the host (the report's figures) and once by the
 * guest kernels under QEMU TCG (context).  TCG emulates every instruction,
 * so it stretches plain code and compresses what LOCKed operations and
 * line transfers cost: this section prints by how much, per design (TCG
 * ns / native ns) and for the ratios between designs (the distortion
 * factor, TCG ratio / native ratio).  A few points are enough to see where
 * they part: leaf, chain depth 8 and siblings at 1 and 2 threads, limit
 * none and tight.
 */
#include <math.h>
#include <stdio.h>

#include "ncell.h"
#include "report.h"
#include "sections.h"
#include "table.h"

/* The points compared; the other depths and thread counts are left out. */
static const struct npoint_key {
	const char *shape;
	int depth;
} npoints[] = {
	{ "leaf", 1 }, { "chain", 8 }, { "siblings", 1 },
};
#define NNPOINTS ((int)(sizeof(npoints) / sizeof(npoints[0])))
static const int nthreads[] = { 1, 2 };
static const char *const nlimits[] = { "none", "tight" };

/* Ratios whose medians differ by more than this factor are marked. */
#define NATIVE_DISAGREE	1.25

/* One compared point: a shape at a depth, threads and limit. */
struct cmp_point {
	struct sel s;
	const struct npoint *nat[MAXV];	/* native, type ntype */
	struct summary tcg[MAXV];	/* TCG, type ptype, not oversubscribed */
	int both;			/* variants measured in both runs */
};

/* TCG's ns/pair of variant v at a point (type ptype, not oversubscribed). */
static struct summary tcg_ns(int v, const char *shape, int depth, int threads,
			     const char *limit)
{
	struct sel s = sel_any();

	s.v = v;
	s.shape = shape;
	s.depth = depth;
	s.threads = threads;
	s.limit = limit;
	s.type = ptype;
	s.oversub = 0;
	return src_summary(&D, SRC_TCG, s, M_NS);
}

double tcg_factor(int v, const char *shape, int depth, int threads,
		  const char *limit)
{
	const struct npoint *p = npt(v, shape, depth, threads, limit);

	if (!p || !p->ns.n)
		return NAN;
	return stats_ratio(tcg_ns(v, shape, depth, threads, limit).med,
			   p->ns.med);
}

static int nat_ok(const struct cmp_point *p, int v)
{
	return p->nat[v] && p->nat[v]->ns.n;
}

static void point_fill(struct cmp_point *p, int k, int threads,
		       const char *limit)
{
	int v;

	p->s = sel_any();
	p->s.shape = npoints[k].shape;
	p->s.depth = npoints[k].depth;
	p->s.threads = threads;
	p->s.limit = limit;
	p->both = 0;
	for (v = 0; v < D.nv; v++) {
		p->nat[v] = npt(v, p->s.shape, p->s.depth, threads, limit);
		p->tcg[v] = tcg_ns(v, p->s.shape, p->s.depth, threads, limit);
		p->both += nat_ok(p, v) && p->tcg[v].n;
	}
}

/* "leaf d1, 2 threads" */
static char *point_name(char *b, size_t l, const struct cmp_point *p)
{
	snprintf(b, l, "%s d%d, %d %s", p->s.shape, p->s.depth, p->s.threads,
		 plural(p->s.threads, "thread", "threads"));
	return b;
}

/* Every point of the section, in table order; returns how many. */
static int points(struct cmp_point *p)
{
	unsigned int l, t;
	int k, n = 0;

	for (l = 0; l < 2; l++)
		for (k = 0; k < NNPOINTS; k++)
			for (t = 0; t < 2; t++)
				point_fill(&p[n++], k, nthreads[t], nlimits[l]);
	return n;
}

/* Per point and variant: native and TCG ns/pair, and how much slower TCG is. */
static void values_table(const struct cmp_point *p, int np)
{
	char b1[160], b2[160], b3[32], key[96];
	int i, v;

	P("ns per charge+uncharge pair (per worker). Native: median [95%% "
	  "interval] n; TCG: median [min, max] n (too few repetitions for an "
	  "interval); a variant is listed at a point only when both runs "
	  "measured it. The last column is the factor by which TCG distorts "
	  "the design's time there:\n\n");
	P("| limit | point | variant | native ns/pair | TCG ns/pair | TCG / native |\n"
	  "|---|---|---|---|---|---|\n");
	for (i = 0; i < np; i++)
		for (v = 0; v < D.nv; v++) {
			if (!nat_ok(&p[i], v) || !p[i].tcg[v].n)
				continue;
			P("| %s | %s | %s | %s | %s | x%s |\n", p[i].s.limit,
			  point_name(key, sizeof(key), &p[i]), V(v),
			  pt_ns(b1, sizeof(b1), p[i].nat[v]),
			  cell(b2, sizeof(b2), c_ns, p[i].tcg[v]),
			  fmt_ratio(b3, sizeof(b3),
				    stats_ratio(p[i].tcg[v].med,
						p[i].nat[v]->ns.med)));
		}
	P("\n");
}

enum verdict { AGREE, OPPOSITE, APART, UNCOMPARED };

/*
 * Do the two runs agree on a/b?  OPPOSITE: the native intervals are apart
 * and the TCG ranges are apart the other way, i.e. they disagree on which
 * variant is faster.  APART: the medians' ratios differ by more than
 * NATIVE_DISAGREE.
 */
static enum verdict judge(const struct cmp_point *p, int a, int b,
			  double *rn, double *rt)
{
	const struct npoint *x = p->nat[a], *y = p->nat[b];
	double q;

	if (!nat_ok(p, a) || !nat_ok(p, b))
		return UNCOMPARED;
	*rn = stats_ratio(x->ns.med, y->ns.med);
	*rt = stats_ratio(p->tcg[a].med, p->tcg[b].med);
	if (isnan(*rn) || isnan(*rt) || *rn <= 0 || *rt <= 0)
		return UNCOMPARED;
	if ((x->ns.hi < y->ns.lo && p->tcg[a].min > p->tcg[b].max) ||
	    (x->ns.lo > y->ns.hi && p->tcg[a].max < p->tcg[b].min))
		return OPPOSITE;
	q = *rn > *rt ? *rn / *rt : *rt / *rn;
	return q > NATIVE_DISAGREE ? APART : AGREE;
}

static const char *mark(enum verdict x)
{
	return x == OPPOSITE ? " ‡" : x == APART ? " ≠" : "";
}

/* Has pair k a compared ratio at any of the points? */
static int pair_compared(const struct cmp_point *p, int np, int k)
{
	double rn, rt;
	int i;

	for (i = 0; i < np; i++)
		if (judge(&p[i], pair_a[k], pair_b[k], &rn, &rt) != UNCOMPARED)
			return 1;
	return 0;
}

/* One limit's ratio table: a row per pair, a column per point. */
static void ratio_table(const struct cmp_point *p, int np, const char *limit)
{
	char key[96], b1[32], b2[32], b3[32];
	int i, k, rows = 0;

	P("Limit %s: A/B of the ns/pair medians, native / TCG † (distortion "
	  "factor TCG ratio / native ratio):\n\n| A/B |", limit);
	for (i = 0; i < np; i++)
		if (p[i].s.limit == limit)
			P(" %s |", point_name(key, sizeof(key), &p[i]));
	P("\n|---|");
	for (i = 0; i < np; i++)
		if (p[i].s.limit == limit)
			P("---|");
	P("\n");
	for (k = 0; k < npairs; k++) {
		if (!pair_compared(p, np, k))
			continue;
		P("| %s/%s |", V(pair_a[k]), V(pair_b[k]));
		for (i = 0; i < np; i++) {
			enum verdict x;
			double rn, rt;

			if (p[i].s.limit != limit)
				continue;
			x = judge(&p[i], pair_a[k], pair_b[k], &rn, &rt);
			if (x == UNCOMPARED)
				P(" - |");
			else
				P(" %s / %s (x%s)%s |", fmt_ratio(b1, sizeof(b1), rn),
				  fmt_ratio(b2, sizeof(b2), rt),
				  fmt_ratio(b3, sizeof(b3), rt / rn), mark(x));
		}
		P("\n");
		rows++;
	}
	if (!rows)
		P("| (no pair of variants was measured in both runs) |\n");
	P("\n");
}

/* How many ratios were compared and how many disagree; the opposite ones by name. */
static void native_reading(const struct cmp_point *p, int np)
{
	int i, k, ncmp = 0, nopp = 0, napart = 0, listed = 0;
	char key[96], b1[32], b2[32];

	for (i = 0; i < np; i++)
		for (k = 0; k < npairs; k++) {
			double rn, rt;
			enum verdict x = judge(&p[i], pair_a[k], pair_b[k], &rn, &rt);

			ncmp += x != UNCOMPARED;
			nopp += x == OPPOSITE;
			napart += x == APART;
		}
	P("**Reading:** %d %s compared; in %d TCG orders the two variants the "
	  "other way from native, both runs' ranges apart (‡), and in %d more "
	  "the medians' ratios differ by more than %.0f%% (≠). ",
	  ncmp, plural(ncmp, "ratio", "ratios"), nopp, napart,
	  100 * (NATIVE_DISAGREE - 1));
	for (i = 0; i < np; i++)
		for (k = 0; k < npairs; k++) {
			double rn, rt;

			if (judge(&p[i], pair_a[k], pair_b[k], &rn, &rt) != OPPOSITE)
				continue;
			if (listed++ == 8)
				continue;
			P("%s%s, limit %s: %s/%s native %s, TCG %s †", listed > 1 ?
			  "; " : "Opposite: ", point_name(key, sizeof(key), &p[i]),
			  p[i].s.limit, V(pair_a[k]), V(pair_b[k]),
			  fmt_ratio(b1, sizeof(b1), rn), fmt_ratio(b2, sizeof(b2), rt));
		}
	if (listed > 8)
		P("; and %d more", listed - 8);
	P("%s\n\n", listed ? "." : "");
}

/* Variants that only one of the two runs measured. */
static void one_sided(void)
{
	int v, said[2] = { 0, 0 };
	enum src w;

	for (w = SRC_TCG; w <= SRC_NATIVE; w++) {
		for (v = 0; v < D.nv; v++) {
			struct sel s = sel_any();
			enum src o = w == SRC_TCG ? SRC_NATIVE : SRC_TCG;

			s.v = v;
			if (!src_summary(&D, w, s, M_NS).n ||
			    src_summary(&D, o, s, M_NS).n)
				continue;
			P("%s%s", said[w]++ ? ", " : w == SRC_TCG ?
			  "Measured under TCG only: " : "Measured natively only: ",
			  V(v));
		}
		if (said[w])
			P(". ");
	}
	if (said[0] || said[1])
		P("\n\n");
}

/* Where the numbers come from, and which of them the report believes. */
static void native_intro(void)
{
	P("The same matrix, measured twice. **Native** (the report's figures): "
	  "native.csv, each branch's controller source compiled for this "
	  "machine by bench/native. **TCG** (context): inkernel.csv, the guest "
	  "kernels under QEMU TCG. TCG emulates every instruction but performs "
	  "LOCKed operations and cache-line transfers at host cost, so it "
	  "inflates plain code far more than contended atomics and locks; "
	  "calib.csv measures how far, and this section shows it on the "
	  "designs themselves.\n\n");
	print_caveat();
	P("Compared: native type %s, TCG type %s; shapes leaf and siblings at "
	  "depth 1 and chain at depth 8; 1 and 2 threads; limit none and "
	  "tight. Left out here: the other depths, the empty loop, other types "
	  "and oversubscribed thread counts (TCG only).\n\n", ntype, ptype);
}

void section_native(void)
{
	struct cmp_point p[2 * NNPOINTS * 2];
	int np, i, any = 0;

	P("## TCG context: native and TCG side by side\n\n");
	if (!need_input(&D.in_nat) || !need_input(&D.in_ik))
		return;
	native_intro();
	np = points(p);
	for (i = 0; i < np; i++)
		any |= p[i].both > 0;
	if (!any) {
		P("No variant was measured at any of these points in both runs: "
		  NOT_MEASURED ".\n\n");
		one_sided();
		return;
	}
	values_table(p, np);
	ratio_table(p, np, nlimits[0]);
	ratio_table(p, np, nlimits[1]);
	P("‡ native's 95%% intervals and TCG's [min, max] ranges are both "
	  "apart, in opposite orders; ≠ the two medians' ratios differ by more "
	  "than %.0f%%. (xF) is the distortion factor, TCG ratio / native "
	  "ratio: 1 where TCG keeps the native ratio. Native ratios are host "
	  "ratios and carry no calibration caveat; the TCG ones are guest "
	  "ratios (†).\n\n", 100 * (NATIVE_DISAGREE - 1));
	native_reading(p, np);
	one_sided();
}
