// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Summary": what a reader needs from the native run in one
 * screen: the machine, the headline figures with their intervals, the
 * stability and reproducibility shares against the project's targets,
 * the discards, the model's verdicts and the picks.  TCG figures appear
 * only as labelled context: the factor by which TCG distorts each design.
 * Each line is computed by the section that explains it.
 */
#include <math.h>
#include <stdio.h>

#include "ncell.h"
#include "report.h"
#include "sections.h"

/* A headline cell: a stable point's figure, else why there is none. */
static char *headline(char *b, size_t l, const struct npoint *p)
{
	if (!p || !p->ns.n)
		snprintf(b, l, "-");
	else if (!p->ns.ok)
		snprintf(b, l, UNSTABLE " unstable (n=%d, no 95%% interval): no "
			 "headline", p->ns.n);
	else if (p->unstable)
		snprintf(b, l, UNSTABLE " unstable (half-width %.1f%%): no headline",
			 100 * p->hw);
	else
		pt_tput(b, l, p);
	return b;
}

static void headline_table(void)
{
	char b[192], n[96];
	int v, i;

	P("**Headline, native** (shape leaf, depth 1, limit none, type %s; "
	  "pairs/s of all workers, median [95%% interval] n):\n\n| variant |",
	  ntype);
	for (i = 0; i < nnth; i++)
		P(" %d %s |", nth[i], plural(nth[i], "thread", "threads"));
	P(" TCG / native ns, 1 thread (context) | TCG / native ns, %d threads "
	  "(context) |\n|---|", nmax_threads);
	for (i = 0; i < nnth + 2; i++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		if (!npt(v, "leaf", 1, nth[0], "none"))
			continue;
		P("| %s |", vname(n, sizeof(n), v));
		for (i = 0; i < nnth; i++)
			P(" %s |", headline(b, sizeof(b),
					    npt(v, "leaf", 1, nth[i], "none")));
		P(" %s |", fmt_val(b, sizeof(b), "x%.2f",
				   tcg_factor(v, "leaf", 1, 1, "none")));
		P(" %s |\n", fmt_val(b, sizeof(b), "x%.2f",
				     tcg_factor(v, "leaf", 1, nmax_threads, "none")));
	}
	P("\n");
}

static void discards_line(void)
{
	double dis, mo = NAN;
	int ex, rows, i, rec = 0;

	points_discards(&NP, -1, &ex, &dis, &rows);
	for (i = 0; i < D.nnat; i++)
		rec += !isnan(D.nat[i].overlap);
	for (i = 0; i < NP.n; i++)
		if (!isnan(NP.p[i].min_overlap) &&
		    (isnan(mo) || NP.p[i].min_overlap < mo))
			mo = NP.p[i].min_overlap;
	P("- **Overlap and discards:** ");
	if (rec == D.nnat)
		P("every row records its workers' overlap; the smallest that "
		  "entered a statistic is %.4f. ", mo);
	else
		P("%d of %d rows record no overlap (an older schema): they "
		  "count as they are. ", D.nnat - rec, D.nnat);
	P("%.0f runs were redone because their workers overlapped less than "
	  "%.0f%% of the run's span; %d of %d rows stayed below and are left "
	  "out of every statistic (section \"Native: stability and "
	  "discards\").\n", dis, 100 * OVERLAP_MIN, ex, rows);
}

void section_summary(void)
{
	int i;

	P("## Summary\n\n");
	if (!input_ok(&D.in_nat)) {
		P("native.csv: " NOT_MEASURED ": this report has no figures of "
		  "its own, only the TCG context below (which distorts the "
		  "designs' relative costs: see \"TCG context: calibration\").\n\n");
		return;
	}
	say_machine();
	P("\n\n");
	headline_table();
	P("- **Stability** (half-width within %.0f%%): ", 100 * CI_STABLE_HW);
	for (i = 0; i < nnth; i++) {
		P("%s", i ? "; " : "");
		say_stability(nth[i]);
	}
	P(". Every other point is flagged " UNSTABLE " in the tables and "
	  "`unstable` in native-summary.csv.\n");
	say_paired();
	discards_line();
	P("- **Reproducibility:** ");
	say_repro();
	P(".\n- **Model:** ");
	say_model();
	P(".\n- **TCG** figures (the guest kernels under QEMU TCG) are context "
	  "only; the last two columns above are the factors by which TCG "
	  "stretches each design's time, and \"TCG context: native and TCG side "
	  "by side\" has them per point and for the ratios between designs."
	  "\n\n");
	P("**Picks** (section \"Native: the frontier\"):\n\n");
	say_picks();
}
