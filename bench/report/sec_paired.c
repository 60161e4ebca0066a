// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: paired ratios and where the vCPUs were": what the probe
 * before each run with more than one worker saw of the vCPUs' placement
 * (native.csv's pingpong_ns), and every design's ns per pair divided by
 * the reference's from the same repetition of the same point (paired.h),
 * which cancels that placement.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci.h"
#include "paired.h"
#include "report.h"
#include "sections.h"

static const char *const p_shapes[] = { "leaf", "siblings" };
#define NPSHAPES	2

/* The branch the ratios divide by: misc, as 6.1 ships it, else the first. */
static int reference(void)
{
	int v = data_variant(&D, "misc");

	for (int i = 0; v < 0 && i < D.nv; i++)
		if (vkind[i] == VK_BRANCH && !vseries[i])
			v = i;
	return v;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The probe's values over the kept rows with more than one worker. */
static int probes(double **out)
{
	double *v = malloc(sizeof(*v) * (size_t)(D.nnat ? D.nnat : 1));
	int n = 0;

	for (int i = 0; v && i < D.nnat; i++) {
		const struct ik_row *r = &D.nat[i];

		if (r->threads > 1 && r->pingpong_ns > 0 && !row_excluded(r))
			v[n++] = r->pingpong_ns;
	}
	if (v)
		qsort(v, (size_t)n, sizeof(*v), cmp_double);
	*out = v;
	return n;
}

static double quantile(const double *v, int n, double q)
{
	return v[(int)(q * (n - 1) + 0.5)];
}

/* Stable paired ratios to the reference at threads t, over every point. */
static void paired_shares(int t, int ref, int *stable, int *total)
{
	*stable = *total = 0;
	for (int i = 0; i < NP.n; i++) {
		const struct npoint *q = &NP.p[i];
		struct ci r;

		if (q->v == ref || q->threads != t || !strcmp(q->shape, "empty"))
			continue;
		r = paired_ratio(D.nat, D.nnat, q->v, ref, q->shape, q->depth,
				 q->threads, q->limit, q->type);
		if (!r.n)
			continue;
		++*total;
		*stable += !ci_unstable(r);
	}
}

void say_paired(void)
{
	int ref = reference(), s, t, i, n;
	double *v;

	if (ref < 0 || !input_ok(&D.in_nat))
		return;
	n = probes(&v);
	P("- **Paired ratios** (each design's ns per pair over `%s`'s from the "
	  "same repetition of the same point, run within seconds of it; section "
	  "\"Native: paired ratios\"): ", V(ref));
	for (i = 0; i < nnth; i++) {
		paired_shares(nth[i], ref, &s, &t);
		P("%sat %d %s %d of %d (%.1f%%) within 5%%", i ? "; " : "",
		  nth[i], plural(nth[i], "thread", "threads"), s, t,
		  t ? 100.0 * s / t : 0);
	}
	if (n)
		P(". The cache-line transfer between the two vCPUs, probed before "
		  "each run, ranged %.1f to %.1f ns (median %.1f): the hypervisor "
		  "moved them, and every shared line's cost with them", v[0],
		  v[n - 1], quantile(v, n, 0.5));
	P(".\n");
	free(v);
}

static void probe_table(void)
{
	static const double edges[] = { 0, 20, 50, 100, INFINITY };
	double *v;
	int n = probes(&v), i, k;

	if (!n) {
		P("No run recorded the probe (native.csv has no pingpong_ns): "
		  "where the vCPUs were is " NOT_MEASURED ".\n\n");
		free(v);
		return;
	}
	P("Before each run with more than one worker the driver hands one "
	  "cache line between the first two CPUs 2000 times (bench/native/"
	  "pingpong.c): ns per one-way transfer, over the %d kept runs: min "
	  "%.1f, quartiles %.1f, %.1f, %.1f, max %.1f.\n\n| transfer | runs |\n"
	  "|---|---|\n", n, v[0], quantile(v, n, 0.25), quantile(v, n, 0.5),
	  quantile(v, n, 0.75), v[n - 1]);
	for (k = 0; k + 1 < (int)(sizeof(edges) / sizeof(edges[0])); k++) {
		int c = 0;

		for (i = 0; i < n; i++)
			c += v[i] >= edges[k] && v[i] < edges[k + 1];
		if (isinf(edges[k + 1]))
			P("| %.0f ns or more | %d |\n", edges[k], c);
		else
			P("| %.0f to %.0f ns | %d |\n", edges[k], edges[k + 1], c);
	}
	P("\nOn bare metal the two CPUs of a run stay where they are; here a "
	  "transfer between hardware threads of one core, cores of one cache "
	  "or two caches differs several times over, and so does every "
	  "contended figure.  A design's own median over the repetitions "
	  "carries that spread; the ratio of two designs timed in the same "
	  "minute does not.\n\n");
	free(v);
}

static void ratio_table(int ref, const char *shape)
{
	int v, i;

	P("Shape %s, depth 1, limit none, type %s: ns per pair over `%s`'s, "
	  "median [95%% interval] n of the per-repetition ratios; below 1 is "
	  "faster.\n\n| variant |", shape, ntype, V(ref));
	for (i = 0; i < nnth; i++)
		P(" %d %s |", nth[i], plural(nth[i], "thread", "threads"));
	P("\n|---|");
	for (i = 0; i < nnth; i++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		if (v == ref)
			continue;
		P("| `%s`%s |", V(v), vkind[v] == VK_ANCHOR ? " (anchor)" : "");
		for (i = 0; i < nnth; i++) {
			struct ci r = paired_ratio(D.nat, D.nnat, v, ref, shape, 1,
						   nth[i], "none", ntype);
			const char *w = paired_verdict(r);

			if (!r.n) {
				P(" - |");
				continue;
			}
			P(" %.3f [%.3f, %.3f] n=%d%s%s%s", r.med, r.lo, r.hi,
			  r.n, w ? " **" : "", w ? w : "", w ? "**" : "");
			if (ci_unstable(r))
				P(" ⚠ ±%.1f%%", 100 * ci_halfwidth(r));
			P(" |");
		}
		P("\n");
	}
	P("\n");
}

void section_paired(void)
{
	int ref = reference(), s;

	P("## Native: paired ratios and where the vCPUs were\n\n");
	if (!need_input(&D.in_nat))
		return;
	probe_table();
	if (ref < 0) {
		P("No branch to divide by.\n\n");
		return;
	}
	P("run-native.sh runs every series of a point one after the other, "
	  "within seconds, in an order shuffled per point and repetition; a "
	  "design's row divided by `%s`'s row of the same repetition is a "
	  "paired ratio.  **faster**/**slower**: its interval excludes 1.  "
	  "⚠: the interval's half-width is above 5%% of the median.\n\n",
	  V(ref));
	for (s = 0; s < NPSHAPES; s++)
		ratio_table(ref, p_shapes[s]);
}
