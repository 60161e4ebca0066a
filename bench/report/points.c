// SPDX-License-Identifier: GPL-2.0
/*
 * points: a native run's rows as points with intervals (points.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"

static int same_key(const struct npoint *p, const struct ik_row *r)
{
	return p->v == r->v && p->depth == r->depth &&
	       p->threads == r->threads && !strcmp(p->shape, r->shape) &&
	       !strcmp(p->limit, r->limit) && !strcmp(p->type, r->type);
}

/* The rank of a name in a fixed order; names not in it sort after, by name. */
static int rank_of(const char *const *order, const char *s)
{
	int i;

	for (i = 0; order[i]; i++)
		if (!strcmp(order[i], s))
			return i;
	return i;
}

static int cmp_named(const char *const *order, const char *a, const char *b)
{
	int x = rank_of(order, a), y = rank_of(order, b);

	return x != y ? x - y : strcmp(a, b);
}

static int cmp_point(const void *pa, const void *pb)
{
	static const char *const limits[] = { "none", "tight", "batch", NULL };
	static const char *const shapes[] = {
		"empty", "leaf", "siblings", "chain", NULL,
	};
	const struct npoint *a = pa, *b = pb;
	int c;

	if (a->v != b->v)
		return a->v - b->v;
	c = strcmp(a->type, b->type);
	if (!c)
		c = cmp_named(limits, a->limit, b->limit);
	if (!c)
		c = cmp_named(shapes, a->shape, b->shape);
	if (!c)
		c = a->depth - b->depth;
	return c ? c : a->threads - b->threads;
}

/* The values of one point's rows that entered; vectors of size nrows. */
struct vals {
	double *ns, *tput, *ref, *sa, *sr;
	int n, nref, nsa, nsr, nur;
	double *ur;
};

static void point_add_row(struct npoint *p, struct vals *x,
			  const struct ik_row *r)
{
	double att = r->attempts > 0 ? r->attempts : r->threads * r->iters;

	p->rows++;
	if (!isnan(r->discards))
		p->discards += r->discards;
	if (row_excluded(r)) {
		p->excluded++;
		return;
	}
	if (!isnan(r->overlap) &&
	    (isnan(p->min_overlap) || r->overlap < p->min_overlap))
		p->min_overlap = r->overlap;
	p->oversub |= r->oversub;
	x->ns[x->n] = r->ns;
	x->tput[x->n++] = r->threads * 1e9 / r->ns;
	if (!isnan(r->rejected) && att > 0)
		x->ref[x->nref++] = r->rejected / att;
	if (!isnan(r->spurious) && att > 0)
		x->sa[x->nsa++] = r->spurious / att;
	if (!isnan(r->spurious) && r->rejected > 0)
		x->sr[x->nsr++] = r->spurious / r->rejected;
	if (!isnan(r->undetermined) && r->rejected > 0)
		x->ur[x->nur++] = r->undetermined / r->rejected;
	if (!isnan(r->overshoot) &&
	    (isnan(p->overshoot) || r->overshoot > p->overshoot))
		p->overshoot = r->overshoot;
	if (!isnan(r->stocked) && (isnan(p->stocked) || r->stocked > p->stocked))
		p->stocked = r->stocked;
}

/* Fill p from the rows of its key. */
static int point_fill(struct npoint *p, const struct ik_row *rows, int n)
{
	struct vals x;
	int i;

	memset(&x, 0, sizeof(x));
	x.ns = malloc(sizeof(double) * 6 * (size_t)n);
	if (!x.ns)
		return -1;
	x.tput = x.ns + n;
	x.ref = x.tput + n;
	x.sa = x.ref + n;
	x.sr = x.sa + n;
	x.ur = x.sr + n;
	p->min_overlap = p->overshoot = p->stocked = NAN;
	for (i = 0; i < n; i++)
		if (same_key(p, &rows[i]))
			point_add_row(p, &x, &rows[i]);
	p->ns = ci_median(x.ns, x.n);
	p->tput = ci_median(x.tput, x.n);
	p->hw = ci_halfwidth(p->ns);
	p->unstable = ci_unstable(p->ns);
	p->refused = ci_median(x.ref, x.nref);
	p->spur_att = ci_median(x.sa, x.nsa);
	p->spur_rej = ci_median(x.sr, x.nsr);
	p->undet_rej = ci_median(x.ur, x.nur);
	free(x.ns);
	return 0;
}

int points_build(struct points *ps, const struct ik_row *rows, int n)
{
	int i, j;

	ps->n = 0;
	ps->p = calloc((size_t)(n ? n : 1), sizeof(*ps->p));
	if (!ps->p)
		return -1;
	for (i = 0; i < n; i++) {
		struct npoint *p;

		for (j = 0; j < ps->n && !same_key(&ps->p[j], &rows[i]); j++)
			;
		if (j < ps->n)
			continue;
		p = &ps->p[ps->n++];
		p->v = rows[i].v;
		p->depth = rows[i].depth;
		p->threads = rows[i].threads;
		memcpy(p->shape, rows[i].shape, NAMELEN);
		memcpy(p->limit, rows[i].limit, NAMELEN);
		memcpy(p->type, rows[i].type, NAMELEN);
	}
	for (j = 0; j < ps->n; j++)
		if (point_fill(&ps->p[j], rows, n))
			return -1;
	qsort(ps->p, (size_t)ps->n, sizeof(*ps->p), cmp_point);
	return 0;
}

void points_free(struct points *ps)
{
	free(ps->p);
	ps->p = NULL;
	ps->n = 0;
}

const struct npoint *points_find(const struct points *ps, int v,
				 const char *shape, int depth, int threads,
				 const char *limit, const char *type)
{
	int i;

	for (i = 0; i < ps->n; i++) {
		const struct npoint *p = &ps->p[i];

		if (p->v == v && p->depth == depth && p->threads == threads &&
		    !strcmp(p->shape, shape) && !strcmp(p->limit, limit) &&
		    (!type || !strcmp(p->type, type)))
			return p;
	}
	return NULL;
}

void points_stability(const struct points *ps, int threads, int *stable,
		      int *total)
{
	int i;

	*stable = *total = 0;
	for (i = 0; i < ps->n; i++) {
		if (threads >= 0 && ps->p[i].threads != threads)
			continue;
		(*total)++;
		*stable += !ps->p[i].unstable;
	}
}

void points_discards(const struct points *ps, int v, int *excluded,
		     double *discards, int *rows)
{
	int i;

	*excluded = *rows = 0;
	*discards = 0;
	for (i = 0; i < ps->n; i++) {
		if (v >= 0 && ps->p[i].v != v)
			continue;
		*excluded += ps->p[i].excluded;
		*discards += ps->p[i].discards;
		*rows += ps->p[i].rows;
	}
}

static int distinct(const struct points *ps, const char *shape,
		    const char *limit, int *out, int depth)
{
	int i, n = 0;

	for (i = 0; i < ps->n; i++) {
		const struct npoint *p = &ps->p[i];

		if ((shape && strcmp(p->shape, shape)) ||
		    (limit && strcmp(p->limit, limit)))
			continue;
		n = add_distinct(out, n, depth ? p->depth : p->threads);
	}
	return n;
}

int points_threads(const struct points *ps, const char *shape,
		   const char *limit, int *out)
{
	return distinct(ps, shape, limit, out, 0);
}

int points_depths(const struct points *ps, const char *shape,
		  const char *limit, int *out)
{
	return distinct(ps, shape, limit, out, 1);
}
