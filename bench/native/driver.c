// SPDX-License-Identifier: GPL-2.0
/*
 * driver: time charge+uncharge pairs of one design's code, compiled
 * unedited into this program (build.sh), on the host, in the shapes of the
 * guest benchmark (bench/asid_bench.c), and print its CSV.
 *
 *   driver --variant NAME --rep R [--types sev,sev_es] [--header]
 *          [--cpus LIST] [--threads LIST] [--limits none,tight,batch]
 *          [--min-ms 50] [--warmup-ms 10] [--min-overlap 0.95]
 *          [--max-discards 10] [--hold-ns 1000] [--iters N]
 *          [--point SHAPE,DEPTH,THREADS]
 *          [--ref percpu|atomic] [--slowpath native|virt] [--ref-leaks-ok]
 *   driver --header-only
 *   driver --variant NAME --rep R --count-ops [--types T] [--header]
 *          (a COUNT_OPS=1 build: driver_count.c)
 *
 * For each type, for each thread count (1, 2, 4, ... up to the CPUs of
 * --cpus, and that number; default every CPU this process may run on),
 * one `empty` run, then for each limit (driver.h) the shapes leaf,
 * siblings and chain of depth 1, 2, 4, 8.
 *
 * Each point is warmed up and sized first: runs of 1000, 4000, ... pairs
 * until one lasts --warmup-ms, whose rate sets the pairs of the timed run
 * so that it lasts --min-ms.  A timed run whose overlap (driver_run.c) is
 * below --min-overlap is discarded and run again, at most --max-discards
 * times; the row says how many were discarded and the overlap of the run
 * it reports (below --min-overlap only when every try was).  --iters fixes
 * the pairs and skips the warm-up and the sizing (for smoke tests).
 *
 * After every point its cgroups are offlined (css_offline, where a
 * controller has one, as on rmdir); then each usage counter of every type
 * in every cgroup, the root's included, must be 0 again and no WARN may
 * have fired; otherwise the program says so on stderr and exits 1 at once.
 * Every css's reference count must also be what it was before the point; a
 * point after which one is not is reported on stderr, the matrix goes on,
 * and the exit status is 1 unless --ref-leaks-ok.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpulist.h"
#include "driver.h"
#include "native.h"

#ifndef NATIVE_SRC
#define NATIVE_SRC "?"
#endif
#ifndef NATIVE_ADAPTER
#define NATIVE_ADAPTER "?"
#endif

#define MAX_TYPES	8
#define MAX_ITERS	4000000000ULL

/*
 * The capacities of a real SEV host: "SEV supported: 410 ASIDs" and
 * "SEV-ES and SEV-SNP supported: 99 ASIDs" (an EPYC 7313/7713 board with
 * the SEV-ES split at 100; dmesg in AMDESE/AMDSEV issue #140): CPUID
 * 0x8000001F reports 509 ASIDs on Rome and Milan, the firmware splits
 * them.  A per-CPU batch of 32 fits on 12 CPUs for sev, 3 for sev_es.
 */
static const struct {
	const char *name;
	unsigned long long capacity;
} capacities[] = {
	{ "sev", 410 },
	{ "sev_es", 99 },
};

const char *const limit_names[] = {
	[LIMIT_NONE] = "none",
	[LIMIT_TIGHT] = "tight",
	[LIMIT_BATCH] = "batch",
};

static struct {
	const char *variant;
	int rep;
	uint64_t iters;		/* 0: sized per point */
	double min_ms, warmup_ms, min_overlap, hold_ns;
	int max_discards;
	bool header;
	bool ref_atomic;
	bool virt_spin_lock;
	const char *point;
	bool ref_leaks_ok;
	bool count_ops;
	int ntypes;
	unsigned int types[MAX_TYPES];
	bool limits[3];
	int ncpus;
	int cpus[MAX_THREADS];
	int nthreads;
	int threads[32];
} opt;

static void *root;
/* Points after which some css's reference count was not what it was. */
static int ref_leaks;

static void usage(void)
{
	fprintf(stderr,
		"usage: driver --variant NAME --rep R [--types sev,sev_es] [--header]\n"
		"       [--cpus LIST] [--threads LIST] [--limits none,tight,batch]\n"
		"       [--min-ms 50] [--warmup-ms 10] [--min-overlap 0.95]\n"
		"       [--max-discards 10] [--hold-ns 1000] [--iters N]\n"
		"       [--point SHAPE,DEPTH,THREADS]\n"
		"       [--ref percpu|atomic] [--slowpath native|virt] [--ref-leaks-ok]\n");
	exit(2);
}

static long count_arg(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0)
		usage();
	return v;
}

static double real_arg(const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || *end || !(v >= 0) || isinf(v))
		usage();
	return v;
}

static int type_index(const char *name)
{
	for (unsigned int t = 0; t < native_nr_types(); t++)
		if (!strcmp(native_type_name(t), name))
			return t;
	return -1;
}

static void parse_types(char *list)
{
	char *save, *tok;
	int t;

	opt.ntypes = 0;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		t = type_index(tok);
		if (t < 0 || opt.ntypes == MAX_TYPES) {
			fprintf(stderr, "# native: no type %s in %s\n", tok,
				native_design);
			exit(2);
		}
		opt.types[opt.ntypes++] = t;
	}
	if (!opt.ntypes)
		usage();
}

static void parse_limits(char *list)
{
	char *save, *tok;
	bool any = false;

	memset(opt.limits, 0, sizeof(opt.limits));
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int l;

		for (l = 0; l < 3 && strcmp(tok, limit_names[l]); l++)
			;
		if (l == 3)
			usage();
		opt.limits[l] = any = true;
	}
	if (!any)
		usage();
}

static void parse_threads(char *list)
{
	char *save, *tok;

	opt.nthreads = 0;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		long t = count_arg(tok);

		if (t < 1 || opt.nthreads == 32)
			usage();
		opt.threads[opt.nthreads++] = t;
	}
	if (!opt.nthreads)
		usage();
}

/* 1, 2, 4, ... below the CPUs, and all of them. */
static void default_threads(void)
{
	for (int t = 1; t < opt.ncpus; t *= 2)
		opt.threads[opt.nthreads++] = t;
	opt.threads[opt.nthreads++] = opt.ncpus;
}

static void print_header(void)
{
	printf("variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,"
	       "iters,elapsed_ns,ns_per_pair,rejected,max_overshoot,attempts,"
	       "spurious,undetermined,stocked,overlap,discards,lock,cpus,"
	       "pingpong_ns\n");
}

static void parse_opts(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "rep", required_argument, NULL, 'r' },
		{ "iters", required_argument, NULL, 'i' },
		{ "types", required_argument, NULL, 't' },
		{ "header", no_argument, NULL, 'H' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "threads", required_argument, NULL, 'T' },
		{ "limits", required_argument, NULL, 'l' },
		{ "min-ms", required_argument, NULL, 'm' },
		{ "warmup-ms", required_argument, NULL, 'w' },
		{ "min-overlap", required_argument, NULL, 'O' },
		{ "max-discards", required_argument, NULL, 'D' },
		{ "ref", required_argument, NULL, 'f' },
		{ "slowpath", required_argument, NULL, 's' },
		{ "point", required_argument, NULL, 'P' },
		{ "ref-leaks-ok", no_argument, NULL, 'L' },
		{ "header-only", no_argument, NULL, 'h' },
		{ "count-ops", no_argument, NULL, 'C' },
		{ "hold-ns", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 },
	};
	char types[] = "sev,sev_es", limits[] = "none,tight,batch";
	char *types_arg = types, *limits_arg = limits;
	int ch;

	opt.rep = -1;
	opt.min_ms = 50;
	opt.warmup_ms = 10;
	opt.min_overlap = 0.95;
	opt.max_discards = 10;
	opt.hold_ns = 1000;
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'v':
			opt.variant = optarg;
			break;
		case 'r':
			opt.rep = count_arg(optarg);
			break;
		case 'i':
			opt.iters = count_arg(optarg);
			if (opt.iters < 1)
				usage();
			break;
		case 't':
			types_arg = optarg;
			break;
		case 'H':
			opt.header = true;
			break;
		case 'c':
			opt.ncpus = cpulist_parse(optarg, opt.cpus, MAX_THREADS);
			if (opt.ncpus < 0)
				usage();
			break;
		case 'T':
			parse_threads(optarg);
			break;
		case 'l':
			limits_arg = optarg;
			break;
		case 'm':
			opt.min_ms = real_arg(optarg);
			break;
		case 'w':
			opt.warmup_ms = real_arg(optarg);
			break;
		case 'O':
			opt.min_overlap = real_arg(optarg);
			if (opt.min_overlap > 1)
				usage();
			break;
		case 'D':
			opt.max_discards = count_arg(optarg);
			break;
		case 'n':
			opt.hold_ns = real_arg(optarg);
			break;
		case 'f':
			if (!strcmp(optarg, "percpu"))
				opt.ref_atomic = false;
			else if (!strcmp(optarg, "atomic"))
				opt.ref_atomic = true;
			else
				usage();
			break;
		case 's':
			if (!strcmp(optarg, "virt"))
				opt.virt_spin_lock = true;
			else if (!strcmp(optarg, "native"))
				opt.virt_spin_lock = false;
			else
				usage();
			break;
		case 'P':
			opt.point = optarg;
			break;
		case 'L':
			opt.ref_leaks_ok = true;
			break;
		case 'h':
			print_header();
			exit(0);
		case 'C':
#ifdef NATIVE_COUNT_OPS
			opt.count_ops = true;
			break;
#else
			fprintf(stderr, "# native: --count-ops needs a COUNT_OPS=1 build\n");
			exit(2);
#endif
		default:
			usage();
		}
	}
	if (!opt.variant || opt.rep < 0 || optind != argc)
		usage();
	parse_types(types_arg);
	parse_limits(limits_arg);
	if (!opt.ncpus)
		opt.ncpus = cpulist_own(opt.cpus, MAX_THREADS);
	if (opt.ncpus < 1) {
		perror("# native: sched_getaffinity");
		exit(1);
	}
	if (!opt.nthreads)
		default_threads();
	for (int i = 0; i < opt.nthreads; i++)
		if (opt.threads[i] > opt.ncpus) {
			fprintf(stderr, "# native: %d threads but %d CPUs\n",
				opt.threads[i], opt.ncpus);
			exit(2);
		}
}

/* "0+1+2": the host CPUs of @threads workers, for the CSV. */
static const char *cpu_list(int threads)
{
	static char buf[4096];
	size_t off = 0;

	buf[0] = '\0';
	for (int i = 0; i < threads && off < sizeof(buf) - 16; i++)
		off += snprintf(buf + off, sizeof(buf) - off, "%s%d",
				i ? "+" : "", opt.cpus[i]);
	return buf;
}

static bool selected(const struct point *p)
{
	char want[64];

	if (!opt.point)
		return true;
	snprintf(want, sizeof(want), "%s,%d,%d", matrix_shape_name(p->shape),
		 p->depth, p->threads);
	return !strcmp(want, opt.point);
}

static void print_row(const struct point *p, const struct result *r,
		      int discards)
{
	printf("%s,%d,%d,%s,%d,%d,0,%s,%s,%" PRIu64 ",%" PRIu64 ",%.3f,%"
	       PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
	       ",%.4f,%d,%s,%s,%.1f\n",
	       opt.variant, opt.ncpus, opt.rep, matrix_shape_name(p->shape), p->depth,
	       p->threads, limit_names[p->limit], native_type_name(p->type),
	       r->iters, r->span_ns, (double)r->span_ns / r->iters,
	       r->rejected, r->max_overshoot, r->attempts, r->spurious,
	       r->undetermined, r->stocked, r->overlap, discards,
	       opt.virt_spin_lock ? "tas" : "mcs", cpu_list(p->threads),
	       r->pingpong_ns);
	fflush(stdout);
}

/* Constant and non-stop: one TSC clock for every CPU, at one rate. */
static bool tsc_is_one_clock(void)
{
	char line[8192];
	bool constant = false, nonstop = false;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5))
			continue;
		constant = strstr(line, " constant_tsc") != NULL;
		nonstop = strstr(line, " nonstop_tsc") != NULL;
		break;
	}
	fclose(f);
	return constant && nonstop;
}

/* TSC cycles per ns, over 10 ms of CLOCK_MONOTONIC. */
static double tsc_per_ns(void)
{
	unsigned int aux;
	uint64_t t0 = now_ns(), c0 = __builtin_ia32_rdtscp(&aux), t1, c1;

	do {
		t1 = now_ns();
	} while (t1 - t0 < 10000000);
	c1 = __builtin_ia32_rdtscp(&aux);
	return (double)(c1 - c0) / (t1 - t0);
}

/* The TSC is read only at a limit: a run without one needs no rate. */
static struct run_opts run_opts(const struct point *p)
{
	static int stamps = -1;
	static uint64_t hold_cycles;

	if (stamps < 0 && p->limit != LIMIT_NONE) {
		stamps = tsc_is_one_clock();
		if (!stamps)
			fprintf(stderr, "# native: no constant, non-stop TSC: refusals are not judged (undetermined)\n");
		hold_cycles = (uint64_t)(opt.hold_ns * tsc_per_ns());
	}
	return (struct run_opts){ .cpus = opt.cpus, .stamps = stamps > 0,
				  .hold_cycles = hold_cycles };
}

/*
 * Warm the point up and size it: runs of 1000, 4000, ... pairs until one
 * lasts the warm-up; the pairs of a run that lasts --min-ms at its rate.
 */
static int size_point(struct tree *t, const struct point *p, uint64_t *iters)
{
	struct run_opts o = run_opts(p);
	struct result r;
	uint64_t it = 1000;

	for (;;) {
		if (run_once(t, p, &o, it, &r))
			return -1;
		if (r.span_ns >= opt.warmup_ms * 1e6 || it >= MAX_ITERS / 4)
			break;
		it *= 4;
	}
	*iters = (uint64_t)ceil(opt.min_ms * 1e6 * it / (r.span_ns ? r.span_ns : 1));
	if (*iters < 1)
		*iters = 1;
	if (*iters > MAX_ITERS)
		*iters = MAX_ITERS;
	return 0;
}

/* The timed run, run again while its workers did not overlap enough. */
static int time_point(struct tree *t, const struct point *p, uint64_t iters,
		      struct result *best, int *discards)
{
	struct run_opts o = run_opts(p);
	struct result r;

	*discards = 0;
	best->overlap = -1;
	for (;;) {
		if (run_once(t, p, &o, iters, &r))
			return -1;
		if (r.overlap >= opt.min_overlap || r.overlap > best->overlap)
			*best = r;
		if (r.overlap >= opt.min_overlap || *discards == opt.max_discards)
			break;
		++*discards;
	}
	if (best->overlap < opt.min_overlap)
		fprintf(stderr, "# native: %s: every one of %d runs overlapped below %.2f, the best %.3f\n",
			matrix_shape_name(p->shape), *discards + 1, opt.min_overlap,
			best->overlap);
	return 0;
}

static int run_point(const struct point *p)
{
	static struct tree tree;
	struct result r = { 0 };
	char name[96];
	uint64_t iters = opt.iters;
	int bad = 0, ref_bad, discards = 0;

	if (!selected(p))
		return 0;
	snprintf(name, sizeof(name), "%s,%d,%d,%s,%s", matrix_shape_name(p->shape),
		 p->depth, p->threads, limit_names[p->limit],
		 native_type_name(p->type));

	tree_build(&tree, root, p);
	tree_snapshot_refs(&tree);
	if (tree_set_limits(&tree, p))
		return -1;
	if (!iters && size_point(&tree, p, &iters))
		bad++;
	if (!bad && time_point(&tree, p, iters, &r, &discards))
		bad++;
	tree_release_static(&tree, p);
	/* Before the checks: misc-batched gives its per-CPU stocks back here. */
	tree_offline(&tree);
	bad += tree_check(&tree, name, &ref_bad);
	if (ref_bad)
		ref_leaks++;
	bad += root_check(root, "after a point");
	if (native_warn_count()) {
		fprintf(stderr, "# native: %lu WARN(s) fired by the end of the %s point\n",
			native_warn_count(), name);
		bad++;
	}
	tree_destroy(&tree);
	if (bad)
		return -1;
	print_row(p, &r, discards);
	return 0;
}

static int run_type(unsigned int type)
{
	struct point p = { .type = type };

	for (int ti = 0; ti < opt.nthreads; ti++) {
		p.threads = opt.threads[ti];
		p.shape = SHAPE_EMPTY;
		p.depth = 0;
		p.limit = LIMIT_NONE;
		if (run_point(&p))
			return -1;
		for (int l = 0; l < 3; l++) {
			if (!opt.limits[l])
				continue;
			p.limit = l;
			for (size_t s = 0; s < matrix_nsteps; s++) {
				p.shape = matrix_steps[s].shape;
				p.depth = matrix_steps[s].depth;
				if (run_point(&p))
					return -1;
			}
		}
	}
	return 0;
}

/* What the CPUs are, from sysfs, for the record. */
static void print_topology(void)
{
	fprintf(stderr, "# native: cpus");
	for (int i = 0; i < opt.ncpus; i++) {
		char path[128];
		int pkg = -1, core = -1;
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/physical_package_id",
			 opt.cpus[i]);
		f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%d", &pkg) != 1)
				pkg = -1;
			fclose(f);
		}
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/topology/core_id",
			 opt.cpus[i]);
		f = fopen(path, "r");
		if (f) {
			if (fscanf(f, "%d", &core) != 1)
				core = -1;
			fclose(f);
		}
		fprintf(stderr, " %d (package %d core %d)", opt.cpus[i], pkg, core);
	}
	fprintf(stderr, "\n");
}

int main(int argc, char **argv)
{
	double start_s = now_ns() / 1e9;
	int ret = 0;

	parse_opts(argc, argv);
	if (opt.ncpus > NATIVE_MAX_CPUS) {
		fprintf(stderr, "# native: %d CPUs, at most %d: pick some with --cpus\n",
			opt.ncpus, NATIVE_MAX_CPUS);
		return 2;
	}
	native_rt_init(opt.ncpus, opt.ref_atomic, opt.virt_spin_lock);
	fprintf(stderr, "# native: %s (%s) from %s; refs %s, qspinlock slow path %s\n",
		native_design, NATIVE_ADAPTER, NATIVE_SRC,
		opt.ref_atomic ? "atomic" : "percpu",
		opt.virt_spin_lock ? "virt (test-and-set)" : "native (MCS queue)");
	print_topology();

	root = native_cg_new(NULL);
	if (!root) {
		fprintf(stderr, "# native: css_alloc of the root failed\n");
		return 1;
	}
	for (size_t i = 0; i < sizeof(capacities) / sizeof(capacities[0]); i++) {
		int t = type_index(capacities[i].name);

		if (t < 0)
			continue;
		ret = native_set_capacity(t, capacities[i].capacity);
		if (ret) {
			fprintf(stderr, "# native: set capacity of %s: %d\n",
				capacities[i].name, ret);
			return 1;
		}
	}
	fprintf(stderr, "# native: capacity");
	for (size_t i = 0; i < sizeof(capacities) / sizeof(capacities[0]); i++)
		fprintf(stderr, " %s %llu", capacities[i].name, capacities[i].capacity);
	fprintf(stderr, "; stock batch %d\n", STOCK_BATCH);
	if (root_check(root, "before the runs"))
		return 1;
#ifdef NATIVE_COUNT_OPS
	if (opt.count_ops)
		return count_ops(root, opt.variant, opt.types[0], opt.header) ? 1 : 0;
#endif
	if (opt.header)
		print_header();
	for (int t = 0; t < opt.ntypes && !ret; t++)
		ret = run_type(opt.types[t]);
	if (root_check(root, "after the runs"))
		ret = -1;
	if (native_warn_count())
		ret = -1;
	if (ref_leaks) {
		fprintf(stderr, "# native: %d point(s) left css reference counts changed%s\n",
			ref_leaks, opt.ref_leaks_ok ? " (--ref-leaks-ok)" : "");
		if (!opt.ref_leaks_ok)
			ret = -1;
	}
	fprintf(stderr, "# native: %s after %.1f s\n", ret ? "failed" : "done",
		now_ns() / 1e9 - start_s);
	return ret ? 1 : 0;
}
