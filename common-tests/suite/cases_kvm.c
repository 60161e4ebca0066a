// SPDX-License-Identifier: GPL-2.0
/*
 * Real SEV charging: KVM_SEV_INIT (sev) and KVM_SEV_ES_INIT (sev_es) charge
 * the caller's cgroup for one ASID, closing the last VM fd uncharges it.
 * Limits written to the interface files refuse an init with EBUSY.
 *
 * VM destruction may lag the close slightly, so counts that must drop are
 * polled (pt_wait_current).  Capacities are read from the files, never
 * assumed.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kvm.h"
#include "suite.h"

#define CHILD_READY_MS	5000

/* A new VM whose init is expected to fail with -@err; it stays open. */
static int vm_init_err(struct point *p, int err)
{
	int vm = pt_vm(p), ret;

	if (vm < 0)
		return -1;
	ret = kvm_sev_init(vm, p->res);
	if (ret != -err) {
		pt_fail(p, "%s init: %s, expected %s", p->res, pt_err(ret),
			pt_err(err));
		return -1;
	}
	return vm;
}

CASE(case_kvm_init_charges)
{
	const char *a = pt_cg(p, "A"), *b = pt_cg(p, "B");
	const char *c = a ? pt_cg(p, "A/C") : NULL;
	uint64_t root0 = 0;
	int vm;

	if (!c || !b || !pt_enter(p, c))
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	vm = pt_vm_sev(p, NULL);
	if (vm < 0)
		return FAIL;
	pt_expect_current(p, c, NULL, 1);
	pt_expect_current(p, a, NULL, 1);
	pt_expect_current(p, b, NULL, 0);
	pt_expect_others(p, c, 0);
	pt_expect_root_usage(p, NULL, root0 + 1);
	if (!pt_leave(p))
		return FAIL;
	pt_vm_close(p, vm);
	pt_wait_current(p, c, NULL, 0);
	pt_expect_current(p, a, NULL, 0);
	pt_expect_root_usage(p, NULL, root0);
	pt_obs(p, "init charged 1 to A/C and A, not B or other types; close uncharged");
	return pt_result(p);
}

/*
 * KVM's own errno for a second KVM_SEV_INIT, not the controller's: 6.1's
 * sev_guest_init() says EBUSY, 6.12's __sev_guest_init() EINVAL.  0 for a
 * kernel of another version: either is accepted there.
 */
static int second_init_errno(void)
{
	struct utsname u;
	int major, minor;

	if (uname(&u) || sscanf(u.release, "%d.%d", &major, &minor) != 2)
		return 0;
	if (major == 6 && minor == 1)
		return -EBUSY;
	if (major == 6 && minor == 12)
		return -EINVAL;
	return 0;
}

CASE(case_kvm_init_twice)
{
	const char *c = pt_cg(p, "C");
	int vm, ret, want;

	if (!c || !pt_enter(p, c) || (vm = pt_vm_sev(p, NULL)) < 0)
		return FAIL;
	ret = kvm_sev_init(vm, p->res);
	want = second_init_errno();
	pt_obs(p, "second init of one VM: %s", pt_err(ret));
	if (want ? ret != want : ret != -EBUSY && ret != -EINVAL)
		pt_fail(p, "second init: %s, expected %s", pt_err(ret),
			want ? pt_err(want) : "EBUSY or EINVAL");
	pt_expect_current(p, c, NULL, 1);
	return pt_result(p);
}

CASE(case_kvm_limit_leaf)
{
	const char *c = pt_cg(p, "C");
	int vm;

	if (!c || !pt_set_max(p, c, NULL, "1") || !pt_enter(p, c))
		return FAIL;
	if ((vm = pt_vm_sev(p, NULL)) < 0 || vm_init_err(p, EBUSY) < 0)
		return FAIL;
	pt_expect_current(p, c, NULL, 1);
	pt_vm_close(p, vm);
	if (!pt_wait_current(p, c, NULL, 0) || pt_vm_sev(p, NULL) < 0)
		return FAIL;
	pt_obs(p, "max 1: second init EBUSY, admitted again after the first VM closed");
	return pt_result(p);
}

CASE(case_kvm_limit_zero_retry)
{
	const char *c = pt_cg(p, "C");
	int vm, ret;

	if (!c || !pt_set_max(p, c, NULL, "0") || !pt_enter(p, c))
		return FAIL;
	if ((vm = vm_init_err(p, EBUSY)) < 0)
		return FAIL;
	pt_expect_current(p, c, NULL, 0);
	if (!pt_set_max(p, c, NULL, "1"))
		return FAIL;
	ret = kvm_sev_init(vm, p->res);
	pt_obs(p, "max 0: init EBUSY, no charge; same VM after max 1: %s",
	       pt_err(ret));
	if (ret)
		pt_fail(p, "init after raising the max: %s", pt_err(ret));
	pt_expect_current(p, c, NULL, ret ? 0 : 1);
	return pt_result(p);
}

CASE(case_kvm_limit_parent)
{
	const char *a = pt_cg(p, "A");
	const char *c1 = a ? pt_cg(p, "A/C1") : NULL;
	const char *c2 = a ? pt_cg(p, "A/C2") : NULL;

	if (!c1 || !c2 || !pt_set_max(p, a, NULL, "1"))
		return FAIL;
	if (!pt_enter(p, c1) || pt_vm_sev(p, NULL) < 0 || !pt_enter(p, c2) ||
	    vm_init_err(p, EBUSY) < 0)
		return FAIL;
	pt_expect_current(p, c1, NULL, 1);
	pt_expect_current(p, c2, NULL, 0);
	pt_expect_current(p, a, NULL, 1);
	pt_obs(p, "A max 1: init in C1 admitted, init in C2 EBUSY");
	return pt_result(p);
}

/* The cgroup charged is the one the task is in at init, not at create. */
CASE(case_kvm_charge_at_init)
{
	const char *c1 = pt_cg(p, "C1"), *c2 = pt_cg(p, "C2");
	int vm, ret;

	if (!c1 || !c2 || !pt_enter(p, c1) || (vm = pt_vm(p)) < 0 ||
	    !pt_enter(p, c2))
		return FAIL;
	ret = kvm_sev_init(vm, p->res);
	if (ret) {
		pt_fail(p, "%s init: %s", p->res, pt_err(ret));
		return FAIL;
	}
	pt_expect_current(p, c1, NULL, 0);
	pt_expect_current(p, c2, NULL, 1);
	pt_obs(p, "VM created in C1, init in C2: C2 charged");
	return pt_result(p);
}

CASE(case_kvm_uncharge_original)
{
	const char *c1 = pt_cg(p, "C1"), *c2 = pt_cg(p, "C2");
	int vm;

	if (!c1 || !c2 || !pt_enter(p, c1) || (vm = pt_vm_sev(p, NULL)) < 0 ||
	    !pt_enter(p, c2))
		return FAIL;
	pt_expect_current(p, c1, NULL, 1);
	pt_vm_close(p, vm);
	pt_wait_current(p, c1, NULL, 0);
	pt_expect_current(p, c2, NULL, 0);
	pt_obs(p, "init in C1, task moved to C2, close uncharged C1");
	return pt_result(p);
}

static void hold_vm(int kvm_fd, const char *cg, const char *res, int wfd)
{
	int vm;

	if (cg_move(cg, 0))
		_exit(1);
	vm = kvm_vm_create(kvm_fd);
	if (vm < 0 || kvm_sev_init(vm, res))
		_exit(2);
	if (write(wfd, "x", 1) != 1)
		_exit(3);
	for (;;)
		pause();
}

CASE(case_kvm_sigkill_releases)
{
	const char *c = pt_cg(p, "C");
	struct pollfd pfd;
	int pipefd[2];
	pid_t pid;
	char x;

	if (!c || pipe(pipefd))
		return FAIL;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		pt_fail(p, "fork failed");
		return FAIL;
	}
	if (!pid) {
		close(pipefd[0]);
		hold_vm(p->s->kvm_fd, c, p->res, pipefd[1]);
	}
	close(pipefd[1]);
	pt_track_pid(p, pid);
	pfd = (struct pollfd){ .fd = pipefd[0], .events = POLLIN };
	if (poll(&pfd, 1, CHILD_READY_MS) != 1 || read(pipefd[0], &x, 1) != 1) {
		close(pipefd[0]);
		pt_fail(p, "the child did not init a VM in %s", pt_rel(p, c));
		return FAIL;
	}
	close(pipefd[0]);
	pt_expect_current(p, c, NULL, 1);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	p->npids = 0;
	pt_wait_current(p, c, NULL, 0);
	pt_obs(p, "SIGKILLed child holding an initialized VM left C at 0");
	return pt_result(p);
}

/* Init @n VMs in the current cgroup; false (reported) if any fails. */
static bool init_n(struct point *p, uint64_t n, int *vms)
{
	for (uint64_t i = 0; i < n; i++) {
		vms[i] = pt_vm_sev(p, NULL);
		if (vms[i] < 0) {
			pt_note(p, "init %" PRIu64 " of %" PRIu64 " failed", i + 1,
				n);
			return false;
		}
	}
	return true;
}

static bool room_for(struct point *p, uint64_t n)
{
	if (n + 2 <= PT_MAX_VMS)
		return true;
	pt_skip(p, "%" PRIu64 " ASIDs is more than this suite opens", n);
	return false;
}

/* No limits: exactly the free capacity is admitted, then EBUSY, no charge. */
CASE(case_kvm_exhaust_capacity)
{
	const char *c = pt_cg(p, "C");
	int vms[PT_MAX_VMS];

	if (!room_for(p, p->avail))
		return SKIP;
	if (!c || !pt_enter(p, c) || !init_n(p, p->avail, vms))
		return FAIL;
	if (vm_init_err(p, EBUSY) < 0)
		return FAIL;
	pt_expect_current(p, c, NULL, p->avail);
	pt_expect_root_usage(p, NULL, p->cap);
	pt_obs(p, "%" PRIu64 " inits admitted (capacity %" PRIu64
	       "), the next EBUSY, current stayed %" PRIu64,
	       p->avail, p->cap, p->avail);
	pt_vm_close_all(p);
	pt_wait_current(p, c, NULL, 0);
	return pt_result(p);
}

/* Freed ASIDs come back: two full rounds. */
CASE(case_kvm_asid_recycle)
{
	const char *c = pt_cg(p, "C");
	int vms[PT_MAX_VMS];

	if (!room_for(p, p->avail))
		return SKIP;
	if (!c || !pt_enter(p, c))
		return FAIL;
	for (int round = 1; round <= 2; round++) {
		if (!init_n(p, p->avail, vms)) {
			pt_obs(p, "round %d of %" PRIu64 " inits failed", round,
			       p->avail);
			return FAIL;
		}
		pt_vm_close_all(p);
		if (!pt_wait_current(p, c, NULL, 0))
			return FAIL;
	}
	pt_obs(p, "two rounds of %" PRIu64 " inits, all admitted", p->avail);
	return pt_result(p);
}

/*
 * Capacity raised above the ASID count: the charge passes, the ASID search
 * fails, and the charge must be rolled back.
 */
CASE(case_kvm_asid_exhaust_uncharges)
{
	const char *c = pt_cg(p, "C");
	int vms[PT_MAX_VMS], ret;

	if (p->avail != p->cap)
		return pt_skip(p, "ASIDs in use elsewhere");
	if (!room_for(p, p->cap))
		return SKIP;
	if (!c || !pt_enter(p, c))
		return FAIL;
	ret = pt_set_capacity(p, NULL, p->cap + 8);
	if (ret) {
		pt_fail(p, "SET_CAPACITY %" PRIu64 ": %s", p->cap + 8,
			pt_err(ret));
		return FAIL;
	}
	if (init_n(p, p->cap, vms) && vm_init_err(p, EBUSY) >= 0) {
		pt_expect_current(p, c, NULL, p->cap);
		pt_obs(p, "capacity %" PRIu64 " over %" PRIu64
		       " ASIDs: init past the ASIDs EBUSY, current stayed %" PRIu64,
		       p->cap + 8, p->cap, p->cap);
	}
	pt_vm_close_all(p);
	pt_wait_current(p, c, NULL, 0);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}
