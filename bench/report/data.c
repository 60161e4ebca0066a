// SPDX-License-Identifier: GPL-2.0
/*
 * data: the CSVs of the input directory loaded into typed rows (data.h).
 * Each kind of file is a row of kinds[]: its required columns, the
 * optional ones, and the function that appends one row.
 */
#include <math.h>
#include <stddef.h>
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

/* Append x to arr[0..n); -1 if out of memory. */
#define APPEND(arr, n, x) ({						\
	void *p_ = grow(arr, n, sizeof(*(arr)));			\
	p_ ? ((arr) = p_, (arr)[(n)++] = (x), 0) : -1;			\
})

#define MAXCOLS		24	/* required + optional columns of one kind */

/*
 * The add_*() take one CSV row, f[ci[i]] being the field of column i of
 * their kind (required ones first, then optional ones, -1 when absent),
 * and append it to d.  They return 0, 1 for a malformed row, or -1 when
 * out of memory.
 */
typedef int (*add_fn)(struct data *d, char **f, const int *ci);

static const char *const ik_cols[] = {
	"variant", "smp", "rep", "shape", "depth", "threads", "oversubscribed",
	"limit", "type", "iters", "elapsed_ns", "ns_per_pair", "rejected",
	"max_overshoot", NULL,
};
#define NIK_COLS	14

/*
 * native.csv's own columns, after inkernel.csv's: the first
 * NAT_SCHEMA_COLS make the new schema, the rest are optional in it.
 */
#define NAT_SCHEMA_COLS	7
static const char *const nat_cols[] = {
	"attempts", "spurious", "stocked", "overlap", "discards", "lock", "cpus",
	"undetermined", "pingpong_ns", NULL,
};

/* An optional number: NAN when the column is absent; 1 if malformed. */
static int opt_num(char **f, int c, double *out)
{
	*out = NAN;
	return c >= 0 && csv_num(f[c], out);
}

/* An optional name: "" when the column is absent, cut to fit. */
static void opt_name(char **f, int c, char *dst, size_t len)
{
	snprintf(dst, len, "%s", c >= 0 ? f[c] : "");
}

/* One inkernel.csv or native row into x; 1 if it is malformed. */
static int ik_fields(struct data *d, char **f, const int *ci,
		     struct ik_row *x, int native)
{
	const int *o = ci + NIK_COLS;
	int bad;

	memset(x, 0, sizeof(*x));
	x->v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	bad = x->v < 0 || csv_int(f[ci[1]], &x->smp) ||
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
	if (!native) {
		x->attempts = x->spurious = x->stocked = NAN;
		x->overlap = x->discards = NAN;
		x->undetermined = x->pingpong_ns = NAN;
		return bad;
	}
	bad |= opt_num(f, o[0], &x->attempts) || opt_num(f, o[1], &x->spurious) ||
	       opt_num(f, o[2], &x->stocked) || opt_num(f, o[3], &x->overlap) ||
	       opt_num(f, o[4], &x->discards) ||
	       opt_num(f, o[7], &x->undetermined) ||
	       opt_num(f, o[8], &x->pingpong_ns);
	opt_name(f, o[5], x->lock, sizeof(x->lock));
	opt_name(f, o[6], x->cpus, sizeof(x->cpus));
	return bad || !(x->ns > 0);
}

static int add_ik(struct data *d, char **f, const int *ci)
{
	struct ik_row x;

	if (ik_fields(d, f, ci, &x, 0))
		return 1;
	return APPEND(d->ik, d->nik, x);
}

/* native.csv: inkernel.csv's columns and its own, measured on the host. */
static int add_nat(struct data *d, char **f, const int *ci)
{
	struct ik_row x;

	if (ik_fields(d, f, ci, &x, 1))
		return 1;
	return APPEND(d->nat, d->nnat, x);
}

static int add_prev(struct data *d, char **f, const int *ci)
{
	struct ik_row x;

	if (ik_fields(d, f, ci, &x, 1))
		return 1;
	return APPEND(d->prev, d->nprev, x);
}

static const char *const ic_cols[] = {
	"variant", "run", "shape", "depth", "type", "iters",
	"instructions_per_pair", NULL,
};

static int add_ic(struct data *d, char **f, const int *ci)
{
	struct ic_row x;

	memset(&x, 0, sizeof(x));
	x.v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	if (x.v < 0 || csv_int(f[ci[1]], &x.run) ||
	    copy_name(x.shape, f[ci[2]]) ||
	    csv_int(f[ci[3]], &x.depth) ||
	    copy_name(x.type, f[ci[4]]) ||
	    csv_num(f[ci[5]], &x.iters) ||
	    csv_num(f[ci[6]], &x.ipp) || x.depth < 0)
		return 1;
	return APPEND(d->ic, d->nic, x);
}

static const char *const cal_cols[] = {
	"where", "primitive", "threads", "rep", "iters", "ns_per_pair", NULL,
};

static int add_cal(struct data *d, char **f, const int *ci)
{
	struct cal_row x;

	memset(&x, 0, sizeof(x));
	if (copy_name(x.where, f[ci[0]]) ||
	    copy_name(x.prim, f[ci[1]]) ||
	    csv_int(f[ci[2]], &x.threads) ||
	    csv_int(f[ci[3]], &x.rep) ||
	    csv_num(f[ci[4]], &x.iters) || csv_num(f[ci[5]], &x.ns) ||
	    !(x.ns > 0))
		return 1;
	return APPEND(d->cal, d->ncal, x);
}

static const char *const e2e_cols[] = {
	"variant", "smp", "rep", "type", "count", "elapsed_ns", "ops_per_sec",
	NULL,
};

static int add_e2e(struct data *d, char **f, const int *ci)
{
	struct e2e_row x;

	memset(&x, 0, sizeof(x));
	x.v = *f[ci[0]] ? add_variant(d, f[ci[0]]) : -1;
	if (x.v < 0 || csv_int(f[ci[1]], &x.smp) ||
	    csv_int(f[ci[2]], &x.rep) || copy_name(x.type, f[ci[3]]) ||
	    csv_num(f[ci[4]], &x.count) ||
	    csv_num(f[ci[5]], &x.elapsed_ns) ||
	    csv_num(f[ci[6]], &x.ops) || !(x.ops > 0))
		return 1;
	return APPEND(d->e2e, d->ne2e, x);
}

static const char *const cost_cols[] = {
	"primitive", "cpus", "rep", "iters", "ns", NULL,
};

static int add_cost(struct data *d, char **f, const int *ci)
{
	struct cost_row x;

	memset(&x, 0, sizeof(x));
	if (copy_name(x.prim, f[ci[0]]) || csv_int(f[ci[1]], &x.cpus) ||
	    csv_int(f[ci[2]], &x.rep) || csv_num(f[ci[3]], &x.iters) ||
	    csv_num(f[ci[4]], &x.ns) || !(x.ns > 0) || x.cpus < 1)
		return 1;
	return APPEND(d->cost, d->ncost, x);
}

static const char *const ops_cols[] = {
	"variant", "shape", "depth", "limit", "type", "rmw", "rmw_shared",
	"lock", "percpu", NULL,
};
static const char *const ops_opt[] = { "store_shared", "rmw_line", NULL };

static int add_ops(struct data *d, char **f, const int *ci)
{
	struct ops_row x;

	memset(&x, 0, sizeof(x));
	if (copy_name(x.variant, f[ci[0]]) || copy_name(x.shape, f[ci[1]]) ||
	    csv_int(f[ci[2]], &x.depth) || copy_name(x.limit, f[ci[3]]) ||
	    copy_name(x.type, f[ci[4]]) || csv_num(f[ci[5]], &x.rmw) ||
	    csv_num(f[ci[6]], &x.rmw_shared) || csv_num(f[ci[7]], &x.lock) ||
	    csv_num(f[ci[8]], &x.percpu) || opt_num(f, ci[9], &x.store_shared) ||
	    opt_num(f, ci[10], &x.rmw_line) || x.rmw < 0 || x.rmw_shared < 0 ||
	    x.rmw_shared > x.rmw || x.lock < 0 || x.percpu < 0 ||
	    x.store_shared < 0)
		return 1;
	return APPEND(d->ops, d->nops, x);
}

/* One kind of input file. */
struct kind {
	const char *name;		/* the file is <name>.csv */
	const char *const *cols, *const *opt;
	add_fn add;
	size_t in;			/* offsetof(struct data, in_*) */
};

static const struct kind kinds[] = {
	{ "inkernel", ik_cols, NULL, add_ik, offsetof(struct data, in_ik) },
	{ "icount", ic_cols, NULL, add_ic, offsetof(struct data, in_ic) },
	{ "calib", cal_cols, NULL, add_cal, offsetof(struct data, in_cal) },
	{ "e2e", e2e_cols, NULL, add_e2e, offsetof(struct data, in_e2e) },
	{ "native", ik_cols, nat_cols, add_nat, offsetof(struct data, in_nat) },
	{ "native-prev", ik_cols, nat_cols, add_prev,
	  offsetof(struct data, in_prev) },
	{ "native-costs", cost_cols, NULL, add_cost,
	  offsetof(struct data, in_cost) },
	{ "native-ops", ops_cols, ops_opt, add_ops, offsetof(struct data, in_ops) },
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

static struct input *kind_input(struct data *d, const struct kind *k)
{
	return (struct input *)((char *)d + k->in);
}

/* Required columns into ci[], then optional ones (-1 if absent); -1 if one is missing. */
static int map_cols(struct input *in, const struct csv *c,
		    const struct kind *k, int *ci)
{
	int i, j, nopt = 0;

	for (i = 0; k->cols[i]; i++) {
		ci[i] = csv_col(c, k->cols[i]);
		if (ci[i] < 0) {
			snprintf(in->unusable, sizeof(in->unusable),
				 "no column \"%s\" in the header", k->cols[i]);
			return -1;
		}
	}
	for (j = 0; k->opt && k->opt[j]; j++) {
		ci[i + j] = csv_col(c, k->opt[j]);
		nopt += j < NAT_SCHEMA_COLS && ci[i + j] >= 0;
	}
	/* The later ones (undetermined, pingpong_ns) came after the schema. */
	in->has_new = k->opt && nopt == NAT_SCHEMA_COLS;
	return 0;
}

static int parse_kind(struct data *d, const struct kind *k, const struct csv *c)
{
	struct input *in = kind_input(d, k);
	int ci[MAXCOLS], r;

	in->exists = c->exists;
	in->bad += c->nbad;
	if (!c->exists || !c->header || map_cols(in, c, k, ci))
		return 0;
	for (r = 0; r < c->nrows; r++) {
		int e = k->add(d, c->rows[r], ci);

		if (e < 0)
			return -1;
		if (e)
			in->bad++;
		else
			in->rows++;
	}
	return 0;
}

static void name_inputs(struct data *d)
{
	static char files[NKINDS][32];
	int k;

	for (k = 0; k < NKINDS; k++) {
		snprintf(files[k], sizeof(files[k]), "%s.csv", kinds[k].name);
		kind_input(d, &kinds[k])->file = files[k];
	}
}

int data_parse_text(struct data *d, const char *kind, const char *text)
{
	struct csv c;
	int k, r;

	for (k = 0; k < NKINDS && strcmp(kinds[k].name, kind); k++)
		;
	if (k == NKINDS)
		return -1;
	name_inputs(d);
	memset(&c, 0, sizeof(c));
	if (csv_parse(&c, text))
		return -1;
	r = parse_kind(d, &kinds[k], &c);
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
	for (i = 0; i < d->nprev; i++)
		d->prev[i].v = map[d->prev[i].v];
}

int data_load(struct data *d, const char *dir)
{
	char path[4096];
	int k;

	name_inputs(d);
	for (k = 0; k < NKINDS; k++) {
		struct csv c;
		int r;

		snprintf(path, sizeof(path), "%s/%s.csv", dir, kinds[k].name);
		if (csv_load(&c, path))
			return -1;
		r = parse_kind(d, &kinds[k], &c);
		csv_free(&c);
		if (r)
			return -1;
	}
	data_finish(d);
	return 0;
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
	free(d->prev);
	free(d->cost);
	free(d->ops);
	memset(d, 0, sizeof(*d));
}
