// SPDX-License-Identifier: GPL-2.0
/*
 * data_sel: selections of the loaded rows and their summaries (data.h).
 * A native row whose workers overlapped less than OVERLAP_MIN is never a
 * statistic: every summary of native.csv skips it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"

int row_excluded(const struct ik_row *r)
{
	return !isnan(r->overlap) && r->overlap < OVERLAP_MIN;
}

struct sel sel_any(void)
{
	struct sel s = { -1, NULL, -1, -1, NULL, NULL, -1 };

	return s;
}

int sel_match(const struct sel *s, const struct ik_row *r)
{
	return (s->v < 0 || s->v == r->v) &&
	       (!s->shape || !strcmp(s->shape, r->shape)) &&
	       (s->depth < 0 || s->depth == r->depth) &&
	       (s->threads < 0 || s->threads == r->threads) &&
	       (!s->limit || !strcmp(s->limit, r->limit)) &&
	       (!s->type || !strcmp(s->type, r->type)) &&
	       (s->oversub < 0 || s->oversub == r->oversub);
}

static double metric(const struct ik_row *r, enum metric m)
{
	switch (m) {
	case M_NS:
		return r->ns;
	case M_TPUT:
		return pairs_per_sec(r->threads, r->iters, r->elapsed_ns);
	case M_REJ:
		if (r->attempts > 0)	/* native: every attempt counted */
			return r->rejected / r->attempts;
		return rejection_rate(r->rejected, r->threads, r->iters);
	case M_OVER:
		return r->overshoot;
	}
	return NAN;
}

const char *src_name(enum src w)
{
	return w == SRC_NATIVE ? "native" : "TCG";
}

/* The rows of one run of the matrix; *n their count. */
static const struct ik_row *src_rows(const struct data *d, enum src w, int *n)
{
	*n = w == SRC_NATIVE ? d->nnat : d->nik;
	return w == SRC_NATIVE ? d->nat : d->ik;
}

struct summary src_summary(const struct data *d, enum src w, struct sel s,
			   enum metric m)
{
	const struct ik_row *r;
	struct summary out;
	int i, nr, n = 0;
	double *v;

	r = src_rows(d, w, &nr);
	v = malloc(sizeof(*v) * (size_t)(nr + 1));
	if (!v)
		return stats_summarize(NULL, 0);
	for (i = 0; i < nr; i++) {
		double x;

		if (!sel_match(&s, &r[i]) || row_excluded(&r[i]))
			continue;
		x = metric(&r[i], m);
		if (!isnan(x))
			v[n++] = x;
	}
	out = stats_summarize(v, n);
	free(v);
	return out;
}

struct summary ik_summary(const struct data *d, struct sel s, enum metric m)
{
	return src_summary(d, SRC_TCG, s, m);
}

int add_distinct(int *out, int n, int x)
{
	int i, j;

	for (i = 0; i < n; i++)
		if (out[i] == x)
			return n;
	if (n == MAXK)
		return n;
	for (i = 0; i < n && out[i] < x; i++)
		;
	for (j = n; j > i; j--)
		out[j] = out[j - 1];
	out[i] = x;
	return n + 1;
}

/* Which int column src_distinct() collects. */
enum col { COL_THREADS, COL_DEPTH, COL_SMP };

static int src_distinct(const struct data *d, enum src w, struct sel s,
			enum col c, int *out)
{
	const struct ik_row *r;
	int i, nr, n = 0;

	r = src_rows(d, w, &nr);
	for (i = 0; i < nr; i++)
		if (sel_match(&s, &r[i]))
			n = add_distinct(out, n, c == COL_THREADS ? r[i].threads :
					 c == COL_DEPTH ? r[i].depth : r[i].smp);
	return n;
}

int src_threads(const struct data *d, enum src w, struct sel s, int *out)
{
	return src_distinct(d, w, s, COL_THREADS, out);
}

int src_depths(const struct data *d, enum src w, struct sel s, int *out)
{
	return src_distinct(d, w, s, COL_DEPTH, out);
}

int ik_threads(const struct data *d, struct sel s, int *out)
{
	return src_distinct(d, SRC_TCG, s, COL_THREADS, out);
}

int ik_depths(const struct data *d, struct sel s, int *out)
{
	return src_distinct(d, SRC_TCG, s, COL_DEPTH, out);
}

int ik_smps(const struct data *d, struct sel s, int *out)
{
	return src_distinct(d, SRC_TCG, s, COL_SMP, out);
}

int src_oversub(const struct data *d, enum src w, struct sel s)
{
	const struct ik_row *r;
	int i, nr;

	r = src_rows(d, w, &nr);
	for (i = 0; i < nr; i++)
		if (sel_match(&s, &r[i]) && r[i].oversub)
			return 1;
	return 0;
}

int ik_oversub(const struct data *d, struct sel s)
{
	return src_oversub(d, SRC_TCG, s);
}

int src_types(const struct data *d, enum src w, const char **out)
{
	const struct ik_row *r;
	int i, j, nr, n = 0;

	r = src_rows(d, w, &nr);
	for (i = 0; i < nr; i++) {
		const char *t = r[i].type;

		for (j = 0; j < n && strcmp(out[j], t); j++)
			;
		if (j < n || n == MAXK)
			continue;
		for (j = n; j > 0 && strcmp(out[j - 1], t) > 0; j--)
			out[j] = out[j - 1];
		out[j] = t;
		n++;
	}
	return n;
}

int ik_types(const struct data *d, const char **out)
{
	return src_types(d, SRC_TCG, out);
}

struct summary ic_summary(const struct data *d, int v, int run,
			  const char *shape, int depth, const char *type)
{
	double *x = malloc(sizeof(*x) * (size_t)(d->nic + 1));
	struct summary out;
	int i, n = 0;

	if (!x)
		return stats_summarize(NULL, 0);
	for (i = 0; i < d->nic; i++) {
		const struct ic_row *r = &d->ic[i];

		if (r->v == v && (run < 0 || r->run == run) &&
		    !strcmp(r->shape, shape) && r->depth == depth &&
		    !strcmp(r->type, type))
			x[n++] = r->ipp;
	}
	out = stats_summarize(x, n);
	free(x);
	return out;
}

struct summary cal_summary(const struct data *d, const char *where,
			   const char *prim, int threads)
{
	double *x = malloc(sizeof(*x) * (size_t)(d->ncal + 1));
	struct summary out;
	int i, n = 0;

	if (!x)
		return stats_summarize(NULL, 0);
	for (i = 0; i < d->ncal; i++) {
		const struct cal_row *r = &d->cal[i];

		if (!strcmp(r->where, where) && !strcmp(r->prim, prim) &&
		    r->threads == threads)
			x[n++] = r->ns;
	}
	out = stats_summarize(x, n);
	free(x);
	return out;
}

