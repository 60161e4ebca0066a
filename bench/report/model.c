// SPDX-License-Identifier: GPL-2.0
/*
 * model: the formulas of model.h.
 */
#include <math.h>

#include "model.h"

double model_r_line(double rmw_shared, double rmw_line)
{
	if (!isnan(rmw_line) && rmw_line > 0)
		return rmw_line;
	if (isnan(rmw_shared))
		return NAN;
	return rmw_shared < 2 ? rmw_shared : 2;
}

double model_cs(const struct model_in *m)
{
	double e = isnan(m->e) ? 0 : m->e, cs;

	if (!(m->lock > 0) || isnan(m->t1))
		return NAN;
	cs = (m->t1 - e) / m->lock;
	return cs > 0 ? cs : 0;
}

/* Shared-line accesses per pair, each a transfer under contention. */
static double shared(const struct model_in *m)
{
	return (m->rmw_shared > 0 ? m->rmw_shared : 0) +
	       (m->store_shared > 0 ? m->store_shared : 0);
}

double model_ns(const struct model_in *m, int n)
{
	if (isnan(m->t1) || !(m->t1 > 0) || n < 1)
		return NAN;
	if (n == 1 || !(shared(m) > 0))
		return m->t1;
	if (isnan(m->c))
		return NAN;
	return m->t1 + shared(m) * m->c;
}

double model_tput(const struct model_in *m, int n, enum model_bound *bound)
{
	double t = model_ns(m, n), x, line, lock;
	enum model_bound b = MODEL_CPU;

	if (isnan(t))
		return NAN;
	x = n / t;
	if (n > 1 && m->rmw_shared > 0) {
		line = 1 / (model_r_line(m->rmw_shared, m->r_line) * m->c);
		if (line < x) {
			x = line;
			b = MODEL_LINE;
		}
	}
	if (n > 1 && m->lock > 0) {
		if (isnan(m->c))
			return NAN;
		lock = 1 / (m->lock * (m->c + model_cs(m)) +
			    (m->store_shared > 0 ? m->store_shared : 0) * m->c);
		if (lock < x) {
			x = lock;
			b = MODEL_LOCK;
		}
	}
	if (bound)
		*bound = b;
	return x * 1e9;
}

double model_error(double predicted, double measured)
{
	if (isnan(predicted) || isnan(measured) || measured == 0)
		return NAN;
	return (predicted - measured) / measured;
}

const char *model_bound_name(enum model_bound b)
{
	return b == MODEL_LINE ? "line" : b == MODEL_LOCK ? "lock" : "CPU";
}
