// SPDX-License-Identifier: GPL-2.0
/*
 * Ownership: a charge belongs to the cgroup that was charged, whatever the
 * charging task does afterwards (both designs' "Migration and Ownership"),
 * and every way of letting go of it uncharges that cgroup.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "charge.h"
#include "suite.h"

/* How long a child may take to report that it holds its charge. */
#define CHILD_READY_MS	5000

CASE(case_charge_stays_after_move)
{
	const char *a = pt_cg(p, "A");
	const char *c1 = a ? pt_cg(p, "A/C1") : NULL;
	const char *c2 = a ? pt_cg(p, "A/C2") : NULL;
	uint32_t h1, h2;
	int fd = pt_chg(p);

	if (!c1 || !c2 || fd < 0 || !pt_enter(p, c1) ||
	    !pt_charge_ok(p, fd, NULL, 2, &h1) || !pt_enter(p, c2))
		return FAIL;
	pt_expect_current(p, c1, NULL, 2);
	pt_expect_current(p, c2, NULL, 0);
	if (!pt_charge_ok(p, fd, NULL, 1, &h2))
		return FAIL;
	pt_expect_current(p, c2, NULL, 1);
	pt_uncharge(p, fd, h1);
	pt_expect_current(p, c1, NULL, 0);
	pt_expect_current(p, c2, NULL, 1);
	pt_expect_current(p, a, NULL, 1);
	pt_obs(p, "charge stayed in C1 after the task moved to C2, uncharge from C2 hit C1");
	return pt_result(p);
}

CASE(case_rmdir_with_charge)
{
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	uint32_t h;
	int fd = pt_chg(p), ret;

	if (!c || fd < 0 || !pt_enter(p, c) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h) || !pt_leave(p))
		return FAIL;
	/*
	 * Both designs' "Migration and Ownership": a charge stays with its
	 * cgroup until it is freed; cgroup core removes a cgroup without
	 * tasks or children, charged or not.
	 */
	ret = cg_rmdir(c, SETTLE_MS);
	pt_obs(p, "rmdir with 1 charged: %s", pt_err(ret));
	if (ret) {
		pt_fail(p, "rmdir %s refused: %s", pt_rel(p, c), pt_err(ret));
		pt_uncharge(p, fd, h);
		return pt_result(p);
	}
	if (pt_expect_current(p, a, NULL, 1))
		pt_obs_add(p, "parent kept 1");
	pt_uncharge(p, fd, h);
	if (pt_expect_current(p, a, NULL, 0))
		pt_obs_add(p, "0 after uncharge");
	return pt_result(p);
}

CASE(case_fd_close_releases)
{
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	uint64_t root0 = 0;
	uint32_t h;
	int fd = pt_chg_new(p);

	if (!c || fd < 0 || !pt_enter(p, c))
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	if (!pt_charge_ok(p, fd, NULL, 2, &h) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	pt_expect_current(p, a, NULL, 3);
	pt_chg_close(p, fd);
	pt_wait_current(p, c, NULL, 0);
	pt_expect_current(p, a, NULL, 0);
	pt_expect_root_usage(p, NULL, root0);
	pt_obs(p, "closing the module fd with 3 held uncharged C and A");
	return pt_result(p);
}

/* In the child: enter @cg, charge 2, tell the parent, wait to be killed. */
static void hold_charge(const char *cg, int type, int wfd)
{
	uint32_t h;
	int fd;

	if (cg_move(cg, 0))
		_exit(1);
	fd = chg_open();
	if (fd < 0 || chg_charge(fd, type, 2, &h))
		_exit(2);
	if (write(wfd, "x", 1) != 1)
		_exit(3);
	for (;;)
		pause();
}

/* Wait for one byte from the child; false on timeout or early exit. */
static bool child_ready(int rfd)
{
	struct pollfd pfd = { .fd = rfd, .events = POLLIN };
	char c;

	return poll(&pfd, 1, CHILD_READY_MS) == 1 && read(rfd, &c, 1) == 1;
}

CASE(case_sigkill_releases)
{
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	int pipefd[2], status;
	pid_t pid;

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
		hold_charge(c, p->type, pipefd[1]);
	}
	close(pipefd[1]);
	pt_track_pid(p, pid);
	if (!child_ready(pipefd[0])) {
		close(pipefd[0]);
		pt_fail(p, "the child did not charge 2 in %s", pt_rel(p, c));
		return FAIL;
	}
	close(pipefd[0]);
	pt_expect_current(p, c, NULL, 2);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	p->npids = 0;
	pt_wait_current(p, c, NULL, 0);
	pt_expect_current(p, a, NULL, 0);
	pt_obs(p, "SIGKILLed child holding 2 left C and A at 0");
	return pt_result(p);
}
