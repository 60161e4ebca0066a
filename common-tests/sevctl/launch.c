// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl launch: each simulated VM is a holder process that moves itself
 * into the cgroup, creates a VM and runs KVM_SEV_INIT (or KVM_SEV_ES_INIT),
 * which takes an ASID and charges the cgroup.  The holder then keeps the
 * fds open and sleeps in its own session, so the shell's Ctrl-C does not
 * reach it; ending it (sevctl destroy, kill) closes the VM and uncharges.
 *
 * sevctl mirror and sevctl move start a holder the same way, whose new VM
 * takes another holder's VM as its source instead of running an INIT: a
 * mirror shares the source's ASID (KVM_CAP_VM_COPY_ENC_CONTEXT_FROM) and
 * charges nothing; a move (KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM, intra-host
 * migration) takes the source's context and ASID, and leaves the source
 * without.  The new holder gets the source VM's fd with pidfd_getfd():
 * every holder keeps its VM at fd HOLDER_VM_FD.
 */
#define _GNU_SOURCE	/* strchrnul, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
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
enum hold_stage { HOLD_OK, HOLD_MOVE, HOLD_KVM, HOLD_VM, HOLD_SOURCE, HOLD_INIT };

struct hold_report {
	int stage;
	int err;
};

/* Where a holder keeps its VM's fd, for another holder's pidfd_getfd(). */
#define HOLDER_VM_FD	100

/* The new VM: its own INIT, or another holder's VM mirrored or moved. */
enum hold_how { HOLD_NEW, HOLD_MIRROR, HOLD_MOVE_FROM };

struct hold_spec {
	enum hold_how how;
	const char *res;	/* HOLD_NEW: sev or sev_es */
	pid_t source;		/* HOLD_MIRROR, HOLD_MOVE_FROM: its holder */
};

/* The VM fd of holder @pid, or -errno. */
static int source_vm(pid_t pid)
{
	int pidfd = syscall(SYS_pidfd_open, pid, 0), fd;

	if (pidfd < 0)
		return -errno;
	fd = syscall(SYS_pidfd_getfd, pidfd, HOLDER_VM_FD, 0);
	fd = fd < 0 ? -errno : fd;
	close(pidfd);
	return fd;
}

static struct hold_report hold_setup(const char *abs,
				     const struct hold_spec *spec)
{
	int kvm, vm, src, ret;

	ret = cg_move(abs, 0);
	if (ret)
		return (struct hold_report){ HOLD_MOVE, -ret };
	kvm = kvm_open();
	if (kvm < 0)
		return (struct hold_report){ HOLD_KVM, -kvm };
	vm = kvm_vm_create(kvm);
	if (vm < 0)
		return (struct hold_report){ HOLD_VM, -vm };
	if (vm != HOLDER_VM_FD) {
		if (dup2(vm, HOLDER_VM_FD) < 0)
			return (struct hold_report){ HOLD_VM, errno };
		close(vm);
		vm = HOLDER_VM_FD;
	}
	if (spec->how == HOLD_NEW) {
		ret = kvm_sev_init(vm, spec->res);
	} else {
		src = source_vm(spec->source);
		if (src < 0)
			return (struct hold_report){ HOLD_SOURCE, -src };
		ret = spec->how == HOLD_MIRROR ? kvm_copy_enc_from(vm, src) :
						  kvm_move_enc_from(vm, src);
		/* The source VM must not live on in this holder. */
		close(src);
	}
	if (ret)
		return (struct hold_report){ HOLD_INIT, -ret };
	/* Both fds stay open: the VM and its ASID live as long as we do. */
	return (struct hold_report){ HOLD_OK, 0 };
}

static void __attribute__((noreturn)) hold(const char *abs,
					   const struct hold_spec *spec, int wfd)
{
	struct hold_report r;
	int null;

	/* Nothing of the caller but the report pipe: not its holder lock. */
	for (int fd = 3; fd < 1024; fd++)
		if (fd != wfd)
			close(fd);
	setsid();
	signal(SIGHUP, SIG_IGN);
	r = hold_setup(abs, spec);
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

static const char *stage_text(int stage, const struct hold_spec *spec)
{
	switch (stage) {
	case HOLD_KVM:
		return "/dev/kvm";
	case HOLD_VM:
		return "KVM_CREATE_VM";
	case HOLD_SOURCE:
		return "pidfd_getfd of the source VM";
	default:
		if (spec->how == HOLD_MIRROR)
			return "KVM_CAP_VM_COPY_ENC_CONTEXT_FROM";
		if (spec->how == HOLD_MOVE_FROM)
			return "KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM";
		return strcmp(spec->res, "sev") ? "KVM_SEV_ES_INIT" : "KVM_SEV_INIT";
	}
}

/* Start one holder.  Return: its pid, or 0 after printing why not. */
static pid_t launch_one(const struct sevctl *s, const char *rel,
			const struct hold_spec *spec)
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
		hold(abs, spec, p[1]);
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
	if (r.stage == HOLD_INIT && spec->how == HOLD_NEW)
		explain(s, rel, spec->res, why, sizeof(why));
	fflush(stdout);
	if (why[0])
		fprintf(stderr, "launch failed: %s%s\n", strerror(r.err), why);
	else if (r.stage == HOLD_MOVE)
		fprintf(stderr, "launch failed: cannot move the holder into %s: %s%s\n",
			cgp_show(rel), strerror(r.err),
			r.err == EBUSY && cg_is_v2() ? V2_LEAVES : "");
	else
		fprintf(stderr, "launch failed: %s: %s (in %s)\n",
			stage_text(r.stage, spec), strerror(r.err),
			cgp_show(rel));
	return 0;
}

/*
 * Start @count holders in @rel as @spec says and record them as @res
 * ("mirror:<vm>" for a mirror of VM <vm>, which charges nothing); the
 * caller holds the holder lock.
 * Return: 0, or 1 after printing why not; *last gets the last one.
 */
static int start_holders(const struct sevctl *s, const char *rel,
			 const struct hold_spec *spec, const char *res,
			 uint64_t count, struct holder *last)
{
	static struct holder live[HOLDER_MAX];
	unsigned int vm = 0;
	int n = holders_load(live, HOLDER_MAX);

	for (int i = 0; i < n; i++)
		if (live[i].vm > vm)
			vm = live[i].vm;
	if (n >= 0 && n + count > HOLDER_MAX)
		return sc_err(s, "%d VMs are running already, at most %d",
			      n, HOLDER_MAX);
	for (uint64_t i = 0; i < count; i++) {
		struct holder h = { 0 };
		int ret;

		h.pid = launch_one(s, rel, spec);
		if (!h.pid)
			return 1;
		h.vm = ++vm;
		snprintf(h.res, sizeof(h.res), "%s", res);
		snprintf(h.cg, sizeof(h.cg), "%s", cgp_show(rel));
		ret = proc_starttime(h.pid, &h.start);
		if (!ret)
			ret = holder_save(&h);
		if (ret) {
			kill(h.pid, SIGKILL);
			waitpid(h.pid, NULL, 0);
			return sc_err(s, "cannot record holder %d in " HOLDER_DIR ": %s",
				      (int)h.pid, strerror(-ret));
		}
		if (spec->how == HOLD_NEW)
			printf("launched vm %u (pid %d) in %s\n", h.vm,
			       (int)h.pid, h.cg);
		*last = h;
	}
	return 0;
}

/* "-c <cgroup>" at @argv[@i]: the cgroup, else the caller's own. */
static int cgroup_opt(struct sevctl *s, int argc, char **argv, int i,
		      const char *usage, char *rel)
{
	const char *cg = NULL;

	for (; i < argc; i += 2) {
		if (i + 1 == argc || strcmp(argv[i], "-c"))
			return sc_usage(s, usage);
		cg = argv[i + 1];
	}
	return cg ? cgp_arg(s, cg, rel, true) : cgp_self(s, rel);
}

int cmd_launch(struct sevctl *s, int argc, char **argv)
{
	static const char usage[] = "launch <sev|sev_es> [-n N] [-c <cgroup>]";
	struct hold_spec spec = { .how = HOLD_NEW };
	const char *cg = NULL;
	char rel[CG_PATH_LEN];
	struct holder last;
	uint64_t count = 1;
	int lock, ret;

	if (argc < 2 || argv[1][0] == '-')
		return sc_usage(s, usage);
	spec.res = argv[1];
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
	if (!kvm_res_known(spec.res))
		return sc_err(s, "unknown VM type '%s' (sev or sev_es)", spec.res);
	if (sc_setup(s))
		return 1;
	if (cg ? cgp_arg(s, cg, rel, true) : cgp_self(s, rel))
		return 1;
	lock = holders_lock();
	if (lock < 0)
		return sc_err(s, HOLDER_DIR ": %s", strerror(-lock));
	ret = start_holders(s, rel, &spec, spec.res, count, &last);
	close(lock);
	return ret;
}

/*
 * sevctl mirror <vm> and sevctl move <vm>: a new VM, in -c <cgroup> or the
 * caller's, from VM <vm>'s encryption context.
 */
static int from_vm(struct sevctl *s, int argc, char **argv, enum hold_how how)
{
	const char *usage = how == HOLD_MIRROR ? "mirror <vm> [-c <cgroup>]" :
						 "move <vm> [-c <cgroup>]";
	static struct holder live[HOLDER_MAX];
	struct hold_spec spec = { .how = how };
	struct holder *src = NULL, made;
	char res[CTL_NAME_LEN];
	char rel[CG_PATH_LEN];
	uint64_t vm;
	int lock, n, ret;

	if (argc < 2 || parse_u64(argv[1], &vm))
		return sc_usage(s, usage);
	if (sc_setup(s) || cgroup_opt(s, argc, argv, 2, usage, rel))
		return 1;
	lock = holders_lock();
	if (lock < 0)
		return sc_err(s, HOLDER_DIR ": %s", strerror(-lock));
	n = holders_load(live, HOLDER_MAX);
	if (n < 0) {
		close(lock);
		return sc_err(s, HOLDER_DIR ": %s", strerror(-n));
	}
	for (int i = 0; i < n; i++)
		if (live[i].vm == vm)
			src = &live[i];
	if (!src) {
		close(lock);
		return sc_err(s, "no running vm %" PRIu64 " (see: sevctl list)", vm);
	}
	if (!strcmp(src->res, "moved")) {
		close(lock);
		return sc_err(s, "vm %" PRIu64 " was moved out: it has no encryption context left",
			      vm);
	}
	spec.source = src->pid;
	/*
	 * A mirror is recorded with its source, "mirror:<vm>": KVM keeps the
	 * source alive, and its ASID charged, until its last mirror ends.  A
	 * VM moved from a mirror becomes a mirror of the same source.
	 */
	if (how == HOLD_MIRROR && strncmp(src->res, "mirror:", 7))
		snprintf(res, sizeof(res), "mirror:%u", src->vm);
	else
		snprintf(res, sizeof(res), "%s", src->res);
	ret = start_holders(s, rel, &spec, res, 1, &made);
	if (!ret && how == HOLD_MIRROR)
		printf("launched vm %u (pid %d) in %s, a mirror of vm %u: it shares its ASID and charges nothing\n",
		       made.vm, (int)made.pid, made.cg, src->vm);
	if (!ret && how == HOLD_MOVE_FROM) {
		printf("launched vm %u (pid %d) in %s with the context of vm %u (%s), which holds none now\n",
		       made.vm, (int)made.pid, made.cg, src->vm, src->res);
		snprintf(src->res, sizeof(src->res), "moved");
		if (holder_save(src))
			ret = sc_err(s, "cannot record vm %u as moved", src->vm);
	}
	close(lock);
	return ret;
}

int cmd_mirror(struct sevctl *s, int argc, char **argv)
{
	return from_vm(s, argc, argv, HOLD_MIRROR);
}

int cmd_move(struct sevctl *s, int argc, char **argv)
{
	return from_vm(s, argc, argv, HOLD_MOVE_FROM);
}
