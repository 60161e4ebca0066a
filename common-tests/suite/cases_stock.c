// SPDX-License-Identifier: GPL-2.0
/*
 * Units charged ahead on one CPU: what a charge on another CPU, and CPU
 * hotplug, do with them.
 *
 * A design that serves charges from per-CPU stocks (misc-batched: a batch
 * of 32 charged to the hierarchy, units taken from it locally) keeps a
 * unit freed on one CPU in that CPU's stock: still charged against every
 * max, not in use.  Before a level refuses a charge it must drain the
 * stocks charged to it on every CPU and try again, as memcg's try_charge()
 * does, or units nobody uses refuse charges on other CPUs for as long as
 * their CPU does not charge again; taking a CPU offline must drain its
 * stock.  Every other design charges exactly, and the same charges are
 * admitted at once.  The branch documents which it does (STOCKED_CHARGES
 * in its files list); the points check what it documents and, on every
 * design, that every cgroup reaches its max whatever the other CPU holds.
 *
 * stock_freed_by_cpu_offline drives the controller through the module, in
 * every boot; the wide_stock_* points make real SEV VMs (KVM_SEV_INIT and
 * KVM_SEV_ES_INIT), which charge a unit each, and need more units than a
 * batch: they run in the wide boot (WIDE_AVAIL).
 */
#define _GNU_SOURCE	/* sched_setaffinity() */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "charge.h"
#include "kvm.h"
#include "suite.h"

#define OTHER_CPU	1
#define CPU_ONLINE	"/sys/devices/system/cpu/cpu1/online"
/* The limit a batch of misc-batched (32 units) fills exactly. */
#define STOCK_MAX	"32"
/*
 * The wide points' limits: room for two batches below the parent, and a
 * leaf limit that a batch fits but two do not.
 */
#define WIDE_PARENT_MAX	64
#define WIDE_OWN_MAX	48

int pt_run_on(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -errno : 0;
}

void pt_run_anywhere(void)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
		CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

bool pt_level_usage(struct point *p, unsigned int up, uint64_t *v)
{
	struct asid_test_sample s = { .type = p->type, .limit_up = up };
	int fd = pt_chg(p), ret;

	if (fd < 0)
		return false;
	ret = chg_sample(fd, &s);
	if (ret) {
		pt_fail(p, "ASID_TEST_SAMPLE of %s, %u levels up: %s", p->res,
			up, pt_err(ret));
		return false;
	}
	*v = s.max_usage;
	return true;
}

/* Run on @cpu alone, or fail the point. */
static bool on_cpu(struct point *p, int cpu)
{
	int ret = pt_run_on(cpu);

	if (ret)
		pt_fail(p, "cannot run on cpu %d: %s", cpu, pt_err(ret));
	return !ret;
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

/* Charge and free 1 on @cpu, in the caller's cgroup. */
static bool charge_free_on(struct point *p, int fd, int cpu)
{
	uint32_t h;

	return on_cpu(p, cpu) && pt_charge_ok(p, fd, NULL, 1, &h) &&
	       pt_uncharge(p, fd, h);
}

CASE(case_stock_freed_by_cpu_offline)
{
	bool stocked = suite_documents(p->s, STOCKED_CHARGES);
	uint64_t want = stocked ? STOCK_BATCH : 0;
	const char *a = pt_cg(p, "A");
	uint64_t used = 0, held = 0, cur = 0, after = 0;
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
	/* A unit charged and freed on the other CPU: stocked there, or gone. */
	if (!charge_free_on(p, fd, OTHER_CPU) || !on_cpu(p, 0) ||
	    !pt_level_usage(p, 0, &held) || !pt_current(p, a, NULL, &cur))
		goto out;
	pt_obs(p, "max " STOCK_MAX " in A, 1 charged and freed on cpu %d: A's counter %" PRIu64 ", its current %" PRIu64,
	       OTHER_CPU, held, cur);
	if (held != want)
		pt_fail(p, stocked ? "documented stock: the unit freed on cpu %d stays charged there with its batch, so %" PRIu64 ", read %" PRIu64 :
				     "nothing stocked, so cpu %d keeps nothing: %" PRIu64 ", read %" PRIu64,
			OTHER_CPU, want, held);
	if (cur)
		pt_fail(p, "nothing in use, yet A's current reads %" PRIu64, cur);
	/* On a stocked design A's max refuses it unless cpu 1's stock drains. */
	ret = pt_charge(p, fd, NULL, 1, &h);
	pt_obs_add(p, "charge of 1 on cpu 0: %s", ret ? pt_err(ret) : "admitted");
	if (!ret)
		pt_uncharge(p, fd, h);
	else
		pt_fail(p, "nothing in use under max " STOCK_MAX ", yet the charge on cpu 0: %s%s",
			pt_err(ret), stocked ? " (a level must drain the stocks charged to it before it refuses)" : "");
	/* Stocked on cpu 1 again: taking it offline must give the units back. */
	if (!charge_free_on(p, fd, OTHER_CPU) || !on_cpu(p, 0))
		goto out;
	off = set_online("0");
	if (off) {
		pt_fail(p, "cannot take cpu %d offline: %s", OTHER_CPU, pt_err(off));
		goto out;
	}
	if (pt_level_usage(p, 0, &after)) {
		pt_obs_add(p, "after cpu %d offline: A's counter %" PRIu64,
			   OTHER_CPU, after);
		if (after)
			pt_fail(p, "cpu %d is offline, yet A's counter holds %" PRIu64,
				OTHER_CPU, after);
	}
	off = set_online("1");
	if (off)
		pt_fail(p, "cannot bring cpu %d back: %s", OTHER_CPU, pt_err(off));
out:
	pt_run_anywhere();
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}

/*
 * Init VMs of p->res in the caller's cgroup until one is refused or @most
 * are held.  Return: how many were admitted; *err gets the refusal (0 if
 * none), or -EIO if no VM could be made (reported).
 */
static int fill(struct point *p, int most, int *err)
{
	int n = 0, vm;

	*err = 0;
	while (n < most) {
		vm = pt_vm(p);
		if (vm < 0) {
			*err = -EIO;
			break;
		}
		*err = kvm_sev_init(vm, p->res);
		if (*err) {
			pt_vm_close(p, vm);
			break;
		}
		n++;
	}
	return n;
}

/* One VM of p->res in @cg, made on the other CPU: a batch stocked there. */
static bool one_on_other_cpu(struct point *p, const char *cg)
{
	return on_cpu(p, OTHER_CPU) && pt_enter(p, cg) && pt_vm_sev(p, NULL) >= 0;
}

/* "<n> admitted, the next EBUSY" or "... none refused", for observations. */
static void obs_fill(struct point *p, const char *who, int n, int err)
{
	if (err)
		pt_obs_add(p, "%s admitted %d VMs, the next %s", who, n,
			   pt_err(err));
	else
		pt_obs_add(p, "%s admitted %d VMs, none refused", who, n);
}

/* A charge refused short of @want: say what held the rest. */
static void expect_fill(struct point *p, const char *who, int n, int err,
			int want, const char *level)
{
	if (err == -EIO)
		return;
	if (n != want || err != -EBUSY)
		pt_fail(p, "%s admitted %d VMs then %s, expected %d then EBUSY: %d units of %s that no VM uses refused them (units charged ahead on cpu %d must be drained before a level refuses)",
			who, n, pt_err(err), want, n < want ? want - n : 0,
			level, OTHER_CPU);
}

/*
 * P's max is two batches.  A VM in P/A made on cpu 1 leaves a stocked
 * design 31 units ahead there; from cpu 0, sibling P/B must still fill P.
 */
CASE(case_wide_stock_sibling_fills_parent)
{
	const char *par = pt_cg(p, "P");
	const char *a = par ? pt_cg(p, "P/A") : NULL;
	const char *b = par ? pt_cg(p, "P/B") : NULL;
	uint64_t v[3] = { 0 };
	char max[16];
	int n = 0, err = 0;

	snprintf(max, sizeof(max), "%d", WIDE_PARENT_MAX);
	if (!a || !b || !pt_set_max(p, par, NULL, max))
		goto out;
	if (!one_on_other_cpu(p, a) || !on_cpu(p, 0) || !pt_enter(p, b))
		goto out;
	n = fill(p, WIDE_PARENT_MAX, &err);
	pt_current(p, par, NULL, &v[0]);
	pt_current(p, a, NULL, &v[1]);
	pt_current(p, b, NULL, &v[2]);
	pt_obs(p, "P max %s: 1 VM in P/A made on cpu %d; from cpu 0", max,
	       OTHER_CPU);
	obs_fill(p, "P/B", n, err);
	pt_obs_add(p, "P reads %" PRIu64 ", A %" PRIu64 ", B %" PRIu64, v[0],
		   v[1], v[2]);
	expect_fill(p, "P/B", n, err, WIDE_PARENT_MAX - 1, "P's max");
	if (v[0] != (uint64_t)n + 1 || v[1] != 1 || v[2] != (uint64_t)n)
		pt_fail(p, "P, A and B read %" PRIu64 ", %" PRIu64 " and %" PRIu64
			" with %d VMs in B and 1 in A", v[0], v[1], v[2], n);
out:
	pt_run_anywhere();
	return pt_result(p);
}

/*
 * A's max fits one batch, not two.  A VM in A made on cpu 1 leaves a
 * stocked design 31 units ahead there; from cpu 0, A must still reach its
 * own max.
 */
CASE(case_wide_stock_own_max_across_cpus)
{
	const char *a = pt_cg(p, "A");
	uint64_t v = 0;
	char max[16];
	int n = 0, err = 0;

	snprintf(max, sizeof(max), "%d", WIDE_OWN_MAX);
	if (!a || !pt_set_max(p, a, NULL, max))
		goto out;
	if (!one_on_other_cpu(p, a) || !on_cpu(p, 0))
		goto out;
	n = fill(p, WIDE_OWN_MAX, &err);
	pt_current(p, a, NULL, &v);
	pt_obs(p, "A max %s: 1 VM made on cpu %d; from cpu 0", max, OTHER_CPU);
	obs_fill(p, "A", n, err);
	pt_obs_add(p, "A reads %" PRIu64, v);
	expect_fill(p, "A", n, err, WIDE_OWN_MAX - 1, "A's max");
	if (v != (uint64_t)n + 1)
		pt_fail(p, "A reads %" PRIu64 " with %d VMs in it", v, n + 1);
out:
	pt_run_anywhere();
	return pt_result(p);
}

/*
 * The capacity, set to the usage plus two batches through the module, is
 * the only limit.  A VM in A made on cpu 1 leaves a stocked design 31
 * units ahead there; from cpu 0, sibling B must still reach the capacity.
 */
CASE(case_wide_stock_capacity_across_cpus)
{
	const char *a = pt_cg(p, "A"), *b = pt_cg(p, "B");
	uint64_t used = 0, cap;
	int n = 0, err = 0, ret;

	if (!a || !b)
		return FAIL;
	ret = pt_root_usage(p, NULL, &used);
	cap = used + WIDE_PARENT_MAX;
	if (ret || (ret = pt_set_capacity(p, NULL, cap))) {
		pt_fail(p, "cannot set the capacity of %s to %" PRIu64 ": %s",
			p->res, cap, pt_err(ret));
		return FAIL;
	}
	if (!one_on_other_cpu(p, a) || !on_cpu(p, 0) || !pt_enter(p, b))
		goto out;
	n = fill(p, WIDE_PARENT_MAX, &err);
	pt_obs(p, "capacity %" PRIu64 " (%" PRIu64 " in use + %d): 1 VM in A made on cpu %d; from cpu 0",
	       cap, used, WIDE_PARENT_MAX, OTHER_CPU);
	obs_fill(p, "B", n, err);
	expect_fill(p, "B", n, err, WIDE_PARENT_MAX - 1, "the capacity");
	pt_expect_root_usage(p, NULL, used + n + 1);
out:
	pt_run_anywhere();
	pt_vm_close_all(p);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}
