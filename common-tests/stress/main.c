// SPDX-License-Identifier: GPL-2.0
/*
 * asid_stress: churn the controller under concurrency for a bounded time.
 *
 *   asid_stress --root <cgroup mount> --hier v2|v1 --seconds <T> --seed <u64>
 *               [--branch <file>] [--known <file>]
 *
 * For T seconds, module chargers and VM chargers (child processes) charge
 * and uncharge while threads of this process make and remove cgroups,
 * move the chargers around, rewrite limits and SIGKILL chargers, which are
 * respawned, and one more thread samples usage against the limits
 * (sampler.c).  Then every worker is stopped and reaped and verify.c
 * checks that everything went back to zero.
 *
 * The seed varies the workload (which res, which cgroup, which value,
 * how long to pause), but the interleaving is the scheduler's: the point
 * is coverage under concurrency, and a run does not replay.
 *
 * Output is KTAP v1 with "# stress-summary k=v ..." and one
 * "# stress-final <res> k=v ..." line per res.  Exit 0 iff nothing failed.
 */
#define _GNU_SOURCE	/* strerrorname_np() */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "branch.h"
#include "charge.h"
#include "kmsg.h"
#include "ktap.h"
#include "parse.h"
#include "kvm.h"
#include "stress.h"

/* The churn threads and the sampler. */
#define MAX_THREADS	(K_NR + 1)

const char *const st_kind_name[K_NR] = {
	[K_MODULE] = "module_charger",
	[K_VM] = "vm_charger",
	[K_CHURN] = "cgroup_churn",
	[K_MOVE] = "mover",
	[K_LIMIT] = "limit_writer",
	[K_KILL] = "killer",
};

static struct stress stress;

void st_unexpected(struct stress *s, const char *fmt, ...)
{
	uint32_t i = __atomic_fetch_add(&s->st->nmsg, 1, __ATOMIC_RELAXED);
	va_list ap;

	st_add(&s->st->unexpected, 1);
	if (i >= ST_MSGS)
		return;
	va_start(ap, fmt);
	vsnprintf(s->st->msg[i], ST_MSG_LEN, fmt, ap);
	va_end(ap);
}

const char *st_errname(int err)
{
	const char *name;

	if (!err)
		return "0";
	name = strerrorname_np(err < 0 ? -err : err);
	return name ? name : "E?";
}

int st_path(char *path, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(path, CG_PATH_LEN, fmt, ap);
	va_end(ap);
	return n < 0 || n >= CG_PATH_LEN ? -ENAMETOOLONG : 0;
}

void st_nap_us(unsigned int us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

uint64_t st_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000ull + ts.tv_nsec / 1000000;
}

pid_t st_reap(pid_t pid, int *status, int timeout_ms)
{
	uint64_t deadline = st_now_ms() + timeout_ms;
	pid_t ret;

	while (!(ret = waitpid(pid, status, WNOHANG))) {
		if (st_now_ms() >= deadline)
			return -ETIMEDOUT;
		st_nap_us(5000);
	}
	return ret < 0 ? -errno : ret;
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --root <cgroup mount> --hier v2|v1 --seconds <T> --seed <u64> [--branch <file>] [--known <file>]\n",
		prog);
	exit(2);
}

/*
 * --branch FILE: variants/<branch>/branch, whose "charging" line says how
 * the branch documents its charge: "exact" (no level ever stores a usage
 * above its max, so the sampler's bound is 0 as for encryption_ids).  No
 * such line is the design's own discipline; anything else is a mistake in
 * the branch.
 */
static void read_charging(struct stress *s, const char *path)
{
	char word[PARSE_KEY_LEN];
	int ret = branch_charging(path, &s->exact, word);

	if (ret == -EINVAL || ret == -E2BIG) {
		fprintf(stderr, "asid_stress: %s: charging: %s\n", path, word);
		exit(2);
	} else if (ret) {
		fprintf(stderr, "asid_stress: %s: %s\n", path, strerror(-ret));
		exit(2);
	}
}
/*
 * --known FILE: the branch's known-defects, as the suite reads them.  Only
 * an entry for stress_no_dying_descendants concerns the stress: a defect
 * that strands a cgroup reference when a race goes one way.  Its own
 * point in the suite reproduces it every time; here it may or may not
 * show, so that entry turns a failure matching its signature into a TODO
 * and nothing else.
 */
static void read_known(struct stress *s, const char *path)
{
	char line[512], id[sizeof(s->dying_known)], point[64];
	char sig[sizeof(s->dying_sig)];
	FILE *f = fopen(path, "re");
	int ln = 0, ret;

	if (!f) {
		fprintf(stderr, "asid_stress: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		ln++;
		ret = parse_known_line(line, id, sizeof(id), point, sizeof(point),
				       sig, sizeof(sig));
		if (ret <= 0 || strcmp(point, "stress_no_dying_descendants"))
			continue;
		if (s->dying_known[0] || regcomp(&s->dying_re, sig, REG_EXTENDED | REG_NOSUB)) {
			fprintf(stderr, "asid_stress: %s:%d: not one ERE for the point\n",
				path, ln);
			exit(2);
		}
		snprintf(s->dying_known, sizeof(s->dying_known), "%s", id);
		snprintf(s->dying_sig, sizeof(s->dying_sig), "%s", sig);
	}
	fclose(f);
}


static void parse_args(struct stress *s, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "hier", required_argument, NULL, 'h' },
		{ "seconds", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "branch", required_argument, NULL, 'b' },
		{ "known", required_argument, NULL, 'k' },
		{ NULL, 0, NULL, 0 },
	};
	bool have_t = false, have_s = false, have_h = false;
	unsigned long long v;
	char *end;
	int opt;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			snprintf(s->root, sizeof(s->root), "%s", optarg);
			break;
		case 'h':
			if (strcmp(optarg, "v2") && strcmp(optarg, "v1"))
				usage(argv[0]);
			s->v2 = !strcmp(optarg, "v2");
			have_h = true;
			break;
		case 't':
			errno = 0;
			v = strtoull(optarg, &end, 10);
			if (errno || *end || !*optarg || !v || v > 86400)
				usage(argv[0]);
			s->seconds = v;
			have_t = true;
			break;
		case 's':
			errno = 0;
			s->seed = strtoull(optarg, &end, 0);
			if (errno || *end || !*optarg)
				usage(argv[0]);
			have_s = true;
			break;
		case 'b':
			read_charging(s, optarg);
			break;
		case 'k':
			read_known(s, optarg);
			break;
		default:
			usage(argv[0]);
		}
	}
	if (optind != argc || !s->root[0] || !have_h || !have_t || !have_s)
		usage(argv[0]);
	while (strlen(s->root) > 1 && s->root[strlen(s->root) - 1] == '/')
		s->root[strlen(s->root) - 1] = '\0';
}

/* Nothing to stress: one failing point that says why. */
static int setup_failed(struct stress *s, const char *why)
{
	char ignored[CG_PATH_LEN + 64];

	st_remove_layout(s, ignored, sizeof(ignored));
	st_restore_root(s);
	ktap_start(1);
	ktap_observed("stress_setup", why);
	ktap_fail("stress_setup");
	ktap_summary();
	return 1;
}

static void open_devices(struct stress *s)
{
	bool mod = false, kvm = false;
	int vm;

	for (int i = 0; i < CTL_MAX_RES; i++)
		s->type[i] = -1;
	s->chg_fd = chg_open();
	for (int i = 0; s->chg_fd >= 0 && i < s->c.nres; i++) {
		int t = chg_type(s->chg_fd, s->c.res[i]);

		s->type[i] = t < 0 ? -1 : t;
	}
	s->kvm_sev = -ENODEV;
	s->kvm_fd = kvm_open();
	if (s->kvm_fd >= 0) {
		vm = kvm_vm_create(s->kvm_fd);
		s->kvm_sev = vm < 0 ? vm : kvm_sev_probe(vm);
		if (vm >= 0)
			close(vm);
	}
	for (int i = 0; i < s->c.nres; i++) {
		s->kvm_res[i] = !s->kvm_sev && kvm_res_known(s->c.res[i]);
		mod |= s->type[i] >= 0;
		kvm |= s->kvm_res[i];
	}
	/* Chargers need a type to charge. */
	if (s->chg_fd >= 0 && !mod) {
		close(s->chg_fd);
		s->chg_fd = -ENOENT;
	}
	if (!s->kvm_sev && !kvm)
		s->kvm_sev = -ENOENT;
}

static void describe(struct stress *s)
{
	ktap_diag("asid_stress: controller %s at %s (cgroup %s), %u s, seed %" PRIu64,
		  ctl_name(&s->c), s->root, s->v2 ? "v2" : "v1", s->seconds,
		  s->seed);
	for (int i = 0; i < s->c.nres; i++)
		ktap_diag("resource %s: capacity %" PRIu64 ", module type %d, KVM %s",
			  s->c.res[i], s->cap[i], s->type[i],
			  s->kvm_res[i] ? "yes" : "no");
	if (s->chg_fd < 0)
		ktap_diag("%s: %s: no module chargers", ASID_TEST_DEV,
			  st_errname(s->chg_fd));
	if (s->kvm_sev)
		ktap_diag("/dev/kvm SEV: %s: no VM chargers",
			  st_errname(s->kvm_sev));
	ktap_diag("%d module chargers, %d VM chargers, %d leaves below %d inner cgroups",
		  s->chg_fd >= 0 ? ST_MOD_CHARGERS : 0,
		  s->kvm_sev ? 0 : ST_VM_CHARGERS, ST_LEAVES, ST_MIDS);
}

static void spawn_workers(struct stress *s)
{
	int nmod = s->chg_fd >= 0 ? ST_MOD_CHARGERS : 0;
	int nvm = s->kvm_sev ? 0 : ST_VM_CHARGERS;

	for (int i = 0; i < nmod + nvm; i++) {
		struct st_worker *w = &s->worker[s->nworkers];
		pid_t pid;

		w->kind = i < nmod ? K_MODULE : K_VM;
		w->idx = i < nmod ? i : i - nmod;
		pid = st_spawn(s, w);
		if (pid < 0) {
			st_unexpected(s, "spawn %s %d: %s",
				      st_kind_name[w->kind], w->idx,
				      st_errname(pid));
			continue;
		}
		w->pid = pid;
		s->nworkers++;
	}
}

/*
 * Wait for every charger to leave on its own; one that does not within
 * ST_STOP_MS is stuck (in the kernel, most likely) and is SIGKILLed.
 */
static void reap_workers(struct stress *s)
{
	for (int i = 0; i < s->nworkers; i++) {
		struct st_worker *w = &s->worker[i];
		int status = 0;
		pid_t ret;

		if (!w->pid)
			continue;
		ret = st_reap(w->pid, &status, ST_STOP_MS);
		if (ret == -ETIMEDOUT) {
			st_unexpected(s, "%s %d (pid %d) did not stop in %d ms",
				      st_kind_name[w->kind], w->idx, w->pid,
				      ST_STOP_MS);
			kill(w->pid, SIGKILL);
			ret = st_reap(w->pid, &status, ST_STOP_MS);
		}
		if (ret < 0)
			st_unexpected(s, "reap %s %d (pid %d): %s",
				      st_kind_name[w->kind], w->idx, w->pid,
				      st_errname(ret));
		else if (!WIFEXITED(status) || WEXITSTATUS(status))
			st_unexpected(s, "%s %d ended with status 0x%x",
				      st_kind_name[w->kind], w->idx, status);
		w->pid = 0;
	}
}

int main(int argc, char **argv)
{
	struct stress *s = &stress;
	pthread_t threads[MAX_THREADS];
	char why[CG_PATH_LEN + 128];
	uint64_t start;
	int nthreads;

	setvbuf(stdout, NULL, _IOLBF, 0);
	parse_args(s, argc, argv);
	cg_init(s->v2);
	s->kmsg_fd = kmsg_open();
	s->st = mmap(NULL, sizeof(*s->st), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->st == MAP_FAILED) {
		s->st = NULL;
		return setup_failed(s, "mmap of the shared counters failed");
	}
	memset(s->st, 0, sizeof(*s->st));
	pthread_mutex_init(&s->lock, NULL);
	if (s->v2 != cg_has_file(s->root, "cgroup.subtree_control"))
		return setup_failed(s, s->v2 ? "--root is not a cgroup v2 mount" :
					       "--root is a cgroup v2 mount, not v1");
	if (ctl_detect(&s->c, s->root))
		return setup_failed(s, "neither misc nor encryption_ids under the root");
	ctl_find_res(&s->c, NULL);
	st_note_dying(s);
	if (st_make_layout(s, why, sizeof(why)))
		return setup_failed(s, why);
	/* Again from a child: misc lists a res there even at capacity 0. */
	ctl_find_res(&s->c, s->home);
	if (!s->c.nres)
		return setup_failed(s, "the controller lists no resource type");
	for (int i = 0; i < s->c.nres; i++)
		if (ctl_get_capacity(&s->c, s->c.res[i], &s->cap[i]))
			s->cap[i] = 0;
	open_devices(s);

	ktap_start(st_planned_points(s));
	describe(s);
	fflush(stdout);
	spawn_workers(s);
	nthreads = st_start_churn(s, threads, MAX_THREADS - 1);
	if (!st_start_sampler(s, &threads[nthreads]))
		nthreads++;
	start = st_now_ms();
	while (st_now_ms() - start < s->seconds * 1000ull)
		st_nap_us(50000);
	__atomic_store_n(&s->st->stop, 1, __ATOMIC_RELAXED);
	s->elapsed_ms = st_now_ms() - start;
	for (int i = 0; i < nthreads; i++)
		pthread_join(threads[i], NULL);
	reap_workers(s);

	st_verify(s);
	st_restore_root(s);
	ktap_summary();
	return ktap_failures() ? 1 : 0;
}
