// SPDX-License-Identifier: GPL-2.0
/*
 * driver: time charge+uncharge pairs of one branch's controller, compiled
 * unedited into this program (build.sh), on the host, in the shapes of the
 * guest benchmark (bench/asid_bench.c), and print its CSV.
 *
 *   driver --variant NAME --rep R [--iters N] [--types sev,sev_es]
 *          [--header] [--ref percpu|atomic] [--slowpath virt|native]
 *          [--overshoot-from root|p] [--point SHAPE,DEPTH,THREADS]
 *          [--ref-leaks-ok]
 *
 * One run per point of the guest's matrix: for each type, for 1 and 2
 * worker threads, `empty`, then for limit none and tight the shapes leaf,
 * siblings and chain of depth 1, 2, 4, 8.  Worker i is a thread pinned to
 * CPU i (pthread_setaffinity_np) whose task is in its cgroup; the workers
 * meet at a barrier and each does iters pairs, exactly the loop of
 * asid_test_bench_loop() in common-tests/module/asid_test_main.c.
 *
 * --overshoot-from p (default) reads P's own counter after each successful
 * charge of a tight run, as the guest module does (the level whose max is
 * the limit); --overshoot-from root reads the root's instead.  The two
 * differ: the root can hold more than P's max while P never does (an
 * uncharge leaves P before it leaves the root).
 *
 * After every run its cgroups are offlined (css_offline, where a
 * controller has one, as on rmdir); then each usage counter of every type
 * in every cgroup, the root's included, must be 0 again and no WARN may
 * have fired; otherwise the program says so on stderr and exits 1 at once.
 * Every css's reference count must also be what it was before the run; a
 * run after which one is not is reported on stderr, the matrix goes on,
 * and the exit status is 1 unless --ref-leaks-ok.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "native.h"

#ifndef NATIVE_SRC
#define NATIVE_SRC "?"
#endif
#ifndef NATIVE_ADAPTER
#define NATIVE_ADAPTER "?"
#endif

#define DEFAULT_ITERS	200000
/* The guest's --smp for a 2-CPU boot, and its default --host-cpus. */
#define SMP		2
#define HOST_CPUS	2
#define MAX_THREADS	2
#define MAX_TYPES	8
#define MAX_DEPTH	8
/* The guest module may sleep this often; here it is only a branch. */
#define BENCH_RESCHED	4096

/*
 * The capacities of the bench guests' simulated ASIDs
 * (kvm_amd.sev_asid_sim=1024,129: ASIDs 1..1024, SEV-ES below 129): sev 896,
 * sev_es 128, as in bench/run-bench.sh and bench/README.md.
 */
static const struct {
	const char *name;
	unsigned long long capacity;
} capacities[] = {
	{ "sev", 896 },
	{ "sev_es", 128 },
};

enum shape { SHAPE_EMPTY, SHAPE_LEAF, SHAPE_SIBLINGS, SHAPE_CHAIN };

static const char *const shape_names[] = {
	[SHAPE_EMPTY] = "empty",
	[SHAPE_LEAF] = "leaf",
	[SHAPE_SIBLINGS] = "siblings",
	[SHAPE_CHAIN] = "chain",
};

static struct {
	const char *variant;
	int rep;
	long iters;
	bool header;
	bool ref_atomic;
	bool virt_spin_lock;
	bool overshoot_from_p;
	const char *point;
	bool ref_leaks_ok;
	int ntypes;
	unsigned int types[MAX_TYPES];
} opt;

static void *root;
/* Runs after which some css's reference count was not what it was before. */
static int ref_leaks;

/* One run's cgroups: P, below it what the workers charge; in creation order. */
struct tree {
	void *p;
	void *leaf[MAX_THREADS];
	int n;
	void *node[2 + MAX_THREADS * MAX_DEPTH];
	long long refs[2 + MAX_THREADS * MAX_DEPTH];
};

struct point {
	enum shape shape;
	int depth, threads;
	bool tight;
	unsigned int type;
};

struct worker {
	pthread_t thread;
	int cpu;
	void *css;		/* the cgroup its task is in */
	void *p;		/* P, for --overshoot-from p */
	unsigned int type;
	bool empty, tight;
	unsigned long long limit;
	long iters;
	pthread_barrier_t *start;
	/* out */
	int err;
	const char *what;
	uint64_t elapsed_ns, rejected, max_overshoot;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: driver --variant NAME --rep R [--iters N] [--types sev,sev_es]\n"
		"       [--header] [--ref percpu|atomic] [--slowpath virt|native]\n"
		"       [--overshoot-from root|p] [--point SHAPE,DEPTH,THREADS]\n"
		"       [--ref-leaks-ok]\n");
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

static void parse_opts(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "rep", required_argument, NULL, 'r' },
		{ "iters", required_argument, NULL, 'i' },
		{ "types", required_argument, NULL, 't' },
		{ "header", no_argument, NULL, 'H' },
		{ "ref", required_argument, NULL, 'f' },
		{ "slowpath", required_argument, NULL, 's' },
		{ "overshoot-from", required_argument, NULL, 'o' },
		{ "point", required_argument, NULL, 'P' },
		{ "ref-leaks-ok", no_argument, NULL, 'L' },
		{ NULL, 0, NULL, 0 },
	};
	char types[] = "sev,sev_es";
	char *types_arg = types;
	int ch;

	opt.rep = -1;
	opt.iters = DEFAULT_ITERS;
	opt.virt_spin_lock = true;
	opt.overshoot_from_p = true;
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
		case 'o':
			if (!strcmp(optarg, "root"))
				opt.overshoot_from_p = false;
			else if (!strcmp(optarg, "p"))
				opt.overshoot_from_p = true;
			else
				usage();
			break;
		case 'P':
			opt.point = optarg;
			break;
		case 'L':
			opt.ref_leaks_ok = true;
			break;
		default:
			usage();
		}
	}
	if (!opt.variant || opt.rep < 0 || optind != argc)
		usage();
	parse_types(types_arg);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

/* --- cgroups */

static void *tree_add(struct tree *t, void *parent)
{
	void *css = native_cg_new(parent);

	if (!css) {
		fprintf(stderr, "# native: css_alloc failed\n");
		exit(1);
	}
	t->node[t->n++] = css;
	return css;
}

/* The guest's shapes (bench/cgsetup.c): depth counts the levels below P. */
static void tree_build(struct tree *t, enum shape s, int depth, int threads)
{
	void *c;

	t->n = 0;
	t->p = tree_add(t, root);
	if (s == SHAPE_EMPTY || s == SHAPE_LEAF) {
		c = tree_add(t, t->p);			/* P/leaf */
		for (int i = 0; i < threads; i++)
			t->leaf[i] = c;
		return;
	}
	for (int i = 0; i < threads; i++) {
		c = tree_add(t, t->p);			/* P/w<i> */
		for (int d = 2; d <= depth; d++)
			c = tree_add(t, c);		/* .../c<d> */
		t->leaf[i] = c;
	}
}

/*
 * Children were made after their parents: offline and free in reverse
 * order, as rmdir takes a cgroup only when it has no children left.
 */
static void tree_offline(struct tree *t)
{
	for (int i = t->n; i--; )
		native_css_offline(t->node[i]);
}

static void tree_destroy(struct tree *t)
{
	while (t->n)
		native_cg_free(t->node[--t->n]);
}

static void snapshot_refs(struct tree *t)
{
	for (int i = 0; i < t->n; i++)
		t->refs[i] = native_css_refs(t->node[i]);
}

/*
 * Return: the number of usage counters not back at 0; *ref_bad is set to
 * the number of cgroups whose reference count is not what it was.
 */
static int check_tree(const struct tree *t, const char *what, int *ref_bad)
{
	int bad = 0;

	*ref_bad = 0;

	for (int i = 0; i < t->n; i++) {
		long long refs = native_css_refs(t->node[i]);

		for (unsigned int ty = 0; ty < native_nr_types(); ty++) {
			unsigned long long u = native_cg_usage(t->node[i], ty);

			if (u) {
				fprintf(stderr, "# native: leak %s: cgroup %d of the tree has usage %llu after %s\n",
					native_type_name(ty), i, u, what);
				bad++;
			}
		}
		if (refs != t->refs[i]) {
			fprintf(stderr, "# native: refcount: cgroup %d of the tree (0 is P) has %lld css references after the %s run, %lld before\n",
				i, refs, what, t->refs[i]);
			(*ref_bad)++;
		}
	}
	return bad;
}

static int check_root(const char *when)
{
	int bad = 0;

	for (unsigned int ty = 0; ty < native_nr_types(); ty++) {
		unsigned long long u = native_cg_usage(root, ty);

		if (u) {
			fprintf(stderr, "# native: leak %s: root usage %llu %s\n",
				native_type_name(ty), u, when);
			bad++;
		}
	}
	return bad;
}

/* --- workers */

static void fail(struct worker *w, const char *what, int err)
{
	w->what = what;
	w->err = err;
}

/* asid_test_bench_loop(), with the adapter calls of this design. */
static void bench_loop(struct worker *w, void *cookie)
{
	uint64_t rejected = 0, max_overshoot = 0, start;
	unsigned long long usage;
	bool track;

	if (w->empty || !w->tight)
		track = false;
	else if (w->p)
		track = true;
	else
		track = !native_total_usage(w->type, &usage);

	start = now_ns();
	for (long i = 0; i < w->iters; i++) {
		if (!(i & (BENCH_RESCHED - 1)))
			__asm__ __volatile__("" ::: "memory");
		if (w->empty) {
			__asm__ __volatile__("" ::: "memory");
			continue;
		}
		if (native_charge(w->type, &cookie)) {
			rejected++;
			continue;
		}
		if (track) {
			if (w->p)
				usage = native_cg_usage(w->p, w->type);
			else if (native_total_usage(w->type, &usage))
				usage = 0;
			if (usage > w->limit && usage - w->limit > max_overshoot)
				max_overshoot = usage - w->limit;
		}
		native_uncharge(w->type, cookie);
	}
	w->elapsed_ns = now_ns() - start;
	w->rejected = rejected;
	w->max_overshoot = max_overshoot;
}

/*
 * A worker that fails to set up still waits at the barrier, so that the
 * others are not left waiting for it; it then skips the benchmark.
 */
static void *worker_main(void *arg)
{
	struct worker *w = arg;
	void *cookie = NULL;
	cpu_set_t cpus;
	int ret;

	CPU_ZERO(&cpus);
	CPU_SET(w->cpu, &cpus);
	ret = pthread_setaffinity_np(pthread_self(), sizeof(cpus), &cpus);
	if (ret)
		fail(w, "pthread_setaffinity_np", ret);
	if (!w->err) {
		native_thread_enter(w->cpu, w->css);
		ret = native_cookie_init(&cookie);
		if (ret)
			fail(w, "cookie init", -ret);
	}
	pthread_barrier_wait(w->start);
	if (!w->err)
		bench_loop(w, cookie);
	if (cookie)
		native_cookie_free(cookie);
	return NULL;
}

static unsigned long long tight_limit(int threads)
{
	return threads / 2 > 1 ? threads / 2 : 1;
}

static bool selected(const struct point *p)
{
	char want[64];

	if (!opt.point)
		return true;
	snprintf(want, sizeof(want), "%s,%d,%d", shape_names[p->shape],
		 p->depth, p->threads);
	return !p->tight && !strcmp(want, opt.point);
}

static void print_row(const struct point *p, uint64_t elapsed,
		      uint64_t rejected, uint64_t overshoot)
{
	printf("%s,%d,%d,%s,%d,%d,%d,%s,%s,%ld,%" PRIu64 ",%.1f,%" PRIu64
	       ",%" PRIu64 "\n",
	       opt.variant, SMP, opt.rep, shape_names[p->shape], p->depth,
	       p->threads, p->threads > HOST_CPUS, p->tight ? "tight" : "none",
	       native_type_name(p->type), opt.iters, elapsed,
	       (double)elapsed / opt.iters, rejected, overshoot);
	fflush(stdout);
}

static int run_point(const struct point *p)
{
	static struct tree tree;
	struct worker w[MAX_THREADS];
	pthread_barrier_t start;
	uint64_t elapsed = 0, rejected = 0, overshoot = 0;
	char val[32], run_name[80];
	int ret = 0, bad = 0, ref_bad;

	if (!selected(p))
		return 0;
	snprintf(run_name, sizeof(run_name), "%s,%d,%d,%s,%s",
		 shape_names[p->shape], p->depth, p->threads,
		 p->tight ? "tight" : "none", native_type_name(p->type));

	tree_build(&tree, p->shape, p->shape == SHAPE_CHAIN ? p->depth : 1,
		   p->threads);
	if (p->tight) {
		snprintf(val, sizeof(val), "%llu", tight_limit(p->threads));
		if (native_cg_write_max(tree.p, p->type, val) < 0) {
			fprintf(stderr, "# native: set %s max of P to %s failed\n",
				native_type_name(p->type), val);
			return -1;
		}
	}
	snapshot_refs(&tree);

	memset(w, 0, sizeof(w));
	pthread_barrier_init(&start, NULL, p->threads);
	for (int i = 0; i < p->threads; i++) {
		w[i].cpu = i;
		w[i].css = tree.leaf[i];
		w[i].p = opt.overshoot_from_p ? tree.p : NULL;
		w[i].type = p->type;
		w[i].empty = p->shape == SHAPE_EMPTY;
		w[i].tight = p->tight;
		w[i].limit = tight_limit(p->threads);
		w[i].iters = opt.iters;
		w[i].start = &start;
		ret = pthread_create(&w[i].thread, NULL, worker_main, &w[i]);
		if (ret) {
			/* The others would wait at the barrier for ever. */
			fprintf(stderr, "# native: pthread_create: %s\n",
				strerror(ret));
			exit(1);
		}
	}
	for (int i = 0; i < p->threads; i++)
		pthread_join(w[i].thread, NULL);
	pthread_barrier_destroy(&start);

	for (int i = 0; i < p->threads; i++) {
		if (w[i].err) {
			fprintf(stderr, "# native: worker %d: %s: %s\n", i,
				w[i].what, strerror(w[i].err));
			bad++;
		}
		if (w[i].elapsed_ns > elapsed)
			elapsed = w[i].elapsed_ns;
		if (w[i].max_overshoot > overshoot)
			overshoot = w[i].max_overshoot;
		rejected += w[i].rejected;
	}
	/* Before the checks: misc-batched gives its per-CPU stocks back here. */
	tree_offline(&tree);
	bad += check_tree(&tree, run_name, &ref_bad);
	if (ref_bad)
		ref_leaks++;
	bad += check_root("after a run");
	if (native_warn_count()) {
		fprintf(stderr, "# native: %lu WARN(s) fired by the end of the %s run\n",
			native_warn_count(), run_name);
		bad++;
	}
	tree_destroy(&tree);
	if (bad)
		return -1;
	print_row(p, elapsed, rejected, overshoot);
	return 0;
}

static int run_type(unsigned int type)
{
	static const int depths[] = { 1, 2, 4, 8 };
	struct point p = { .type = type };

	for (int threads = 1; threads <= MAX_THREADS; threads++) {
		p.threads = threads;
		p.shape = SHAPE_EMPTY;
		p.depth = 0;
		p.tight = false;
		if (run_point(&p))
			return -1;
		for (int tight = 0; tight <= 1; tight++) {
			p.tight = tight;
			p.depth = 1;
			p.shape = SHAPE_LEAF;
			if (run_point(&p))
				return -1;
			p.shape = SHAPE_SIBLINGS;
			if (run_point(&p))
				return -1;
			p.shape = SHAPE_CHAIN;
			for (int d = 0; d < 4; d++) {
				p.depth = depths[d];
				if (run_point(&p))
					return -1;
			}
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	double start_s = now_ns() / 1e9;
	int ret = 0;

	parse_opts(argc, argv);
	if (online < MAX_THREADS) {
		fprintf(stderr, "# native: needs %d CPUs, %ld online\n",
			MAX_THREADS, online);
		return 1;
	}
	native_rt_init(online < 64 ? online : 64, opt.ref_atomic,
		       opt.virt_spin_lock);
	fprintf(stderr, "# native: %s (%s) from %s; refs %s, qspinlock slow path %s, overshoot from %s\n",
		native_design, NATIVE_ADAPTER, NATIVE_SRC,
		opt.ref_atomic ? "atomic" : "percpu",
		opt.virt_spin_lock ? "virt (test-and-set)" : "native (MCS queue)",
		opt.overshoot_from_p ? "P (as the guest)" : "the root");

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
	if (check_root("before the runs"))
		return 1;
	if (opt.header)
		printf("variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,elapsed_ns,ns_per_pair,rejected,max_overshoot\n");
	for (int t = 0; t < opt.ntypes && !ret; t++)
		ret = run_type(opt.types[t]);
	if (check_root("after the runs"))
		ret = -1;
	if (native_warn_count())
		ret = -1;
	if (ref_leaks) {
		fprintf(stderr, "# native: %d run(s) left css reference counts changed%s\n",
			ref_leaks, opt.ref_leaks_ok ? " (--ref-leaks-ok)" : "");
		if (!opt.ref_leaks_ok)
			ret = -1;
	}
	fprintf(stderr, "# native: %s after %.1f s\n", ret ? "failed" : "done",
		now_ns() / 1e9 - start_s);
	return ret ? 1 : 0;
}
