// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: the frontier": what each design buys and what it
 * pays, each design once, anchors included: pairs/s against spurious
 * refusals (frontier_spurious.png) and against overshoot
 * (frontier_overshoot.png), with intervals; the known defects of each
 * branch beside them (--defects, --findings); and the pick for each kind
 * of resource (picks.c), which rests only on intervals that do not
 * overlap.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "figure.h"
#include "ncell.h"
#include "nplot.h"
#include "picks.h"
#include "plot.h"
#include "report.h"
#include "sections.h"

/* One variant's coordinates: throughput, and its inexactness. */
struct fpoint {
	const struct npoint *t;		/* leaf, none, the most threads */
	const struct npoint *st;	/* leaf, tight, the most threads */
	const struct npoint *sb;	/* leaf, batch, the most threads */
	double over;			/* worst max overshoot, tight or batch */
};

static void fpoints(struct fpoint *f)
{
	int v;

	for (v = 0; v < D.nv; v++) {
		f[v].t = npt(v, "leaf", 1, nmax_threads, "none");
		f[v].st = npt(v, "leaf", 1, nmax_threads, "tight");
		f[v].sb = npt(v, "leaf", 1, nmax_threads, "batch");
		f[v].over = worst_overshoot(v);
	}
}

/* "F1 F4", "none", "not a controller", "-" */
static char *defect_ids(char *b, size_t l, int v)
{
	size_t o = 0;
	int i;

	if (vkind[v] == VK_ANCHOR)
		snprintf(b, l, "not a controller");
	else if (vndef[v] < 0)
		snprintf(b, l, "%s", defects_dir ? "no known-defects file" : "-");
	else if (!vndef[v])
		snprintf(b, l, "none");
	else
		for (i = 0, b[0] = '\0'; i < vndef[v] && o < l; i++)
			o += (size_t)snprintf(b + o, l - o, "%s%s", i ? " " : "",
					      vdef[v][i]);
	return b;
}

static char *spur_cell(char *b, size_t l, const struct npoint *p)
{
	char t[160];

	if (!p || !p->spur_att.n)
		snprintf(b, l, "-");
	else
		snprintf(b, l, "%s%s", ci_cell(t, sizeof(t), p->spur_att, U_PCT),
			 p->spur_att.ok ? "" : " " UNSTABLE);
	return b;
}

static void front_table(const struct fpoint *f)
{
	char b[5][192], n[96];
	int v;

	P("Each design once, shape leaf, depth 1, %d threads, type %s.\n\n"
	  "| variant | pairs/s, limit none | spurious refusals at tight, %% of "
	  "attempts | at batch | max overshoot, any tight or batch point | "
	  "known defects |\n|---|---|---|---|---|---|\n", nmax_threads, ntype);
	for (v = 0; v < D.nv; v++) {
		if (!f[v].t && !f[v].st && !f[v].sb)
			continue;
		P("| %s | %s | %s | %s | %s | %s |\n", vname(n, sizeof(n), v),
		  pt_tput(b[0], sizeof(b[0]), f[v].t),
		  spur_cell(b[1], sizeof(b[1]), f[v].st),
		  spur_cell(b[2], sizeof(b[2]), f[v].sb),
		  fmt_val(b[3], sizeof(b[3]), "%g", f[v].over),
		  defect_ids(b[4], sizeof(b[4]), v));
	}
	P("\n");
}

/* x of variant v on a panel: spurious % at tight with its interval, or the overshoot. */
static int panel_x(const struct fpoint *f, int spurious, double *x,
		   double *lo, double *hi, int *unstable)
{
	if (!f->t || !f->t->tput.n)
		return 0;
	*unstable = f->t->unstable;
	if (!spurious) {
		*x = *lo = *hi = f->over;
		return !isnan(f->over);
	}
	if (!f->st || !f->st->spur_att.n)
		return 0;
	*x = 100 * f->st->spur_att.med;
	*lo = 100 * f->st->spur_att.lo;
	*hi = 100 * f->st->spur_att.hi;
	*unstable |= !f->st->spur_att.ok;
	return 1;
}

static int plot_front(const struct fpoint *f, int spurious, const char *name,
		      const char *title)
{
	double x, lo, hi, ylo = NAN, yhi = NAN, xhi = 0;
	struct lab l[MAXV];
	int v, nl = 0, any = 0, un;
	FILE *g;

	for (v = 0; v < D.nv; v++) {
		if (!panel_x(&f[v], spurious, &x, &lo, &hi, &un))
			continue;
		if (isnan(ylo) || f[v].t->tput.lo < ylo)
			ylo = f[v].t->tput.lo;
		if (isnan(yhi) || f[v].t->tput.hi > yhi)
			yhi = f[v].t->tput.hi;
		if (hi > xhi)
			xhi = hi;
		l[nl].x = x;
		l[nl].y = f[v].t->tput.med;
		l[nl].v = v;
		snprintf(l[nl++].text, sizeof(l[0].text), "%s%s%s", V(v),
			 vkind[v] == VK_ANCHOR ? " (anchor)" : "",
			 un ? " (unstable)" : "");
	}
	if (!nl)
		return PLOT_EMPTY;
	g = plot_open_script(out_dir, name);
	if (!g)
		return -1;
	log_range(ylo, yhi, &ylo, &yhi);
	plot_head(g, title, spurious ? "spurious refusals at the tight limit, "
		  "% of charge attempts" : "max overshoot: usage above max at a "
		  "limited level, any tight or batch point");
	fprintf(g, "set ylabel \"pairs/s, all workers, limit none (log)\"\n"
		"set logscale y 10\nset yrange [%g:%g]\n"
		"unset key\n", ylo, yhi);
	log_tics(g, 'y', ylo, yhi);
	if (spurious)
		fprintf(g, "set xrange [%g:%g]\n", -0.04 * (xhi > 0 ? xhi : 1),
			1.08 * (xhi > 0 ? xhi : 1));
	else
		fprintf(g, "set xrange [-0.5:%g]\nset xtics 1\n", xhi + 0.5);
	label_column(g, l, nl, ylo, yhi, 1);
	fprintf(g, "plot ");
	for (v = 0; v < D.nv; v++) {
		struct series sr;

		if (!panel_x(&f[v], spurious, &x, &lo, &hi, &un) ||
		    series_open(&sr, name, v, ".dat"))
			continue;
		fprintf(sr.f, "# %s: x y xlo xhi ylo yhi\n%.6g %.6g %.6g %.6g "
			"%.6g %.6g\n", V(v), x, f[v].t->tput.med, lo, hi,
			f[v].t->tput.lo, f[v].t->tput.hi);
		sr.n = 1;
		series_plot(g, &any, &sr, V(v), "using 1:2:3:4:5:6 with "
			    "xyerrorbars lc rgb \"%s\" pt %d ps 1.6 lw 1.5",
			    plot_color(v), un ? 6 : 7);
	}
	plot_end(g, any);
	return any ? plot_run(out_dir, name) : PLOT_EMPTY;
}

static void front_figures(const struct fpoint *f)
{
	char title[320];

	snprintf(title, sizeof(title), "Native frontier: throughput against "
		 "spurious refusals\nshape leaf, depth 1, %d threads; median and "
		 "95%% interval on both axes; open: unstable", nmax_threads);
	embed("frontier_spurious", title, plot_front(f, 1, "frontier_spurious",
						     title));
	snprintf(title, sizeof(title), "Native frontier: throughput against "
		 "overshoot\nshape leaf, depth 1, %d threads; throughput median "
		 "and 95%% interval; open: unstable", nmax_threads);
	embed("frontier_overshoot", title, plot_front(f, 0, "frontier_overshoot",
						      title));
}

/* The finding ids shown: findings.md's, else every id the branches list. */
static int finding_ids(char (*ids)[FIDLEN])
{
	int v, i, j, n = 0;

	if (nfindings > 0) {
		for (i = 0; i < nfindings; i++)
			snprintf(ids[n++], FIDLEN, "%.15s", findings[i].id);
		return n;
	}
	for (v = 0; v < D.nv; v++)
		for (i = 0; i < vndef[v]; i++) {
			for (j = 0; j < n && strcmp(ids[j], vdef[v][i]); j++)
				;
			if (j == n && n < MAXF)
				snprintf(ids[n++], FIDLEN, "%.15s", vdef[v][i]);
		}
	return n;
}

static int has_defect(int v, const char *id)
{
	int i;

	for (i = 0; i < vndef[v]; i++)
		if (!strcmp(vdef[v][i], id))
			return 1;
	return 0;
}

static void defect_table(void)
{
	char ids[MAXF][FIDLEN], n[96];
	int v, i, nid;

	P("### Known defects\n\n");
	if (!defects_dir) {
		P("Known defects: not given (benchreport --defects <variants dir> "
		  "--findings <findings.md>).\n\n");
		return;
	}
	nid = finding_ids(ids);
	P("Which findings each branch has, as its `%s/<branch>/known-defects` "
	  "lists them (a series has its branch's); anchors are not controllers "
	  "and have none.\n\n| variant |", defects_dir);
	for (i = 0; i < nid; i++)
		P(" %s |", ids[i]);
	P("\n|---|");
	for (i = 0; i < nid; i++)
		P("---|");
	P("\n");
	for (v = 0; v < D.nv; v++) {
		if (!npt(v, "leaf", 1, nth[0], "none"))
			continue;
		P("| %s |", vname(n, sizeof(n), v));
		for (i = 0; i < nid; i++)
			P(" %s |", vkind[v] == VK_ANCHOR ? (i ? "" :
			  "not a controller") : vndef[v] < 0 ? "?" :
			  has_defect(v, ids[i]) ? "**yes**" : "");
		P("\n");
	}
	P("\n");
	if (nfindings < 0) {
		P("The findings' titles: --findings not given or unreadable.\n\n");
		return;
	}
	P("The findings, as results/findings.md heads them:\n\n");
	for (i = 0; i < nfindings; i++)
		P("- **%s**: %s\n", findings[i].id, findings[i].title);
	P("\n");
}

void say_picks(void)
{
	struct pick a, r;
	char n[96];

	pick_asids(&a);
	pick_rate(&r);
	P("| resource | what decides | pick | what it rests on |\n"
	  "|---|---|---|---|\n");
	P("| ASIDs: a few charges per minute | %s | %s | %s |\n", a.rule,
	  a.v >= 0 ? vname(n, sizeof(n), a.v) : "none", a.text);
	P("| a high-rate resource: millions of charges per second | %s | %s | "
	  "%s |\n\n", r.rule, r.v >= 0 ? vname(n, sizeof(n), r.v) : "none",
	  r.text);
}

static void front_impossibility(void)
{
	P("**What cannot be had at once** (the designs' reasoning, which the "
	  "figures above test). A hierarchical charge can be kept from ever "
	  "exceeding max at any level without a lock: a compare-and-swap per "
	  "level that admits only when the new usage fits, undone below on a "
	  "refusal higher up. It cannot also avoid refusals caused by charges "
	  "that are later undone: between its admission at a lower level and "
	  "its refusal above, such a charge holds room that another charge is "
	  "refused for (a spurious refusal). Only serializing the levels, as "
	  "one global lock around the walk does, avoids both, at the price of "
	  "one shared lock for every charge. A per-CPU stock goes the other way: "
	  "it trades exactness at the limit (units charged but unused in other "
	  "CPUs' stocks, the stocked column) for a charge path with no shared "
	  "write. The add-then-check designs take neither side: no lock, but a "
	  "level's usage can pass its max while a charge that will be refused "
	  "is in flight (the overshoot column).\n\n");
}

void section_frontier(void)
{
	struct fpoint f[MAXV];

	P("## Native: the frontier\n\n");
	if (!need_input(&D.in_nat))
		return;
	fpoints(f);
	unstable_note();
	front_table(f);
	front_figures(f);
	defect_table();
	P("### Which design for which resource\n\n");
	P("A pick rests only on differences whose intervals do not overlap; "
	  "where the best's overlaps another's it is a **tie**, and the table "
	  "says what decides instead. Candidates: the branches (not their "
	  "series, not the anchors), at their stable points.\n\n");
	say_picks();
	front_impossibility();
}
