// SPDX-License-Identifier: GPL-2.0
/*
 * Section "The frontier": what each design buys and what it pays, in one
 * table per variant (throughput, overshoot, refusals at a tight limit,
 * per-level cost, instructions), frontier.png (throughput against each kind
 * of inexactness), and which design the figures pick for a resource charged
 * a few times a minute (ASIDs) and for one charged millions of times a
 * second.  Throughput and refusals are native where native.csv has them,
 * else TCG, and say which; the choice is computed here, never named in the
 * code.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

/* The contended point: two workers, as many as the native runs have CPUs. */
#define FRONT_THREADS	2

/* One variant's figures; a summary with n = 0 was not measured. */
struct front {
	struct summary t1, t2;		/* pairs/s, leaf, limit none */
	enum src w1, w2;
	struct summary rej;		/* rejection rate, leaf, tight, 2 threads */
	enum src wr;
	struct summary over[2];		/* max_overshoot, tight rows: [enum src] */
	double slope;			/* ns per extra level, chain, 1 thread */
	enum src ws;
	struct summary ipp;		/* icount instructions per pair, depth 1 */
};

static struct sel leaf_sel(const char *limit, int threads)
{
	struct sel s = sel_any();

	s.shape = "leaf";
	s.depth = 1;
	s.limit = limit;
	s.threads = threads;
	return s;
}

/* s, m from run w at its type. */
static struct summary from(enum src w, struct sel s, enum metric m)
{
	s.type = src_type(w);
	return src_summary(&D, w, s, m);
}

/* icount's one-level point: a leaf row if there is one, else chain depth 1. */
static struct summary front_ipp(int v)
{
	struct summary m = ic_summary(&D, v, -1, "leaf", 1, ptype);

	return m.n ? m : ic_summary(&D, v, -1, "chain", 1, ptype);
}

static void front_fill(int v, struct front *f)
{
	struct sel s = leaf_sel("none", 1);
	int n;

	s.v = v;
	f->t1 = quoted(s, M_TPUT, &f->w1);
	s.threads = FRONT_THREADS;
	f->t2 = quoted(s, M_TPUT, &f->w2);
	s.limit = "tight";
	f->rej = quoted(s, M_REJ, &f->wr);
	s = sel_any();
	s.v = v;
	s.limit = "tight";
	f->over[SRC_TCG] = src_summary(&D, SRC_TCG, s, M_OVER);
	f->over[SRC_NATIVE] = src_summary(&D, SRC_NATIVE, s, M_OVER);
	f->ws = SRC_NATIVE;
	f->slope = src_depth_slope(SRC_NATIVE, v, ntype, 1, &n);
	if (isnan(f->slope)) {
		f->ws = SRC_TCG;
		f->slope = src_depth_slope(SRC_TCG, v, ptype, 1, &n);
	}
	f->ipp = front_ipp(v);
}

/* The largest max_overshoot either run saw; NAN if neither ran tight. */
static double worst_over(const struct front *f)
{
	double a = f->over[SRC_TCG].n ? f->over[SRC_TCG].max : NAN;
	double b = f->over[SRC_NATIVE].n ? f->over[SRC_NATIVE].max : NAN;

	if (isnan(a))
		return b;
	return isnan(b) || a > b ? a : b;
}

/* "3.1M [2.9M, 3.3M] n=5 (native)" */
static char *qcell(char *b, size_t l, fmt_fn fn, struct summary s, enum src w)
{
	char t[160];

	if (!s.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s (%s)", cell(t, sizeof(t), fn, s), src_name(w));
	return b;
}

static const char *over_str(char *b, size_t l, struct summary s)
{
	return s.n ? fmt_val(b, l, "%g", s.max) : "-";
}

static void front_table(const struct front *f)
{
	char b[6][200];
	int v;

	P("Per variant; each figure says which run it is from: native "
	  "(native.csv, type %s) where that run measured it, else TCG "
	  "(inkernel.csv, type %s). Throughput: pairs/s of all threads, shape "
	  "leaf, depth 1, limit none. Max overshoot: the largest max_overshoot "
	  "(usage of the limited cgroup above its max) of any tight row, every "
	  "shape and type. Refused at tight: rejected / attempts, leaf, %d "
	  "threads. Per extra level: slope of ns/pair over the chain depths, 1 "
	  "thread. Instructions: icount.csv at depth 1 (TCG guest "
	  "instructions).\n\n", ntype, ptype, FRONT_THREADS);
	P("| variant | pairs/s, 1 thread | pairs/s, %d threads | max overshoot, "
	  "TCG | max overshoot, native | refused at tight | ns per extra level | "
	  "instructions/pair |\n|---|---|---|---|---|---|---|---|\n",
	  FRONT_THREADS);
	for (v = 0; v < D.nv; v++) {
		P("| %s | %s | %s | %s | %s | %s | ", V(v),
		  qcell(b[0], sizeof(b[0]), c_si, f[v].t1, f[v].w1),
		  qcell(b[1], sizeof(b[1]), c_si, f[v].t2, f[v].w2),
		  over_str(b[2], sizeof(b[2]), f[v].over[SRC_TCG]),
		  over_str(b[3], sizeof(b[3]), f[v].over[SRC_NATIVE]),
		  qcell(b[4], sizeof(b[4]), c_pct, f[v].rej, f[v].wr));
		if (isnan(f[v].slope))
			P("- | ");
		else
			P("%s (%s) | ", fmt_val(b[5], sizeof(b[5]), "%.1f",
						f[v].slope), src_name(f[v].ws));
		P("%s |\n", cell(b[5], sizeof(b[5]), c_ins, f[v].ipp));
	}
	P("\nA refusal at tight is one the limit would not have made had the "
	  "pairs run one after another (tight is max(1, workers/2), which no "
	  "serial schedule exceeds; see section 4): it comes from concurrency, "
	  "either a pair really overlapping another or, in the designs that "
	  "charge before they check, a charge that is refused and undone "
	  "blocking another meanwhile.\n\n");
}

/* The two panels: what x is, and where a variant's x comes from. */
enum panel { PANEL_REFUSED, PANEL_OVERSHOOT };

static double panel_x(const struct front *f, enum panel k)
{
	if (k == PANEL_OVERSHOOT)
		return worst_over(f);
	return f->rej.n ? 100 * f->rej.med : NAN;
}

/* One variant's point on panel k, labelled with its name; 1 if drawn. */
static int front_series(FILE *g, int *any, const struct front *f, int v,
			enum panel k)
{
	double x = panel_x(f, k);
	struct series sr;

	if (!f->t2.n || isnan(x) ||
	    series_open(&sr, "frontier", v, "_%s.dat",
			k == PANEL_REFUSED ? "refused" : "overshoot"))
		return 0;
	fprintf(sr.f, "# %s: %s, pairs/s at %d threads (%s), label\n", V(v),
		k == PANEL_REFUSED ? "refused % at tight" : "max overshoot",
		FRONT_THREADS, src_name(f->w2));
	fprintf(sr.f, "%.6g %.6g \"%s (%s)\"\n", x, f->t2.med, V(v),
		src_name(f->w2));
	sr.n = 1;
	if (!series_plot(g, any, &sr, V(v), "using 1:2 with points pt 7 ps 2 "
			 "lc rgb \"%s\"", plot_color(v)))
		return 0;
	fprintf(g, PLOT_SEP "'data/%s' using 1:2:3 with labels %s "
		"font \",9\" tc rgb \"%s\" notitle", sr.file,
		v % 2 ? "right offset -1,-0.5" : "left offset 1,0.5",
		plot_color(v));
	return 1;
}

/* One panel: every variant that has both coordinates. */
static int front_panel(FILE *g, const struct front *f, enum panel k,
		       const char *xlabel)
{
	int v, drawn = 0;

	fprintf(g, "set xlabel \"%s\"\nplot ", xlabel);
	for (v = 0; v < D.nv; v++)
		front_series(g, &drawn, &f[v], v, k);
	if (!drawn)
		fprintf(g, "NaN notitle");
	fprintf(g, "\n");
	return drawn;
}

static int plot_frontier(const struct front *f, const char *title)
{
	FILE *g = plot_open_script(out_dir, "frontier");
	int any;

	if (!g)
		return -1;
	fprintf(g, "set multiplot layout 1,2 title ");
	plot_quote(g, title);
	fprintf(g, "\nset key inside top right font \",9\"\n"
		"set ylabel \"pairs/s, %d threads, leaf\"\n"
		"set logscale y 10\nset format y \"%%.0s%%c\"\n"
		"set offsets graph 0.15, graph 0.15, 0, 0\n"
		"set xrange [0:*]\n", FRONT_THREADS);
	any = front_panel(g, f, PANEL_REFUSED, "refused at tight, % of attempts "
			  "(leaf, caused by concurrency)");
	fprintf(g, "set xrange [-0.5:*]\nset xtics 1\n");
	any |= front_panel(g, f, PANEL_OVERSHOOT, "max overshoot (any tight row, "
			   "TCG or native)");
	fprintf(g, "unset multiplot\n");
	fclose(g);
	return any ? plot_run(out_dir, "frontier") : -1;
}

/* A ranking of some variants by one figure, every figure from one run. */
struct rank {
	enum src w;			/* the run the figures are from */
	int n, cand[MAXV];		/* the ranked variants */
	struct summary m[MAXV];		/* their figures */
	int nleft, left[MAXV];		/* candidates only the other run measured */
};

/*
 * Rank cand[] by s, m from native.csv if it measured any of them, else
 * from inkernel.csv: a native and a TCG time are never compared, since TCG
 * stretches one design more than another.  Returns how many are ranked.
 */
static int rank(struct rank *r, const int *cand, int n, struct sel s,
		enum metric m)
{
	static const enum src order[] = { SRC_NATIVE, SRC_TCG };
	int i, k;

	for (k = 0; k < 2; k++) {
		r->w = order[k];
		r->n = r->nleft = 0;
		for (i = 0; i < n; i++) {
			struct summary x;

			s.v = cand[i];
			x = from(order[k], s, m);
			if (x.n) {
				r->cand[r->n] = cand[i];
				r->m[r->n++] = x;
			} else {
				r->left[r->nleft++] = cand[i];
			}
		}
		if (r->n)
			return r->n;
	}
	return 0;
}

/* The index of the best figure: the lowest median if low, else the highest. */
static int best_of(const struct rank *r, int low)
{
	int i, b = -1;

	for (i = 0; i < r->n; i++)
		if (b < 0 || (low ? r->m[i].med < r->m[b].med :
			      r->m[i].med > r->m[b].med))
			b = i;
	return b;
}

/* Those whose [min, max] overlaps the pick's, and those not ranked. */
static void say_ties(const struct rank *r, int b, fmt_fn fn)
{
	char t[160];
	int i, said = 0;

	for (i = 0; i < r->n; i++) {
		if (i == b || !stats_overlap(r->m[i], r->m[b]))
			continue;
		P("%s%s %s", said++ ? ", " : "; [min, max] overlaps ",
		  V(r->cand[i]), fn(t, sizeof(t), r->m[i]));
	}
	for (i = 0; i < r->nleft; i++)
		P("%s%s", i ? ", " : r->w == SRC_NATIVE ? "; not ranked (TCG "
		  "only, not comparable with native times): " : "; not ranked "
		  "(native only): ", V(r->left[i]));
}

/* Variants whose worst overshoot is the least measured; returns how many. */
static int exact_candidates(const struct front *f, int *cand, double *least)
{
	int v, n = 0;

	*least = NAN;
	for (v = 0; v < D.nv; v++) {
		double o = worst_over(&f[v]);

		if (!isnan(o) && f[v].rej.n && (isnan(*least) || o < *least))
			*least = o;
	}
	for (v = 0; v < D.nv; v++)
		if (f[v].rej.n && worst_over(&f[v]) == *least)
			cand[n++] = v;
	return n;
}

/* ASIDs: no overshoot first, then the fewest refusals caused by concurrency. */
static void pick_exact(const struct front *f)
{
	struct sel s = leaf_sel("tight", FRONT_THREADS);
	int cand[MAXV] = { 0 }, n, i, b, k;
	struct rank r;
	double least;
	char t[160];

	P("| ASIDs: a few charges per minute | throughput irrelevant; exactness "
	  "decides: the least overshoot, then the fewest refusals at tight, "
	  "leaf, %d threads | ", FRONT_THREADS);
	n = exact_candidates(f, cand, &least);
	if (!rank(&r, cand, n, s, M_REJ)) {
		P("- | overshoot or refusals at tight " NOT_MEASURED " |\n");
		return;
	}
	b = best_of(&r, 1);
	P("%s | max overshoot %g in every tight row of either run%s",
	  V(r.cand[b]), least, least > 0 ? ", the least (no variant has 0)" : "");
	for (i = 0, k = 0; i < n; i++)
		if (cand[i] != r.cand[b])
			P("%s%s", k++ ? ", " : " (so do ", V(cand[i]));
	P("%s; refused at tight %s (%s)%s", k ? ")" : " (no other variant)",
	  c_pct(t, sizeof(t), r.m[b]), src_name(r.w),
	  r.n > 1 ? ", the fewest of these" : "");
	say_ties(&r, b, c_pct);
	P(" |\n");
}

/* Variant v's per-level cost if it is from run w, else NAN. */
static double slope_in(const struct front *f, int v, enum src w)
{
	return f[v].ws == w ? f[v].slope : NAN;
}

/* Among those not separable from the fastest, the lowest per-level cost. */
static int by_slope(const struct front *f, const struct rank *r, int b)
{
	int i, k = b;

	for (i = 0; i < r->n; i++) {
		double si = slope_in(f, r->cand[i], r->w);
		double sk = slope_in(f, r->cand[k], r->w);

		if (stats_overlap(r->m[i], r->m[b]) && !isnan(si) &&
		    (isnan(sk) || si < sk))
			k = i;
	}
	return k;
}

/* High rate: pairs/s at 2 threads, ties broken by the per-level cost. */
static void pick_fast(const struct front *f)
{
	struct sel s = leaf_sel("none", FRONT_THREADS);
	int cand[MAXV] = { 0 }, n = 0, v, b, k;
	char t[160], t2[64], t3[64];
	struct rank r;

	P("| High rate: millions of charges per second | pairs/s at %d threads "
	  "(leaf, limit none), then ns per extra level among those not "
	  "separable; a bounded inexactness is accepted | ", FRONT_THREADS);
	for (v = 0; v < D.nv; v++)
		if (f[v].t2.n)
			cand[n++] = v;
	if (!rank(&r, cand, n, s, M_TPUT)) {
		P("- | throughput at %d threads " NOT_MEASURED " |\n", FRONT_THREADS);
		return;
	}
	b = best_of(&r, 0);
	k = by_slope(f, &r, b);
	v = r.cand[k];
	P("%s | %s pairs/s (%s)", V(v), c_si(t, sizeof(t), r.m[k]),
	  src_name(r.w));
	if (k != b)
		P(", not separable from the fastest median, %s %s, and the lower "
		  "per-level cost", V(r.cand[b]), c_si(t, sizeof(t), r.m[b]));
	P("; %s ns per extra level (%s); its inexactness: max overshoot %s, "
	  "refused at tight %s", fmt_val(t2, sizeof(t2), "%.1f", f[v].slope),
	  src_name(f[v].ws), fmt_val(t3, sizeof(t3), "%g", worst_over(&f[v])),
	  f[v].rej.n ? c_pct(t, sizeof(t), f[v].rej) : "-");
	say_ties(&r, k, c_si);
	P(" |\n");
}

static void front_choice(const struct front *f)
{
	P("### Which design for which resource\n\n");
	P("Picked from the figures above by the rule in the second column; a "
	  "ranking reads native.csv when it measured any candidate, and leaves "
	  "those only TCG measured unranked (TCG stretches one design more than "
	  "another), else inkernel.csv.\n\n");
	P("| resource | what decides | pick | figures |\n|---|---|---|---|\n");
	pick_exact(f);
	pick_fast(f);
	P("\n");
}

/* What no design here can have all of, and what each gives up. */
static void front_impossibility(void)
{
	P("**What cannot be had at once.** A hierarchical charge can be kept "
	  "from ever exceeding max at any level without a lock: a "
	  "compare-and-swap per level that admits only when the new usage fits, "
	  "undone below on a refusal higher up (misc-exact). It cannot also "
	  "avoid refusals caused by charges that are later undone: between its "
	  "admission at a lower level and its refusal above, such a charge holds "
	  "room that another charge is refused for. Only serializing the levels "
	  "at their lowest common ancestor avoids that, which is what "
	  "encryption_ids' global lock does (the whole walk is one critical "
	  "section), at the price of one shared lock for every charge. A per-CPU "
	  "stock (misc-batched) goes the other way: it trades exactness at the "
	  "limit (up to batch x CPUs units charged but unused, so a charge can be "
	  "refused while units sit idle in other CPUs' stocks) for a charge path "
	  "with no shared write. The add-then-check designs (misc, misc-5.13, "
	  "misc-fixed, misc-6.12, ...) take neither side: no lock, but a level's "
	  "usage can pass its max while a charge that will be refused is in "
	  "flight (the overshoot column).\n\n");
}

void section_frontier(void)
{
	struct front f[MAXV];
	char title[512];
	int v;

	P("## The frontier\n\n");
	if (!input_ok(&D.in_nat) && !input_ok(&D.in_ik)) {
		P("inkernel.csv and native.csv: " NOT_MEASURED ".\n\n");
		return;
	}
	if (!input_ok(&D.in_nat))
		P("native.csv: " NOT_MEASURED "; every figure below is TCG's "
		  "(labelled), with the calibration caveat †.\n\n");
	memset(f, 0, sizeof(f));
	for (v = 0; v < D.nv; v++)
		front_fill(v, &f[v]);
	front_table(f);
	snprintf(title, sizeof(title), "Throughput vs inexactness: pairs/s at %d "
		 "threads, leaf (native where measured, else TCG, as labelled)\nagainst "
		 "refusals at a tight limit (left) and max overshoot (right)",
		 FRONT_THREADS);
	embed("frontier", title, plot_frontier(f, title));
	front_choice(f);
	front_impossibility();
	if (!input_ok(&D.in_nat))
		print_caveat();
}
