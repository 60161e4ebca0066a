// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl launch: each simulated VM is a holder process that moves itself
 * into the cgroup, creates a VM and runs KVM_SEV_INIT (or KVM_SEV_ES_INIT),
 * which takes an ASID and charges the cgroup.  The holder then keeps the
 * fds open and sleeps in its own session, so the shell's Ctrl-C does not
 * reach it; ending it (sevctl destroy, kill) closes the VM and uncharges.
 */
#define _GNU_SOURCE	/* strchrnul, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kvm.h"
#include "parse.h"
#include "sevctl.h"

#define LAUNCH_MAX	64

/* Why cgroup v2 refuses a process in a cgroup that has children. */
#define V2_LEAVES \
	" (on cgroup v2, a cgroup that enables controllers for its children holds no processes)"

/* What a holder reports through its pipe once its VM is set up or not. */
enum hold_stage { HOLD_OK, HOLD_MOVE, HOLD_KVM, HOLD_VM, HOLD_INIT };

struct hold_report {
	int stage;
	int err;
};

static struct hold_report hold_setup(const char *abs, const char *res)
{
	int kvm, vm, ret;

	ret = cg_move(abs, 0);
	if (ret)
		return (struct hold_report){ HOLD_MOVE, -ret };
	kvm = kvm_open();
	if (kvm < 0)
		return (struct hold_report){ HOLD_KVM, -kvm };
	vm = kvm_vm_create(kvm);
	if (vm < 0)
		return (struct hold_report){ HOLD_VM, -vm };
	ret = kvm_sev_init(vm, res);
	if (ret)
		return (struct hold_report){ HOLD_INIT, -ret };
	/* Both fds stay open: the VM and its ASID live as long as we do. */
	return (struct hold_report){ HOLD_OK, 0 };
}

static void __attribute__((noreturn)) hold(const char *abs, const char *res,
					   int wfd)
{
	struct hold_report r;
	int null;

	/* Nothing of the caller but the report pipe: not its holder lock. */
	for (int fd = 3; fd < 1024; fd++)
		if (fd != wfd)
			close(fd);
	setsid();
	signal(SIGHUP, SIG_IGN);
	r = hold_setup(abs, res);
	if (write(wfd, &r, sizeof(r)) != sizeof(r) || r.stage != HOLD_OK)
		_exit(1);
	close(wfd);
	prctl(PR_SET_NAME, "sevctl-vm", 0, 0, 0);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, 0);
		dup2(null, 1);
		dup2(null, 2);
		if (null > 2)
			close(null);
	}
	if (chdir("/"))
		_exit(1);
	for (;;)
		pause();
}

/* Which level refused: the lowest limit that is full, else the capacity. */
static void explain(const struct sevctl *s, const char *rel, const char *res,
		    char *why, size_t len)
{
	char cur[CG_PATH_LEN], abs[CG_PATH_LEN], cnt[24];
	uint64_t max, now, cap, used;
	bool is_max;

	why[0] = '\0';
	snprintf(cur, sizeof(cur), "%s", rel);
	for (; *cur; cgp_parent(cur)) {
		cgp_abs(s, cur, abs);
		if (ctl_get_max(&s->ctl, abs, res, &max, &is_max) || is_max ||
		    ctl_get_current(&s->ctl, abs, res, &now) || now < max)
			continue;
		snprintf(why, len, " — %s limit reached in %s (current %s, max %" PRIu64 ")",
			 res, cur, parse_fmt_count(now, cnt, sizeof(cnt)), max);
		return;
	}
	if (!ctl_get_capacity(&s->ctl, res, &cap) &&
	    !sc_root_usage(s, res, &used) && used >= cap)
		snprintf(why, len, " — %s capacity reached (used %" PRIu64 " of %" PRIu64 ")",
			 res, used, cap);
}

static const char *stage_text(int stage, const char *res)
{
	switch (stage) {
	case HOLD_KVM:
		return "/dev/kvm";
	case HOLD_VM:
		return "KVM_CREATE_VM";
	default:
		return strcmp(res, "sev") ? "KVM_SEV_ES_INIT" : "KVM_SEV_INIT";
	}
}

/* Start one holder.  Return: its pid, or 0 after printing why not. */
static pid_t launch_one(const struct sevctl *s, const char *rel,
			const char *res)
{
	struct hold_report r = { HOLD_INIT, EPIPE };
	char abs[CG_PATH_LEN], why[CG_PATH_LEN + 128] = "";
	int p[2], n;
	pid_t pid;

	cgp_abs(s, rel, abs);
	if (pipe2(p, O_CLOEXEC)) {
		sc_err(s, "pipe: %s", strerror(errno));
		return 0;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		sc_err(s, "fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return 0;
	}
	if (!pid) {
		close(p[0]);
		hold(abs, res, p[1]);
	}
	close(p[1]);
	do {
		n = read(p[0], &r, sizeof(r));
	} while (n < 0 && errno == EINTR);
	close(p[0]);
	if (n == sizeof(r) && r.stage == HOLD_OK)
		return pid;
	waitpid(pid, NULL, 0);
	if (n != sizeof(r))
		r = (struct hold_report){ HOLD_INIT, EPIPE };
	if (r.stage == HOLD_INIT)
		explain(s, rel, res, why, sizeof(why));
	fflush(stdout);
	if (why[0])
		fprintf(stderr, "launch failed: %s%s\n", strerror(r.err), why);
	else if (r.stage == HOLD_MOVE)
		fprintf(stderr, "launch failed: cannot move the holder into %s: %s%s\n",
			cgp_show(rel), strerror(r.err),
			r.err == EBUSY && cg_is_v2() ? V2_LEAVES : "");
	else
		fprintf(stderr, "launch failed: %s: %s (in %s)\n",
			stage_text(r.stage, res), strerror(r.err),
			cgp_show(rel));
	return 0;
}

int cmd_launch(struct sevctl *s, int argc, char **argv)
{
	static const char usage[] = "launch <sev|sev_es> [-n N] [-c <cgroup>]";
	static struct holder live[HOLDER_MAX];
	const char *res, *cg = NULL;
	char rel[CG_PATH_LEN];
	uint64_t count = 1;
	unsigned int vm = 0;
	int lock, n;

	if (argc < 2 || argv[1][0] == '-')
		return sc_usage(s, usage);
	res = argv[1];
	for (int i = 2; i < argc; i += 2) {
		if (i + 1 == argc)
			return sc_usage(s, usage);
		if (!strcmp(argv[i], "-n")) {
			if (parse_u64(argv[i + 1], &count) || !count ||
			    count > LAUNCH_MAX)
				return sc_err(s, "-n wants a count from 1 to %d, not '%s'",
					      LAUNCH_MAX, argv[i + 1]);
		} else if (!strcmp(argv[i], "-c")) {
			cg = argv[i + 1];
		} else {
			return sc_usage(s, usage);
		}
	}
	if (!kvm_res_known(res))
		return sc_err(s, "unknown VM type '%s' (sev or sev_es)", res);
	if (sc_setup(s))
		return 1;
	if (cg ? cgp_arg(s, cg, rel, true) : cgp_self(s, rel))
		return 1;

	lock = holders_lock();
	if (lock < 0)
		return sc_err(s, HOLDER_DIR ": %s", strerror(-lock));
	n = holders_load(live, HOLDER_MAX);
	for (int i = 0; i < n; i++)
		if (live[i].vm > vm)
			vm = live[i].vm;
	if (n >= 0 && n + count > HOLDER_MAX) {
		close(lock);
		return sc_err(s, "%d VMs are running already, at most %d",
			      n, HOLDER_MAX);
	}
	for (uint64_t i = 0; i < count; i++) {
		struct holder h = { 0 };
		int ret;

		h.pid = launch_one(s, rel, res);
		if (!h.pid) {
			close(lock);
			return 1;
		}
		h.vm = ++vm;
		snprintf(h.res, sizeof(h.res), "%s", res);
		snprintf(h.cg, sizeof(h.cg), "%s", cgp_show(rel));
		ret = proc_starttime(h.pid, &h.start);
		if (!ret)
			ret = holder_save(&h);
		if (ret) {
			kill(h.pid, SIGKILL);
			waitpid(h.pid, NULL, 0);
			close(lock);
			return sc_err(s, "cannot record holder %d in " HOLDER_DIR ": %s",
				      (int)h.pid, strerror(-ret));
		}
		printf("launched vm %u (pid %d) in %s\n", h.vm, (int)h.pid,
		       h.cg);
	}
	close(lock);
	return 0;
}
