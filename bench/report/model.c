// SPDX-License-Identifier: GPL-2.0
#include <math.h>

#include "model.h"

double model_cross_share(const struct model_params *p, int ncpu)
{
	if (ncpu <= 1 || ncpu <= p->cpus_per_socket)
		return 0.0;
	return (double)(ncpu - p->cpus_per_socket) / (ncpu - 1);
}

double model_transfer_ns(const struct model_params *p, int ncpu)
{
	double x = model_cross_share(p, ncpu);

	if (ncpu <= 1)
		return 0.0;
	return (1.0 - x) * p->t_intra_ns + x * p->t_cross_ns;
}

double model_uncontended_ns(double c1, double slope, int depth)
{
	if (depth == 1)
		return c1;
	return c1 + slope * (depth - 1);
}

static double pick(double cpu, double serial, enum model_bound *bound)
{
	if (isnan(cpu) || isnan(serial))
		return NAN;
	if (bound)
		*bound = serial < cpu ? MODEL_BOUND_SERIAL : MODEL_BOUND_CPU;
	return serial < cpu ? serial : cpu;
}

double model_atomic(const struct model_params *p, int ncpu, int depth,
		    double u_ns, enum model_bound *bound)
{
	double t = model_transfer_ns(p, ncpu);
	double cpu, serial;

	if (isnan(u_ns) || u_ns <= 0 || ncpu < 1 || depth < 1)
		return NAN;
	cpu = ncpu / ((u_ns + 2.0 * depth * t) * 1e-9);
	serial = t > 0 ? 1.0 / (2.0 * t * 1e-9) : INFINITY;
	return pick(cpu, serial, bound);
}

double model_lock(const struct model_params *p, int ncpu, int depth,
		  double u_ns, double u_cs_ns, enum model_bound *bound)
{
	double t = model_transfer_ns(p, ncpu);
	double cpu, serial;

	if (isnan(u_ns) || isnan(u_cs_ns) || u_ns <= 0 || u_cs_ns < 0 ||
	    ncpu < 1 || depth < 1)
		return NAN;
	cpu = ncpu / ((u_ns + 2.0 * (depth + 1) * t) * 1e-9);
	serial = 1.0 / ((u_cs_ns + 2.0 * (depth + 1) * t) * 1e-9);
	return pick(cpu, serial, bound);
}

double model_stock(int ncpu, double u_ns, enum model_bound *bound)
{
	if (isnan(u_ns) || u_ns <= 0 || ncpu < 1)
		return NAN;
	if (bound)
		*bound = MODEL_BOUND_CPU;
	return ncpu / (u_ns * 1e-9);
}
