// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: reproducibility", from native.csv and native-prev.csv
 * (the run before it, which run-native.sh keeps): the share of this run's
 * medians inside the previous run's 95% intervals, per thread count and
 * overall (the project asks for 80%); every ranking of the previous run
 * that flips (two variants at one point, both stable there with intervals
 * apart, now in the other order; the project asks for none); and the two
 * runs side by side at the headline points.
 */
#include <stdio.h>
#include <string.h>

#include "meta.h"
#include "ncell.h"
#include "repro.h"
#include "report.h"
#include "sections.h"

#define REPRO_TARGET	0.80
#define MAXFLIPS	40

static int have_prev(void)
{
	return input_ok(&D.in_nat) && input_ok(&D.in_prev);
}

/* "85.0% (34 of 40)" and the target's verdict; returns whether met. */
static int say_share(struct share s)
{
	int met = s.compared && s.inside >= REPRO_TARGET * s.compared;

	P("%.1f%% (%d of %d)", s.compared ? 100.0 * s.inside / s.compared : 0.0,
	  s.inside, s.compared);
	return met;
}

int say_repro(void)
{
	struct share all = repro_share(&NP, &PP, -1);
	int i, ranked, nflip, met;

	if (!have_prev()) {
		P("native-prev.csv: " NOT_MEASURED " (a first run), so "
		  "reproducibility is not checked");
		return 0;
	}
	P("of this run's medians, ");
	met = say_share(all);
	P(" fall inside the previous run's intervals (");
	for (i = 0; i < nnth; i++) {
		P("%s%d %s ", i ? ", " : "", nth[i],
		  plural(nth[i], "thread", "threads"));
		say_share(repro_share(&NP, &PP, nth[i]));
	}
	P("; target %.0f%%: **%s**); ", 100 * REPRO_TARGET,
	  met ? "met" : "not met");
	nflip = repro_flips(&NP, &PP, NULL, 0, &ranked);
	P("%d of the previous run's %d rankings between two stable points "
	  "with intervals apart %s (target 0: **%s**)", nflip, ranked,
	  nflip == 1 ? "flips" : "flip", nflip ? "not met" : "met");
	return met && !nflip;
}

static void flips_list(void)
{
	struct flip f[MAXFLIPS];
	char b[5][160];
	int n, i, ranked;

	n = repro_flips(&NP, &PP, f, MAXFLIPS, &ranked);
	if (!n) {
		P("No ranking flips.\n\n");
		return;
	}
	P("The rankings that flip (ns per pair; the previous run had the first "
	  "variant faster with the intervals apart):\n\n"
	  "| point | variants | previous run | this run | this run's intervals |\n"
	  "|---|---|---|---|---|\n");
	for (i = 0; i < n && i < MAXFLIPS; i++)
		P("| %s | `%s` vs `%s` | %s vs %s | %s vs %s | %s |\n",
		  pt_name(b[0], sizeof(b[0]), f[i].pa), V(f[i].pa->v),
		  V(f[i].pb->v), ci_str(b[1], sizeof(b[1]), f[i].pa->ns, U_NS),
		  ci_str(b[2], sizeof(b[2]), f[i].pb->ns, U_NS),
		  ci_str(b[3], sizeof(b[3]), f[i].ca->ns, U_NS),
		  ci_str(b[4], sizeof(b[4]), f[i].cb->ns, U_NS),
		  f[i].firm ? "apart: a firm flip" : "overlap: now a tie");
	if (n > MAXFLIPS)
		P("\nAnd %d more.\n", n - MAXFLIPS);
	P("\n");
}

static void side_by_side(void)
{
	char b[3][192], n[96];
	int v, i;

	P("The headline points side by side (shape leaf, depth 1, limit none, "
	  "pairs/s):\n\n| variant | threads | previous run | this run | this "
	  "run's median inside the previous interval |\n|---|---|---|---|---|\n");
	for (v = 0; v < D.nv; v++)
		for (i = 0; i < nnth; i++) {
			const struct npoint *c = npt(v, "leaf", 1, nth[i], "none");
			const struct npoint *p = points_find(&PP, v, "leaf", 1,
							     nth[i], "none", ntype);

			if (!c && !p)
				continue;
			P("| %s | %d | %s | %s | %s |\n", vname(n, sizeof(n), v),
			  nth[i], pt_tput(b[0], sizeof(b[0]), p),
			  pt_tput(b[1], sizeof(b[1]), c),
			  !c || !p || !c->ns.n || !p->ns.n ? "-" :
			  !p->ns.ok ? "no 95% interval" :
			  ci_inside(c->ns.med, p->ns) ? "yes" : "**no**");
		}
	P("\n");
}

void section_repro(void)
{
	char date[128];

	P("## Native: reproducibility\n\n");
	if (!need_input(&D.in_nat))
		return;
	if (!have_prev()) {
		P("native-prev.csv: " NOT_MEASURED " (the first native run in "
		  "this directory): there is no earlier run to reproduce.\n\n");
		return;
	}
	meta_get(in_dir, "native-prev-meta.txt", "date", date, sizeof(date));
	P("This run against the previous one (native-prev.csv%s%s%s), on ns "
	  "per pair at every point both measured. A point is compared when the "
	  "previous run has a 95%% interval for it.\n\n", date[0] ? ", of " : "",
	  date, "");
	P("**Summary:** ");
	say_repro();
	P(".\n\n");
	flips_list();
	side_by_side();
}
