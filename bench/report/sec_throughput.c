// SPDX-License-Identifier: GPL-2.0
/*
 * Section "1. Throughput vs threads", from inkernel.csv: pairs/s of all
 * threads at depth 1, limit none, for the shapes leaf, siblings and chain.
 * The plotted type gets a figure (throughput_vs_threads_<shape>.png), a
 * table and a reading; every other type a table.
 */
#include <stdio.h>

#include "figure.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

static int plot_throughput(const char *name, struct sel s, const int *th,
			   int nth, const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	int v, i, any = 0;

	if (!g)
		return -1;
	plot_head(g, title, "threads charging (all in one guest)");
	fprintf(g, "set ylabel \"charge+uncharge pairs/s, all threads\"\n");
	fprintf(g, "set format y \"%%.1s%%c\"\nset yrange [0:*]\n"
		"set offsets 0, 0, graph 0.05, 0\n");
	xtics_threads(g, th, nth, s);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		struct series sr;

		if (series_open(&sr, name, v, ".dat"))
			continue;
		fprintf(sr.f, "# %s: x threads median min max n (pairs/s)\n", V(v));
		s.v = v;
		for (i = 0; i < nth; i++) {
			s.threads = th[i];
			series_point(&sr, i + tcg_offset(v, 0, 0.6), th[i],
				     ik_summary(&D, s, M_TPUT), 6);
		}
		series_errline(g, &any, &sr, v, 0, 7, V(v));
	}
	plot_end(g, any);
	return plot_run(out_dir, name);
}

static void throughput_table(struct sel s, const int *th, int nth)
{
	struct trow rows[MAXR];
	int i, sm[MAXK], ns;
	char b[128];

	for (i = 0; i < nth && i < MAXR; i++) {
		s.threads = th[i];
		s.v = -1;
		ns = ik_smps(&D, s, sm);
		snprintf(rows[i].key, sizeof(rows[i].key), "%d%s | %s", th[i],
			 ik_oversub(&D, s) ? " (oversubscribed)" : "",
			 int_list(b, sizeof(b), sm, ns));
		variant_summaries(s, M_TPUT, rows[i].s);
	}
	P("pairs/s of all threads (threads x iters / elapsed), median [min, max], "
	  "n = repetitions:\n\n");
	table("threads | guest smp", 2, rows, i, c_si, 1);
	print_caveat();
}

/* "With N threads: A x pairs/s, B y pairs/s; A/B = ... . " */
static void say_at_threads(struct sel s, int threads)
{
	struct summary m[MAXV];
	char b[64];
	int v, said = 0;

	s.threads = threads;
	s.v = -1;
	P("With %d %s%s: ", threads, plural(threads, "thread", "threads"),
	  ik_oversub(&D, s) ? " (oversubscribed)" : "");
	variant_summaries(s, M_TPUT, m);
	for (v = 0; v < D.nv; v++) {
		if (!m[v].n)
			continue;
		P("%s%s %s pairs/s", said ? ", " : "", V(v),
		  fmt_si(b, sizeof(b), m[v].med));
		said = 1;
	}
	if (!said)
		P("no data");
	say_ratios(m, "; ");
	P(". ");
}

/* Each variant's throughput from lo to hi threads against linear scaling. */
static void say_scaling(struct sel s, int lo, int hi)
{
	char b[64], b2[64];
	int v;

	for (v = 0; v < D.nv; v++) {
		struct summary a, c;

		s.v = v;
		s.threads = lo;
		a = ik_summary(&D, s, M_TPUT);
		s.threads = hi;
		c = ik_summary(&D, s, M_TPUT);
		if (!a.n || !c.n)
			continue;
		P("From %d to %d threads %s's throughput changes by %sx "
		  "(linear scaling would be %sx). ", lo, hi, V(v),
		  fmt_ratio(b, sizeof(b), stats_ratio(c.med, a.med)),
		  fmt_ratio(b2, sizeof(b2), (double)hi / lo));
	}
}

/*
 * Scaling is judged between the fewest and the most threads that are not
 * oversubscribed: beyond the host's cores, vCPUs time-share and the
 * controller's cost is no longer what is measured.
 */
static void throughput_reading(struct sel s, const int *th, int nth)
{
	int i, lo = -1, hi = -1, over[MAXK], nover = 0;
	char b[64];

	P("**Reading:** ");
	for (i = 0; i < nth; i++) {
		s.threads = th[i];
		s.v = -1;
		if (ik_oversub(&D, s)) {
			over[nover++] = th[i];
		} else {
			if (lo < 0)
				lo = i;
			hi = i;
		}
		say_at_threads(s, th[i]);
	}
	if (lo >= 0 && hi > lo)
		say_scaling(s, th[lo], th[hi]);
	if (nover)
		P("The data flag %s %s as oversubscribed (the guest had more vCPUs "
		  "than the host has cores), so those points mix the controller's "
		  "cost with vCPU time-sharing.",
		  plural(nover, "thread count", "thread counts"),
		  int_list(b, sizeof(b), over, nover));
	P("\n\n");
}

/* The plotted type: figure, table and reading of selection s (shape, depth). */
static void throughput_plotted(struct sel s)
{
	int th[MAXK], nth, ok, over[MAXK], nover = 0, i;
	char name[128], title[512], b[128];

	nth = ik_threads(&D, s, th);
	if (!nth) {
		P("Type %s, limit none: " NOT_MEASURED ".\n\n", ptype);
		return;
	}
	for (i = 0; i < nth; i++) {
		s.threads = th[i];
		if (ik_oversub(&D, s))
			over[nover++] = th[i];
	}
	s.threads = -1;
	snprintf(name, sizeof(name), "tcg_throughput_vs_threads_%s", s.shape);
	snprintf(title, sizeof(title),
		 "TCG context: charge+uncharge throughput vs threads: shape %s, "
		 "depth %d, type %s, limit none\nmedian, min-max bars%s%s%s",
		 s.shape, s.depth, ptype,
		 nover ? "; note: threads " : "",
		 nover ? int_list(b, sizeof(b), over, nover) : "",
		 nover ? " are oversubscribed (more vCPUs than host cores)" : "");
	ok = plot_throughput(name, s, th, nth, title);
	embed(name, title, ok);
	P("Type %s, limit none. ", ptype);
	throughput_table(s, th, nth);
	throughput_reading(s, th, nth);
}

/* Every other type: a table each. */
static void throughput_others(struct sel s)
{
	int th[MAXK], nth, t;

	for (t = 0; t < ntypes; t++) {
		if (types[t] == ptype)
			continue;
		s.type = types[t];
		nth = ik_threads(&D, s, th);
		P("Type %s (not plotted), limit none: ", types[t]);
		if (!nth) {
			P(NOT_MEASURED ".\n\n");
			continue;
		}
		throughput_table(s, th, nth);
	}
}

void section_throughput(void)
{
	static const struct { const char *shape; int depth; } shapes[] = {
		{ "leaf", 1 }, { "siblings", 1 }, { "chain", 1 },
	};
	unsigned int k;

	P("## TCG context: throughput vs threads\n\n");
	if (!need_input(&D.in_ik))
		return;
	for (k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
		struct sel s = sel_any();

		P("### Shape %s, depth %d\n\n", shapes[k].shape, shapes[k].depth);
		s.shape = shapes[k].shape;
		s.depth = shapes[k].depth;
		s.limit = "none";
		s.type = ptype;
		throughput_plotted(s);
		throughput_others(s);
	}
}
