// SPDX-License-Identifier: GPL-2.0
/*
 * picks: a design per kind of resource from the native figures (picks.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ncell.h"
#include "paired.h"
#include "picks.h"
#include "report.h"

/* A candidate and the figure it is ranked by. */
struct cand {
	int v;
	struct ci c;
};

/* Appends to p->text. */
static void say(struct pick *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(struct pick *p, const char *fmt, ...)
{
	size_t o = strlen(p->text);
	va_list ap;

	if (o >= sizeof(p->text) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(p->text + o, sizeof(p->text) - o, fmt, ap);
	va_end(ap);
}

double worst_overshoot(int v)
{
	double w = NAN;
	int i;

	for (i = 0; i < NP.n; i++) {
		const struct npoint *q = &NP.p[i];

		if (q->v != v || isnan(q->overshoot) ||
		    (strcmp(q->limit, "tight") && strcmp(q->limit, "batch")))
			continue;
		if (isnan(w) || q->overshoot > w)
			w = q->overshoot;
	}
	return w;
}

static int candidate(int v)
{
	return vkind[v] == VK_BRANCH && !vseries[v];
}

/* The index of the best of c[0..n): lowest median if low, else highest. */
static int best_of(const struct cand *c, int n, int low)
{
	int i, b = 0;

	for (i = 1; i < n; i++)
		if (low ? c[i].c.med < c[b].c.med : c[i].c.med > c[b].c.med)
			b = i;
	return b;
}

/* Keep in c[] those whose interval overlaps c[b]'s, the best first; returns how many. */
static int ties_of(struct cand *c, int n, int b)
{
	struct cand t[MAXV];
	int i, k = 0;

	t[k++] = c[b];
	for (i = 0; i < n; i++)
		if (i != b && ci_overlap(c[i].c, c[b].c))
			t[k++] = c[i];
	memcpy(c, t, sizeof(t[0]) * (size_t)k);
	return k;
}

/* "`a` 1.2% [0.9%, 1.5%], `b` ..." */
static void say_cands(struct pick *p, const struct cand *c, int n, enum unit u)
{
	char b[160];
	int i;

	for (i = 0; i < n; i++)
		say(p, "%s`%s` %s", i ? ", " : "", V(c[i].v),
		    ci_str(b, sizeof(b), c[i].c, u));
}

/* The next best outside the tie, if any: "(next: `x` ...)". */
static void say_next(struct pick *p, const struct cand *all, int n, int v,
		     int low, enum unit u)
{
	char b[160];
	int i, nx = -1;

	for (i = 0; i < n; i++)
		if (all[i].v != v && (nx < 0 || (low ? all[i].c.med < all[nx].c.med :
						 all[i].c.med > all[nx].c.med)))
			nx = i;
	if (nx >= 0)
		say(p, "; its interval is apart from every other candidate's "
		    "(next: `%s` %s)", V(all[nx].v),
		    ci_str(b, sizeof(b), all[nx].c, u));
}

/* Among c[0..n) the one with the fewest known defects, -1 if none is alone there. */
static int by_defects(struct pick *p, const struct cand *c, int n)
{
	int i, b = -1, alone = 0;

	say(p, "; decided instead by the known defects (%s)",
	    defects_dir ? "known-defects files" : "no --defects given");
	for (i = 0; i < n; i++) {
		if (vndef[c[i].v] < 0)
			return -1;
		if (b < 0 || vndef[c[i].v] < vndef[c[b].v]) {
			b = i;
			alone = 1;
		} else if (vndef[c[i].v] == vndef[c[b].v]) {
			alone = 0;
		}
	}
	for (i = 0; i < n; i++)
		say(p, "%s`%s` %d", i ? ", " : ": ", V(c[i].v), vndef[c[i].v]);
	return alone ? c[b].v : -1;
}

/* Candidates with the figure of point (shape, limit) at the most threads. */
static int gather(struct cand *c, const char *limit, int spurious,
		  struct pick *p, const char *what)
{
	int v, n = 0, said = 0;

	for (v = 0; v < D.nv; v++) {
		const struct npoint *q;

		if (!candidate(v) || !npt(v, "leaf", 1, nth[0], "none"))
			continue;
		q = npt(v, "leaf", 1, nmax_threads, limit);
		if (q && (spurious ? q->spur_att.ok : !q->unstable)) {
			c[n].v = v;
			c[n++].c = spurious ? q->spur_att : q->tput;
			continue;
		}
		say(p, "%s`%s`", said++ ? ", " : "Not ranked: ", V(v));
	}
	if (said)
		say(p, " (no %s with a 95%% interval%s). ", what,
		    spurious ? "" : " within 5%");
	return n;
}

/* Keep in c[] the candidates with the least worst overshoot. */
static int least_overshoot(struct cand *c, int n, struct pick *p)
{
	double least = NAN;
	int i, k = 0, said = 0;

	for (i = 0; i < n; i++) {
		double w = worst_overshoot(c[i].v);

		if (!isnan(w) && (isnan(least) || w < least))
			least = w;
	}
	for (i = 0; i < n; i++) {
		double w = worst_overshoot(c[i].v);

		if (w == least) {
			c[k++] = c[i];
			continue;
		}
		say(p, "%s`%s` %g", said++ ? ", " : "Out for overshooting: ",
		    V(c[i].v), w);
	}
	if (said)
		say(p, " (the least is %g). ", least);
	return k;
}

void pick_asids(struct pick *p)
{
	struct cand c[MAXV], all[MAXV];
	int n, b, nt;

	memset(p, 0, sizeof(*p));
	p->v = -1;
	snprintf(p->rule, sizeof(p->rule), "the least max overshoot, then the "
		 "fewest spurious refusals at tight (leaf, %d threads); a tie: "
		 "the known defects", nmax_threads);
	n = gather(c, "tight", 1, p, "spurious refusals at tight");
	n = least_overshoot(c, n, p);
	if (!n) {
		say(p, "No candidate has spurious refusals at tight with a 95%% "
		    "interval: no pick.");
		return;
	}
	memcpy(all, c, sizeof(c[0]) * (size_t)n);
	b = best_of(c, n, 1);
	nt = ties_of(c, n, b);
	say(p, "Max overshoot %g; spurious refusals at tight, %% of attempts: ",
	    worst_overshoot(c[0].v));
	if (nt == 1) {
		p->v = c[0].v;
		say_cands(p, c, 1, U_PCT);
		say_next(p, all, n, p->v, 1, U_PCT);
		say(p, ".");
		return;
	}
	p->tie = 1;
	say(p, "**tie** (intervals overlap): ");
	say_cands(p, c, nt, U_PCT);
	p->v = by_defects(p, c, nt);
	say(p, p->v >= 0 ? "." : "; still a tie: nothing measured here "
	    "separates them.");
}

/*
 * Candidates at (leaf, none, the most threads) with their pairs/s, stable
 * or not: the pick rests on paired ratios, which cancel what made a
 * design's own median spread.
 */
static int gather_all(struct cand *c, struct pick *p)
{
	int v, n = 0, said = 0;

	for (v = 0; v < D.nv; v++) {
		const struct npoint *q;

		/* A branch that only TCG measured is none. */
		if (!candidate(v) || !npt(v, "leaf", 1, nth[0], "none"))
			continue;
		q = npt(v, "leaf", 1, nmax_threads, "none");
		if (q && q->tput.n) {
			c[n].v = v;
			c[n++].c = q->tput;
			continue;
		}
		say(p, "%s`%s`", said++ ? ", " : "Not measured: ", V(v));
	}
	if (said)
		say(p, ". ");
	return n;
}

void pick_rate(struct pick *p)
{
	struct cand c[MAXV], t[MAXV], s[MAXV] = { { 0 } };
	int n, b, nt = 0, i, ns = 0, said = 0;

	memset(p, 0, sizeof(*p));
	p->v = -1;
	snprintf(p->rule, sizeof(p->rule), "the most pairs/s (leaf, limit none, "
		 "%d threads), apart from every other by the paired ratio of "
		 "their ns per pair; a tie: the fewest spurious refusals at the "
		 "batch limit, then the known defects", nmax_threads);
	n = gather_all(c, p);
	if (!n) {
		say(p, "No candidate has a throughput: no pick.");
		return;
	}
	b = best_of(c, n, 0);
	t[nt++] = c[b];
	say(p, "Most pairs/s: `%s`; its ns per pair over each other "
	    "candidate's, paired by repetition: ", V(c[b].v));
	for (i = 0; i < n; i++) {
		struct ci r;
		const char *w;

		if (i == b)
			continue;
		r = paired_ratio(D.nat, D.nnat, c[b].v, c[i].v, "leaf", 1,
				 nmax_threads, "none", ntype);
		w = paired_verdict(r);
		say(p, "%s`%s` %.3f [%.3f, %.3f]%s", said++ ? ", " : "",
		    V(c[i].v), r.med, r.lo, r.hi, w && !strcmp(w, "faster") ?
		    "" : " (tie)");
		if (!w || strcmp(w, "faster"))
			t[nt++] = c[i];
	}
	if (nt == 1) {
		p->v = c[b].v;
		say(p, ": apart from every other.");
		return;
	}
	p->tie = 1;
	say(p, "; **tie** with %d %s", nt - 1, plural(nt - 1, "other", "others"));
	for (i = 0; i < nt; i++) {
		const struct npoint *q = npt(t[i].v, "leaf", 1, nmax_threads,
					     "batch");

		if (q && q->spur_att.ok) {
			s[ns].v = t[i].v;
			s[ns++].c = q->spur_att;
		}
	}
	say(p, "; decided instead by spurious refusals at batch, %% of "
	    "attempts: ");
	if (ns < nt) {
		say(p, "not measured with a 95%% interval for all of them");
	} else {
		say_cands(p, s, ns, U_PCT);
		b = best_of(s, ns, 1);
		if (ties_of(s, ns, b) == 1) {
			p->v = s[0].v;
			say(p, ".");
			return;
		}
		say(p, " (a tie again)");
	}
	p->v = by_defects(p, t, nt);
	say(p, p->v >= 0 ? "." : "; still a tie: nothing measured here "
	    "separates them.");
}
