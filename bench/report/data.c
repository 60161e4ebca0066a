// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "data.h"

int data_variant(const struct data *d, const char *name)
{
	int i;

	for (i = 0; i < d->nv; i++)
		if (!strcmp(d->variants[i], name))
			return i;
	return -1;
}

static int add_variant(struct data *d, const char *name)
{
	int i = data_variant(d, name);

	if (i >= 0)
		return i;
	if (d->nv == MAXV) {
		fprintf(stderr, "benchreport: more than %d variants, \"%s\" ignored\n",
			MAXV, name);
		return -1;
	}
	d->variants[d->nv] = strdup(name);
	if (!d->variants[d->nv])
		return -1;
	return d->nv++;
}

/* names is NULL-terminated; idx[i] is the column of names[i]. */
static int map_cols(struct input *in, const struct csv *c,
		    const char *const *names, int *idx)
{
	int i;

	for (i = 0; names[i]; i++) {
		idx[i] = csv_col(c, names[i]);
		if (idx[i] < 0) {
			snprintf(in->unusable, sizeof(in->unusable),
				 "no column \"%s\" in the header", names[i]);
			return -1;
		}
	}
	return 0;
}

static int copy_name(char *dst, const char *src)
{
	size_t n = strlen(src);

	if (!n || n >= NAMELEN)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* Room for row n: capacity 16, then doubled whenever n reaches a power of 2. */
static void *grow(void *p, int n, size_t size)
{
	if (!n)
		return malloc(size * 16);
	if (n < 16 || (n & (n - 1)))
		return p;
	return realloc(p, size * (size_t)n * 2);
}

#define MAXCOLS		14	/* inkernel.csv has the most columns */

/*
 * The add_*() take one CSV row, f[ci[i]] being the field of column i of
 * their kind, and append it to d.  They return 0, 1 for a malformed row,
 * or -1 when out of memory.
 */
typedef int (*add_fn)(struct data *d, char **f, const int *ci);

static const char *const ik_cols[] = {
	"variant", "smp", "rep", "shape", "depth", "threads", "oversubscribed",
	"limit", "type", "iters", "elapsed_ns", "ns_per_pair", "rejected",
	"max_overshoot", NULL,
};

/* One inkernel.csv or native.csv row into x; 1 if it is malformed. */
static int ik_fields(struct data *d, char **f, const int *ci,
		     struct ik_row *x)
{
	memset(x, 0, sizeof(*x));
	x->v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	return x->v < 0 || csv_int(f[ci[1]], &x->smp) ||
	       csv_int(f[ci[2]], &x->rep) || copy_name(x->shape, f[ci[3]]) ||
	       csv_int(f[ci[4]], &x->depth) ||
	       csv_int(f[ci[5]], &x->threads) ||
	       csv_int(f[ci[6]], &x->oversub) ||
	       copy_name(x->limit, f[ci[7]]) ||
	       copy_name(x->type, f[ci[8]]) ||
	       csv_num(f[ci[9]], &x->iters) ||
	       csv_num(f[ci[10]], &x->elapsed_ns) ||
	       csv_num(f[ci[11]], &x->ns) ||
	       csv_num(f[ci[12]], &x->rejected) ||
	       csv_num(f[ci[13]], &x->overshoot) || x->threads < 1 ||
	       x->depth < 0 || !(x->iters > 0) || !(x->elapsed_ns > 0);
}

/* Append x to rows[0..*n); -1 when out of memory. */
static int append_ik(struct ik_row **rows, int *n, const struct ik_row *x)
{
	void *p = grow(*rows, *n, sizeof(**rows));

	if (!p)
		return -1;
	*rows = p;
	(*rows)[(*n)++] = *x;
	return 0;
}

static int add_ik(struct data *d, char **f, const int *ci)
{
	struct ik_row x;

	if (ik_fields(d, f, ci, &x))
		return 1;
	return append_ik(&d->ik, &d->nik, &x);
}

/* native.csv: inkernel.csv's columns, measured by bench/native on the host. */
static int add_nat(struct data *d, char **f, const int *ci)
{
	struct ik_row x;

	if (ik_fields(d, f, ci, &x))
		return 1;
	return append_ik(&d->nat, &d->nnat, &x);
}

static const char *const ic_cols[] = {
	"variant", "run", "shape", "depth", "type", "iters",
	"instructions_per_pair", NULL,
};

static int add_ic(struct data *d, char **f, const int *ci)
{
	struct ic_row x;
	void *p;

	memset(&x, 0, sizeof(x));
	x.v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	if (x.v < 0 || csv_int(f[ci[1]], &x.run) ||
	    copy_name(x.shape, f[ci[2]]) ||
	    csv_int(f[ci[3]], &x.depth) ||
	    copy_name(x.type, f[ci[4]]) ||
	    csv_num(f[ci[5]], &x.iters) ||
	    csv_num(f[ci[6]], &x.ipp) || x.depth < 0)
		return 1;
	p = grow(d->ic, d->nic, sizeof(*d->ic));
	if (!p)
		return -1;
	d->ic = p;
	d->ic[d->nic++] = x;
	return 0;
}

static const char *const cal_cols[] = {
	"where", "primitive", "threads", "rep", "iters", "ns_per_pair", NULL,
};

static int add_cal(struct data *d, char **f, const int *ci)
{
	struct cal_row x;
	void *p;

	memset(&x, 0, sizeof(x));
	if (copy_name(x.where, f[ci[0]]) ||
	    copy_name(x.prim, f[ci[1]]) ||
	    csv_int(f[ci[2]], &x.threads) ||
	    csv_int(f[ci[3]], &x.rep) ||
	    csv_num(f[ci[4]], &x.iters) || csv_num(f[ci[5]], &x.ns) ||
	    !(x.ns > 0))
		return 1;
	p = grow(d->cal, d->ncal, sizeof(*d->cal));
	if (!p)
		return -1;
	d->cal = p;
	d->cal[d->ncal++] = x;
	return 0;
}

static const char *const e2e_cols[] = {
	"variant", "smp", "rep", "type", "count", "elapsed_ns", "ops_per_sec",
	NULL,
};

static int add_e2e(struct data *d, char **f, const int *ci)
{
	struct e2e_row x;
	void *p;

	memset(&x, 0, sizeof(x));
	x.v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	if (x.v < 0 || csv_int(f[ci[1]], &x.smp) ||
	    csv_int(f[ci[2]], &x.rep) || copy_name(x.type, f[ci[3]]) ||
	    csv_num(f[ci[4]], &x.count) ||
	    csv_num(f[ci[5]], &x.elapsed_ns) ||
	    csv_num(f[ci[6]], &x.ops) || !(x.ops > 0))
		return 1;
	p = grow(d->e2e, d->ne2e, sizeof(*d->e2e));
	if (!p)
		return -1;
	d->e2e = p;
	d->e2e[d->ne2e++] = x;
	return 0;
}

static int parse_kind(struct data *d, const char *kind, const struct csv *c)
{
	const char *const *cols;
	struct input *in;
	add_fn add;
	int ci[MAXCOLS], r;

	if (!strcmp(kind, "inkernel")) {
		in = &d->in_ik;
		cols = ik_cols;
		add = add_ik;
	} else if (!strcmp(kind, "icount")) {
		in = &d->in_ic;
		cols = ic_cols;
		add = add_ic;
	} else if (!strcmp(kind, "calib")) {
		in = &d->in_cal;
		cols = cal_cols;
		add = add_cal;
	} else if (!strcmp(kind, "e2e")) {
		in = &d->in_e2e;
		cols = e2e_cols;
		add = add_e2e;
	} else if (!strcmp(kind, "native")) {
		in = &d->in_nat;
		cols = ik_cols;
		add = add_nat;
	} else {
		return -1;
	}
	in->exists = c->exists;
	in->bad += c->nbad;
	if (!c->exists || !c->header || map_cols(in, c, cols, ci))
		return 0;
	for (r = 0; r < c->nrows; r++) {
		int e = add(d, c->rows[r], ci);

		if (e < 0)
			return -1;
		if (e)
			in->bad++;
		else
			in->rows++;
	}
	return 0;
}

int data_parse_text(struct data *d, const char *kind, const char *text)
{
	struct csv c;
	int r;

	memset(&c, 0, sizeof(c));
	if (csv_parse(&c, text))
		return -1;
	r = parse_kind(d, kind, &c);
	csv_free(&c);
	return r;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void data_finish(struct data *d)
{
	char *old[MAXV];
	int map[MAXV], i;

	memcpy(old, d->variants, sizeof(old));
	qsort(d->variants, (size_t)d->nv, sizeof(d->variants[0]), cmp_str);
	for (i = 0; i < d->nv; i++)
		map[i] = data_variant(d, old[i]);
	for (i = 0; i < d->nik; i++)
		d->ik[i].v = map[d->ik[i].v];
	for (i = 0; i < d->nic; i++)
		d->ic[i].v = map[d->ic[i].v];
	for (i = 0; i < d->ne2e; i++)
		d->e2e[i].v = map[d->e2e[i].v];
	for (i = 0; i < d->nnat; i++)
		d->nat[i].v = map[d->nat[i].v];
}

int data_load(struct data *d, const char *dir)
{
	static const char *const kinds[] = {
		"inkernel", "icount", "calib", "e2e", "native",
	};
	char path[4096];
	unsigned int k;

	d->in_ik.file = "inkernel.csv";
	d->in_ic.file = "icount.csv";
	d->in_cal.file = "calib.csv";
	d->in_e2e.file = "e2e.csv";
	d->in_nat.file = "native.csv";
	for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		struct csv c;
		int r;

		snprintf(path, sizeof(path), "%s/%s.csv", dir, kinds[k]);
		if (csv_load(&c, path))
			return -1;
		r = parse_kind(d, kinds[k], &c);
		csv_free(&c);
		if (r)
			return -1;
	}
	data_finish(d);
	return 0;
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

		if (!sel_match(&s, &r[i]))
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

void data_free(struct data *d)
{
	int i;

	for (i = 0; i < d->nv; i++)
		free(d->variants[i]);
	free(d->ik);
	free(d->ic);
	free(d->cal);
	free(d->e2e);
	free(d->nat);
	memset(d, 0, sizeof(*d));
}
