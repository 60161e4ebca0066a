// SPDX-License-Identifier: GPL-2.0
/*
 * Units charged ahead on one CPU, and what CPU hotplug does to them.
 *
 * A design that serves charges from per-CPU stocks (misc-batched: a batch
 * of 32 charged to the hierarchy, units taken from it locally) keeps a
 * unit freed on one CPU in that CPU's stock: still charged against every
 * max, not in use.  A charge on another CPU can then be refused although
 * nothing is in use, until the stock is drained; taking the CPU offline
 * must drain it.  Every other design charges exactly, and the same charge
 * is admitted at once.  The branch documents which it does
 * (STOCKED_CHARGES in its files list); the point checks what it documents
 * and, on every design, that a charge fits once that CPU is offline.
 */
#define _GNU_SOURCE	/* sched_setaffinity() */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "suite.h"

#define OTHER_CPU	1
#define CPU_ONLINE	"/sys/devices/system/cpu/cpu1/online"
/* The limit a batch of misc-batched (32 units) fills exactly. */
#define STOCK_MAX	"32"

static int run_on(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

static void run_anywhere(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	CPU_SET(OTHER_CPU, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static int set_online(const char *value)
{
	int fd = open(CPU_ONLINE, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, value, 1) != 1)
		ret = -errno;
	close(fd);
	return ret;
}

/* Charge and free 1 on OTHER_CPU, then charge 1 on CPU 0: its result. */
static int charge_after_other_cpu(struct point *p, int fd, uint32_t *h)
{
	uint32_t h1;
	int ret = run_on(OTHER_CPU);

	if (ret) {
		pt_fail(p, "cannot run on cpu %d: %s", OTHER_CPU, pt_err(-ret));
		return ret;
	}
	if (!pt_charge_ok(p, fd, NULL, 1, &h1) || !pt_uncharge(p, fd, h1))
		return -EIO;
	ret = run_on(0);
	if (ret) {
		pt_fail(p, "cannot run on cpu 0: %s", pt_err(-ret));
		return ret;
	}
	return pt_charge(p, fd, NULL, 1, h);
}

CASE(case_stock_freed_by_cpu_offline)
{
	bool stocked = suite_documents(p->s, STOCKED_CHARGES);
	const char *a = pt_cg(p, "A");
	uint64_t used = 0, cur = 0;
	uint32_t h;
	int fd = pt_chg(p), ret, off;

	if (!a || fd < 0 || !pt_set_max(p, a, NULL, STOCK_MAX) || !pt_enter(p, a))
		return FAIL;
	/* Room for a batch at the root, whatever the capacity. */
	if (pt_root_usage(p, NULL, &used) || pt_set_capacity(p, NULL, used + 64)) {
		pt_fail(p, "cannot raise the capacity of %s to %" PRIu64,
			p->res, used + 64);
		return FAIL;
	}
	ret = charge_after_other_cpu(p, fd, &h);
	if (ret == -EIO || (ret && ret != -EBUSY))
		goto out;
	pt_current(p, a, NULL, &cur);
	pt_obs(p, "max " STOCK_MAX " in A, 1 charged and freed on cpu %d, charge of 1 on cpu 0: %s, A reads %" PRIu64,
	       OTHER_CPU, pt_err(-ret), cur);
	if (!ret)
		pt_uncharge(p, fd, h);
	if (stocked && ret != -EBUSY)
		pt_fail(p, "documented stock: the unit freed on cpu %d stays charged there, so EBUSY, got %s",
			OTHER_CPU, pt_err(-ret));
	else if (!stocked && ret)
		pt_fail(p, "nothing in use under max " STOCK_MAX ", yet %s", pt_err(-ret));
	/* A CPU that goes offline gives back whatever it holds. */
	off = set_online("0");
	if (off) {
		pt_fail(p, "cannot take cpu %d offline: %s", OTHER_CPU, pt_err(-off));
		goto out;
	}
	if (pt_charge_ok(p, fd, NULL, 1, &h)) {
		pt_obs_add(p, "after cpu %d offline: admitted", OTHER_CPU);
		pt_uncharge(p, fd, h);
	}
	off = set_online("1");
	if (off)
		pt_fail(p, "cannot bring cpu %d back: %s", OTHER_CPU, pt_err(-off));
out:
	run_anywhere();
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}
