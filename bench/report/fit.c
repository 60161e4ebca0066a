// SPDX-License-Identifier: GPL-2.0
/*
 * fit: the model of one design, its inputs and its errors (fit.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit.h"
#include "ncell.h"
#include "report.h"

/* The cost of primitive at cpus (-1: any) over its repetitions. */
static struct ci cost_ci(const struct data *d, const char *prim, int cpus)
{
	double *x = malloc(sizeof(*x) * (size_t)(d->ncost + 1));
	struct ci c;
	int i, n = 0;

	if (!x)
		return ci_median(NULL, 0);
	for (i = 0; i < d->ncost; i++)
		if (!strcmp(d->cost[i].prim, prim) &&
		    (cpus < 0 || d->cost[i].cpus == cpus))
			x[n++] = d->cost[i].ns;
	c = ci_median(x, n);
	free(x);
	return c;
}

void fit_costs(const struct data *d, struct costs *k)
{
	int i;

	memset(k, 0, sizeof(*k));
	/* a transfer is between two CPUs; another count only if 2 is missing */
	k->c = cost_ci(d, "pingpong", 2);
	if (!k->c.n)
		k->c = cost_ci(d, "pingpong", -1);
	k->a = cost_ci(d, "xadd_private", -1);
	for (i = 0; i < d->ncost; i++)
		if (!strcmp(d->cost[i].prim, "xadd_shared"))
			k->nshared = add_distinct(k->shared_cpus, k->nshared,
						  d->cost[i].cpus);
	for (i = 0; i < k->nshared; i++)
		k->shared[i] = cost_ci(d, "xadd_shared", k->shared_cpus[i]);
}

/* A type of native-ops.csv that matches any: "", "*", "-", "any". */
static int any_type(const char *t)
{
	return !*t || !strcmp(t, "*") || !strcmp(t, "-") || !strcmp(t, "any");
}

static const struct ops_row *ops_of(const struct data *d, const char *name,
				    const char *shape, const char *type)
{
	int i;

	for (i = 0; i < d->nops; i++) {
		const struct ops_row *o = &d->ops[i];

		if (!strcmp(o->variant, name) && !strcmp(o->shape, shape) &&
		    o->depth == 1 && !strcmp(o->limit, "none") &&
		    (any_type(o->type) || !strcmp(o->type, type)))
			return o;
	}
	return NULL;
}

const struct ops_row *fit_ops(const struct data *d, const char *name,
			      const char *base, const char *shape,
			      const char *type)
{
	const struct ops_row *o = ops_of(d, name, shape, type);

	return o ? o : ops_of(d, base, shape, type);
}

/* The inputs; returns 0, or -1 after saying why in f->why. */
static int fit_inputs(struct fit *f, const struct costs *k)
{
	const struct npoint *e;

	f->ops = fit_ops(&D, V(f->v), vbase[f->v], f->shape, ntype);
	f->p1 = npt(f->v, f->shape, 1, 1, "none");
	if (!f->ops) {
		snprintf(f->why, sizeof(f->why), "no operation counts "
			 "(native-ops.csv)");
		return -1;
	}
	if (!f->p1 || !f->p1->ns.n) {
		snprintf(f->why, sizeof(f->why), "no 1-worker time");
		return -1;
	}
	e = npt(f->v, "empty", 0, 1, "none");
	f->in.t1 = f->p1->ns.med;
	f->in.e = e && e->ns.n ? e->ns.med : NAN;
	f->in.rmw_shared = f->ops->rmw_shared;
	f->in.store_shared = f->ops->store_shared;
	f->in.r_line = model_r_line(f->ops->rmw_shared, f->ops->rmw_line);
	f->in.lock = f->ops->lock;
	f->in.c = k->c.n ? k->c.med : NAN;
	if (!k->c.n && (f->in.rmw_shared > 0 || f->in.lock > 0)) {
		snprintf(f->why, sizeof(f->why), "no transfer cost "
			 "(native-costs.csv: pingpong)");
		return -1;
	}
	return 0;
}

/* Check one measured N > 1; 0 if it passes, else f->why says why not. */
static int fit_check(struct fit *f, int i)
{
	const struct npoint *m = f->meas[i];
	char b[48];

	f->fail = FIT_UNSTABLE;
	if (!m || !m->tput.n) {
		snprintf(f->why, sizeof(f->why), "N=%d not measured", f->th[i]);
	} else if (m->unstable) {
		snprintf(f->why, sizeof(f->why), "N=%d measured unstable%s",
			 f->th[i], pt_mark(b, sizeof(b), m));
	} else if (isnan(f->err[i]) || fabs(f->err[i]) > FIT_MAXERR) {
		snprintf(f->why, sizeof(f->why), "error %+.0f%% at N=%d",
			 100 * f->err[i], f->th[i]);
		f->fail = FIT_ERROR;
	} else {
		f->fail = FIT_VALID;
		return 0;
	}
	return -1;
}

void fit_design(struct fit *f, int v, const char *shape,
		const struct costs *k)
{
	int i, checked = 0, failed = 0;
	double shared;

	memset(f, 0, sizeof(*f));
	f->v = v;
	f->shape = shape;
	f->c_fit = NAN;
	f->fail = FIT_NO_INPUT;
	if (fit_inputs(f, k))
		return;
	shared = f->in.rmw_shared +
		 (f->in.store_shared > 0 ? f->in.store_shared : 0);
	for (i = 0; i < nnth; i++) {
		const struct npoint *m = npt(v, shape, 1, nth[i], "none");

		if (nth[i] > nmax_threads)
			continue;
		f->th[f->n] = nth[i];
		f->meas[f->n] = m;
		f->pred[f->n] = model_tput(&f->in, nth[i], &f->bound[f->n]);
		f->err[f->n] = model_error(f->pred[f->n],
					   m && m->tput.n ? m->tput.med : NAN);
		if (nth[i] > 1 && m && m->ns.n && shared > 0)
			f->c_fit = (m->ns.med - f->in.t1) / shared;
		if (nth[i] > 1 && !failed) {
			checked++;
			failed = fit_check(f, f->n) != 0;
		}
		f->n++;
	}
	if (!checked) {
		snprintf(f->why, sizeof(f->why), "no measured N > 1");
		f->fail = FIT_NO_INPUT;
	}
	f->validated = checked && !failed;
	if (f->validated)
		f->fail = FIT_VALID;
}
