/* SPDX-License-Identifier: GPL-2.0 */
/*
 * data: the benchmark inputs, loaded into typed rows, and selections of
 * them.  Variants are indexes into a sorted list built from the data.
 */
#ifndef BENCHREPORT_DATA_H
#define BENCHREPORT_DATA_H

#include "stats.h"

#define MAXV		24	/* variants: branches, series and anchors */
#define MAXK		64	/* distinct keys (threads, depths, types) */
#define NAMELEN		64

/*
 * inkernel.csv, native.csv and native-prev.csv.  The native files have
 * columns of their own after inkernel.csv's; a file without them (the
 * guest's, or a native.csv of the old schema) reads NAN for the numbers
 * and "" for the strings.
 */
struct ik_row {
	int v, smp, rep, depth, threads, oversub;
	char shape[NAMELEN], limit[NAMELEN], type[NAMELEN];
	double iters, elapsed_ns, ns, rejected, overshoot;
	double attempts;	/* every charge attempt of the run */
	double spurious;	/* refusals with room at every limited level */
	double stocked;		/* units charged to P that no one held at the end */
	double overlap;		/* (earliest end - latest start) / span */
	double discards;	/* runs redone for overlap < 0.95 before this one */
	char lock[NAMELEN];	/* qspinlock slow path: "mcs" or "tas" */
	char cpus[128];		/* host CPUs of the workers, '+'-joined */
	double undetermined;	/* refusals the stamps could not judge */
	double pingpong_ns;	/* line transfer between the first two CPUs, just before */
};

struct ic_row {			/* icount.csv */
	int v, run, depth;
	char shape[NAMELEN], type[NAMELEN];
	double iters, ipp;
};

struct cal_row {		/* calib.csv */
	char where[NAMELEN], prim[NAMELEN];
	int threads, rep;
	double iters, ns;
};

struct e2e_row {		/* e2e.csv */
	int v, smp, rep;
	char type[NAMELEN];
	double count, elapsed_ns, ops;
};

/* native-costs.csv: the model's parameters, measured on this machine. */
struct cost_row {
	char prim[NAMELEN];	/* pingpong, xadd_private, xadd_shared */
	int cpus, rep;
	double iters, ns;
};

/*
 * native-ops.csv: operation counts read from each design's code, per
 * charge+uncharge pair at 1 worker.  variant is the name as written: a
 * design of native-ops.csv that native.csv did not run adds no variant.
 */
struct ops_row {
	char variant[NAMELEN], shape[NAMELEN], limit[NAMELEN], type[NAMELEN];
	int depth;
	double rmw;		/* LOCK-prefixed RMWs */
	double rmw_shared;	/* of those, on a line another worker RMWs */
	double lock;		/* spinlock acquisitions */
	double percpu;		/* unlocked per-CPU RMWs */
	double store_shared;	/* optional: plain stores on a line another worker writes */
	double rmw_line;	/* optional: RMWs on the busiest shared line */
};

struct input {
	const char *file;
	int exists, rows, bad;
	char unusable[128];	/* why the file cannot be used, or "" */
	int has_new;		/* native files: the columns of the new schema */
};

struct data {
	char *variants[MAXV];
	int nv;
	struct ik_row *ik;
	int nik;
	struct ic_row *ic;
	int nic;
	struct cal_row *cal;
	int ncal;
	struct e2e_row *e2e;
	int ne2e;
	struct ik_row *nat;	/* native.csv: the matrix run natively on the host */
	int nnat;
	struct ik_row *prev;	/* native-prev.csv: the native run before it */
	int nprev;
	struct cost_row *cost;
	int ncost;
	struct ops_row *ops;
	int nops;
	struct input in_ik, in_ic, in_cal, in_e2e, in_nat, in_prev, in_cost,
		     in_ops;
};

/* Load every CSV from dir.  Returns 0, or -1 on allocation failure. */
int data_load(struct data *d, const char *dir);
/*
 * Parse one CSV text of the named kind ("inkernel", "native",
 * "native-prev", "native-costs", ...); for the tests.
 */
int data_parse_text(struct data *d, const char *kind, const char *text);
/* Sort the variants and re-index the rows (done by data_load). */
void data_finish(struct data *d);
int data_variant(const struct data *d, const char *name);
void data_free(struct data *d);

/* A native run whose workers overlapped less than this is not statistics. */
#define OVERLAP_MIN	0.95

/* overlap recorded and below OVERLAP_MIN */
int row_excluded(const struct ik_row *r);

enum metric {
	M_NS,		/* ns_per_pair */
	M_TPUT,		/* pairs/s of all threads */
	M_REJ,		/* rejected / (threads * iters) */
	M_OVER,		/* max_overshoot */
};

/* An in-kernel selection: -1 or NULL matches anything. */
struct sel {
	int v;
	const char *shape;
	int depth, threads;
	const char *limit, *type;
	int oversub;
};

struct sel sel_any(void);
int sel_match(const struct sel *s, const struct ik_row *r);
struct summary ik_summary(const struct data *d, struct sel s, enum metric m);
/* Add x to the sorted, distinct out[0..n) (at most MAXK); the new n. */
int add_distinct(int *out, int n, int x);
/* Distinct sorted threads / depths / smp of the matching rows. */
int ik_threads(const struct data *d, struct sel s, int *out);
int ik_depths(const struct data *d, struct sel s, int *out);
int ik_smps(const struct data *d, struct sel s, int *out);
/* Does any matching row have oversubscribed = 1? */
int ik_oversub(const struct data *d, struct sel s);
/* Distinct sorted in-kernel types; returns the count. */
int ik_types(const struct data *d, const char **out);

/*
 * Which run of the in-kernel matrix a selection reads.  Both have the same
 * rows; the ik_*() above read SRC_TCG.
 */
enum src {
	SRC_TCG,	/* inkernel.csv: the guest kernels under QEMU TCG */
	SRC_NATIVE,	/* native.csv: the same controller code on the host */
};

const char *src_name(enum src w);	/* "TCG", "native" */
struct summary src_summary(const struct data *d, enum src w, struct sel s,
			   enum metric m);
int src_threads(const struct data *d, enum src w, struct sel s, int *out);
int src_depths(const struct data *d, enum src w, struct sel s, int *out);
int src_oversub(const struct data *d, enum src w, struct sel s);
int src_types(const struct data *d, enum src w, const char **out);

/* Instructions per pair of one run (median if repeated); n = 0 if none. */
struct summary ic_summary(const struct data *d, int v, int run,
			  const char *shape, int depth, const char *type);
/* Calibration ns per pair. */
struct summary cal_summary(const struct data *d, const char *where,
			   const char *prim, int threads);

#endif
