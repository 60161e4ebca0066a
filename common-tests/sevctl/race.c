// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl race: launchers racing for a full cgroup, and what the cgroup's
 * usage counter showed meanwhile.
 *
 * sevctl moves itself into the cgroup and fills it to its max with one
 * charge through the test module (asid_test), so that every further
 * charge must be refused.  Launchers on the other CPUs then charge and
 * uncharge one unit at a time in a loop (ASID_TEST_BENCH), as VMs being
 * started would, while sevctl reads the cgroup's usage counter on CPU 0
 * from inside the kernel (ASID_TEST_SAMPLE): a read through cgroupfs
 * takes microseconds and would never land inside a charge.  A design that
 * adds a charge before it checks it (misc: add, compare, cancel) shows
 * readings above max while charges are in flight; one that checks before
 * it stores (encryption_ids under its lock, misc-exact) shows none.
 *
 * Each result is a "<key> <value>" line, for the eye and for the lab.
 */
#define _GNU_SOURCE	/* sched_setaffinity() */
#include <errno.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "charge.h"
#include "parse.h"
#include "sevctl.h"

#define RACE_USAGE	"race <cgroup> <res> [-s <seconds>] [-j <launchers>]"
#define SAMPLER_CPU	0
/* Charge+uncharge pairs per ASID_TEST_BENCH call of a launcher. */
#define BENCH_CHUNK	4096
#define LAUNCHERS_MAX	8
#define SECONDS_MAX	60

/* What one launcher did, in memory it shares with sevctl. */
struct launcher {
	uint64_t charges;
	uint64_t refused;
	int err;
	int stop;
};

struct race {
	char rel[CG_PATH_LEN], abs[CG_PATH_LEN], home[CG_PATH_LEN];
	const char *res;
	uint64_t max, before, seconds;
	unsigned int nr_launchers, ncpus;
	struct launcher *l;
	pid_t pids[LAUNCHERS_MAX];
	pid_t parent;		/* sevctl, whose death ends the launchers */
	int fd, type;
};

static int run_on(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

static unsigned int launcher_cpu(const struct race *r, unsigned int i)
{
	return 1 + i % (r->ncpus - 1);
}

static void __attribute__((noreturn)) launcher_run(struct race *r,
						   struct launcher *l,
						   unsigned int cpu)
{
	uint64_t refused;
	int fd, ret;

	/*
	 * Not sevctl's fd, which holds the fill charge; and nothing of the race
	 * may outlive sevctl, killed or not.
	 */
	close(r->fd);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != r->parent)
		_exit(1);
	ret = run_on(cpu);
	fd = ret ? ret : chg_open();
	ret = fd < 0 ? fd : 0;
	while (!ret && !__atomic_load_n(&l->stop, __ATOMIC_SEQ_CST)) {
		ret = chg_bench(fd, r->type, BENCH_CHUNK, &refused);
		if (ret)
			break;
		__atomic_add_fetch(&l->charges, BENCH_CHUNK, __ATOMIC_SEQ_CST);
		__atomic_add_fetch(&l->refused, refused, __ATOMIC_SEQ_CST);
	}
	l->err = ret;
	_exit(ret ? 1 : 0);
}

static int parse_args(struct sevctl *s, struct race *r, int argc, char **argv)
{
	uint64_t v;
	int i;

	r->seconds = 2;
	r->nr_launchers = 2;
	if (argc < 3)
		return sc_usage(s, RACE_USAGE);
	for (i = 3; i < argc; i += 2) {
		if (i + 1 == argc || parse_u64(argv[i + 1], &v) ||
		    (strcmp(argv[i], "-s") && strcmp(argv[i], "-j")))
			return sc_usage(s, RACE_USAGE);
		if (!strcmp(argv[i], "-s") && v >= 1 && v <= SECONDS_MAX)
			r->seconds = v;
		else if (!strcmp(argv[i], "-j") && v >= 1 && v <= LAUNCHERS_MAX)
			r->nr_launchers = v;
		else
			return sc_err(s, "%s %s: -s takes 1 to %d seconds, -j 1 to %d launchers",
				      argv[i], argv[i + 1], SECONDS_MAX, LAUNCHERS_MAX);
	}
	r->res = argv[2];
	if (sc_setup(s) || cgp_arg(s, argv[1], r->rel, true))
		return 1;
	if (!*r->rel)
		return sc_err(s, "the root has no max to race for: name a cgroup");
	if (!sc_has_res(s, r->res))
		return sc_err(s, "unknown resource type '%s' (known: %s)", r->res,
			      sc_res_list(s));
	return 0;
}

/* The cgroup's max and usage; it must have a max to race for. */
static int read_limits(struct sevctl *s, struct race *r)
{
	bool is_max;
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	cgp_abs(s, r->rel, r->abs);
	/* Which of misc.events and the like this kernel has, for the report. */
	ctl_find_res(&s->ctl, r->abs);
	if (ctl_get_max(&s->ctl, r->abs, r->res, &r->max, &is_max) ||
	    ctl_get_current(&s->ctl, r->abs, r->res, &r->before))
		return sc_err(s, "cannot read the %s max and usage of %s", r->res,
			      cgp_show(r->rel));
	if (is_max)
		return sc_err(s, "%s has no %s limit to race for: sevctl limit %s %s <n> first",
			      cgp_show(r->rel), r->res, cgp_show(r->rel), r->res);
	if (r->before > r->max)
		return sc_err(s, "%s already uses %" PRIu64 " %s, above its max %" PRIu64,
			      cgp_show(r->rel), r->before, r->res, r->max);
	if (n < 2)
		return sc_err(s, "the launchers need a CPU besides the sampler's, and there is %ld (make shell SHELL_CPUS=3)",
			      n);
	r->ncpus = n;
	return 0;
}

static int start_launchers(struct sevctl *s, struct race *r)
{
	r->l = mmap(NULL, sizeof(*r->l) * r->nr_launchers,
		    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->l == MAP_FAILED) {
		r->l = NULL;
		return sc_err(s, "mmap: %s", strerror(errno));
	}
	memset(r->l, 0, sizeof(*r->l) * r->nr_launchers);
	for (unsigned int i = 0; i < r->nr_launchers; i++) {
		r->pids[i] = fork();
		if (!r->pids[i])
			launcher_run(r, &r->l[i], launcher_cpu(r, i));
		if (r->pids[i] < 0)
			return sc_err(s, "fork: %s", strerror(errno));
	}
	return 0;
}

/*
 * Stop and reap the launchers.  Return: the first error any of them met,
 * -ECHILD for one that did not exit of itself (a signal), or 0.
 */
static int stop_launchers(struct race *r)
{
	int err = 0, status;

	if (!r->l)
		return 0;
	for (unsigned int i = 0; i < r->nr_launchers; i++)
		__atomic_store_n(&r->l[i].stop, 1, __ATOMIC_SEQ_CST);
	for (unsigned int i = 0; i < r->nr_launchers; i++) {
		if (r->pids[i] <= 0 || waitpid(r->pids[i], &status, 0) != r->pids[i])
			continue;
		r->pids[i] = 0;
		if (!err && r->l[i].err)
			err = r->l[i].err;
		else if (!err && (!WIFEXITED(status) || WEXITSTATUS(status)))
			err = -ECHILD;
	}
	return err;
}

/* Sample the cgroup's usage on SAMPLER_CPU for r->seconds. */
static int sample(struct race *r, struct asid_test_sample *sum)
{
	struct asid_test_sample one;
	int ret = run_on(SAMPLER_CPU);

	memset(sum, 0, sizeof(*sum));
	sum->min_usage = UINT64_MAX;
	for (uint64_t sec = 0; !ret && sec < r->seconds; sec++) {
		memset(&one, 0, sizeof(one));
		one.type = r->type;
		one.limit = r->max;
		one.duration_ns = 1000000000ULL;
		ret = chg_sample(r->fd, &one);
		sum->samples += one.samples;
		sum->over_samples += one.over_samples;
		sum->excursions += one.excursions;
		sum->elapsed_ns += one.elapsed_ns;
		if (one.samples && one.min_usage < sum->min_usage)
			sum->min_usage = one.min_usage;
		if (one.max_usage > sum->max_usage)
			sum->max_usage = one.max_usage;
	}
	return ret;
}

static void report(const struct sevctl *s, const struct race *r,
		   const struct asid_test_sample *sm, int events_ret,
		   uint64_t events)
{
	uint64_t charges = 0, refused = 0;
	const char *shown = cgp_show(r->rel);
	char name[CTL_NAME_LEN];

	for (unsigned int i = 0; i < r->nr_launchers; i++) {
		charges += r->l[i].charges;
		refused += r->l[i].refused;
	}
	printf("charges    %-10" PRIu64 " tried by the launchers, one %s at a time\n",
	       charges, r->res);
	printf("admitted   %-10" PRIu64 " (%s was full: every charge must be refused)\n",
	       charges - refused, shown);
	printf("refused    %" PRIu64 "\n", refused);
	printf("readings   %-10" PRIu64 " of %s's %s usage, in the kernel\n",
	       (uint64_t)sm->samples, shown, r->res);
	printf("usage_min  %" PRIu64 "\n",
	       sm->samples ? (uint64_t)sm->min_usage : 0);
	printf("usage_max  %-10" PRIu64 " its max is %" PRIu64 "\n",
	       (uint64_t)sm->max_usage, r->max);
	printf("above_max  %-10" PRIu64 " readings above max: charges added before they were checked\n",
	       (uint64_t)sm->over_samples);
	ctl_file(&s->ctl, CTL_F_EVENTS, r->res, name, sizeof(name));
	if (events_ret == -ENOENT)
		printf("events     none       (%s counts no refusals in a file)\n",
		       ctl_name(&s->ctl));
	else if (events_ret)
		printf("events     ?          (reading %s's %s: %s)\n", shown, name,
		       strerror(-events_ret));
	else
		printf("events     %-10" PRIu64 " refusals counted in %s's %s during the race\n",
		       events, shown, name);
}

/* Enter the cgroup and hold what it lacks of its max.  Return: 0 or 1. */
static int fill(struct sevctl *s, struct race *r, uint32_t *handle,
		bool *filled)
{
	uint64_t need = r->max - r->before;
	int ret = cg_move(r->abs, 0);

	if (ret)
		return sc_err(s, "cannot enter %s: %s%s", cgp_show(r->rel),
			      strerror(-ret), ret == -EBUSY && cg_is_v2() ?
			      " (on cgroup v2 a cgroup whose children have controllers holds no processes)" :
			      "");
	if (need) {
		ret = chg_charge(r->fd, r->type, need, handle);
		if (ret)
			return sc_err(s, "cannot fill %s to its max %" PRIu64 ": %s%s",
				      cgp_show(r->rel), r->max, strerror(-ret),
				      ret == -EBUSY ? " (an ancestor's max or the capacity is lower)" : "");
		*filled = true;
	}
	printf("%s: %s max %" PRIu64 ", %" PRIu64 " in use, %" PRIu64 " more held by sevctl: full\n",
	       cgp_show(r->rel), r->res, r->max, r->before, need);
	return 0;
}

int cmd_race(struct sevctl *s, int argc, char **argv)
{
	struct race r = { .fd = -1, .parent = getpid() };
	struct asid_test_sample sm;
	uint64_t ev0 = 0, ev1 = 0;
	int ret, err = 1, events_ret;
	bool filled = false;
	uint32_t handle;

	ret = parse_args(s, &r, argc, argv);
	if (ret)
		return ret;
	if (read_limits(s, &r))
		return 1;
	r.fd = chg_open();
	if (r.fd < 0)
		return sc_err(s, ASID_TEST_DEV ": %s (is asid_test.ko loaded?)",
			      strerror(-r.fd));
	r.type = chg_type(r.fd, r.res);
	if (r.type < 0) {
		close(r.fd);
		return sc_err(s, "the test module has no type %s", r.res);
	}
	if (cgp_self(s, r.home)) {
		close(r.fd);
		return 1;
	}
	if (fill(s, &r, &handle, &filled))
		goto out;
	printf("%u launchers on cpu", r.nr_launchers);
	for (unsigned int i = 0; i < r.nr_launchers; i++)
		printf("%s%u", i ? "," : " ", launcher_cpu(&r, i));
	printf(", usage read on cpu %d, for %" PRIu64 " s ...\n", SAMPLER_CPU,
	       r.seconds);
	fflush(stdout);
	events_ret = ctl_get_events(&s->ctl, r.abs, r.res, &ev0);
	if (start_launchers(s, &r))
		goto out;
	ret = sample(&r, &sm);
	err = stop_launchers(&r);
	if (ret || err) {
		sc_err(s, "%s: %s", ret ? "ASID_TEST_SAMPLE" : "a launcher",
		       ret ? strerror(-ret) : err == -ECHILD ?
		       "killed by a signal" : strerror(-err));
		err = 1;
		goto out;
	}
	if (!events_ret)
		events_ret = ctl_get_events(&s->ctl, r.abs, r.res, &ev1);
	report(s, &r, &sm, events_ret, ev1 - ev0);
out:
	stop_launchers(&r);
	if (filled)
		chg_uncharge(r.fd, handle);
	close(r.fd);
	cgp_abs(s, r.home, r.abs);
	cg_move(r.abs, 0);
	if (r.l)
		munmap(r.l, sizeof(*r.l) * r.nr_launchers);
	return err;
}
