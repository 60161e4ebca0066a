// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: throughput vs threads", from native.csv: pairs/s of
 * all workers at depth 1, limit none, in shapes leaf (every worker charges
 * one cgroup) and siblings (each its own), for every variant, anchors
 * included: a dot plot per shape (native_throughput_<shape>.png), a table
 * with the intervals and a ranking at each thread count.
 */
#include <math.h>
#include <stdio.h>

#include "figure.h"
#include "ncell.h"
#include "nplot.h"
#include "report.h"
#include "sections.h"

/* The thread counts a plot shows: all, or the fewest and the most. */
static int plot_threads(int *th)
{
	int i, n = 0;

	if (nnth <= MAXSER) {
		for (i = 0; i < nnth; i++)
			th[n++] = nth[i];
		return n;
	}
	th[n++] = nth[0];
	for (i = nnth - MAXSER + 1; i < nnth; i++)
		th[n++] = nth[i];
	return n;
}

static void tput_figure(const char *shape)
{
	static char titles[MAXSER][32];
	struct dotplot d;
	char name[64], title[256];
	int th[MAXSER], k, v;

	snprintf(name, sizeof(name), "native_throughput_%s", shape);
	snprintf(title, sizeof(title), "Native throughput by thread count: "
		 "shape %s, depth 1, limit none, type %s\nmedian and 95%% "
		 "interval of the median; open: unstable", shape, ntype);
	d.name = name;
	d.title = title;
	d.xlabel = "charge+uncharge pairs/s, all workers (log scale)";
	d.logx = 1;
	d.nrows = 0;
	for (v = 0; v < D.nv; v++)
		if (npt(v, shape, 1, nth[0], "none"))
			d.rows[d.nrows++] = v;
	d.nser = plot_threads(th);
	for (k = 0; k < d.nser; k++) {
		snprintf(titles[k], sizeof(titles[k]), "%d %s", th[k],
			 plural(th[k], "thread", "threads"));
		d.ser_title[k] = titles[k];
		for (v = 0; v < d.nrows; v++) {
			const struct npoint *p = npt(d.rows[v], shape, 1, th[k],
						     "none");
			struct dot *x = &d.dots[k][v];

			x->x = p && p->tput.n ? p->tput.med : NAN;
			x->lo = p ? p->tput.lo : NAN;
			x->hi = p ? p->tput.hi : NAN;
			x->unstable = p ? p->unstable : 0;
		}
	}
	embed(name, title, dotplot(&d));
}

static void tput_table(const char *shape)
{
	char b[192], n[96];
	int v, i;

	P("| variant |");
	for (i = 0; i < nnth; i++)
		P(" pairs/s, %d %s |", nth[i], plural(nth[i], "thread", "threads"));
	P(" %d/1 (ratio of medians) |\n|---|", nmax_threads);
	for (i = 0; i <= nnth; i++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		const struct npoint *p1 = npt(v, shape, 1, 1, "none");
		const struct npoint *pm = npt(v, shape, 1, nmax_threads, "none");

		if (!p1 && !pm)
			continue;
		P("| %s |", vname(n, sizeof(n), v));
		for (i = 0; i < nnth; i++)
			P(" %s |", pt_tput(b, sizeof(b), npt(v, shape, 1, nth[i],
							      "none")));
		P(" %s |\n", fmt_ratio(b, sizeof(b), p1 && pm ?
				       stats_ratio(pm->tput.med, p1->tput.med) :
				       NAN));
	}
	P("\n");
}

static void tput_reading(const char *shape)
{
	const struct npoint *p[MAXV];
	int v, i;

	P("**Reading** (fastest first; `>`: intervals apart, `≈`: intervals "
	  "overlap, a tie):\n\n");
	for (i = 0; i < nnth; i++) {
		for (v = 0; v < D.nv; v++)
			p[v] = npt(v, shape, 1, nth[i], "none");
		P("- %d %s: ", nth[i], plural(nth[i], "thread", "threads"));
		say_ranking(p, D.nv);
		P(".\n");
	}
	P("\n");
}

void section_nthroughput(void)
{
	static const char *const shapes[] = { "leaf", "siblings" };
	unsigned int k;

	P("## Native: throughput vs threads\n\n");
	if (!need_input(&D.in_nat))
		return;
	P("Pairs/s of all workers = threads x 1e9 / ns per pair (per worker), "
	  "depth 1, limit none, type %s. Shape leaf: every worker charges the "
	  "one cgroup P/leaf; siblings: worker i charges P/w<i>.\n\n", ntype);
	unstable_note();
	for (k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
		P("### Shape %s\n\n", shapes[k]);
		tput_figure(shapes[k]);
		tput_table(shapes[k]);
		tput_reading(shapes[k]);
	}
}
