/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model: the bottom-up MODEL of charge+uncharge throughput on N CPUs that
 * all charge in one leaf at depth d.  Not a measurement: it combines this
 * run's uncontended single-thread costs with assumed, published
 * cache-line transfer latencies.
 *
 *   t(N)   = (1 - p(N)) * t_intra + p(N) * t_cross
 *   p(N)   = max(0, N - P) / (N - 1)   (previous owner of a line on
 *            another socket; P = CPUs per socket; t(1) = 0)
 *   u(d)   = c1 + s * (d - 1)          (measured, 1 thread; native.csv
 *                                       when present, else inkernel.csv)
 *
 *   atomic (per-level RMW, misc):
 *     X = min(N / (u(d) + 2d * t(N)),  1 / (2 * t(N)))
 *     each pair does 2d RMWs, each a line transfer; every level's line
 *     takes 2 RMWs per pair and serves one per transfer time.
 *   lock (one global spinlock, encryption_ids):
 *     X = min(N / (u(d) + 2(d+1) * t(N)),  1 / (u_cs(d) + 2(d+1) * t(N)))
 *     2 critical sections per pair (charge, uncharge), each moves the
 *     lock line and d counter lines; everything inside serializes;
 *     u_cs(d) = u(d) - e, e = the empty harness loop's cost per pair.
 *   stock (per-CPU stock of charged units, misc-batched):
 *     X = N / u(d)
 *     every charge and uncharge is served by the CPU's own stock, a line
 *     no other CPU writes, so nothing is shared and nothing serializes.
 */
#ifndef BENCHREPORT_MODEL_H
#define BENCHREPORT_MODEL_H

struct model_params {
	double t_intra_ns;	/* core-to-core line transfer, same socket */
	double t_cross_ns;	/* core-to-core line transfer, other socket */
	int cpus_per_socket;	/* P */
};

enum model_bound {
	MODEL_BOUND_CPU,	/* N / (per-pair latency of one CPU) */
	MODEL_BOUND_SERIAL,	/* the shared line / the lock */
};

double model_cross_share(const struct model_params *p, int ncpu);
double model_transfer_ns(const struct model_params *p, int ncpu);
/* u(d) = c1 + s (d - 1); s may be NAN when d == 1. */
double model_uncontended_ns(double c1, double slope, int depth);
/* pairs/s; bound (may be NULL) says which term limits. NAN if inputs are. */
double model_atomic(const struct model_params *p, int ncpu, int depth,
		    double u_ns, enum model_bound *bound);
double model_lock(const struct model_params *p, int ncpu, int depth,
		  double u_ns, double u_cs_ns, enum model_bound *bound);
double model_stock(int ncpu, double u_ns, enum model_bound *bound);

#endif
