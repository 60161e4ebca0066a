// SPDX-License-Identifier: GPL-2.0
/*
 * native-summary.csv in the results directory: one row per point of the
 * native run (variant, shape, depth, threads, limit, type) with what the
 * report computed from it: n, the rows left out for a low overlap, the
 * runs redone, the smallest overlap that entered, the median ns per pair
 * with its 95% interval and that interval's coverage and half-width, the
 * unstable flag, pairs/s with its interval, and the exactness figures.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "sections.h"

/* A number, or empty when not measured. */
static void num(FILE *f, const char *fmt, double x)
{
	fputc(',', f);
	if (!isnan(x))
		fprintf(f, fmt, x);
}

static void pct(FILE *f, struct ci c)
{
	num(f, "%.6g", c.n ? 100 * c.med : NAN);
}

static void row(FILE *f, const struct npoint *p)
{
	fprintf(f, "%s,%s,%d,%d,%s,%s,%d,%d", V(p->v), p->shape, p->depth,
		p->threads, p->limit, p->type, p->ns.n, p->excluded);
	num(f, "%.0f", p->discards);
	num(f, "%.4f", p->min_overlap);
	num(f, "%.6g", p->ns.med);
	num(f, "%.6g", p->ns.lo);
	num(f, "%.6g", p->ns.hi);
	num(f, "%.1f", p->ns.n ? 100 * p->ns.coverage : NAN);
	num(f, "%.2f", 100 * p->hw);
	fprintf(f, ",%d", p->unstable);
	num(f, "%.6g", p->tput.med);
	num(f, "%.6g", p->tput.lo);
	num(f, "%.6g", p->tput.hi);
	pct(f, p->refused);
	pct(f, p->spur_att);
	pct(f, p->spur_rej);
	num(f, "%g", p->overshoot);
	num(f, "%g", p->stocked);
	fputc('\n', f);
}

int write_native_summary(void)
{
	char path[4096];
	FILE *f;
	int i;

	if (!NP.n)
		return 0;
	snprintf(path, sizeof(path), "%s/native-summary.csv", out_dir);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "benchreport: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "variant,shape,depth,threads,limit,type,n,"
		"excluded_low_overlap,discards,min_overlap,median_ns_per_pair,"
		"ci_lo,ci_hi,ci_coverage_pct,halfwidth_pct,unstable,"
		"median_pairs_per_s,pairs_per_s_ci_lo,pairs_per_s_ci_hi,"
		"refused_pct,spurious_pct,spurious_of_refused_pct,max_overshoot,"
		"stocked_max\n");
	for (i = 0; i < NP.n; i++)
		row(f, &NP.p[i]);
	if (fclose(f)) {
		fprintf(stderr, "benchreport: %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}
