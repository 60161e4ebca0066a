// SPDX-License-Identifier: GPL-2.0
/*
 * asid_bench: time charge+uncharge pairs of the SEV ASID controller under
 * test, in the kernel (ASID_TEST_BENCH), over a matrix of cgroup shapes,
 * worker counts and limits, and print one CSV line per run.
 *
 *   asid_bench --variant NAME --smp N --rep R [--iters N] [--types LIST]
 *              [--quick] [--icount] [--point SHAPE,DEPTH,THREADS] [--header]
 *              [--root DIR] [--host-cpus N]
 *
 * Workers: 1 and 2 on a guest of 1 or 2 CPUs, otherwise exactly --smp, one
 * per CPU.  A run with more workers than the host has cores (--host-cpus,
 * default 2) is marked oversubscribed: its vCPUs share host cores, so a
 * vCPU can be descheduled in the middle of a charge.
 *
 * Limits: "none" leaves every max at "max".  "tight" limits two levels, as
 * bench/native does (bench/native/driver.h): P's max is 1 + half the
 * workers (at least 1), one unit of it held throughout by P/static, and the
 * charged cgroup's max is the workers when they share it (leaf), else 1.
 * No serial schedule of pairs exceeds either, so every rejection is one
 * that only concurrency caused; it also asks the module to track P's usage
 * above its max (ASID_TEST_BENCH_OVERSHOOT).
 *
 * Timing: each worker's loop is stamped on one clock (ASID_TEST_BENCH's
 * start_ns and end_ns); a run's time is its span, first start to last end,
 * and its overlap (earliest end - latest start) / span.  A run whose
 * overlap is below 0.95 ran partly serially, which looks faster: it is run
 * again, at most MAX_DISCARDS times, and the row counts the discards.
 *
 * At the end the root usage of every type must be 0 again.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "count.h"
#include "bench.h"
#include "charge.h"

#define DEFAULT_ITERS	200000
#define QUICK_ITERS	2000
#define DEFAULT_HOST_CPUS	2
#define MIN_OVERLAP	0.95
#define MAX_DISCARDS	3
#define MAX_TYPES	CTL_MAX_RES

struct opts {
	const char *variant;
	const char *root;
	int smp, rep, host_cpus;
	long iters;		/* 0: not given */
	bool quick, header, icount;
	const char *point;
	int ntypes;
	char types[MAX_TYPES][CTL_NAME_LEN];
};

/* What one run is, as its CSV line names it. */
struct point {
	enum shape shape;
	int depth, threads;
	bool tight;
	const char *type;
	uint32_t type_idx;
};

static const struct opts *opt;
static struct ctl ctl;
static int dev_fd;

static void usage(void)
{
	fprintf(stderr,
		"usage: asid_bench --variant NAME --smp N --rep R [--iters N]\n"
		"       [--types sev,sev_es] [--quick] [--icount] [--point S,D,T]\n"
		"       [--header] [--root DIR]\n"
		"       [--host-cpus N]\n");
	exit(2);
}

static int split_types(struct opts *o, char *list)
{
	char *save, *tok;

	o->ntypes = 0;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (o->ntypes == MAX_TYPES || strlen(tok) >= CTL_NAME_LEN)
			return -1;
		strcpy(o->types[o->ntypes++], tok);
	}
	return o->ntypes ? 0 : -1;
}

static void parse_opts(struct opts *o, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "smp", required_argument, NULL, 's' },
		{ "rep", required_argument, NULL, 'r' },
		{ "iters", required_argument, NULL, 'i' },
		{ "types", required_argument, NULL, 't' },
		{ "quick", no_argument, NULL, 'q' },
		{ "icount", no_argument, NULL, 'I' },
		{ "point", required_argument, NULL, 'P' },
		{ "header", no_argument, NULL, 'H' },
		{ "root", required_argument, NULL, 'R' },
		{ "host-cpus", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	char types[] = "sev,sev_es";
	int ch;

	*o = (struct opts){ .root = "/sys/fs/cgroup", .smp = -1, .rep = -1,
			    .host_cpus = DEFAULT_HOST_CPUS };
	split_types(o, types);
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'v':
			o->variant = optarg;
			break;
		case 's':
			o->smp = bench_count(optarg);
			break;
		case 'r':
			o->rep = bench_count(optarg);
			break;
		case 'i':
			o->iters = bench_count(optarg);
			if (o->iters < 1)
				usage();
			break;
		case 't':
			if (split_types(o, optarg))
				usage();
			break;
		case 'q':
			o->quick = true;
			break;
		case 'I':
			o->icount = true;
			break;
		case 'P':
			o->point = optarg;
			break;
		case 'H':
			o->header = true;
			break;
		case 'R':
			o->root = optarg;
			break;
		case 'c':
			o->host_cpus = bench_count(optarg);
			break;
		default:
			usage();
		}
	}
	if (!o->variant || o->smp < 1 || o->smp > BENCH_MAX_WORKERS ||
	    o->rep < 0 || o->host_cpus < 1 || optind != argc)
		usage();
	/* An explicit --iters wins over --quick. */
	if (!o->iters)
		o->iters = o->quick ? QUICK_ITERS : DEFAULT_ITERS;
}

static void print_header(void)
{
	printf("variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,elapsed_ns,ns_per_pair,rejected,max_overshoot,overlap,discards\n");
}

static void print_row(const struct point *p, const struct result *r,
		      int discards)
{
	printf("%s,%d,%d,%s,%d,%d,%d,%s,%s,%ld,%" PRIu64 ",%.1f,%" PRIu64
	       ",%" PRIu64 ",%.4f,%d\n",
	       opt->variant, opt->smp, opt->rep, matrix_shape_name(p->shape),
	       p->depth, p->threads, p->threads > opt->host_cpus,
	       p->tight ? "tight" : "none", p->type, opt->iters, r->elapsed_ns,
	       (double)r->elapsed_ns / opt->iters, r->rejected,
	       r->max_overshoot, r->overlap, discards);
	/* Each line is a finished run: keep it even if a later run hangs. */
	fflush(stdout);
}

/* P's max at the tight limit: room for half the workers beside S's unit. */
static uint64_t tight_limit(int threads)
{
	return 1 + (threads / 2 > 1 ? threads / 2 : 1);
}

/* The charged cgroups' max: never below what the workers there can hold. */
static int set_leaf_limits(const struct tree *t, const struct point *p)
{
	char val[32];
	int ret = 0;

	snprintf(val, sizeof(val), "%d",
		 p->shape == SHAPE_LEAF || p->shape == SHAPE_EMPTY ? p->threads : 1);
	for (int i = 0; i < p->threads && !ret; i++) {
		if (i && !strcmp(t->leaf[i], t->leaf[0]))
			break;
		ret = ctl_write_max(&ctl, t->leaf[i], p->type, val);
		if (ret)
			fprintf(stderr, "# bench: set %s max of %s to %s: %d\n",
				p->type, t->leaf[i], val, ret);
	}
	return ret;
}

/* Charge P/static's unit from this process, which then goes back. */
static int hold_static(const struct tree *t, const struct point *p,
		       uint32_t *handle)
{
	int ret = cg_move(t->stat, 0);

	if (!ret)
		ret = chg_charge(dev_fd, p->type_idx, 1, handle);
	if (ret)
		fprintf(stderr, "# bench: charge 1 %s in %s: %d\n", p->type,
			t->stat, ret);
	if (cg_move(opt->root, 0) && !ret) {
		fprintf(stderr, "# bench: cannot move back to %s\n", opt->root);
		ret = -1;
	}
	return ret;
}

/* The run, again while its workers overlapped too little. */
static int run_timed(const struct job *job, struct result *res, int *discards)
{
	int ret;

	*discards = 0;
	for (;;) {
		ret = run_job(job, res);
		if (ret || res->overlap >= MIN_OVERLAP || *discards == MAX_DISCARDS)
			return ret;
		++*discards;
	}
}

/* Build the point's cgroups, run it, check that P is back to 0, clean up. */
/* --point shape,depth,threads: run only that unlimited point (for perf). */
static bool selected(const struct point *p)
{
	char want[64];

	if (!opt->point)
		return true;
	snprintf(want, sizeof(want), "%s,%d,%d", matrix_shape_name(p->shape),
		 p->depth, p->threads);
	return !p->tight && !strcmp(want, opt->point);
}

static int run_point(const struct point *p)
{
	static struct tree tree;
	struct job job = {
		.tree = &tree, .threads = p->threads, .type = p->type_idx,
		.iters = opt->iters,
	};
	struct result res;
	uint64_t cur = 0;
	uint32_t handle = 0;
	char val[32];
	int ret, discards = 0;

	if (!selected(p))
		return 0;

	ret = tree_build(&tree, &ctl, opt->root, p->shape,
			 p->shape == SHAPE_CHAIN ? p->depth : 1, p->threads,
			 p->tight);
	if (ret)
		return -1;
	if (p->shape == SHAPE_EMPTY)
		job.flags = ASID_TEST_BENCH_EMPTY;
	if (p->tight) {
		job.flags |= ASID_TEST_BENCH_OVERSHOOT;
		job.limit = tight_limit(p->threads);
		job.limit_up = p->shape == SHAPE_CHAIN ? p->depth : 1;
		snprintf(val, sizeof(val), "%" PRIu64, job.limit);
		ret = ctl_write_max(&ctl, tree.top, p->type, val);
		if (ret)
			fprintf(stderr, "# bench: set %s max of %s to %s: %d\n",
				p->type, tree.top, val, ret);
		if (!ret)
			ret = set_leaf_limits(&tree, p);
		if (!ret)
			ret = hold_static(&tree, p, &handle);
	}
	if (!ret)
		ret = run_timed(&job, &res, &discards);
	if (handle && chg_uncharge(dev_fd, handle)) {
		fprintf(stderr, "# bench: uncharge of %s's unit failed\n", tree.stat);
		ret = -1;
	}
	if (!ret) {
		ret = ctl_get_current(&ctl, tree.top, p->type, &cur);
		if (ret || cur) {
			fprintf(stderr, "# bench: leak %s: %s current %" PRIu64
				" (%d) after %s run\n", p->type, tree.top, cur,
				ret, matrix_shape_name(p->shape));
			ret = -1;
		}
	}
	if (tree_destroy(&tree))
		ret = -1;
	if (!ret)
		print_row(p, &res, discards);
	return ret ? -1 : 0;
}

/* The worker counts of one boot; see the top of the file. */
static int thread_counts(int *counts)
{
	int n = 0;

	if (opt->smp > 2) {
		counts[n++] = opt->smp;
		return n;
	}
	for (int t = 1; t <= opt->smp; t++)
		counts[n++] = t;
	return n;
}

static int run_type(const char *type, uint32_t type_idx)
{
	int counts[2], ncounts;
	struct point p = { .type = type, .type_idx = type_idx };

	/*
	 * Under QEMU -icount shift=0 a nanosecond is one instruction: one
	 * worker, no limit, the empty loop and the chain depths are enough.
	 */
	if (opt->icount) {
		p.threads = 1;
		p.shape = SHAPE_EMPTY;
		if (run_point(&p))
			return -1;
		for (size_t s = 0; s < matrix_nsteps; s++) {
			const struct matrix_step *step = &matrix_steps[s];

			if (step->shape != SHAPE_CHAIN || !matrix_step_runs(step, opt->quick))
				continue;
			p.shape = step->shape;
			p.depth = step->depth;
			if (run_point(&p))
				return -1;
		}
		return 0;
	}

	ncounts = thread_counts(counts);
	for (int c = 0; c < ncounts; c++) {
		p.threads = counts[c];
		p.shape = SHAPE_EMPTY;
		p.depth = 0;
		p.tight = false;
		if (run_point(&p))
			return -1;
		for (int tight = 0; tight <= 1; tight++) {
			p.tight = tight;
			for (size_t s = 0; s < matrix_nsteps; s++) {
				const struct matrix_step *step = &matrix_steps[s];

				if (!matrix_step_runs(step, opt->quick))
					continue;
				p.shape = step->shape;
				p.depth = step->depth;
				if (run_point(&p))
					return -1;
			}
		}
	}
	return 0;
}

/* misc has no root usage file, the module reads it; encryption_ids has. */
static int root_usage(const char *type, uint32_t type_idx, uint64_t *usage)
{
	if (ctl_has(&ctl, CTL_F_USAGE))
		return ctl_get_root_usage(&ctl, type, usage);
	return chg_total_usage(dev_fd, type_idx, usage);
}

/* Return: 0 if the root usage of every type is 0, else -1. */
static int check_usage(const uint32_t *idx, const char *when)
{
	uint64_t usage;
	int ret, bad = 0;

	for (int t = 0; t < opt->ntypes; t++) {
		usage = 0;
		ret = root_usage(opt->types[t], idx[t], &usage);
		if (ret || usage) {
			fprintf(stderr, "# bench: leak %s: root usage %" PRIu64
				" (%d) %s\n", opt->types[t], usage, ret, when);
			bad = 1;
		}
	}
	return bad ? -1 : 0;
}

static int setup(uint32_t *idx)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t cap;
	int ret;

	if (online != opt->smp) {
		fprintf(stderr, "# bench: --smp %d but %ld CPUs online\n",
			opt->smp, online);
		return -1;
	}
	cg_init(true);
	if (!cg_has_file(opt->root, "cgroup.subtree_control") ||
	    ctl_detect(&ctl, opt->root)) {
		fprintf(stderr, "# bench: no misc or encryption_ids controller on cgroup v2 at %s\n",
			opt->root);
		return -1;
	}
	ret = cg_enable(opt->root, ctl_name(&ctl));
	if (ret) {
		fprintf(stderr, "# bench: enable %s at %s: %d\n",
			ctl_name(&ctl), opt->root, ret);
		return -1;
	}
	dev_fd = chg_open();
	if (dev_fd < 0) {
		fprintf(stderr, "# bench: open %s: %s\n", ASID_TEST_DEV,
			strerror(-dev_fd));
		return -1;
	}
	for (int t = 0; t < opt->ntypes; t++) {
		ret = chg_type(dev_fd, opt->types[t]);
		if (ret < 0) {
			fprintf(stderr, "# bench: no type %s in the module\n",
				opt->types[t]);
			return -1;
		}
		idx[t] = ret;
		ret = ctl_get_capacity(&ctl, opt->types[t], &cap);
		if (ret) {
			fprintf(stderr, "# bench: capacity of %s: %d\n",
				opt->types[t], ret);
			return -1;
		}
		fprintf(stderr, "# bench: %s %s capacity %" PRIu64 "\n",
			ctl_name(&ctl), opt->types[t], cap);
		/* The capacity is a limit at every level, even at the root. */
		if (cap < (uint64_t)opt->smp)
			fprintf(stderr, "# bench: %s: %d workers > capacity: its none runs reject too\n",
				opt->types[t], opt->smp);
	}
	/* Someone else's charges would count as overshoot and as a leak. */
	return check_usage(idx, "before the runs");
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static struct opts o;
	uint32_t idx[MAX_TYPES];
	double start = now_s();
	int ret = 0;

	parse_opts(&o, argc, argv);
	opt = &o;
	if (setup(idx))
		return 1;
	if (o.header)
		print_header();
	for (int t = 0; t < o.ntypes && !ret; t++)
		ret = run_type(o.types[t], idx[t]);
	if (check_usage(idx, "after the runs"))
		ret = -1;
	close(dev_fd);
	/* The guest-time budget of a boot is set by this, not by the rows. */
	fprintf(stderr, "# bench: %s after %.1f s of guest time\n",
		ret ? "failed" : "done", now_s() - start);
	return ret ? 1 : 0;
}
