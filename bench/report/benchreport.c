// SPDX-License-Identifier: GPL-2.0
/*
 * benchreport: REPORT.md, gnuplot data/scripts and PNGs from the benchmark
 * CSVs of the two SEV ASID cgroup controller designs.
 *
 *   benchreport --in DIR --out DIR [--ref VARIANT]
 *               [--design VARIANT=atomic|lock]...
 *
 * Everything in the report is computed from the files in --in; a missing
 * or empty file makes its section say "not measured in this run".
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv.h"
#include "data.h"
#include "model.h"
#include "plot.h"
#include "stats.h"

#define NOT_MEASURED	"not measured in this run"
#define MAXR		128	/* table rows */

static struct data D;
static const char *in_dir, *out_dir;
static FILE *md;

static const char *types[MAXK];
static int ntypes;
static const char *ptype;	/* the plotted in-kernel type */

static int ref_variant = -1;
static int npairs, pair_a[MAXV * MAXV], pair_b[MAXV * MAXV];

enum design { DESIGN_NONE, DESIGN_ATOMIC, DESIGN_LOCK };
static enum design design[MAXV];
static const char *design_arg_v[MAXV];
static enum design design_arg_d[MAXV];
static int ndesign_args;

static char caveat[4096];
static int plot_failures;

static void P(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void P(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(md, fmt, ap);
	va_end(ap);
}

static const char *V(int v)
{
	return D.variants[v];
}

static const char *plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static int input_ok(const struct input *in)
{
	return in->exists && in->rows > 0 && !in->unusable[0];
}

/* A section without its input says so once; returns whether it can go on. */
static int need_input(const struct input *in)
{
	if (input_ok(in))
		return 1;
	P("%s: " NOT_MEASURED ".\n\n", in->file);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Cells and tables                                                    */

typedef char *(*fmt_fn)(char *, size_t, struct summary);

static char *c_ns(char *b, size_t l, struct summary s)
{
	return fmt_summary(b, l, "%.1f", s);
}

static char *c_si(char *b, size_t l, struct summary s)
{
	return fmt_summary_si(b, l, s);
}

static char *c_pct(char *b, size_t l, struct summary s)
{
	s.med *= 100.0;
	s.min *= 100.0;
	s.max *= 100.0;
	return fmt_summary(b, l, "%.3f%%", s);
}

static char *c_ins(char *b, size_t l, struct summary s)
{
	return fmt_summary(b, l, "%.1f", s);
}

static char *cell(char *b, size_t l, fmt_fn f, struct summary s)
{
	char t[160];

	if (!s.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s n=%d", f(t, sizeof(t), s), s.n);
	return b;
}

struct trow {
	char key[160];
	struct summary s[MAXV];
};

static void table(const char *keyhdr, int nkeys, const struct trow *rows,
		  int n, fmt_fn f, int ratios)
{
	char b[256];
	int i, v, k;

	P("| %s |", keyhdr);
	for (v = 0; v < D.nv; v++)
		P(" %s |", V(v));
	if (ratios)
		for (k = 0; k < npairs; k++)
			P(" %s/%s † |", V(pair_a[k]), V(pair_b[k]));
	P("\n|");
	for (i = 0; i < nkeys + D.nv + (ratios ? npairs : 0); i++)
		P("---|");
	P("\n");
	for (i = 0; i < n; i++) {
		P("| %s |", rows[i].key);
		for (v = 0; v < D.nv; v++)
			P(" %s |", cell(b, sizeof(b), f, rows[i].s[v]));
		if (ratios)
			for (k = 0; k < npairs; k++)
				P(" %s |", fmt_ratio(b, sizeof(b),
					stats_ratio(rows[i].s[pair_a[k]].med,
						    rows[i].s[pair_b[k]].med)));
		P("\n");
	}
	P("\n");
}

static void print_caveat(void)
{
	P("> † Calibration caveat (guest ratio): %s\n\n", caveat);
}

/* "1, 2, 4" */
static char *int_list(char *b, size_t l, const int *x, int n)
{
	size_t o = 0;
	int i;

	b[0] = '\0';
	for (i = 0; i < n && o < l; i++)
		o += (size_t)snprintf(b + o, l - o, "%s%d", i ? ", " : "", x[i]);
	return b;
}

/* Is any pair's ratio computable? */
static int any_ratio(const struct summary *s)
{
	int k;

	for (k = 0; k < npairs; k++)
		if (!isnan(stats_ratio(s[pair_a[k]].med, s[pair_b[k]].med)))
			return 1;
	return 0;
}

/* "A/B = 1.23 (ranges overlap)" for every pair, joined by "; ". */
static void say_ratios(const struct summary *s, const char *prefix)
{
	char b[32];
	int k, first = 1;

	for (k = 0; k < npairs; k++) {
		struct summary a = s[pair_a[k]], c = s[pair_b[k]];
		double r = stats_ratio(a.med, c.med);

		if (isnan(r))
			continue;
		P("%s%s/%s = %s †%s", first ? prefix : "; ", V(pair_a[k]),
		  V(pair_b[k]), fmt_ratio(b, sizeof(b), r),
		  a.n > 1 || c.n > 1 ?
		  (stats_overlap(a, c) ? " ([min, max] ranges overlap)" :
		   " (ranges do not overlap)") : " (single repetition)");
		first = 0;
	}
}

static void embed(const char *name, const char *caption, int ok)
{
	char alt[640];
	size_t i, o = 0;

	/* Markdown alt text: one line, no brackets. */
	for (i = 0; caption[i] && o + 3 < sizeof(alt); i++) {
		char c = caption[i];

		if (c == '\n') {
			alt[o++] = ';';
			alt[o++] = ' ';
		} else {
			alt[o++] = c == '[' || c == ']' ? '|' : c;
		}
	}
	alt[o] = '\0';
	if (ok == 0)
		P("![%s](%s.png)\n\n", alt, name);
	else {
		P("_Plot not produced: gnuplot failed or is missing (script `%s.gp`, "
		  "messages in `gnuplot.log`)._\n\n", name);
		plot_failures++;
	}
}

/* out[v] = metric m of selection s restricted to variant v, for every v */
static void variant_summaries(struct sel s, enum metric m, struct summary *out)
{
	for (s.v = 0; s.v < D.nv; s.v++)
		out[s.v] = ik_summary(&D, s, m);
}

/* x offset of series i of n, so that error bars sit side by side */
static double offset(int i, int n, double step)
{
	return (i - (n - 1) / 2.0) * step;
}

/* ------------------------------------------------------------------ */
/* Calibration                                                         */

static int cal_threads(int *out)
{
	int i, n = 0;

	for (i = 0; i < D.ncal; i++)
		n = add_distinct(out, n, D.cal[i].threads);
	return n;
}

static double cal_ratio(const char *where, int threads)
{
	return stats_ratio(cal_summary(&D, where, "spinlock_pair", threads).med,
			   cal_summary(&D, where, "xadd_pair", threads).med);
}

static void build_caveat(void)
{
	int th[MAXK], n, i, said = 0;
	size_t o = 0;
	char b1[32], b2[32], b3[32];

	if (!input_ok(&D.in_cal)) {
		snprintf(caveat, sizeof(caveat),
			 "calib.csv " NOT_MEASURED ", so how much TCG distorts the "
			 "relative cost of atomics vs locks is unknown; guest ratios "
			 "cannot be related to the host.");
		return;
	}
	n = cal_threads(th);
	o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			      "TCG changes the relative cost of atomics vs locks "
			      "(calib.csv, medians). ");
	for (i = 0; i < n && o < sizeof(caveat); i++) {
		double h = cal_ratio("host", th[i]), g = cal_ratio("guest", th[i]);
		double dist = stats_ratio(h, g);
		const char *ctx = th[i] == 1 ? "without contention" :
					       "under contention";

		o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			"%sHost %d-thread spinlock/xadd = %sx, guest = %sx",
			said ? " " : "", th[i], fmt_ratio(b1, sizeof(b1), h),
			fmt_ratio(b2, sizeof(b2), g));
		said = 1;
		if (o >= sizeof(caveat))
			break;
		if (isnan(dist))
			o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
				": distortion not computable (a primitive is "
				NOT_MEASURED ").");
		else if (dist > 1.05)
			o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
				": guest ratios understate the atomic design's "
				"advantage %s by about %sx.", ctx,
				fmt_ratio(b3, sizeof(b3), dist));
		else if (dist < 1 / 1.05)
			o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
				": guest ratios overstate the atomic design's "
				"advantage %s by about %sx.", ctx,
				fmt_ratio(b3, sizeof(b3), 1 / dist));
		else
			o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
				": TCG keeps this ratio within 5%% %s (factor %s).",
				ctx, fmt_ratio(b3, sizeof(b3), dist));
	}
}

static void section_calibration(void)
{
	int th[MAXK], n, i;
	char b[160];
	static const char *const where[] = { "host", "guest" };

	P("## Calibration: atomics vs spinlock, host and guest\n\n");
	if (!need_input(&D.in_cal))
		return;
	P("ns per pair of each primitive (median [min, max], n = repetitions); "
	  "the ratio is spinlock_pair / xadd_pair of the medians.\n\n");
	P("| where | threads | xadd_pair ns | spinlock_pair ns | spinlock/xadd |\n");
	P("|---|---|---|---|---|\n");
	n = cal_threads(th);
	for (i = 0; i < n; i++) {
		unsigned int w;

		for (w = 0; w < 2; w++) {
			char x[160], s[160];

			P("| %s | %d | %s | %s | %s |\n", where[w], th[i],
			  cell(x, sizeof(x), c_ns,
			       cal_summary(&D, where[w], "xadd_pair", th[i])),
			  cell(s, sizeof(s), c_ns,
			       cal_summary(&D, where[w], "spinlock_pair", th[i])),
			  fmt_ratio(b, sizeof(b), cal_ratio(where[w], th[i])));
		}
	}
	P("\n**Reading:** %s The distortion factor is host ratio / guest ratio; "
	  "it is printed next to every guest ratio in this report (marked †).\n\n",
	  caveat);
}

/* ------------------------------------------------------------------ */
/* Harness overhead                                                    */

static void section_overhead(void)
{
	int t, v, th[MAXK], nth, i, flagged = 0, rows = 0;
	char b1[160], b2[64], b3[64];

	P("## Harness overhead\n\n");
	if (!need_input(&D.in_ik))
		return;
	P("The `empty` shape runs the benchmark loop without charging. Its ns per "
	  "pair as a percentage of the cheapest measured pair (lowest median over "
	  "the non-empty shapes, limit none, same variant, type and threads); "
	  "flagged when >= 5%%.\n\n");
	P("| variant | type | threads | empty loop ns/pair | cheapest pair | its ns/pair "
	  "| overhead | flag |\n|---|---|---|---|---|---|---|---|\n");
	for (t = 0; t < ntypes; t++) {
		for (v = 0; v < D.nv; v++) {
			struct sel s = sel_any();

			s.v = v;
			s.type = types[t];
			s.shape = "empty";
			nth = ik_threads(&D, s, th);
			for (i = 0; i < nth; i++) {
				struct summary e, best = { 0, NAN, NAN, NAN };
				char where[96] = "-";
				int r, seen = 0;
				const struct ik_row *done[MAXK];
				double pct;

				s.shape = "empty";
				s.threads = th[i];
				e = ik_summary(&D, s, M_NS);
				for (r = 0; r < D.nik; r++) {
					const struct ik_row *x = &D.ik[r];
					struct sel p = sel_any();
					struct summary m;
					int q;

					if (x->v != v || x->threads != th[i] ||
					    strcmp(x->type, types[t]) ||
					    strcmp(x->limit, "none") ||
					    !strcmp(x->shape, "empty"))
						continue;
					for (q = 0; q < seen; q++)
						if (done[q]->depth == x->depth &&
						    !strcmp(done[q]->shape, x->shape))
							break;
					if (q < seen)
						continue;
					if (seen < MAXK)
						done[seen++] = x;
					p.v = v;
					p.type = types[t];
					p.threads = th[i];
					p.limit = "none";
					p.shape = x->shape;
					p.depth = x->depth;
					m = ik_summary(&D, p, M_NS);
					if (!best.n || m.med < best.med) {
						best = m;
						snprintf(where, sizeof(where),
							 "%s depth %d", x->shape,
							 x->depth);
					}
				}
				pct = 100.0 * stats_ratio(e.med, best.med);
				P("| %s | %s | %d | %s | %s | %s | %s | %s |\n", V(v),
				  types[t], th[i], cell(b1, sizeof(b1), c_ns, e),
				  where, fmt_val(b2, sizeof(b2), "%.1f", best.med),
				  isnan(pct) ? "-" :
				  fmt_val(b3, sizeof(b3), "%.1f%%", pct),
				  isnan(pct) ? "-" : pct >= 5.0 ? "**FLAG >= 5%**" :
				  "ok");
				rows++;
				if (!isnan(pct) && pct >= 5.0)
					flagged++;
			}
		}
	}
	if (!rows) {
		P("| - | - | - | - | - | - | - | - |\n\n");
		P("The empty loop: " NOT_MEASURED ".\n\n");
		return;
	}
	P("\n**Reading:** ");
	if (flagged)
		P("%d of %d points have a harness overhead of 5%% or more of the "
		  "cheapest pair: there the loop itself is a visible part of every "
		  "ns-per-pair figure, and ratios between variants are pulled toward "
		  "1.\n\n", flagged, rows);
	else
		P("every measured point's harness overhead is below 5%% of the "
		  "cheapest pair (%d %s).\n\n", rows, plural(rows, "point", "points"));
}

/* ------------------------------------------------------------------ */
/* Gnuplot script pieces shared by the plot_*() functions              */

#define PLOT_SEP ", \\\n     "

static void plot_head(FILE *g, const char *title, const char *xlabel)
{
	fprintf(g, "set title ");
	plot_quote(g, title);
	fprintf(g, "\nset xlabel \"%s\"\n", xlabel);
}

/* Depth axis: one tic per measured depth, half a step of margin. */
static void xtics_depths(FILE *g, const int *dp, int ndp)
{
	int i;

	fprintf(g, "set xtics (");
	for (i = 0; i < ndp; i++)
		fprintf(g, "%s\"%d\" %d", i ? ", " : "", dp[i], dp[i]);
	fprintf(g, ")\nset xrange [%g:%g]\n", ndp ? dp[0] - 0.5 : 0,
		ndp ? dp[ndp - 1] + 0.5 : 1);
}

/* One plotted series of one variant: its file under data/ and its points. */
struct series {
	FILE *f;
	int n;
	char file[256];
};

/*
 * Open data/<prefix>_<variant><suffix> for variant v, suffix being a
 * printf format that ends in ".dat".  Returns 0, or -1 if it cannot.
 */
static int series_open(struct series *sr, const char *prefix, int v,
		       const char *suffix, ...)
	__attribute__((format(printf, 4, 5)));
static int series_open(struct series *sr, const char *prefix, int v,
		       const char *suffix, ...)
{
	char safe[NAMELEN], sfx[64];
	va_list ap;

	va_start(ap, suffix);
	vsnprintf(sfx, sizeof(sfx), suffix, ap);
	va_end(ap);
	plot_safe_name(safe, sizeof(safe), V(v));
	snprintf(sr->file, sizeof(sr->file), "%s_%s%s", prefix, safe, sfx);
	sr->n = 0;
	sr->f = plot_open_data(out_dir, sr->file);
	return sr->f ? 0 : -1;
}

/* A "x key median min max n" line, digits significant; none if !m.n. */
static void series_point(struct series *sr, double x, int key,
			 struct summary m, int digits)
{
	if (!m.n)
		return;
	fprintf(sr->f, "%g %d %.*g %.*g %.*g %d\n", x, key, digits, m.med,
		digits, m.min, digits, m.max, m.n);
	sr->n++;
}

/* A series without points leaves no data file behind; returns n. */
static int series_close(struct series *sr)
{
	fclose(sr->f);
	if (!sr->n)
		plot_drop_data(out_dir, sr->file);
	return sr->n;
}

/*
 * Close sr and, if it has points, add it to the plot command as
 * "'data/<file>' <style> title <title>", style being a printf format.
 * Returns whether it was added.
 */
static int series_plot(FILE *g, int *any, struct series *sr,
		       const char *title, const char *style, ...)
	__attribute__((format(printf, 5, 6)));
static int series_plot(FILE *g, int *any, struct series *sr,
		       const char *title, const char *style, ...)
{
	va_list ap;

	if (!series_close(sr))
		return 0;
	fprintf(g, "%s'data/%s' ", *any ? PLOT_SEP : "", sr->file);
	va_start(ap, style);
	vfprintf(g, style, ap);
	va_end(ap);
	fprintf(g, " title ");
	plot_quote(g, title);
	*any = 1;
	return 1;
}

/* Medians with min-max bars; dt 0 keeps gnuplot's default dash. */
static int series_errline(FILE *g, int *any, struct series *sr, int v,
			  int dt, int pt, const char *title)
{
	char dash[16] = "";

	if (dt)
		snprintf(dash, sizeof(dash), "dt %d ", dt);
	return series_plot(g, any, sr, title, "using 1:3:4:5 with yerrorlines "
			   "lc rgb \"%s\" %slw 2 pt %d ps 1.2", plot_color(v),
			   dash, pt);
}

/* gnuplot rejects a bare "plot", so an empty figure plots NaN. */
static void plot_end(FILE *g, int any)
{
	if (!any)
		fprintf(g, "NaN notitle");
	fprintf(g, "\n");
	fclose(g);
}

/* ------------------------------------------------------------------ */
/* 1. Throughput vs threads                                            */

static void xtics_threads(FILE *g, const int *th, int n, struct sel s)
{
	int i, over = 0;

	fprintf(g, "set xtics (");
	for (i = 0; i < n; i++) {
		s.threads = th[i];
		fprintf(g, "%s\"%d%s\" %d", i ? ", " : "", th[i],
			ik_oversub(&D, s) ? "\\n(oversubscribed)" : "", i);
		over |= ik_oversub(&D, s);
	}
	fprintf(g, ")\n");
	fprintf(g, "set xrange [-0.5:%g]\n", n - 0.5);
	if (over)
		fprintf(g, "set xlabel offset 0,-1\n");
}

static int plot_throughput(const char *name, struct sel s, const int *th,
			   int nth, const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	int v, i, any = 0;

	if (!g)
		return -1;
	plot_head(g, title, "threads charging (all in one guest)");
	fprintf(g, "set ylabel \"charge+uncharge pairs/s, all threads\"\n");
	fprintf(g, "set format y \"%%.1s%%c\"\nset yrange [0:*]\n");
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
			series_point(&sr, i + offset(v, D.nv, 0.06), th[i],
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

static void throughput_reading(struct sel s, const int *th, int nth)
{
	struct summary m[MAXV];
	int i, v, lo = -1, hi = -1, over[MAXK], nover = 0;
	char b[64], b2[64];

	P("**Reading:** ");
	for (i = 0; i < nth; i++) {
		int said = 0;

		s.threads = th[i];
		s.v = -1;
		if (ik_oversub(&D, s)) {
			over[nover++] = th[i];
		} else {
			if (lo < 0)
				lo = i;
			hi = i;
		}
		P("With %d %s%s: ", th[i], plural(th[i], "thread", "threads"),
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
	if (lo >= 0 && hi > lo) {
		for (v = 0; v < D.nv; v++) {
			struct summary a, c;

			s.v = v;
			s.threads = th[lo];
			a = ik_summary(&D, s, M_TPUT);
			s.threads = th[hi];
			c = ik_summary(&D, s, M_TPUT);
			if (!a.n || !c.n)
				continue;
			P("From %d to %d threads %s's throughput changes by %sx "
			  "(linear scaling would be %sx). ", th[lo], th[hi], V(v),
			  fmt_ratio(b, sizeof(b), stats_ratio(c.med, a.med)),
			  fmt_ratio(b2, sizeof(b2), (double)th[hi] / th[lo]));
		}
	}
	if (nover)
		P("The data flag %s %s as oversubscribed (the guest had more vCPUs "
		  "than the host has cores), so those points mix the controller's "
		  "cost with vCPU time-sharing.",
		  plural(nover, "thread count", "thread counts"),
		  int_list(b, sizeof(b), over, nover));
	P("\n\n");
}

static void section_throughput(void)
{
	static const struct { const char *shape; int depth; } shapes[] = {
		{ "leaf", 1 }, { "siblings", 1 }, { "chain", 1 },
	};
	unsigned int k;
	int t;

	P("## 1. Throughput vs threads\n\n");
	if (!need_input(&D.in_ik))
		return;
	for (k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
		struct sel s = sel_any();
		int th[MAXK], nth, ok, over[MAXK], nover = 0, i;
		char name[128], title[512], b[128];

		P("### Shape %s, depth %d\n\n", shapes[k].shape, shapes[k].depth);
		s.shape = shapes[k].shape;
		s.depth = shapes[k].depth;
		s.limit = "none";
		s.type = ptype;
		nth = ik_threads(&D, s, th);
		if (!nth) {
			P("Type %s, limit none: " NOT_MEASURED ".\n\n", ptype);
		} else {
			for (i = 0; i < nth; i++) {
				s.threads = th[i];
				if (ik_oversub(&D, s))
					over[nover++] = th[i];
			}
			s.threads = -1;
			snprintf(name, sizeof(name), "throughput_vs_threads_%s",
				 shapes[k].shape);
			snprintf(title, sizeof(title),
				 "Charge+uncharge throughput vs threads: shape %s, depth %d, "
				 "type %s, limit none\nmedian, min-max bars%s%s%s",
				 shapes[k].shape, shapes[k].depth, ptype,
				 nover ? "; note: threads " : "",
				 nover ? int_list(b, sizeof(b), over, nover) : "",
				 nover ? " are oversubscribed (more vCPUs than host cores)" : "");
			ok = plot_throughput(name, s, th, nth, title);
			embed(name, title, ok);
			P("Type %s, limit none. ", ptype);
			throughput_table(s, th, nth);
			throughput_reading(s, th, nth);
		}
		for (t = 0; t < ntypes; t++) {
			if (types[t] == ptype)
				continue;
			s.type = types[t];
			s.threads = -1;
			nth = ik_threads(&D, s, th);
			P("Type %s (not plotted), limit none: ", types[t]);
			if (!nth) {
				P(NOT_MEASURED ".\n\n");
				continue;
			}
			throughput_table(s, th, nth);
		}
	}
}

/* ------------------------------------------------------------------ */
/* 2. ns per pair vs depth                                             */

/* Shape chain, limit none, one type: what every depth sweep selects. */
static struct sel chain_sel(const char *type)
{
	struct sel s = sel_any();

	s.shape = "chain";
	s.limit = "none";
	s.type = type;
	return s;
}

/* Non-oversubscribed thread counts of chain, limit none, type t. */
static int chain_threads(const char *type, int *th)
{
	struct sel s = chain_sel(type);

	s.oversub = 0;
	return ik_threads(&D, s, th);
}

static int plot_depth(const char *name, const int *th, int nth,
		      const int *dp, int ndp, const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	char ttl[160];
	int v, t, i, any = 0, series = 0;

	if (!g)
		return -1;
	plot_head(g, title, "hierarchy depth (levels charged per pair)");
	fprintf(g, "set ylabel \"ns per charge+uncharge pair\"\nset yrange [0:*]\n");
	xtics_depths(g, dp, ndp);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		for (t = 0; t < nth; t++, series++) {
			struct sel s = chain_sel(ptype);
			struct series sr;

			if (series_open(&sr, name, v, "_t%d.dat", th[t]))
				continue;
			fprintf(sr.f, "# %s, %d threads: x depth median min max n (ns/pair)\n",
				V(v), th[t]);
			s.v = v;
			s.threads = th[t];
			for (i = 0; i < ndp; i++) {
				s.depth = dp[i];
				series_point(&sr, dp[i] + offset(series, D.nv * nth, 0.05),
					     dp[i], ik_summary(&D, s, M_NS), 6);
			}
			snprintf(ttl, sizeof(ttl), "%s, %d %s", V(v), th[t],
				 plural(th[t], "thread", "threads"));
			series_errline(g, &any, &sr, v, t + 1, t ? 6 : 7, ttl);
		}
	}
	plot_end(g, any);
	return plot_run(out_dir, name);
}

static void depth_table(const char *type, const int *th, int nth)
{
	struct trow rows[MAXR];
	int t, i, n = 0, dp[MAXK], ndp;

	for (t = 0; t < nth; t++) {
		struct sel s = chain_sel(type);

		s.threads = th[t];
		ndp = ik_depths(&D, s, dp);
		for (i = 0; i < ndp && n < MAXR; i++, n++) {
			s.depth = dp[i];
			snprintf(rows[n].key, sizeof(rows[n].key), "%d | %d", th[t],
				 dp[i]);
			variant_summaries(s, M_NS, rows[n].s);
		}
	}
	P("ns per pair, median [min, max], n = repetitions; ratios of the medians:\n\n");
	table("threads | depth", 2, rows, n, c_ns, 1);
	print_caveat();
}

/* Least-squares slope of the medians over the depths, ns per level. */
static double depth_slope(int v, const char *type, int threads, int *ndp_out)
{
	struct sel s = chain_sel(type);
	double x[MAXK], y[MAXK];
	int dp[MAXK], ndp, i, n = 0;

	s.v = v;
	s.threads = threads;
	ndp = ik_depths(&D, s, dp);
	for (i = 0; i < ndp; i++) {
		struct summary m;

		s.depth = dp[i];
		m = ik_summary(&D, s, M_NS);
		if (!m.n)
			continue;
		x[n] = dp[i];
		y[n++] = m.med;
	}
	if (ndp_out)
		*ndp_out = n;
	return stats_slope(x, y, n);
}

static void depth_reading(const int *th, int nth)
{
	int t, v, dp[MAXK], ndp;
	char b[64], b2[160];

	P("**Reading:** ");
	for (t = 0; t < nth; t++) {
		struct sel s = chain_sel(ptype);
		struct summary m[MAXV];
		int said = 0;

		s.threads = th[t];
		ndp = ik_depths(&D, s, dp);
		P("With %d %s, per extra level (least-squares slope of the medians "
		  "over depths %s) ", th[t], plural(th[t], "thread", "threads"),
		  int_list(b2, sizeof(b2), dp, ndp));
		for (v = 0; v < D.nv; v++) {
			int n;
			double sl = depth_slope(v, ptype, th[t], &n);

			if (isnan(sl))
				continue;
			P("%s%s adds %s ns", said ? ", " : "", V(v),
			  fmt_val(b, sizeof(b), "%.1f", sl));
			said = 1;
		}
		if (!said)
			P("no slope is computable (fewer than 2 depths)");
		P(". ");
		if (ndp) {
			int ends[2] = { dp[0], dp[ndp - 1] }, e;

			for (e = 0; e < (ndp > 1 ? 2 : 1); e++) {
				s.depth = ends[e];
				variant_summaries(s, M_NS, m);
				P("At depth %d with %d %s: ", ends[e], th[t],
				  plural(th[t], "thread", "threads"));
				said = 0;
				for (v = 0; v < D.nv; v++) {
					if (!m[v].n)
						continue;
					P("%s%s %s ns", said ? ", " : "", V(v),
					  fmt_val(b, sizeof(b), "%.1f", m[v].med));
					said = 1;
				}
				say_ratios(m, "; ");
				P(". ");
			}
		}
	}
	P("\n\n");
}

static void section_depth(void)
{
	int th[MAXK], nth, t, dp[MAXK], ndp, ok;
	struct sel s = chain_sel(ptype);
	char title[512];

	P("## 2. ns per pair vs hierarchy depth\n\n");
	if (!need_input(&D.in_ik))
		return;
	nth = chain_threads(ptype, th);
	s.oversub = 0;
	ndp = ik_depths(&D, s, dp);
	if (!nth || !ndp) {
		P("Shape chain, type %s, limit none: " NOT_MEASURED ".\n\n", ptype);
	} else {
		snprintf(title, sizeof(title),
			 "ns per charge+uncharge pair vs depth: shape chain, type %s, "
			 "limit none\nmedian, min-max bars; line style per thread count", ptype);
		ok = plot_depth("ns_per_pair_vs_depth", th, nth, dp, ndp, title);
		embed("ns_per_pair_vs_depth", title, ok);
		P("Type %s, limit none, shape chain. ", ptype);
		depth_table(ptype, th, nth);
		depth_reading(th, nth);
	}
	for (t = 0; t < ntypes; t++) {
		if (types[t] == ptype)
			continue;
		nth = chain_threads(types[t], th);
		P("Type %s (not plotted), shape chain, limit none: ", types[t]);
		if (!nth) {
			P(NOT_MEASURED ".\n\n");
			continue;
		}
		depth_table(types[t], th, nth);
	}
}

/* ------------------------------------------------------------------ */
/* 3. Instructions (icount)                                            */

struct ic_key {
	char shape[NAMELEN], type[NAMELEN];
	int depth;
};

static int cmp_ic_key(const void *a, const void *b)
{
	const struct ic_key *x = a, *y = b;
	int c = strcmp(x->type, y->type);

	if (c)
		return c;
	c = strcmp(x->shape, y->shape);
	return c ? c : x->depth - y->depth;
}

static int ic_keys(struct ic_key *k, int max)
{
	int i, j, n = 0;

	for (i = 0; i < D.nic; i++) {
		const struct ic_row *r = &D.ic[i];

		for (j = 0; j < n; j++)
			if (!strcmp(k[j].shape, r->shape) &&
			    !strcmp(k[j].type, r->type) && k[j].depth == r->depth)
				break;
		if (j < n || n == max)
			continue;
		snprintf(k[n].shape, NAMELEN, "%s", r->shape);
		snprintf(k[n].type, NAMELEN, "%s", r->type);
		k[n++].depth = r->depth;
	}
	qsort(k, (size_t)n, sizeof(*k), cmp_ic_key);
	return n;
}

static int plot_icount(const char *name, const char *type, const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	int v, i, any = 0, dp[MAXK], ndp = 0;

	if (!g)
		return -1;
	for (i = 0; i < D.nic; i++)
		if (!strcmp(D.ic[i].shape, "chain") && !strcmp(D.ic[i].type, type))
			ndp = add_distinct(dp, ndp, D.ic[i].depth);
	plot_head(g, title, "hierarchy depth (levels charged per pair)");
	fprintf(g, "set ylabel \"guest instructions per charge+uncharge pair\"\n");
	fprintf(g, "set yrange [0:*]\n");
	xtics_depths(g, dp, ndp);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		struct series sr;

		if (series_open(&sr, name, v, ".dat"))
			continue;
		fprintf(sr.f, "# %s: x depth median-of-runs min max n (instructions/pair)\n",
			V(v));
		for (i = 0; i < ndp; i++)
			series_point(&sr, dp[i] + offset(v, D.nv, 0.06), dp[i],
				     ic_summary(&D, v, -1, "chain", dp[i], type), 8);
		series_errline(g, &any, &sr, v, 0, 7, V(v));
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : -1;
}

static void section_icount(void)
{
	struct ic_key keys[MAXR];
	struct trow rows[MAXR];
	int nk, i, v, checked = 0, failed = 0, missing = 0, has_chain = 0;
	char b1[64], b2[64], b3[64], title[512];
	const char *itype = NULL;

	P("## 3. Instructions per pair (QEMU -icount)\n\n");
	if (!need_input(&D.in_ic))
		return;
	nk = ic_keys(keys, MAXR);
	for (i = 0; i < nk; i++)
		if (!strcmp(keys[i].shape, "chain")) {
			has_chain = 1;
			if (!itype || (ptype && !strcmp(keys[i].type, ptype)))
				itype = keys[i].type;
		}
	if (has_chain) {
		int ok;

		snprintf(title, sizeof(title),
			 "Guest instructions per charge+uncharge pair vs depth: shape "
			 "chain, type %s\nQEMU -icount shift=0; median of the runs, "
			 "bars: run range",
			 itype);
		ok = plot_icount("instructions_vs_depth", itype, title);
		embed("instructions_vs_depth", title, ok);
	} else {
		P("Shape chain: " NOT_MEASURED " (no plot).\n\n");
	}

	P("Run-to-run agreement (relative difference = |run1 - run2| / mean; "
	  "the runs must agree within 1%%):\n\n");
	P("| variant | type | shape | depth | run 1 | run 2 | rel. diff | within 1%% |\n");
	P("|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < nk; i++) {
		for (v = 0; v < D.nv; v++) {
			struct summary r1 = ic_summary(&D, v, 1, keys[i].shape,
						       keys[i].depth, keys[i].type);
			struct summary r2 = ic_summary(&D, v, 2, keys[i].shape,
						       keys[i].depth, keys[i].type);
			double rd = stats_reldiff(r1.med, r2.med);
			const char *verdict = "-";

			if (!r1.n && !r2.n)
				continue;
			if (isnan(rd)) {
				missing++;
			} else {
				checked++;
				verdict = rd <= 0.01 ? "PASS" : "FAIL";
				if (rd > 0.01)
					failed++;
			}
			P("| %s | %s | %s | %d | %s | %s | %s | %s |\n", V(v),
			  keys[i].type, keys[i].shape, keys[i].depth,
			  fmt_val(b1, sizeof(b1), "%.1f", r1.med),
			  fmt_val(b2, sizeof(b2), "%.1f", r2.med),
			  isnan(rd) ? "-" :
			  fmt_val(b3, sizeof(b3), "%.3f%%", 100 * rd), verdict);
		}
	}
	P("\n**icount agreement: %s** (%d %s compared, %d failed",
	  !checked ? "FAIL (no point has both runs)" : failed ? "FAIL" : "PASS",
	  checked, plural(checked, "point", "points"), failed);
	if (missing)
		P("; %d %s run 1 or run 2 and could not be checked", missing,
		  plural(missing, "point lacks", "points lack"));
	P(").\n\n");

	for (i = 0; i < nk && i < MAXR; i++) {
		snprintf(rows[i].key, sizeof(rows[i].key), "%.60s | %.60s | %d",
			 keys[i].type, keys[i].shape, keys[i].depth);
		for (v = 0; v < D.nv; v++)
			rows[i].s[v] = ic_summary(&D, v, -1, keys[i].shape,
						  keys[i].depth, keys[i].type);
	}
	P("Instructions per pair over the runs (median of the runs [min, max], "
	  "n = runs):\n\n");
	table("type | shape | depth", 3, rows, i, c_ins, 1);
	print_caveat();
	P("Instruction counts are not time: an atomic read-modify-write and a plain "
	  "add each count as one instruction, so these ratios compare code paths, "
	  "not the cost of atomics or locks.\n\n");

	if (has_chain) {
		P("**Reading:** ");
		for (v = 0; v < D.nv; v++) {
			double x[MAXK], y[MAXK], sl;
			int n = 0;

			for (i = 0; i < nk && n < MAXK; i++) {
				struct summary m;

				if (strcmp(keys[i].shape, "chain") ||
				    strcmp(keys[i].type, itype))
					continue;
				m = ic_summary(&D, v, -1, "chain", keys[i].depth, itype);
				if (!m.n)
					continue;
				x[n] = keys[i].depth;
				y[n++] = m.med;
			}
			sl = stats_slope(x, y, n);
			if (isnan(sl))
				continue;
			P("%s executes %s instructions per pair at depth %g and %s more "
			  "per extra level (least-squares slope, chain, type %s). ",
			  V(v), fmt_val(b1, sizeof(b1), "%.1f", y[0]), x[0],
			  fmt_val(b2, sizeof(b2), "%.1f", sl), itype);
		}
		for (i = nk - 1; i >= 0; i--) {
			struct summary m[MAXV];

			if (strcmp(keys[i].shape, "chain") ||
			    strcmp(keys[i].type, itype))
				continue;
			for (v = 0; v < D.nv; v++)
				m[v] = ic_summary(&D, v, -1, "chain", keys[i].depth,
						  itype);
			if (!any_ratio(m))
				continue;
			P("At depth %d", keys[i].depth);
			say_ratios(m, ": ");
			P(".");
			break;
		}
		P("\n\n");
	}
}

/* ------------------------------------------------------------------ */
/* 4. Rejections at the limit                                          */

static const char *const rej_shapes[] = { "leaf", "siblings" };

static int plot_rejections(const char *name, const int *th, int nth,
			   const char *title)
{
	FILE *g = plot_open_script(out_dir, name);
	char ttl[160];
	int v, k, i, any = 0, series = 0, nseries = D.nv * 2;

	if (!g)
		return -1;
	plot_head(g, title, "threads charging (all in one guest)");
	fprintf(g, "set ylabel \"rejected charges, %% of attempts\"\n");
	fprintf(g, "set yrange [0:*]\nset offsets 0, 0, graph 0.25, 0\n");
	{
		struct sel s = sel_any();

		s.limit = "tight";
		s.type = ptype;
		xtics_threads(g, th, nth, s);
	}
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		for (k = 0; k < 2; k++, series++) {
			struct sel s = sel_any();
			struct series sr;

			if (series_open(&sr, name, v, "_%s.dat", rej_shapes[k]))
				continue;
			fprintf(sr.f, "# %s, %s: x threads median%% min%% max%% n "
				"label(max_overshoot over reps)\n", V(v), rej_shapes[k]);
			s.v = v;
			s.shape = rej_shapes[k];
			s.depth = 1;
			s.limit = "tight";
			s.type = ptype;
			for (i = 0; i < nth; i++) {
				struct summary m, o;

				s.threads = th[i];
				m = ik_summary(&D, s, M_REJ);
				o = ik_summary(&D, s, M_OVER);
				if (!m.n)
					continue;
				fprintf(sr.f, "%g %d %.6g %.6g %.6g %d ov=%g\n",
					i + offset(series, nseries, 0.1), th[i],
					100 * m.med, 100 * m.min, 100 * m.max,
					m.n, o.max);
				sr.n++;
			}
			snprintf(ttl, sizeof(ttl), "%s, %s", V(v), rej_shapes[k]);
			if (series_errline(g, &any, &sr, v, k + 1, k ? 6 : 7, ttl))
				fprintf(g, PLOT_SEP "'data/%s' using 1:5:7 with labels "
					"rotate by 90 left offset 0,0.6 font \",9\" "
					"tc rgb \"%s\" notitle", sr.file, plot_color(v));
		}
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : -1;
}

static void section_rejections(void)
{
	struct sel s = sel_any();
	int th[MAXK], nth, i, v, k, n = 0, ok, t;
	char title[512], b1[160], b2[64];

	P("## 4. Rejections at the limit\n\n");
	if (!need_input(&D.in_ik))
		return;
	for (t = 0; t < ntypes; t++) {
		int plotted = types[t] == ptype;

		s = sel_any();
		s.limit = "tight";
		s.type = types[t];
		s.depth = 1;
		nth = 0;
		for (k = 0; k < 2; k++) {
			int x[MAXK], nx, j;

			s.shape = rej_shapes[k];
			nx = ik_threads(&D, s, x);
			for (j = 0; j < nx; j++)
				nth = add_distinct(th, nth, x[j]);
		}
		if (!nth) {
			P("Limit tight, type %s, shapes leaf and siblings: "
			  NOT_MEASURED ".\n\n", types[t]);
			continue;
		}
		if (plotted) {
			snprintf(title, sizeof(title),
				 "Rejection rate at a tight limit vs threads: type %s, "
				 "shapes leaf and siblings (median, min-max bars)\n"
				 "labels: max_overshoot over repetitions", types[t]);
			ok = plot_rejections("rejections_at_limit", th, nth, title);
			embed("rejections_at_limit", title, ok);
		} else {
			P("Type %s (not plotted):\n\n", types[t]);
		}
		P("Limit tight, type %s. Rejection rate = rejected / (threads x iters) "
		  "per repetition, median [min, max], n = repetitions; max overshoot = "
		  "the largest max_overshoot of any repetition.\n\n", types[t]);
		P("| shape | threads |");
		for (v = 0; v < D.nv; v++)
			P(" %s rejected | %s max overshoot |", V(v), V(v));
		P("\n|---|---|");
		for (v = 0; v < D.nv; v++)
			P("---|---|");
		P("\n");
		for (k = 0; k < 2; k++) {
			s.shape = rej_shapes[k];
			for (i = 0; i < nth; i++, n++) {
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
			s.threads = -1;
		}
		P("\n");
		if (!plotted)
			continue;
		P("**Reading:** ");
		for (v = 0; v < D.nv; v++) {
			double worst = NAN;
			int wt = 0, any = 0;
			const char *ws = "";

			s.v = v;
			for (k = 0; k < 2; k++) {
				s.shape = rej_shapes[k];
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
				continue;
			if (worst > 0)
				P("%s's largest max_overshoot is %g (%s, %d %s). ", V(v),
				  worst, ws, wt, plural(wt, "thread", "threads"));
			else
				P("%s's max_overshoot is 0 at every point. ", V(v));
		}
		for (k = 0; k < 2; k++) {
			s.shape = rej_shapes[k];
			s.threads = th[nth - 1];
			P("At %d %s in %s the rejection rates are", th[nth - 1],
			  plural(th[nth - 1], "thread", "threads"), rej_shapes[k]);
			for (v = 0, i = 0; v < D.nv; v++) {
				struct summary m;

				s.v = v;
				m = ik_summary(&D, s, M_REJ);
				if (!m.n)
					continue;
				P("%s %s %s%%", i++ ? "," : "", V(v),
				  fmt_val(b2, sizeof(b2), "%.3f", 100 * m.med));
			}
			P("%s. ", i ? "" : " " NOT_MEASURED);
		}
		P("\n\n");
	}
}

/* ------------------------------------------------------------------ */
/* End to end                                                          */

/* ops/s over the repetitions of variant v and type; smp may be NULL. */
static struct summary e2e_ops(int v, const char *type, int *smp, int *nsmp)
{
	double x[4096];
	int r, j, n = 0;

	for (r = 0; r < D.ne2e && n < 4096; r++) {
		const struct e2e_row *e = &D.e2e[r];

		if (e->v != v || strcmp(e->type, type))
			continue;
		x[n++] = e->ops;
		if (!smp)
			continue;
		for (j = 0; j < *nsmp && smp[j] != e->smp; j++)
			;
		if (j == *nsmp && *nsmp < MAXK)
			smp[(*nsmp)++] = e->smp;
	}
	return stats_summarize(x, n);
}

/* The controller's part of an op: leaf, depth 1, 1 thread, limit none. */
static struct summary e2e_controller_ns(int v, const char *type)
{
	struct sel s = sel_any();

	s.v = v;
	s.shape = "leaf";
	s.depth = 1;
	s.threads = 1;
	s.limit = "none";
	s.type = type;
	return ik_summary(&D, s, M_NS);
}

static void section_e2e(void)
{
	const char *et[MAXK];
	int net = 0, i, j, v;
	char b1[160], b2[64], b3[64], b4[64], b5[64];

	P("## End to end: KVM_CREATE_VM + KVM_SEV_INIT + close\n\n");
	if (!need_input(&D.in_e2e))
		return;
	for (i = 0; i < D.ne2e; i++) {
		for (j = 0; j < net && strcmp(et[j], D.e2e[i].type); j++)
			;
		if (j == net && net < MAXK) {
			for (j = net; j > 0 && strcmp(et[j - 1], D.e2e[i].type) > 0; j--)
				et[j] = et[j - 1];
			et[j] = D.e2e[i].type;
			net++;
		}
	}
	P("ops/s per repetition (median [min, max], n = repetitions). One op = "
	  "1e9 / median ops/s. Controller share = the in-kernel charge+uncharge "
	  "ns per pair at shape leaf, depth 1, 1 thread, limit none, same type "
	  "(median) / one op's ns.\n\n");
	P("| variant | type | guest smp | ops/s | one op (us) | controller pair (ns) "
	  "| controller share |\n|---|---|---|---|---|---|---|\n");
	for (i = 0; i < net; i++) {
		for (v = 0; v < D.nv; v++) {
			int smp[MAXK], nsmp = 0;
			struct summary ops = e2e_ops(v, et[i], smp, &nsmp), c;
			double op_ns, share;

			if (!ops.n)
				continue;
			c = e2e_controller_ns(v, et[i]);
			op_ns = 1e9 / ops.med;
			share = 100.0 * stats_ratio(c.med, op_ns);
			P("| %s | %s | %s | %s | %s | %s | %s |\n", V(v), et[i],
			  int_list(b5, sizeof(b5), smp, nsmp),
			  cell(b1, sizeof(b1), c_si, ops),
			  fmt_val(b2, sizeof(b2), "%.1f", op_ns / 1000.0),
			  fmt_val(b3, sizeof(b3), "%.1f", c.med),
			  isnan(share) ? "-" :
			  fmt_val(b4, sizeof(b4), "%.4f%%", share));
		}
	}
	P("\n**Reading:** ");
	for (i = 0; i < net; i++) {
		struct summary m[MAXV];
		int said = 0;

		for (v = 0; v < D.nv; v++) {
			double share;

			m[v] = e2e_ops(v, et[i], NULL, NULL);
			if (!m[v].n)
				continue;
			share = 100.0 * stats_ratio(e2e_controller_ns(v, et[i]).med,
						    1e9 / m[v].med);
			P("%s%s (type %s) completes %s ops/s", said ? "; " : "",
			  V(v), et[i], fmt_si(b1, sizeof(b1), m[v].med));
			if (!isnan(share))
				P(", of which the controller's charge+uncharge "
				  "accounts for %s%%",
				  fmt_val(b2, sizeof(b2), "%.4f", share));
			said = 1;
		}
		say_ratios(m, "; ops/s ");
		P(". ");
	}
	P("\n\n");
	print_caveat();
}

/* ------------------------------------------------------------------ */
/* Model                                                               */

static const int model_cpus[] = { 8, 16, 32, 64, 128 };
#define NMODEL_CPUS ((int)(sizeof(model_cpus) / sizeof(model_cpus[0])))
static const int model_depths[] = { 1, 4 };
static const struct model_params mp_central = { 60.0, 150.0, 32 };
static const struct model_params mp_low = { 40.0, 100.0, 32 };
static const struct model_params mp_high = { 80.0, 200.0, 32 };

struct model_in {
	double c1, slope, empty;
	int ndepths;
	double u[2], ucs[2];
};

static void model_inputs(int v, struct model_in *mi)
{
	struct sel s = chain_sel(ptype);
	int k;

	s.v = v;
	s.depth = 1;
	s.threads = 1;
	mi->c1 = ik_summary(&D, s, M_NS).med;
	mi->slope = depth_slope(v, ptype, 1, &mi->ndepths);
	s.shape = "empty";
	s.depth = -1;
	mi->empty = ik_summary(&D, s, M_NS).med;
	for (k = 0; k < 2; k++) {
		double u = model_uncontended_ns(mi->c1, mi->slope, model_depths[k]);

		mi->u[k] = u;
		mi->ucs[k] = isnan(mi->empty) ? u : u - mi->empty;
		if (mi->ucs[k] < 0)
			mi->ucs[k] = 0;
	}
}

static double model_eval(const struct model_params *p, int v, int ncpu, int k,
			 const struct model_in *mi, enum model_bound *b)
{
	if (design[v] == DESIGN_ATOMIC)
		return model_atomic(p, ncpu, model_depths[k], mi->u[k], b);
	if (design[v] == DESIGN_LOCK)
		return model_lock(p, ncpu, model_depths[k], mi->u[k], mi->ucs[k], b);
	return NAN;
}

static const char *design_name(enum design d)
{
	return d == DESIGN_ATOMIC ? "per-level atomics" :
	       d == DESIGN_LOCK ? "one global lock" : "not modelled";
}

static int plot_model(const struct model_in *mi, const char *title)
{
	const char *name = "model_throughput";
	FILE *g = plot_open_script(out_dir, name);
	char ttl[160];
	int v, k, i, any = 0;

	if (!g)
		return -1;
	plot_head(g, title, "CPUs charging in one leaf");
	fprintf(g, "set ylabel \"charge+uncharge pairs/s, all CPUs\"\n");
	fprintf(g, "set logscale x 2\nset logscale y 10\nset xrange [0.8:180]\n");
	fprintf(g, "set xtics (\"1\" 1, \"2\" 2, \"4\" 4, \"8\" 8, \"16\" 16, "
		"\"32\" 32, \"64\" 64, \"128\" 128)\n");
	fprintf(g, "set format y \"%%.0s%%c\"\n");
	fprintf(g, "set object 1 rect from 5.5, graph 0 to 180, graph 1 "
		"fc rgb \"#eeeeee\" fs solid 1.0 noborder behind\n");
	fprintf(g, "set label 1 \"MODEL (projection, not measured)\" at 6, graph 0.04 "
		"left font \",12\" tc rgb \"#555555\"\n");
	fprintf(g, "set label 2 \"measured\" at 0.9, graph 0.04 left "
		"font \",12\" tc rgb \"#555555\"\n");
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		if (design[v] == DESIGN_NONE)
			continue;
		for (k = 0; k < 2; k++) {
			struct sel s = chain_sel(ptype);
			struct series sr;
			int th[MAXK], nth;

			if (series_open(&sr, "model", v, "_d%d.dat", model_depths[k]))
				continue;
			fprintf(sr.f, "# MODEL %s (%s), depth %d: cpus central low-latency "
				"high-latency (pairs/s)\n", V(v), design_name(design[v]),
				model_depths[k]);
			for (i = 0; i < NMODEL_CPUS; i++) {
				double c = model_eval(&mp_central, v, model_cpus[i], k,
						      &mi[v], NULL);

				if (isnan(c))
					continue;
				fprintf(sr.f, "%d %.6g %.6g %.6g\n", model_cpus[i], c,
					model_eval(&mp_low, v, model_cpus[i], k,
						   &mi[v], NULL),
					model_eval(&mp_high, v, model_cpus[i], k,
						   &mi[v], NULL));
				sr.n++;
			}
			snprintf(ttl, sizeof(ttl), "MODEL %s, depth %d", V(v),
				 model_depths[k]);
			series_plot(g, &any, &sr, ttl, "using 1:2 with linespoints "
				    "lc rgb \"%s\" dt %d lw 2 pt %d ps 0.8",
				    plot_color(v), k + 1, k ? 4 : 5);

			/* measured markers: chain depth d, 1-2 threads */
			if (series_open(&sr, "model_measured", v, "_d%d.dat",
					model_depths[k]))
				continue;
			fprintf(sr.f, "# measured %s, chain depth %d, not oversubscribed: "
				"threads median min max n (pairs/s)\n", V(v),
				model_depths[k]);
			s.v = v;
			s.depth = model_depths[k];
			s.oversub = 0;
			nth = ik_threads(&D, s, th);
			for (i = 0; i < nth; i++) {
				struct summary m;

				s.threads = th[i];
				m = ik_summary(&D, s, M_TPUT);
				if (!m.n)
					continue;
				fprintf(sr.f, "%d %.6g %.6g %.6g %d\n", th[i], m.med,
					m.min, m.max, m.n);
				sr.n++;
			}
			snprintf(ttl, sizeof(ttl), "measured %s, depth %d (guest)",
				 V(v), model_depths[k]);
			series_plot(g, &any, &sr, ttl, "using 1:2:3:4 with yerrorbars "
				    "lc rgb \"%s\" lw 1.5 pt %d ps 1.8",
				    plot_color(v), k ? 9 : 7);
		}
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : -1;
}

static void section_model(void)
{
	struct model_in mi[MAXV];
	int v, k, i, nmod = 0;
	char b1[64], b2[64], b3[64], b4[64], title[512];
	struct summary gx, hx;

	P("## Beyond this machine (MODEL)\n\n");
	P("**MODEL, not a measurement.** Everything in this section is a bottom-up "
	  "projection; no row here was measured.\n\n");
	if (!input_ok(&D.in_ik)) {
		P("inkernel.csv: " NOT_MEASURED ", so the model has no inputs.\n\n");
		return;
	}
	memset(mi, 0, sizeof(mi));
	for (v = 0; v < D.nv; v++) {
		model_inputs(v, &mi[v]);
		if (design[v] != DESIGN_NONE && !isnan(mi[v].c1))
			nmod++;
	}

	P("MODEL: N CPUs all charge and uncharge in one leaf at depth d (d = 1, 4), "
	  "N = 8 to 128.\n\n");
	P("- The atomic design (misc: atomic_long add-then-check at every level) "
	  "does 2d atomic read-modify-writes per pair, on counter lines that every "
	  "CPU writes, so each RMW is assumed to fetch the line from the CPU that "
	  "wrote it last. Every level's line takes 2 RMWs per pair and can serve one "
	  "per transfer, so the lines, not the CPUs, bound throughput once N is "
	  "large.\n");
	P("- The lock design (encryption_ids: one global spinlock around the walk) "
	  "serializes all pairs: each pair takes the lock twice (charge, uncharge) "
	  "and each critical section moves the lock line and the d counter lines "
	  "to the new holder.\n\n");
	P("Formula (MODEL), with t(N) the expected core-to-core cache-line transfer "
	  "time:\n\n");
	P("```\n"
	  "p(N)  = max(0, N - P) / (N - 1)   share of transfers from another socket\n"
	  "t(N)  = (1 - p(N)) * t_intra + p(N) * t_cross\n"
	  "u(d)  = c1 + s * (d - 1)          uncontended ns per pair (measured, 1 thread)\n"
	  "ucs(d)= u(d) - e                  time inside the lock (e = empty loop ns/pair)\n"
	  "atomic: X(N,d) = min( N / (u(d) + 2d*t(N)),      1 / (2*t(N)) )\n"
	  "lock:   X(N,d) = min( N / (u(d) + 2(d+1)*t(N)),  1 / (ucs(d) + 2(d+1)*t(N)) )\n"
	  "```\n\n");

	P("Assumed parameters (MODEL; assumptions, not measured here):\n\n");
	P("| parameter | central | low latency | high latency | source |\n"
	  "|---|---|---|---|---|\n");
	P("| t_intra: core-to-core line transfer, same socket (ns) | %g | %g | %g | "
	  "assumption in the ~40-80 ns range reported for intra-socket transfers [1][2] |\n",
	  mp_central.t_intra_ns, mp_low.t_intra_ns, mp_high.t_intra_ns);
	P("| t_cross: core-to-core line transfer, other socket (ns) | %g | %g | %g | "
	  "assumption in the ~100-200 ns range reported for cross-socket transfers [1][2] |\n",
	  mp_central.t_cross_ns, mp_low.t_cross_ns, mp_high.t_cross_ns);
	P("| P: CPUs per socket | %d | %d | %d | assumption (N > P spans sockets) |\n\n",
	  mp_central.cpus_per_socket, mp_low.cpus_per_socket,
	  mp_high.cpus_per_socket);
	P("Further assumptions: every access to a shared line misses; no "
	  "lock-waiter traffic beyond the handoff (queued spinlock); the "
	  "uncontended part does not shrink on real hardware. The variant-to-design "
	  "mapping is ");
	for (v = 0, i = 0; v < D.nv; v++)
		P("%s%s = %s", i++ ? ", " : "", V(v), design_name(design[v]));
	P(" (override with --design VARIANT=atomic|lock).\n\n");

	P("Measured inputs of this run (chain, 1 thread, limit none, type %s; "
	  "medians):\n\n", ptype);
	P("| variant | design | c1 = ns/pair at depth 1 | s = ns per extra level "
	  "(slope over %s) | e = empty loop ns/pair | u(1) | u(4) |\n"
	  "|---|---|---|---|---|---|---|\n", "the measured depths");
	for (v = 0; v < D.nv; v++) {
		char b5[64];

		P("| %s | %s | %s | %s (%d %s) | %s | %s | %s |\n", V(v),
		  design_name(design[v]), fmt_val(b1, sizeof(b1), "%.1f", mi[v].c1),
		  fmt_val(b2, sizeof(b2), "%.2f", mi[v].slope), mi[v].ndepths,
		  plural(mi[v].ndepths, "depth", "depths"),
		  fmt_val(b3, sizeof(b3), "%.1f", mi[v].empty),
		  fmt_val(b4, sizeof(b4), "%.1f", mi[v].u[0]),
		  fmt_val(b5, sizeof(b5), "%.1f", mi[v].u[1]));
	}
	P("\n");
	gx = cal_summary(&D, "guest", "xadd_pair", 1);
	hx = cal_summary(&D, "host", "xadd_pair", 1);
	if (gx.n && hx.n)
		P("The uncontended inputs are TCG guest time: calib.csv's 1-thread "
		  "xadd pair costs %s ns in the guest and %s ns on the host (%sx), so "
		  "u(d) likely overstates real hardware by a similar order and the "
		  "MODEL's CPU-bound term is pessimistic; the contended terms use "
		  "hardware latencies. %s\n\n",
		  fmt_val(b1, sizeof(b1), "%.1f", gx.med),
		  fmt_val(b2, sizeof(b2), "%.1f", hx.med),
		  fmt_ratio(b3, sizeof(b3), stats_ratio(gx.med, hx.med)), caveat);
	else
		P("The uncontended inputs are TCG guest time (calib.csv: host vs "
		  "guest xadd " NOT_MEASURED ", so the slowdown is unknown).\n\n");
	if (!nmod) {
		P("MODEL: no variant has both a design and a measured chain depth-1 "
		  "cost: " NOT_MEASURED ".\n\n");
		return;
	}

	snprintf(title, sizeof(title),
		 "MODEL (not measured): charge+uncharge throughput, N CPUs in one "
		 "leaf at depth d\nt_intra %g ns, t_cross %g ns, %d CPUs/socket; "
		 "markers: measured in this run (TCG guest, 1-2 threads)",
		 mp_central.t_intra_ns, mp_central.t_cross_ns,
		 mp_central.cpus_per_socket);
	embed("model_throughput", title, plot_model(mi, title));

	for (k = 0; k < 2; k++) {
		int computable = 0;

		for (v = 0; v < D.nv; v++)
			computable |= !isnan(model_eval(&mp_central, v, 8, k, &mi[v],
							 NULL));
		if (!computable) {
			P("MODEL table, depth %d: not computable (needs c1 and, for "
			  "d > 1, the per-level slope s, i.e. at least 2 chain depths "
			  "measured with 1 thread).\n\n", model_depths[k]);
			continue;
		}
		P("MODEL table, depth %d: pairs/s, central [low latency, high latency]; "
		  "bound: S = serialized (shared line or lock), C = per-CPU latency.\n\n",
		  model_depths[k]);
		P("| MODEL N CPUs | t(N) ns | cross-socket share |");
		for (v = 0; v < D.nv; v++)
			if (design[v] != DESIGN_NONE)
				P(" MODEL %s |", V(v));
		P("\n|---|---|---|");
		for (v = 0; v < D.nv; v++)
			if (design[v] != DESIGN_NONE)
				P("---|");
		P("\n");
		for (i = 0; i < NMODEL_CPUS; i++) {
			int n = model_cpus[i];

			P("| %d | %s | %s |", n,
			  fmt_val(b1, sizeof(b1), "%.0f", model_transfer_ns(&mp_central, n)),
			  fmt_val(b2, sizeof(b2), "%.2f", model_cross_share(&mp_central, n)));
			for (v = 0; v < D.nv; v++) {
				enum model_bound bd = MODEL_BOUND_CPU;
				double c;

				if (design[v] == DESIGN_NONE)
					continue;
				c = model_eval(&mp_central, v, n, k, &mi[v], &bd);
				if (isnan(c)) {
					P(" - |");
					continue;
				}
				P(" %s [%s, %s] %s |", fmt_si(b1, sizeof(b1), c),
				  fmt_si(b2, sizeof(b2),
					 model_eval(&mp_low, v, n, k, &mi[v], NULL)),
				  fmt_si(b3, sizeof(b3),
					 model_eval(&mp_high, v, n, k, &mi[v], NULL)),
				  bd == MODEL_BOUND_SERIAL ? "S" : "C");
			}
			P("\n");
		}
		P("\n");
	}
	P("**Reading (MODEL):** ");
	for (k = 0; k < 2; k++) {
		int n = model_cpus[NMODEL_CPUS - 1], said = 0, q;
		double x[MAXV];

		for (v = 0; v < D.nv; v++) {
			x[v] = model_eval(&mp_central, v, n, k, &mi[v], NULL);
			if (isnan(x[v]))
				continue;
			if (!said)
				P("MODEL at %d CPUs, depth %d: ", n, model_depths[k]);
			P("%s%s (%s) %s pairs/s", said ? ", " : "",
			  V(v), design_name(design[v]), fmt_si(b1, sizeof(b1), x[v]));
			said = 1;
		}
		if (!said)
			continue;
		for (q = 0; q < npairs; q++) {
			double r = stats_ratio(x[pair_a[q]], x[pair_b[q]]);

			if (!isnan(r))
				P("; %s/%s = %s", V(pair_a[q]), V(pair_b[q]),
				  fmt_ratio(b2, sizeof(b2), r));
		}
		P(". ");
	}
	P("These are projections from the formula above, valid only as far as its "
	  "assumptions hold.\n\n");
	P("References:\n\n");
	P("1. H. Schweizer, M. Besta, T. Hoefler, \"Evaluating the Cost of Atomic "
	  "Operations on Modern Architectures\", Proc. 24th International Conference "
	  "on Parallel Architectures and Compilation (PACT 2015), San Francisco, CA, "
	  "USA, October 2015, doi:10.1109/PACT.2015.24.\n");
	P("2. D. Molka, D. Hackenberg, R. Schöne, M. S. Müller, \"Memory Performance "
	  "and Cache Coherency Effects on an Intel Nehalem Multiprocessor System\", "
	  "Proc. 18th International Conference on Parallel Architectures and "
	  "Compilation Techniques (PACT 2009), Raleigh, NC, USA, September 2009, "
	  "pp. 261-270, doi:10.1109/PACT.2009.22.\n\n");
}

/* ------------------------------------------------------------------ */
/* Profile, machine facts, inputs                                      */

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A perf report sample line: blanks, a number, '%'. */
static int perf_sample_line(const char *l)
{
	while (*l == ' ' || *l == '\t')
		l++;
	if (!isdigit((unsigned char)*l))
		return 0;
	while (isdigit((unsigned char)*l) || *l == '.')
		l++;
	return *l == '%';
}

static void section_profile(void)
{
	DIR *dir = opendir(in_dir);
	struct dirent *e;
	char *names[256];
	int n = 0, i;

	P("## Profile (perf report)\n\n");
	if (dir) {
		while ((e = readdir(dir)) && n < 256) {
			size_t l = strlen(e->d_name);

			if (l > 9 && !strncmp(e->d_name, "perf-", 5) &&
			    !strcmp(e->d_name + l - 4, ".txt"))
				names[n++] = strdup(e->d_name);
		}
		closedir(dir);
	}
	if (!n) {
		P("perf-<variant>.txt: " NOT_MEASURED ".\n\n");
		return;
	}
	qsort(names, (size_t)n, sizeof(names[0]), cmp_cstr);
	for (i = 0; i < n; i++) {
		char path[4096], *text, *line, *next;
		int shown = 0;

		if (!names[i])
			continue;
		snprintf(path, sizeof(path), "%s/%s", in_dir, names[i]);
		P("### %.*s\n\n", (int)(strlen(names[i]) - 9), names[i] + 5);
		text = read_text_file(path, NULL);
		if (text) {
			for (line = text; line && shown < 10; line = next) {
				next = strchr(line, '\n');
				if (next)
					*next++ = '\0';
				line[strcspn(line, "\r")] = '\0';
				if (!perf_sample_line(line))
					continue;
				if (!shown)
					P("Top 10 sample lines of `%s`, verbatim:\n\n```\n",
					  names[i]);
				P("%s\n", line);
				shown++;
			}
			free(text);
		}
		if (shown)
			P("```\n\n");
		else
			P("`%s` has no sample lines: " NOT_MEASURED ".\n\n", names[i]);
		free(names[i]);
	}
}

static void section_meta(void)
{
	char path[4096], *text, *line, *next;
	int n = 0;

	P("## Machine and command\n\n");
	snprintf(path, sizeof(path), "%s/meta.txt", in_dir);
	text = read_text_file(path, NULL);
	if (text) {
		for (line = text; line; line = next) {
			char *colon, *val, key[128];
			size_t k;

			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			line[strcspn(line, "\r")] = '\0';
			if (!*line)
				continue;
			colon = strchr(line, ':');
			if (!colon) {
				P("- `%s`\n", line);
				n++;
				continue;
			}
			k = (size_t)(colon - line);
			snprintf(key, sizeof(key), "%.*s", (int)k, line);
			for (val = colon + 1; *val == ' '; val++)
				;
			for (k = 0; key[k]; k++)
				key[k] = (char)tolower((unsigned char)key[k]);
			if (strstr(key, "command") || strstr(key, "cmd"))
				P("- %.*s:\n\n  ```\n  %s\n  ```\n\n",
				  (int)(colon - line), line, val);
			else
				P("- %.*s: %s\n", (int)(colon - line), line, val);
			n++;
		}
		free(text);
	}
	if (!n)
		P("meta.txt: " NOT_MEASURED " (no machine facts recorded).\n");
	P("\n");
}

static void input_line(const struct input *in)
{
	P("| %s | ", in->file);
	if (!in->exists)
		P("missing |\n");
	else if (in->unusable[0])
		P("unusable: %s |\n", in->unusable);
	else if (!in->rows)
		P("empty (no data rows)%s |\n", in->bad ? ", all rows malformed" : "");
	else
		P("%d rows%s |\n", in->rows, in->bad ? ", some malformed rows skipped" : "");
	if (in->bad)
		fprintf(stderr, "benchreport: %s: %d malformed rows skipped\n",
			in->file, in->bad);
}

static void section_inputs(void)
{
	P("## Inputs\n\n| file | status |\n|---|---|\n");
	input_line(&D.in_ik);
	input_line(&D.in_ic);
	input_line(&D.in_cal);
	input_line(&D.in_e2e);
	P("\nMalformed rows (wrong field count, non-numeric or out-of-range values): "
	  "%d in inkernel.csv, %d in icount.csv, %d in calib.csv, %d in e2e.csv.\n\n",
	  D.in_ik.bad, D.in_ic.bad, D.in_cal.bad, D.in_e2e.bad);
}

/* ------------------------------------------------------------------ */

static void usage(FILE *f)
{
	fprintf(f,
		"usage: benchreport --in DIR --out DIR [--ref VARIANT]\n"
		"                   [--design VARIANT=atomic|lock]...\n"
		"  --in      directory with inkernel.csv, icount.csv, calib.csv,\n"
		"            e2e.csv, meta.txt, perf-<variant>.txt (any may be missing)\n"
		"  --out     results directory: REPORT.md, *.png, *.gp, data/*.dat\n"
		"  --ref     ratios are VARIANT_X/VARIANT for every other variant\n"
		"            (default: A/B for every pair A < B in sorted order)\n"
		"  --design  which MODEL a variant gets (default: a name starting\n"
		"            with \"misc\" is atomic, with \"encryption_ids\" lock)\n"
		"exit status: 0, 1 on an I/O error, 2 on bad usage, 3 when REPORT.md\n"
		"was written but a plot could not be produced\n");
}

static int mkdir_p(const char *path)
{
	char tmp[4096];
	size_t i;

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (i = 1; tmp[i]; i++) {
		if (tmp[i] != '/')
			continue;
		tmp[i] = '\0';
		if (mkdir(tmp, 0777) && errno != EEXIST)
			return -1;
		tmp[i] = '/';
	}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

static void setup_variants(void)
{
	int v, i;

	npairs = 0;
	for (v = 0; v < D.nv; v++) {
		design[v] = !strncmp(V(v), "misc", 4) ? DESIGN_ATOMIC :
			    !strncmp(V(v), "encryption_ids", 14) ? DESIGN_LOCK :
			    DESIGN_NONE;
		for (i = 0; i < ndesign_args; i++)
			if (!strcmp(design_arg_v[i], V(v)))
				design[v] = design_arg_d[i];
	}
	if (ref_variant >= 0) {
		for (v = 0; v < D.nv; v++)
			if (v != ref_variant) {
				pair_a[npairs] = v;
				pair_b[npairs++] = ref_variant;
			}
		return;
	}
	for (v = 0; v < D.nv; v++)
		for (i = v + 1; i < D.nv; i++) {
			pair_a[npairs] = v;
			pair_b[npairs++] = i;
		}
}

int main(int argc, char **argv)
{
	static const char *const outputs[] = {
		"throughput_vs_threads_leaf", "throughput_vs_threads_siblings",
		"throughput_vs_threads_chain", "ns_per_pair_vs_depth",
		"instructions_vs_depth", "rejections_at_limit", "model_throughput",
	};
	const char *ref_name = NULL;
	char path[4096], tmp[4096];
	int i, v;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--in") && i + 1 < argc) {
			in_dir = argv[++i];
		} else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			out_dir = argv[++i];
		} else if (!strcmp(argv[i], "--ref") && i + 1 < argc) {
			ref_name = argv[++i];
		} else if (!strcmp(argv[i], "--design") && i + 1 < argc) {
			char *eq = strchr(argv[++i], '=');

			if (!eq || ndesign_args == MAXV ||
			    (strcmp(eq + 1, "atomic") && strcmp(eq + 1, "lock"))) {
				usage(stderr);
				return 2;
			}
			*eq = '\0';
			design_arg_v[ndesign_args] = argv[i];
			design_arg_d[ndesign_args++] = !strcmp(eq + 1, "atomic") ?
						       DESIGN_ATOMIC : DESIGN_LOCK;
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!in_dir || !out_dir) {
		usage(stderr);
		return 2;
	}
	if (mkdir_p(out_dir)) {
		fprintf(stderr, "benchreport: %s: %s\n", out_dir, strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/data", out_dir);
	mkdir(path, 0777);
	snprintf(path, sizeof(path), "%s/gnuplot.log", out_dir);
	unlink(path);
	plot_clean(out_dir, outputs, (int)(sizeof(outputs) / sizeof(outputs[0])));
	if (data_load(&D, in_dir)) {
		fprintf(stderr, "benchreport: out of memory\n");
		return 1;
	}
	if (ref_name) {
		ref_variant = data_variant(&D, ref_name);
		if (ref_variant < 0)
			fprintf(stderr, "benchreport: --ref %s: no such variant in the "
				"data, using sorted pairs\n", ref_name);
	}
	setup_variants();
	ntypes = ik_types(&D, types);
	ptype = ntypes ? types[0] : "-";
	build_caveat();

	snprintf(tmp, sizeof(tmp), "%s/REPORT.md.tmp", out_dir);
	md = fopen(tmp, "w");
	if (!md) {
		fprintf(stderr, "benchreport: %s: %s\n", tmp, strerror(errno));
		return 1;
	}
	P("# Benchmark report: SEV ASID cgroup controllers\n\n");
	P("Generated by `bench/report/benchreport` from the files in `%s`; do not "
	  "edit, regenerate. Every number below is computed from those files; "
	  "\"-\" marks a point that was not measured.\n\n", in_dir);
	P("Variants (from the data, sorted): ");
	for (v = 0; v < D.nv; v++)
		P("%s`%s`", v ? ", " : "", V(v));
	if (!D.nv)
		P("none");
	P(". Ratios between variants are ");
	if (ref_variant >= 0)
		P("X/%s for every other variant X", V(ref_variant));
	else
		P("A/B of the medians for every pair A before B in sorted order");
	P(", computed inside this run; every guest ratio is marked † and followed "
	  "by the calibration caveat. ");
	if (ntypes)
		P("In-kernel plots use ASID type `%s` (the first type in sorted "
		  "order); other types are tabulated only. ", ptype);
	P("Summaries are median [min, max] with n = repetitions (an even n takes "
	  "the mean of the two middle values).\n\n");

	section_meta();
	section_inputs();
	section_calibration();
	section_overhead();
	section_throughput();
	section_depth();
	section_icount();
	section_rejections();
	section_e2e();
	section_model();
	section_profile();

	if (fclose(md)) {
		fprintf(stderr, "benchreport: %s: %s\n", tmp, strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/REPORT.md", out_dir);
	if (rename(tmp, path)) {
		fprintf(stderr, "benchreport: %s: %s\n", path, strerror(errno));
		return 1;
	}
	data_free(&D);
	printf("benchreport: wrote %s\n", path);
	if (plot_failures) {
		fprintf(stderr, "benchreport: %d %s not produced (see %s/gnuplot.log)\n",
			plot_failures, plural(plot_failures, "plot", "plots"), out_dir);
		return 3;
	}
	return 0;
}
