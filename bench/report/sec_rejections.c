// SPDX-License-Identifier: GPL-2.0
/*
 * Section "4. Rejections at the limit", from inkernel.csv: limit tight,
 * shapes leaf and siblings, depth 1.  The rejection rate (rejected
 * charges / attempts) and max_overshoot (the limited cgroup's usage above
 * its max) per thread count; rejections_at_limit.png for the plotted type.
 */
#include <math.h>
#include <stdio.h>

#include "figure.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

static const char *const rej_shapes[] = { "leaf", "siblings" };

static int plot_rejections(const char *name, const int *th, int nth,
			   const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	int v, i, any = 0;

	if (!g)
		return -1;
	plot_head(g, title, "threads charging (all in one guest)");
	fprintf(g, "set ylabel \"rejected charges, %% of attempts\"\n");
	fprintf(g, "set yrange [0:*]\nset offsets 0, 0, graph 0.05, 0\n");
	{
		struct sel s = sel_any();

		s.limit = "tight";
		s.type = ptype;
		xtics_threads(g, th, nth, s);
	}
	fprintf(g, "plot ");
	/* shape leaf only: siblings are in the table */
	for (v = 0; v < D.nv; v++) {
		struct sel s = sel_any();
		struct series sr;

		if (series_open(&sr, name, v, "_leaf.dat"))
			continue;
		fprintf(sr.f, "# %s, leaf: x threads median%% min%% max%% n\n",
			V(v));
		s.v = v;
		s.shape = "leaf";
		s.depth = 1;
		s.limit = "tight";
		s.type = ptype;
		for (i = 0; i < nth; i++) {
			struct summary m;

			s.threads = th[i];
			m = ik_summary(&D, s, M_REJ);
			if (!m.n)
				continue;
			fprintf(sr.f, "%g %d %.6g %.6g %.6g %d\n",
				i + tcg_offset(v, 0, 0.6), th[i],
				100 * m.med, 100 * m.min, 100 * m.max,
				m.n);
			sr.n++;
		}
		series_errline(g, &any, &sr, v, 0, 7, V(v));
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

/* Limit tight, depth 1: every point of this section. */
static struct sel tight_sel(const char *type, const char *shape)
{
	struct sel s = sel_any();

	s.limit = "tight";
	s.type = type;
	s.depth = 1;
	s.shape = shape;
	return s;
}

/* Thread counts measured in either shape, sorted. */
static int rej_threads(const char *type, int *th)
{
	int k, nth = 0;

	for (k = 0; k < 2; k++) {
		struct sel s = tight_sel(type, rej_shapes[k]);
		int x[MAXK], nx, j;

		nx = ik_threads(&D, s, x);
		for (j = 0; j < nx; j++)
			nth = add_distinct(th, nth, x[j]);
	}
	return nth;
}

static void rej_figure(const char *type, const int *th, int nth)
{
	char title[512];
	int ok;

	snprintf(title, sizeof(title),
		 "TCG context: rejection rate at a tight limit vs threads, type "
		 "%s, shape leaf\nmedian, min-max bars; shape siblings and the "
		 "max overshoot: the table", type);
	ok = plot_rejections("tcg_rejections_at_limit", th, nth, title);
	embed("tcg_rejections_at_limit", title, ok);
}

static void rej_table(const char *type, const int *th, int nth)
{
	char b1[160], b2[64];
	int i, v, k;

	P("Limit tight, type %s. Rejection rate = rejected / (threads x iters) "
	  "per repetition, median [min, max], n = repetitions; max overshoot = "
	  "the largest max_overshoot of any repetition.\n\n", type);
	P("| shape | threads |");
	for (v = 0; v < D.nv; v++)
		P(" %s rejected | %s max overshoot |", V(v), V(v));
	P("\n|---|---|");
	for (v = 0; v < D.nv; v++)
		P("---|---|");
	P("\n");
	for (k = 0; k < 2; k++) {
		struct sel s = tight_sel(type, rej_shapes[k]);

		for (i = 0; i < nth; i++) {
			s.threads = th[i];
			s.v = -1;
			P("| %s | %d%s |", rej_shapes[k], th[i],
			  ik_oversub(&D, s) ? " (oversubscribed)" : "");
			for (v = 0; v < D.nv; v++) {
				struct summary o;

				s.v = v;
				o = ik_summary(&D, s, M_OVER);
				P(" %s | %s |",
				  cell(b1, sizeof(b1), c_pct,
				       ik_summary(&D, s, M_REJ)),
				  fmt_val(b2, sizeof(b2), "%g", o.max));
			}
			P("\n");
		}
	}
	P("\n");
}

/* Variant v's largest max_overshoot over both shapes and all threads. */
static void say_overshoot(int v, const char *type, const int *th, int nth)
{
	double worst = NAN;
	int wt = 0, any = 0, k, i;
	const char *ws = "";

	for (k = 0; k < 2; k++) {
		struct sel s = tight_sel(type, rej_shapes[k]);

		s.v = v;
		for (i = 0; i < nth; i++) {
			struct summary o;

			s.threads = th[i];
			o = ik_summary(&D, s, M_OVER);
			if (!o.n)
				continue;
			any = 1;
			if (isnan(worst) || o.max > worst) {
				worst = o.max;
				wt = th[i];
				ws = rej_shapes[k];
			}
		}
	}
	if (!any)
		return;
	if (worst > 0)
		P("%s's largest max_overshoot is %g (%s, %d %s). ", V(v),
		  worst, ws, wt, plural(wt, "thread", "threads"));
	else
		P("%s's max_overshoot is 0 at every point. ", V(v));
}

/* Every variant's median rejection rate in shape at threads. */
static void say_rates(const char *type, const char *shape, int threads)
{
	struct sel s = tight_sel(type, shape);
	char b[64];
	int v, said = 0;

	s.threads = threads;
	P("At %d %s in %s the rejection rates are", threads,
	  plural(threads, "thread", "threads"), shape);
	for (v = 0; v < D.nv; v++) {
		struct summary m;

		s.v = v;
		m = ik_summary(&D, s, M_REJ);
		if (!m.n)
			continue;
		P("%s %s %s%%", said++ ? "," : "", V(v),
		  fmt_val(b, sizeof(b), "%.3f", 100 * m.med));
	}
	P("%s. ", said ? "" : " " NOT_MEASURED);
}

static void rej_reading(const char *type, const int *th, int nth)
{
	int v, k;

	P("**Reading:** ");
	for (v = 0; v < D.nv; v++)
		say_overshoot(v, type, th, nth);
	for (k = 0; k < 2; k++)
		say_rates(type, rej_shapes[k], th[nth - 1]);
	P("\n\n");
}

void section_rejections(void)
{
	int th[MAXK], nth, t;

	P("## TCG context: rejections at the limit\n\n");
	if (!need_input(&D.in_ik))
		return;
	for (t = 0; t < ntypes; t++) {
		int plotted = types[t] == ptype;

		nth = rej_threads(types[t], th);
		if (!nth) {
			P("Limit tight, type %s, shapes leaf and siblings: "
			  NOT_MEASURED ".\n\n", types[t]);
			continue;
		}
		if (plotted)
			rej_figure(types[t], th, nth);
		else
			P("Type %s (not plotted):\n\n", types[t]);
		rej_table(types[t], th, nth);
		if (plotted)
			rej_reading(types[t], th, nth);
	}
}
