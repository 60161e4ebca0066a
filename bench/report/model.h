/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model: charge+uncharge throughput of N workers, from one measured time
 * and machine parameters measured here.  Not a measurement; the report
 * validates it against every measured N before it projects.
 *
 *   T(N)   = t1 + [N > 1] * (rmw_shared + store_shared) * c
 *                                                ns per pair, per worker
 *   X(N)   = min( N / T(N), L_line, L_lock )     pairs per ns, all workers
 *   L_line = 1 / (r_line * c)                    when rmw_shared > 0, N > 1
 *   L_lock = 1 / (lock * (c + cs) + store_shared * c)
 *                                                when lock > 0, N > 1
 *   cs     = (t1 - e) / lock
 *
 * t1: the design's measured 1-worker ns per pair at that shape and depth;
 * e: the empty loop's (no controller call); rmw_shared: LOCK-prefixed
 * RMWs per pair on a line another worker also writes, store_shared: plain
 * stores on such a line (what a lock holder writes), each of which costs
 * one core-to-core transfer c once a second worker runs; r_line: RMWs per
 * pair on the busiest such line (a line serves one RMW per c); lock:
 * spinlock acquisitions per pair: the lock line moves to each new holder
 * (c), which runs its critical section, at most cs uncontended (all the
 * controller's own time counted inside the lock), plus the transfers of
 * the shared lines it stores to.
 */
#ifndef BENCHREPORT_MODEL_H
#define BENCHREPORT_MODEL_H

struct model_in {
	double t1;		/* measured ns per pair, 1 worker */
	double e;		/* empty loop ns per pair, 1 worker (NAN: 0) */
	double rmw_shared;	/* shared-line RMWs per pair */
	double store_shared;	/* shared-line plain stores per pair (NAN: 0) */
	double r_line;		/* RMWs per pair on the busiest shared line */
	double lock;		/* spinlock acquisitions per pair */
	double c;		/* core-to-core line transfer, ns */
};

enum model_bound {
	MODEL_CPU,		/* N / T(N): each worker's own latency */
	MODEL_LINE,		/* the busiest shared line */
	MODEL_LOCK,		/* the lock */
};

/* RMWs per pair on the busiest line: rmw_line if known, else min(2, rmw_shared). */
double model_r_line(double rmw_shared, double rmw_line);
/* The uncontended critical section: (t1 - e) / lock, at least 0; NAN without a lock. */
double model_cs(const struct model_in *m);
/* T(N), ns per pair per worker; NAN if an input is missing. */
double model_ns(const struct model_in *m, int n);
/* X(N) in pairs/s of all workers; bound (may be NULL) says which term. */
double model_tput(const struct model_in *m, int n, enum model_bound *bound);
/* (predicted - measured) / measured, or NAN. */
double model_error(double predicted, double measured);
/* "CPU", "line", "lock" */
const char *model_bound_name(enum model_bound b);

#endif
