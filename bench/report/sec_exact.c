// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: exactness at the tight and batch limits", from
 * native.csv: how often each design refuses a charge, how many of those
 * refusals were spurious (there was room), how far usage went above max,
 * and how many units its per-CPU stocks held, measured at two limits
 * (shapes leaf and siblings, depth 1): a dot plot of the spurious
 * refusals (native_spurious.png) and a table per limit.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "ncell.h"
#include "nplot.h"
#include "picks.h"
#include "report.h"
#include "sections.h"

static const char *const ex_limits[] = { "tight", "batch" };
static const char *const ex_shapes[] = { "leaf", "siblings" };

static void exact_method(void)
{
	P("The limits (P is the parent of the charged cgroups, S a sibling "
	  "of theirs holding units):\n\n"
	  "- **tight**: two levels limited. P's max = 1 + max(1, threads/2) "
	  "with one unit held by S; the charged cgroup's max = threads when it "
	  "is shared (leaf), else 1. A level that, serially, refuses only "
	  "charges that a doomed charge holds up.\n"
	  "- **batch**: P's max = 32 x max(2, threads), a few per-CPU batches "
	  "wide, S holding 1; each worker first holds a share of the rest, "
	  "charged on another worker's CPU, then times its pairs on its own "
	  "CPU; every worker's pair fits, so every refusal is spurious.\n\n");
	P("Measured, per repetition: **refused** = rejected / attempts (every "
	  "charge attempt, the hold phase's too); each refusal is judged after "
	  "the run from rdtscp stamps of every charge and uncharge call "
	  "(bench/native/README.md, \"Spurious refusals\"): **spurious** when, "
	  "at every limited level, the charges possibly held at any time during "
	  "the refused call, plus this one, fit the max (a lower bound of the "
	  "spurious ones), legitimate when the charges certainly held "
	  "throughout it do not, else **undetermined**; each admitted charge "
	  "is held 1 us, so that most are decided; **max overshoot** = the "
	  "largest usage - max seen at a limited level after a successful "
	  "charge (the largest over the repetitions); **stocked** = units "
	  "charged to P but held by no one at the end of the timed run (per-CPU "
	  "stocks; the largest over the repetitions). Refusals and spurious "
	  "refusals are median [95%% interval] n; a share without a 95%% "
	  "interval (n < 6) is printed with its [min, max] and marked " UNSTABLE
	  ".\n\n");
}

/* A share cell: the interval, marked when it is not a 95% one. */
static char *share_cell(char *b, size_t l, struct ci c)
{
	char t[160];

	if (!c.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s%s", ci_cell(t, sizeof(t), c, U_PCT),
			 c.ok ? "" : " " UNSTABLE);
	return b;
}

static void exact_table(const char *limit)
{
	char b[6][192], n[96];
	int v, k, i, rows = 0;

	P("Limit **%s**, depth 1, type %s:\n\n", limit, ntype);
	P("| variant | shape | threads | refused, %% of attempts | spurious, %% "
	  "of refusals | undetermined, %% of refusals | spurious, %% of attempts "
	  "| max overshoot | stocked |\n"
	  "|---|---|---|---|---|---|---|---|---|\n");
	for (v = 0; v < D.nv; v++)
		for (k = 0; k < 2; k++)
			for (i = 0; i < nnth; i++) {
				const struct npoint *p = npt(v, ex_shapes[k], 1,
							     nth[i], limit);

				if (!p)
					continue;
				rows++;
				P("| %s | %s | %d | %s | %s | %s | %s | %s | %s |\n",
				  vname(n, sizeof(n), v), ex_shapes[k], nth[i],
				  share_cell(b[0], sizeof(b[0]), p->refused),
				  share_cell(b[1], sizeof(b[1]), p->spur_rej),
				  share_cell(b[5], sizeof(b[5]), p->undet_rej),
				  share_cell(b[2], sizeof(b[2]), p->spur_att),
				  fmt_val(b[3], sizeof(b[3]), "%g", p->overshoot),
				  fmt_val(b[4], sizeof(b[4]), "%g", p->stocked));
			}
	if (!rows)
		P("| - | - | - | " NOT_MEASURED " | | | | | |\n");
	P("\n");
}

static void spurious_figure(void)
{
	static char titles[2][64];
	struct dotplot d;
	char title[320];
	int k, r, v;

	snprintf(title, sizeof(title), "Native spurious refusals: refused "
		 "although every limited level had room\nshape leaf, depth 1, %d "
		 "threads, type %s; median and 95%% interval; open: no 95%% "
		 "interval", nmax_threads, ntype);
	d.name = "native_spurious";
	d.title = title;
	d.xlabel = "spurious refusals, % of charge attempts";
	d.logx = 0;
	d.nrows = 0;
	for (v = 0; v < D.nv; v++)
		if (npt(v, "leaf", 1, nmax_threads, "tight") ||
		    npt(v, "leaf", 1, nmax_threads, "batch"))
			d.rows[d.nrows++] = v;
	d.nser = 2;
	for (k = 0; k < 2; k++) {
		snprintf(titles[k], sizeof(titles[k]), "limit %s", ex_limits[k]);
		d.ser_title[k] = titles[k];
		for (r = 0; r < d.nrows; r++) {
			const struct npoint *p = npt(d.rows[r], "leaf", 1,
						     nmax_threads, ex_limits[k]);
			struct dot *x = &d.dots[k][r];
			int ok = p && p->spur_att.n;

			x->x = ok ? 100 * p->spur_att.med : NAN;
			x->lo = ok ? 100 * p->spur_att.lo : NAN;
			x->hi = ok ? 100 * p->spur_att.hi : NAN;
			x->unstable = ok && !p->spur_att.ok;
		}
	}
	embed("native_spurious", title, dotplot(&d));
}

/* The variants whose figure f of any tight or batch point is above 0. */
static void say_nonzero(const char *what, int stock)
{
	char n[96];
	int v, said = 0;

	P("%s: ", what);
	for (v = 0; v < D.nv; v++) {
		double w = NAN;
		int i;

		for (i = 0; i < NP.n && stock; i++)
			if (NP.p[i].v == v && !isnan(NP.p[i].stocked) &&
			    (isnan(w) || NP.p[i].stocked > w))
				w = NP.p[i].stocked;
		if (!stock)
			w = worst_overshoot(v);
		if (!(w > 0))
			continue;
		P("%s%s %g", said++ ? ", " : "", vname(n, sizeof(n), v), w);
	}
	P("%s. ", said ? "" : "none");
}

void section_exactness(void)
{
	P("## Native: exactness at the tight and batch limits\n\n");
	if (!need_input(&D.in_nat))
		return;
	if (!D.in_nat.has_new)
		P("native.csv has no attempts, spurious or stocked columns (an "
		  "older schema): refusals are rejected / (threads x iters); "
		  "spurious refusals and stocked units are " NOT_MEASURED ".\n\n");
	exact_method();
	spurious_figure();
	exact_table(ex_limits[0]);
	exact_table(ex_limits[1]);
	P("**Reading.** The variants above 0, with their largest value. ");
	say_nonzero("Max overshoot (any tight or batch point)", 0);
	say_nonzero("Stocked units (any point)", 1);
	P("\n\n");
}
