// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Beyond this machine (MODEL)": a projection, not a measurement,
 * of throughput on 8 to 128 CPUs charging in one leaf.  Its inputs are
 * this run's per-operation costs, from native.csv when it has the
 * variant (the 1-thread leaf, the per-level slope over the chain depths,
 * the empty loop, the 2-thread leaf as the contended cost), else from
 * inkernel.csv, labelled TCG; and assumed cache-line transfer latencies.
 * calib.csv says how far TCG inputs are from the host.
 * The formulas are in model.c; model_throughput.png shows them next to
 * the measured points.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "model.h"
#include "plot.h"
#include "report.h"
#include "sections.h"
#include "table.h"

static const int model_cpus[] = { 8, 16, 32, 64, 128 };
#define NMODEL_CPUS ((int)(sizeof(model_cpus) / sizeof(model_cpus[0])))
static const int model_depths[] = { 1, 4 };
static const struct model_params mp_central = { 60.0, 150.0, 32 };
static const struct model_params mp_low = { 40.0, 100.0, 32 };
static const struct model_params mp_high = { 80.0, 200.0, 32 };

struct model_in {
	enum src src;		/* the run the inputs come from */
	double c1, slope, empty;
	double contended;	/* leaf, depth 1, 2 threads: ns/pair per worker */
	int ndepths;
	double u[2], ucs[2];
};

/* Variant v's 1-thread ns/pair at one point of run w; NAN if not measured. */
static double model_point(enum src w, int v, const char *shape, int depth,
			  int threads)
{
	struct sel s = sel_any();

	s.v = v;
	s.shape = shape;
	s.depth = depth;
	s.threads = threads;
	s.limit = "none";
	s.type = src_type(w);
	return src_summary(&D, w, s, M_NS).med;
}

/*
 * The per-operation costs: from native.csv when it has the variant's
 * 1-thread leaf (uncontended cost c1), its chain depths (per-level slope s)
 * and its 2-thread leaf (contended cost); else from inkernel.csv as before
 * (c1 = chain depth 1, 1 thread), whose times TCG distorts.
 */
static void model_inputs(int v, struct model_in *mi)
{
	int k;

	mi->src = SRC_NATIVE;
	mi->c1 = model_point(SRC_NATIVE, v, "leaf", 1, 1);
	if (isnan(mi->c1)) {
		mi->src = SRC_TCG;
		mi->c1 = model_point(SRC_TCG, v, "chain", 1, 1);
	}
	mi->slope = src_depth_slope(mi->src, v, src_type(mi->src), 1,
				    &mi->ndepths);
	mi->empty = model_point(mi->src, v, "empty", -1, 1);
	mi->contended = model_point(mi->src, v, "leaf", 1, 2);
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
	if (design[v] == DESIGN_STOCK)
		return model_stock(ncpu, mi->u[k], b);
	return NAN;
}

static const char *design_name(enum design d)
{
	return d == DESIGN_ATOMIC ? "per-level atomics" :
	       d == DESIGN_LOCK ? "one global lock" :
	       d == DESIGN_STOCK ? "per-CPU stock" : "not modelled";
}

/* The MODEL curve of variant v at depth index k; -1 if no data file. */
static int model_series(FILE *g, int *any, const struct model_in *mi, int v,
			int k)
{
	struct series sr;
	char ttl[160];
	int i;

	if (series_open(&sr, "model", v, "_d%d.dat", model_depths[k]))
		return -1;
	fprintf(sr.f, "# MODEL %s (%s), depth %d: cpus central low-latency "
		"high-latency (pairs/s)\n", V(v), design_name(design[v]),
		model_depths[k]);
	for (i = 0; i < NMODEL_CPUS; i++) {
		double c = model_eval(&mp_central, v, model_cpus[i], k, mi, NULL);

		if (isnan(c))
			continue;
		fprintf(sr.f, "%d %.6g %.6g %.6g\n", model_cpus[i], c,
			model_eval(&mp_low, v, model_cpus[i], k, mi, NULL),
			model_eval(&mp_high, v, model_cpus[i], k, mi, NULL));
		sr.n++;
	}
	snprintf(ttl, sizeof(ttl), "MODEL %s, depth %d", V(v), model_depths[k]);
	series_plot(g, any, &sr, ttl, "using 1:2 with linespoints "
		    "lc rgb \"%s\" dt %d lw 2 pt %d ps 0.8",
		    plot_color(v), k + 1, k ? 4 : 5);
	return 0;
}

/* The measured markers next to it: chain depth d, 1-2 threads, the inputs' run. */
static void measured_series(FILE *g, int *any, const struct model_in *mi,
			    int v, int k)
{
	struct sel s = chain_sel(src_type(mi->src));
	struct series sr;
	char ttl[160];
	int th[MAXK], nth, i;

	if (series_open(&sr, "model_measured", v, "_d%d.dat", model_depths[k]))
		return;
	fprintf(sr.f, "# measured %s (%s), chain depth %d, not oversubscribed: "
		"threads median min max n (pairs/s)\n", V(v), src_name(mi->src),
		model_depths[k]);
	s.v = v;
	s.depth = model_depths[k];
	s.oversub = 0;
	nth = src_threads(&D, mi->src, s, th);
	for (i = 0; i < nth; i++) {
		struct summary m;

		s.threads = th[i];
		m = src_summary(&D, mi->src, s, M_TPUT);
		if (!m.n)
			continue;
		fprintf(sr.f, "%d %.6g %.6g %.6g %d\n", th[i], m.med, m.min,
			m.max, m.n);
		sr.n++;
	}
	snprintf(ttl, sizeof(ttl), "measured %s, depth %d (%s)", V(v),
		 model_depths[k], src_name(mi->src));
	series_plot(g, any, &sr, ttl, "using 1:2:3:4 with yerrorbars "
		    "lc rgb \"%s\" lw 1.5 pt %d ps 1.8", plot_color(v), k ? 9 : 7);
}

static int plot_model(const struct model_in *mi, const char *title)
{
	const char *name = "model_throughput";
	FILE *g = plot_open_script(out_dir, name);
	int v, k, any = 0;

	if (!g)
		return -1;
	plot_head(g, title, "CPUs charging in one leaf");
	fprintf(g, "set ylabel \"charge+uncharge pairs/s, all CPUs\"\n");
	/* two entries per variant and depth: keep the key from eating the plot */
	fprintf(g, "set key font \",8\" spacing 0.9\n");
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
		for (k = 0; k < 2; k++)
			if (!model_series(g, &any, &mi[v], v, k))
				measured_series(g, &any, &mi[v], v, k);
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : -1;
}

/* What is modelled, and the formula. */
static void model_method(void)
{
	P("MODEL: N CPUs all charge and uncharge in one leaf at depth d (d = 1, 4), "
	  "N = 8 to 128. Each design with the assumptions it rests on:\n\n");
	P("- The atomic design (misc: atomic_long add-then-check at every level; "
	  "misc-exact: a compare-and-swap that admits only when the new usage "
	  "fits) does 2d atomic read-modify-writes per pair, on counter lines that "
	  "every CPU writes, so each RMW is assumed to fetch the line from the CPU "
	  "that wrote it last. Every level's line takes 2 RMWs per pair and can "
	  "serve one per transfer, so the lines, not the CPUs, bound throughput "
	  "once N is large. Assumed: one RMW per level and direction; a "
	  "compare-and-swap that loses a race and retries costs more, so misc-exact "
	  "is, if anything, overestimated at large N.\n");
	P("- The lock design (encryption_ids: one global spinlock around the walk) "
	  "serializes all pairs: each pair takes the lock twice (charge, uncharge) "
	  "and each critical section moves the lock line and the d counter lines "
	  "to the new holder. Assumed: a fair hand-off, no waiter traffic "
	  "beyond it.\n");
	P("- The stock design (misc-batched: a per-CPU stock of units charged "
	  "ahead) serves every charge and uncharge from the CPU's own stock, a "
	  "line no other CPU writes, so nothing serializes: X = N / u(d). Assumed: "
	  "every limit on the path leaves room for a batch per CPU (else no stock "
	  "forms and it charges like misc-exact), and refills and drains, one per "
	  "batch at most, cost nothing per pair; its u(d) is the measured cost of "
	  "a stock hit.\n\n");
	P("Formula (MODEL), with t(N) the expected core-to-core cache-line transfer "
	  "time:\n\n");
	P("```\n"
	  "p(N)  = max(0, N - P) / (N - 1)   share of transfers from another socket\n"
	  "t(N)  = (1 - p(N)) * t_intra + p(N) * t_cross\n"
	  "u(d)  = c1 + s * (d - 1)          uncontended ns per pair (measured, 1 thread)\n"
	  "ucs(d)= u(d) - e                  time inside the lock (e = empty loop ns/pair)\n"
	  "atomic: X(N,d) = min( N / (u(d) + 2d*t(N)),      1 / (2*t(N)) )\n"
	  "lock:   X(N,d) = min( N / (u(d) + 2(d+1)*t(N)),  1 / (ucs(d) + 2(d+1)*t(N)) )\n"
	  "stock:  X(N,d) = N / u(d)\n"
	  "```\n\n");
}

/*
 * This host's contended cost per shared-line RMW, as the atomic formula
 * reads it: the 2-thread leaf costs u(1) + 2 t(2) per pair and worker, so
 * t = (contended - c1) / 2; the median over the atomic variants measured
 * natively.  NAN without native.csv: TCG compresses exactly this cost.
 */
static double host_transfer(const struct model_in *mi, int *n)
{
	double t[MAXV];
	int v;

	*n = 0;
	for (v = 0; v < D.nv; v++)
		if (design[v] == DESIGN_ATOMIC && mi[v].src == SRC_NATIVE &&
		    !isnan(mi[v].contended) && !isnan(mi[v].c1))
			t[(*n)++] = (mi[v].contended - mi[v].c1) / 2;
	return stats_median(t, *n);
}

/* The assumed latencies, the other assumptions and the variant-to-design map. */
static void model_assumptions(const struct model_in *mi)
{
	char b[64];
	double th;
	int v, n;

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
	th = host_transfer(mi, &n);
	if (n)
		P("Measured contended cost on this host (native.csv, leaf, 2 threads "
		  "against 1, the median over %d atomic %s): t = (contended - c1) / 2 "
		  "= %s ns per shared-line RMW. It is this machine's 2 CPUs only, so "
		  "the projection keeps the assumed t_intra and t_cross for sockets of "
		  "%d CPUs and more.\n\n", n, plural(n, "variant", "variants"),
		  fmt_val(b, sizeof(b), "%.1f", th), mp_central.cpus_per_socket);
	else
		P("Contended cost on this host: native.csv " NOT_MEASURED " for an "
		  "atomic variant, and TCG compresses contended costs (calib.csv), "
		  "so none is derived.\n\n");
	P("Further assumptions: every access to a shared line misses; no "
	  "lock-waiter traffic beyond the handoff (queued spinlock); the "
	  "uncontended part does not shrink on real hardware. The variant-to-design "
	  "mapping is ");
	for (v = 0; v < D.nv; v++)
		P("%s%s = %s", v ? ", " : "", V(v), design_name(design[v]));
	P(" (override with --design VARIANT=atomic|lock|stock).\n\n");
}

/* Which rows of which file each input is; per variant, since a run may lack one. */
static void model_sources(const struct model_in *mi)
{
	int v, n[2] = { 0, 0 };

	for (v = 0; v < D.nv; v++)
		if (design[v] != DESIGN_NONE)
			n[mi[v].src]++;
	P("Inputs per variant, limit none, 1 thread unless said (medians). "
	  "**native** (native.csv, type %s): c1 = leaf, depth 1; s = least-squares "
	  "slope over the chain depths; e = the empty loop; contended = leaf, "
	  "depth 1, 2 threads (ns/pair per worker). **TCG** (inkernel.csv, type "
	  "%s), only where native.csv lacks the variant: c1 = chain depth 1, the "
	  "rest as for native. %d modelled %s native inputs, %d TCG.\n\n",
	  ntype, ptype, n[SRC_NATIVE], plural(n[SRC_NATIVE], "variant has",
	  "variants have"), n[SRC_TCG]);
}

/* This run's inputs to the formula, and how far TCG time is from the host's. */
static void model_inputs_table(const struct model_in *mi)
{
	char b1[64], b2[64], b3[64], b4[64], b5[64], b6[64];
	struct summary gx, hx;
	int v, ntcg = 0;

	model_sources(mi);
	P("| variant | design | inputs | c1 = ns/pair at depth 1 | s = ns per extra "
	  "level (slope over the measured depths) | e = empty loop ns/pair | "
	  "contended: leaf, 2 threads ns/pair | u(1) | u(4) |\n"
	  "|---|---|---|---|---|---|---|---|---|\n");
	for (v = 0; v < D.nv; v++) {
		ntcg += design[v] != DESIGN_NONE && mi[v].src == SRC_TCG;
		P("| %s | %s | %s | %s | %s (%d %s) | %s | %s | %s | %s |\n", V(v),
		  design_name(design[v]), src_name(mi[v].src),
		  fmt_val(b1, sizeof(b1), "%.1f", mi[v].c1),
		  fmt_val(b2, sizeof(b2), "%.2f", mi[v].slope), mi[v].ndepths,
		  plural(mi[v].ndepths, "depth", "depths"),
		  fmt_val(b3, sizeof(b3), "%.1f", mi[v].empty),
		  fmt_val(b6, sizeof(b6), "%.1f", mi[v].contended),
		  fmt_val(b4, sizeof(b4), "%.1f", mi[v].u[0]),
		  fmt_val(b5, sizeof(b5), "%.1f", mi[v].u[1]));
	}
	P("\n");
	if (!ntcg) {
		P("Every modelled variant's inputs are host-native times, as the "
		  "calibration's host column; TCG's distortion does not enter.\n\n");
		return;
	}
	gx = cal_summary(&D, "guest", "xadd_pair", 1);
	hx = cal_summary(&D, "host", "xadd_pair", 1);
	if (gx.n && hx.n)
		P("The TCG inputs are guest time: calib.csv's 1-thread "
		  "xadd pair costs %s ns in the guest and %s ns on the host (%sx), so "
		  "their u(d) likely overstates real hardware by a similar order and "
		  "the MODEL's CPU-bound term is pessimistic for them; the contended "
		  "terms use hardware latencies. %s\n\n",
		  fmt_val(b1, sizeof(b1), "%.1f", gx.med),
		  fmt_val(b2, sizeof(b2), "%.1f", hx.med),
		  fmt_ratio(b3, sizeof(b3), stats_ratio(gx.med, hx.med)), caveat);
	else
		P("The TCG inputs are guest time (calib.csv: host vs guest xadd "
		  NOT_MEASURED ", so the slowdown is unknown).\n\n");
}

static void model_figure(const struct model_in *mi)
{
	char title[512];

	snprintf(title, sizeof(title),
		 "MODEL (not measured): charge+uncharge throughput, N CPUs in one "
		 "leaf at depth d\nt_intra %g ns, t_cross %g ns, %d CPUs/socket; "
		 "markers: measured in this run (native where measured, else TCG; 1-2 threads)",
		 mp_central.t_intra_ns, mp_central.t_cross_ns,
		 mp_central.cpus_per_socket);
	embed("model_throughput", title, plot_model(mi, title));
}

/* One row of the table at depth index k: n CPUs, every modelled variant. */
static void model_table_row(const struct model_in *mi, int k, int n)
{
	char b1[64], b2[64], b3[64];
	int v;

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
		  fmt_si(b2, sizeof(b2), model_eval(&mp_low, v, n, k, &mi[v], NULL)),
		  fmt_si(b3, sizeof(b3), model_eval(&mp_high, v, n, k, &mi[v], NULL)),
		  bd == MODEL_BOUND_SERIAL ? "S" : "C");
	}
	P("\n");
}

static void model_table(const struct model_in *mi, int k)
{
	int v, i, computable = 0;

	for (v = 0; v < D.nv; v++)
		computable |= !isnan(model_eval(&mp_central, v, 8, k, &mi[v], NULL));
	if (!computable) {
		P("MODEL table, depth %d: not computable (needs c1 and, for "
		  "d > 1, the per-level slope s, i.e. at least 2 chain depths "
		  "measured with 1 thread).\n\n", model_depths[k]);
		return;
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
	for (i = 0; i < NMODEL_CPUS; i++)
		model_table_row(mi, k, model_cpus[i]);
	P("\n");
}

/* The projection at the most CPUs, depth index k, and its ratios. */
static void model_say_depth(const struct model_in *mi, int k)
{
	int n = model_cpus[NMODEL_CPUS - 1], said = 0, v, q;
	double x[MAXV];
	char b[64];

	for (v = 0; v < D.nv; v++) {
		x[v] = model_eval(&mp_central, v, n, k, &mi[v], NULL);
		if (isnan(x[v]))
			continue;
		if (!said)
			P("MODEL at %d CPUs, depth %d: ", n, model_depths[k]);
		P("%s%s (%s) %s pairs/s", said ? ", " : "",
		  V(v), design_name(design[v]), fmt_si(b, sizeof(b), x[v]));
		said = 1;
	}
	if (!said)
		return;
	for (q = 0; q < npairs; q++) {
		double r = stats_ratio(x[pair_a[q]], x[pair_b[q]]);

		if (!isnan(r))
			P("; %s/%s = %s", V(pair_a[q]), V(pair_b[q]),
			  fmt_ratio(b, sizeof(b), r));
	}
	P(". ");
}

static void model_references(void)
{
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

void section_model(void)
{
	struct model_in mi[MAXV];
	int v, k, nmod = 0;

	P("## Beyond this machine (MODEL)\n\n");
	P("**MODEL, not a measurement.** Everything in this section is a bottom-up "
	  "projection; no row here was measured.\n\n");
	if (!input_ok(&D.in_ik) && !input_ok(&D.in_nat)) {
		P("native.csv and inkernel.csv: " NOT_MEASURED ", so the model has "
		  "no inputs.\n\n");
		return;
	}
	memset(mi, 0, sizeof(mi));
	for (v = 0; v < D.nv; v++) {
		model_inputs(v, &mi[v]);
		if (design[v] != DESIGN_NONE && !isnan(mi[v].c1))
			nmod++;
	}
	model_method();
	model_assumptions(mi);
	model_inputs_table(mi);
	if (!nmod) {
		P("MODEL: no variant has both a design and a measured 1-thread "
		  "depth-1 cost: " NOT_MEASURED ".\n\n");
		return;
	}
	model_figure(mi);
	for (k = 0; k < 2; k++)
		model_table(mi, k);
	P("**Reading (MODEL):** ");
	for (k = 0; k < 2; k++)
		model_say_depth(mi, k);
	P("These are projections from the formula above, valid only as far as its "
	  "assumptions hold.\n\n");
	model_references();
}
