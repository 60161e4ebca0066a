// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: model", from native-costs.csv (the machine's
 * parameters), native-ops.csv (each design's operation counts) and
 * native.csv (each design's 1-worker time and every measured point): the
 * formula of model.h, its prediction next to every measured point with
 * the error, which designs it is validated for, and for those only a
 * projection to 128 CPUs (model_<shape>.png, dashed and labelled beyond
 * the measured range).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "figure.h"
#include "meta.h"
#include "fit.h"
#include "ncell.h"
#include "nplot.h"
#include "plot.h"
#include "report.h"
#include "sections.h"

static const char *const m_shapes[] = { "leaf", "siblings" };
#define NMSHAPES	2
#define PROJ_MAX	128

static struct costs K;
static struct fit F[NMSHAPES][MAXV];

/*
 * A design whose pair writes no shared line (per-CPU batches: misc-batched's
 * stock, percpu_counter's deltas) scales only while every CPU can hold a
 * batch: beyond capacity / batch CPUs (native-meta.txt: "capacity: sev 410
 * sev_es 99; stock batch 32") the stocks cannot all form, or the limit test
 * takes the lock, so its curve stops there.  Others: PROJ_MAX.
 */
static int reach(const struct fit *f)
{
	char line[256], key[64], *p;
	unsigned long cap = 0, batch = 0;

	if (!(f->in.rmw_shared == 0) || f->in.lock > 0)
		return PROJ_MAX;
	if (meta_get(in_dir, "native-meta.txt", "capacity", line, sizeof(line)))
		return PROJ_MAX;
	snprintf(key, sizeof(key), "%s ", ntype);
	p = strstr(line, key);
	if (p)
		cap = strtoul(p + strlen(key), NULL, 10);
	p = strstr(line, "stock batch ");
	if (p)
		batch = strtoul(p + strlen("stock batch "), NULL, 10);
	if (!cap || !batch || cap / batch >= PROJ_MAX)
		return PROJ_MAX;
	return cap / batch > 1 ? (int)(cap / batch) : 1;
}

/* Every variant's fit, once per report. */
static void fit_all(void)
{
	int s, v;

	fit_costs(&D, &K);
	for (s = 0; s < NMSHAPES; s++)
		for (v = 0; v < D.nv; v++)
			fit_design(&F[s][v], v, m_shapes[s], &K);
}

static int modelled(int s, int v)
{
	return F[s][v].ops && F[s][v].p1;
}

/*
 * The variants of shape s left out for kind k: "`a` +140% at N=2" for an
 * error, "`a` (N=2 measured unstable ...)" for a point, and the missing
 * input once before the names that lack it.  Returns how many.
 */
static int say_left_out(int s, enum fit_fail k, const char *what)
{
	const char *whys[MAXV];
	int v, w, j, n = 0, nw = 0;

	for (v = 0; v < D.nv; v++) {
		const struct fit *f = &F[s][v];

		if (f->validated || f->fail != k ||
		    !npt(v, m_shapes[s], 1, 1, "none"))
			continue;
		if (k == FIT_NO_INPUT) {
			for (j = 0; j < nw && strcmp(whys[j], f->why); j++)
				;
			if (j == nw)
				whys[nw++] = f->why;
			continue;
		}
		P("%s`%s` %s", n++ ? ", " : what, V(v),
		  k == FIT_ERROR ? f->why + strlen("error ") : f->why);
	}
	for (w = 0; w < nw; w++) {
		P("%s%s: ", n++ ? "; " : what, whys[w]);
		for (v = 0, j = 0; v < D.nv; v++)
			if (!F[s][v].validated && F[s][v].fail == k &&
			    !strcmp(F[s][v].why, whys[w]) &&
			    npt(v, m_shapes[s], 1, 1, "none"))
				P("%s`%s`", j++ ? ", " : "", V(v));
	}
	return n;
}

int say_model(void)
{
	int s, v, nv = 0;

	fit_all();
	if (!input_ok(&D.in_ops) || !input_ok(&D.in_cost)) {
		P("the model is withdrawn: %s " NOT_MEASURED,
		  !input_ok(&D.in_cost) ? "native-costs.csv" : "native-ops.csv");
		return 0;
	}
	for (s = 0; s < NMSHAPES; s++) {
		int k = 0;

		P("%s%s: validated (within %.0f%% at every measured N > 1) for ",
		  s ? "; " : "", m_shapes[s], 100 * FIT_MAXERR);
		for (v = 0; v < D.nv; v++)
			if (F[s][v].validated)
				P("%s`%s`", k++ ? ", " : "", V(v));
		if (!k)
			P("none");
		nv += k;
		say_left_out(s, FIT_ERROR, "; left out, the error too large: ");
		say_left_out(s, FIT_UNSTABLE, "; left out, a measured point "
			     "unstable: ");
		say_left_out(s, FIT_NO_INPUT, "; left out for want of an input, ");
	}
	return nv;
}

static void model_params(void)
{
	char b[160], c[160];
	int i;

	P("### Parameters, measured on this machine\n\n");
	if (!need_input(&D.in_cost))
		return;
	P("native-costs.csv, median [95%% interval] n over its repetitions:\n\n"
	  "| parameter | measured as | ns |\n|---|---|---|\n");
	P("| c | pingpong: one-way cache-line transfer between two CPUs | %s |\n",
	  ci_cell(b, sizeof(b), K.c, U_NS));
	P("| a | xadd_private: a `lock xadd` on a line no other CPU uses | %s |\n",
	  ci_cell(b, sizeof(b), K.a, U_NS));
	for (i = 0; i < K.nshared; i++)
		P("| xadd_shared(%d) | per thread, %d %s on one line | %s |\n",
		  K.shared_cpus[i], K.shared_cpus[i],
		  plural(K.shared_cpus[i], "thread", "threads"),
		  ci_cell(b, sizeof(b), K.shared[i], U_NS));
	P("\n");
	for (i = 0; i < K.nshared; i++) {
		double r;

		if (K.shared_cpus[i] != 2 || !K.c.n || !K.a.n)
			continue;
		r = K.shared[i].med / (K.c.med + K.a.med);
		P("Cross-check: a shared `lock xadd` with 2 CPUs costs %s ns per "
		  "thread; the model's one transfer plus one uncontended atomic, "
		  "c + a, is %s ns (ratio %.2f). ",
		  unit_str(b, sizeof(b), K.shared[i].med, U_NS),
		  unit_str(c, sizeof(c), K.c.med + K.a.med, U_NS), r);
		if (r < 1 / 1.25)
			P("Back-to-back RMWs on one line cost less than a transfer "
			  "each: a CPU keeps the line for several of them, so the "
			  "model's transfer per shared RMW overstates a loop that "
			  "does nothing else.\n\n");
		else if (r > 1.25)
			P("A shared RMW costs more than one transfer here: the "
			  "model's c understates contention.\n\n");
		else
			P("They agree within 25%%.\n\n");
	}
}

static void model_formula(void)
{
	P("### The model\n\n");
	P("```\n"
	  "T(N)   = t1 + [N > 1] * (rmw_shared + store_shared) * c\n"
	  "                                            ns per pair, per worker\n"
	  "X(N)   = min( N / T(N), L_line, L_lock )   pairs per ns, all workers\n"
	  "L_line = 1 / (r_line * c)                  if rmw_shared > 0 and N > 1\n"
	  "L_lock = 1 / (lock * (c + cs) + store_shared * c)\n"
	  "                                           if lock > 0 and N > 1\n"
	  "cs     = (t1 - e) / lock\n"
	  "```\n\n");
	P("- **t1**: the design's measured ns per pair with 1 worker at that "
	  "shape (native.csv, limit none, depth 1); **e**: the empty loop's, "
	  "without a controller call.\n"
	  "- **rmw_shared**: LOCK-prefixed RMWs per pair on a cache line that "
	  "another worker also writes in that shape; **store_shared**: plain "
	  "stores on such a line, what a lock holder writes (native-ops.csv, "
	  "counted from the design's code as it runs; 0 where the file has no "
	  "such column). With a second worker each of them finds its line on "
	  "the other CPU and costs one transfer, **c**.\n"
	  "- **L_line**: a line serves at most one RMW per c, so the busiest "
	  "shared line caps all workers together at 1 / (r_line c) pairs per "
	  "ns; **r_line**, its RMWs per pair, is native-ops.csv's rmw_line when "
	  "it has that column, else min(2, rmw_shared): one RMW by the charge "
	  "and one by the uncharge on one counter.\n"
	  "- **L_lock**: each of a pair's **lock** acquisitions moves the lock "
	  "line to the new holder (c), which runs its critical section: **cs** "
	  "uncontended, taken as the whole of the controller's 1-worker time "
	  "per acquisition (an upper bound), plus one transfer for each shared "
	  "line it stores to. Everything inside serializes.\n"
	  "- Not in the model: retries of a compare-and-swap, waiting beyond "
	  "the two ceilings, and a c that grows with the distance between CPUs "
	  "(the projection keeps this machine's c, measured between two of its "
	  "CPUs).\n\n");
	P("A design is **validated** when at every measured N > 1 its point "
	  "is stable and the prediction is within %.0f%% of the measured "
	  "median; only then is it projected beyond the measured range. "
	  "Otherwise it is left out, and the c that would make its largest "
	  "measured N fit, (T_measured - t1) / (rmw_shared + store_shared), is "
	  "printed as a hint of what the model misses. N = 1 is the input "
	  "itself (error 0).\n\n", 100 * FIT_MAXERR);
}

static void model_inputs(void)
{
	char b[5][160], n[96];
	int s, v, any = 0;

	P("### Operation counts and inputs\n\n");
	if (!need_input(&D.in_ops))
		return;
	P("native-ops.csv, per charge+uncharge pair with 1 worker, limit none, "
	  "depth 1 (a series without rows of its own reads its branch's); t1 "
	  "and e from native.csv:\n\n"
	  "| variant | shape | rmw | rmw_shared | store_shared | r_line | lock | "
	  "percpu | t1 ns | e ns | cs ns | rmw x a: its atomics uncontended |\n"
	  "|---|---|---|---|---|---|---|---|---|---|---|---|\n");
	for (v = 0; v < D.nv; v++)
		for (s = 0; s < NMSHAPES; s++) {
			const struct fit *f = &F[s][v];

			if (!f->ops)
				continue;
			any++;
			P("| %s | %s | %g | %g | %s | %g | %g | %g | %s | %s | %s | %s |\n",
			  vname(n, sizeof(n), v), m_shapes[s], f->ops->rmw,
			  f->ops->rmw_shared,
			  fmt_val(b[4], sizeof(b[4]), "%g", f->ops->store_shared),
			  f->in.r_line, f->ops->lock,
			  f->ops->percpu, pt_ns(b[0], sizeof(b[0]), f->p1),
			  unit_str(b[1], sizeof(b[1]), f->in.e, U_NS),
			  unit_str(b[2], sizeof(b[2]), model_cs(&f->in), U_NS),
			  unit_str(b[3], sizeof(b[3]), K.a.n ? f->ops->rmw *
				   K.a.med : NAN, U_NS));
		}
	if (!any)
		P("| - | no variant of native.csv has operation counts | | | | | "
		  "| | | | | |\n");
	P("\n");
	P("Without operation counts: ");
	for (v = 0, any = 0; v < D.nv; v++)
		if (!F[0][v].ops && npt(v, "leaf", 1, 1, "none"))
			P("%s`%s`", any++ ? ", " : "", V(v));
	P("%s.\n\n", any ? "" : "none");
}

static void model_table(void)
{
	char b[3][160], n[96];
	int s, v, i;

	P("### Prediction against measurement\n\n");
	P("Pairs/s of all workers, limit none, depth 1; error = (model - "
	  "measured) / measured median; bound: which term of X(N) the model "
	  "takes.\n\n| variant | shape | N | measured | model | error | bound "
	  "|\n|---|---|---|---|---|---|---|\n");
	for (v = 0; v < D.nv; v++)
		for (s = 0; s < NMSHAPES; s++) {
			const struct fit *f = &F[s][v];

			if (!modelled(s, v))
				continue;
			for (i = 0; i < f->n; i++)
				P("| %s | %s | %d | %s | %s | %s | %s |\n",
				  vname(n, sizeof(n), v), m_shapes[s], f->th[i],
				  pt_tput(b[0], sizeof(b[0]), f->meas[i]),
				  unit_str(b[1], sizeof(b[1]), f->pred[i], U_SI),
				  f->th[i] == 1 ? "0 (the input)" :
				  fmt_val(b[2], sizeof(b[2]), "%+.0f%%",
					  100 * f->err[i]),
				  model_bound_name(f->bound[i]));
		}
	P("\n**Verdicts:**\n\n");
	for (v = 0; v < D.nv; v++)
		for (s = 0; s < NMSHAPES; s++) {
			const struct fit *f = &F[s][v];

			if (!npt(v, m_shapes[s], 1, 1, "none"))
				continue;
			P("- %s, %s: %s", vname(n, sizeof(n), v), m_shapes[s],
			  f->validated ? "**validated**" : "**left out** of the "
			  "projection: ");
			if (!f->validated)
				P("%s", f->why);
			if (!f->validated && !isnan(f->c_fit))
				P("; the c that would fit: %s ns (measured %s)",
				  unit_str(b[0], sizeof(b[0]), f->c_fit, U_NS),
				  unit_str(b[1], sizeof(b[1]), f->in.c, U_NS));
			P("\n");
		}
	P("\n");
}

/* The N of the curve: 1, 2, 4, ... PROJ_MAX and the measured ones. */
static int curve_ns(int *x)
{
	int n = 0, i;

	for (i = 1; i <= PROJ_MAX; i *= 2)
		n = add_distinct(x, n, i);
	for (i = 0; i < nnth; i++)
		n = add_distinct(x, n, nth[i]);
	return n;
}

/* The measured points and the curve of f, solid then dashed. */
static void proj_series(FILE *g, int *any, const struct fit *f,
			const char *name)
{
	struct series sr[3];
	int x[MAXK], nx = curve_ns(x), i, k;
	static const char *const sfx[3] = { "_meas.dat", "_fit.dat", "_proj.dat" };

	for (k = 0; k < 3; k++)
		if (series_open(&sr[k], name, f->v, "%s", sfx[k]))
			return;
	for (i = 0; i < f->n; i++) {
		const struct npoint *m = f->meas[i];

		if (m && m->tput.n) {
			fprintf(sr[0].f, "%d %.6g %.6g %.6g\n", f->th[i],
				m->tput.med, m->tput.lo, m->tput.hi);
			sr[0].n++;
		}
	}
	for (i = 0; i < nx && x[i] <= reach(f); i++) {
		double y = model_tput(&f->in, x[i], NULL);

		for (k = 1; k < 3; k++) {
			/* the boundary point is in both, so the line is unbroken */
			if ((k == 1 && x[i] > nmax_threads) ||
			    (k == 2 && x[i] < nmax_threads))
				continue;
			fprintf(sr[k].f, "%d %.6g\n", x[i], y);
			sr[k].n++;
		}
	}
	series_plot(g, any, &sr[0], V(f->v), "using 1:2:3:4 with yerrorbars "
		    "lc rgb \"%s\" pt 7 ps 1.2 lw 1.5", plot_color(f->v));
	series_plot(g, any, &sr[1], V(f->v), "using 1:2 with lines lc rgb \"%s\" "
		    "lw 2", plot_color(f->v));
	series_plot(g, any, &sr[2], V(f->v), "using 1:2 with lines lc rgb \"%s\" "
		    "lw 2 dt 2", plot_color(f->v));
}

/* The y range over f's measured intervals and curves. */
static void proj_range(int s, double *lo, double *hi)
{
	int x[MAXK], nx = curve_ns(x), v, i;

	*lo = *hi = NAN;
	for (v = 0; v < D.nv; v++) {
		const struct fit *f = &F[s][v];

		if (!f->validated)
			continue;
		for (i = 0; i < nx + f->n; i++) {
			double a, b;

			if (i < nx && x[i] > reach(f))
				continue;
			if (i < nx) {
				a = b = model_tput(&f->in, x[i], NULL);
			} else if (f->meas[i - nx] && f->meas[i - nx]->tput.n) {
				a = f->meas[i - nx]->tput.lo;
				b = f->meas[i - nx]->tput.hi;
			} else {
				continue;
			}
			if (isnan(*lo) || a < *lo)
				*lo = a;
			if (isnan(*hi) || b > *hi)
				*hi = b;
		}
	}
}

static int plot_proj(int s, const char *name, const char *title)
{
	struct lab l[MAXV];
	double lo, hi;
	int v, nl = 0, any = 0;
	FILE *g;

	proj_range(s, &lo, &hi);
	if (isnan(lo))
		return PLOT_EMPTY;
	g = plot_open_script(out_dir, name);
	if (!g)
		return -1;
	log_range(lo, hi, &lo, &hi);
	plot_head(g, title, "workers charging (log scale)");
	fprintf(g, "set ylabel \"charge+uncharge pairs/s, all workers (log)\"\n"
		"set logscale x 2\nset logscale y 10\nset xrange [0.8:%g]\n"
		"set yrange [%g:%g]\nunset key\n",
		PROJ_MAX * 1.25, lo, hi);
	log_tics(g, 'y', lo, hi);
	fprintf(g, "set object 1 rect from %g, graph 0 to %g, graph 1 "
		"fc rgb \"#eeeeee\" fs solid 1.0 noborder behind\n",
		nmax_threads * 1.15, PROJ_MAX * 1.25);
	/* above the graph, where no curve can run under it */
	fprintf(g, "set tmargin 6\nset title offset 0,1.2\n"
		"set label 1 \"projection: model, not measured "
		"(dashed)\" at %g, graph 1.03 left font \",10\" tc rgb "
		"\"#555555\"\n", nmax_threads * 1.2);
	for (v = 0; v < D.nv; v++) {
		if (!F[s][v].validated)
			continue;
		l[nl].x = PROJ_MAX;
		l[nl].y = model_tput(&F[s][v].in, reach(&F[s][v]), NULL);
		l[nl].v = v;
		snprintf(l[nl++].text, sizeof(l[0].text), "%s%s", V(v),
			 vkind[v] == VK_ANCHOR ? " (anchor)" : "");
	}
	label_column(g, l, nl, lo, hi, 1);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++)
		if (F[s][v].validated)
			proj_series(g, &any, &F[s][v], name);
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

static void model_projection(void)
{
	char b[64], name[64], title[320], n[96];
	int s, v, i, x[MAXK], nx = curve_ns(x), k;

	P("### Projection to %d CPUs\n\n", PROJ_MAX);
	for (s = 0; s < NMSHAPES; s++) {
		for (v = 0, k = 0; v < D.nv; v++)
			k += F[s][v].validated;
		if (!k) {
			P("Shape %s: no design is validated, so none is projected."
			  "\n\n", m_shapes[s]);
			continue;
		}
		snprintf(name, sizeof(name), "model_%s", m_shapes[s]);
		snprintf(title, sizeof(title), "Model of the validated designs: "
			 "shape %s, depth 1, limit none\nmeasured (points, 95%% "
			 "interval), model (solid), projection beyond %d workers "
			 "(dashed)", m_shapes[s], nmax_threads);
		embed(name, title, plot_proj(s, name, title));
		P("Shape %s, model pairs/s (beyond %d workers a projection, not "
		  "measured):\n\n| variant | bound at its last N |", m_shapes[s],
		  nmax_threads);
		for (i = 0; i < nx; i++)
			P(" N=%d%s |", x[i], x[i] > nmax_threads ? " (proj.)" : "");
		P("\n|---|---|");
		for (i = 0; i < nx; i++)
			P("---|");
		P("\n");
		for (v = 0; v < D.nv; v++) {
			enum model_bound bd = MODEL_CPU;

			if (!F[s][v].validated)
				continue;
			model_tput(&F[s][v].in, reach(&F[s][v]), &bd);
			P("| %s | %s |", vname(n, sizeof(n), v),
			  model_bound_name(bd));
			for (i = 0; i < nx; i++)
				P(" %s |", x[i] > reach(&F[s][v]) ? "-" :
				  unit_str(b, sizeof(b),
				  model_tput(&F[s][v].in, x[i], NULL), U_SI));
			P("\n");
		}
		P("\n");
		for (v = 0; v < D.nv; v++)
			if (F[s][v].validated && reach(&F[s][v]) < PROJ_MAX)
				P("`%s` writes no shared line per pair: it scales "
				  "only while every CPU can hold a batch, at most "
				  "capacity / batch = %d CPUs at this %s capacity "
				  "(native-meta.txt); beyond, no projection "
				  "(\"-\").\n\n", V(v), reach(&F[s][v]), ntype);
	}
}

void section_model(void)
{
	P("## Native: model\n\n");
	if (!need_input(&D.in_nat))
		return;
	fit_all();
	P("A model that is validated or withdrawn: its parameters are measured "
	  "on this machine, its operation counts are read from each design's "
	  "code, its prediction is printed next to every measured point with "
	  "the error, and only a design it predicts within %.0f%% at every "
	  "measured N > 1 is projected. **Status:** ", 100 * FIT_MAXERR);
	say_model();
	P(".\n\n");
	model_params();
	model_formula();
	model_inputs();
	if (!input_ok(&D.in_ops) || !input_ok(&D.in_cost)) {
		P("Without %s the model has no %s: it is withdrawn, nothing is "
		  "predicted or projected.\n\n", !input_ok(&D.in_cost) ?
		  "native-costs.csv" : "native-ops.csv", !input_ok(&D.in_cost) ?
		  "parameters" : "operation counts");
		return;
	}
	model_table();
	model_projection();
}
