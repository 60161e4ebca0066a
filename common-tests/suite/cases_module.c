// SPDX-License-Identifier: GPL-2.0
/*
 * Charge amounts and capacities, through the test module: amounts of 0 and
 * of many units, capacity changes (always restored), and counter width.
 *
 * Where the designs differ the case follows each one's own word:
 * - capacity below usage: misc RFC v3 ("Capacity can be set less than the
 *   current usage") accepts it; encryption_ids' set_capacity returns -EBUSY
 *   "If current usage is more than the capacity" (and WARNs once).
 * - capacity 0: both charge APIs document -EINVAL; misc's max write checks
 *   the capacity (EINVAL), encryption_ids' does not.  A charge of 0 at
 *   capacity 0 follows each one's code, which checks in a different order.
 * - counters: misc counts in unsigned long, encryption_ids in unsigned int;
 *   the module returns -EOVERFLOW for what does not fit the latter.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "charge.h"
#include "suite.h"

#define TWO_32		(1ULL << 32)

static bool misc(struct point *p)
{
	return pt_is_misc(p);
}

/* Set the capacity, expecting success; report the file afterwards. */
static bool set_capacity(struct point *p, uint64_t cap)
{
	int ret = pt_set_capacity(p, NULL, cap);

	if (ret)
		pt_fail(p, "SET_CAPACITY %s %" PRIu64 ": %s", p->res, cap,
			pt_err(ret));
	return !ret;
}

static bool expect_capacity(struct point *p, uint64_t want)
{
	uint64_t v;
	int ret = ctl_get_capacity(p->c, p->res, &v);

	if (!ret && v == want)
		return true;
	if (ret)
		pt_fail(p, "read the capacity of %s: %s", p->res, pt_err(ret));
	else
		pt_fail(p, "capacity of %s reads %" PRIu64 ", expected %" PRIu64,
			p->res, v, want);
	return false;
}

/* Enter a fresh cgroup C and return the module fd, or -1. */
static int in_c(struct point *p, const char **cg)
{
	int fd = pt_chg(p);

	*cg = pt_cg(p, "C");
	if (!*cg || fd < 0 || !pt_enter(p, *cg))
		return -1;
	return fd;
}

CASE(case_charge_zero)
{
	const char *c;
	uint64_t root0 = 0;
	uint32_t h;
	int fd = in_c(p, &c), ret;

	if (fd < 0)
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	ret = pt_charge(p, fd, NULL, 0, &h);
	pt_obs(p, "amount 0: %s", pt_err(ret));
	if (ret)
		pt_fail(p, "charge of 0: %s, expected 0 (a no-op)", pt_err(ret));
	pt_expect_current(p, c, NULL, 0);
	pt_expect_root_usage(p, NULL, root0);
	if (!ret)
		pt_uncharge(p, fd, h);
	return pt_result(p);
}

CASE(case_charge_multi_unit)
{
	const char *c;
	uint64_t root0 = 0;
	uint32_t h;
	int fd = in_c(p, &c);

	if (fd < 0)
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	if (!pt_charge_ok(p, fd, NULL, 3, &h))
		return FAIL;
	pt_expect_current(p, c, NULL, 3);
	pt_expect_root_usage(p, NULL, root0 + 3);
	pt_charge_err(p, fd, NULL, p->avail - 2, EBUSY);
	pt_expect_current(p, c, NULL, 3);
	pt_obs(p, "3 at once counted 3, %" PRIu64 " more (1 over capacity) EBUSY",
	       p->avail - 2);
	return pt_result(p);
}

CASE(case_capacity_raise)
{
	const char *c;
	uint32_t h;
	int fd = in_c(p, &c);

	if (fd < 0 || !set_capacity(p, p->cap + 5))
		return FAIL;
	expect_capacity(p, p->cap + 5);
	if (pt_charge_ok(p, fd, NULL, p->avail + 5, &h)) {
		pt_charge_err(p, fd, NULL, 1, EBUSY);
		pt_uncharge(p, fd, h);
	}
	pt_restore_capacity(p, NULL);
	expect_capacity(p, p->cap);
	pt_obs(p, "capacity %" PRIu64 " -> %" PRIu64
	       ": file follows, %" PRIu64 " more admitted, restored",
	       p->cap, p->cap + 5, (uint64_t)5);
	return pt_result(p);
}

CASE(case_capacity_below_usage)
{
	const char *c;
	uint64_t used = 0, v = 0;
	uint32_t h;
	int fd = in_c(p, &c), ret;

	if (fd < 0 || !pt_charge_ok(p, fd, NULL, 2, &h))
		return FAIL;
	if (pt_root_usage(p, NULL, &used)) {
		pt_fail(p, "root usage of %s unreadable", p->res);
		return FAIL;
	}
	ret = pt_set_capacity(p, NULL, used - 1);
	ctl_get_capacity(p->c, p->res, &v);
	pt_obs(p, "capacity %" PRIu64 " with %" PRIu64 " used: %s, reads %" PRIu64,
	       used - 1, used, pt_err(ret), v);
	if (misc(p) && !suite_documents(p->s, CAPACITY_BUSY)) {
		if (ret)
			pt_fail(p, "misc refused capacity below usage: %s",
				pt_err(ret));
		else if (expect_capacity(p, used - 1) &&
			 pt_charge_err(p, fd, NULL, 1, EBUSY))
			pt_obs_add(p, "next charge EBUSY");
	} else {
		if (!misc(p))
			pt_note(p, "expect a WARN_ON_ONCE from enc_id_cg_set_capacity in the kernel log");
		if (ret != -EBUSY)
			pt_fail(p, "set_capacity below usage: %s, expected EBUSY",
				pt_err(ret));
		expect_capacity(p, p->cap);
	}
	pt_expect_current(p, c, NULL, 2);
	pt_uncharge(p, fd, h);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}

/* Capacity 0 with nothing in use; run @fn and restore. */
static enum result at_capacity_zero(struct point *p,
				    void (*fn)(struct point *p, int fd,
					       const char *c))
{
	uint64_t used = 0;
	const char *c;
	int fd = in_c(p, &c);

	if (fd < 0)
		return FAIL;
	if (!pt_root_usage(p, NULL, &used) && used)
		return pt_skip(p, "%" PRIu64 " of %s in use", used, p->res);
	if (!set_capacity(p, 0))
		return FAIL;
	fn(p, fd, c);
	pt_restore_capacity(p, NULL);
	expect_capacity(p, p->cap);
	return pt_result(p);
}

static void zero_charge(struct point *p, int fd, const char *c)
{
	bool in_cap = ctl_lists(p->c, p->s->root, CTL_F_CAPACITY, p->res);
	bool in_max = ctl_lists(p->c, c, CTL_F_MAX, p->res);
	uint32_t h;
	int ret = pt_charge(p, fd, NULL, 1, &h);

	pt_obs(p, "capacity 0: charge %s, %s in capacity file, %s in max file",
	       pt_err(ret), in_cap ? "listed" : "not listed",
	       in_max ? "listed" : "not listed");
	if (ret != -EINVAL)
		pt_fail(p, "charge at capacity 0: %s, expected EINVAL",
			pt_err(ret));
	if (!ret)
		chg_uncharge(fd, h);
}

CASE(case_capacity_zero_charge)
{
	return at_capacity_zero(p, zero_charge);
}

/*
 * Amount 0 at capacity 0: misc_cg_try_charge() checks the capacity before
 * the amount (EINVAL); enc_id_cg_try_charge() returns 0 for amount 0 before
 * it looks at the capacity, although its kernel-doc lists -EINVAL for 0
 * capacity.
 */
static void zero_charge_zero(struct point *p, int fd, const char *c)
{
	int want = misc(p) ? -EINVAL : 0;
	uint32_t h;
	int ret = pt_charge(p, fd, NULL, 0, &h);

	(void)c;
	pt_obs(p, "capacity 0: charge of amount 0: %s (%s)", pt_err(ret),
	       misc(p) ? "capacity checked first" : "amount checked first");
	if (ret != want)
		pt_fail(p, "amount 0 at capacity 0: %s, expected %s", pt_err(ret),
			pt_err(want));
	if (!ret)
		chg_uncharge(fd, h);
}

CASE(case_capacity_zero_charge_zero)
{
	return at_capacity_zero(p, zero_charge_zero);
}

static void zero_max_write(struct point *p, int fd, const char *c)
{
	int ret = ctl_write_max(p->c, c, p->res, "5");
	int want = misc(p) ? -EINVAL : 0;

	(void)fd;
	pt_obs(p, "capacity 0: max write %s", pt_err(ret));
	if (ret != want)
		pt_fail(p, "max write at capacity 0: %s, expected %s",
			pt_err(ret), pt_err(want));
}

CASE(case_capacity_zero_max_write)
{
	return at_capacity_zero(p, zero_max_write);
}

/*
 * misc: capacity 2^32, a charge of 2^32 + 1 must be refused.  6.1 keeps the
 * sum in an int and sees 1.  encryption_ids: neither fits, -EOVERFLOW.
 */
CASE(case_counter_width_admit)
{
	const char *c;
	uint64_t v = 0;
	uint32_t h;
	int fd = in_c(p, &c), ret;

	if (fd < 0)
		return FAIL;
	ret = pt_set_capacity(p, NULL, TWO_32);
	if (!pt_limits_ulong(p)) {
		int r2 = pt_charge(p, fd, NULL, TWO_32 + 1, &h);

		/* Not the kernel's answer: its API cannot take the value. */
		pt_obs(p, "adapter check: capacity 2^32: %s, charge 2^32+1: %s (the design's API takes unsigned int; the module refuses)",
		       pt_err(ret), pt_err(r2));
		if (ret != -EOVERFLOW || r2 != -EOVERFLOW)
			pt_fail(p, "expected EOVERFLOW for both (unsigned int counters)");
		if (!r2)
			chg_uncharge(fd, h);
		pt_restore_capacity(p, NULL);
		return pt_result(p);
	}
	if (ret) {
		pt_fail(p, "SET_CAPACITY 2^32: %s", pt_err(ret));
		pt_restore_capacity(p, NULL);
		return FAIL;
	}
	ret = pt_charge(p, fd, NULL, TWO_32 + 1, &h);
	ctl_get_current(p->c, c, p->res, &v);
	pt_obs(p, "capacity 2^32, charge 2^32+1: %s%s%" PRIu64,
	       ret ? pt_err(ret) : "admitted", ret ? ", current " :
						     ", current reads ", v);
	if (ret != -EBUSY)
		pt_fail(p, "charge of 2^32+1 with capacity 2^32: %s, expected EBUSY",
			pt_err(ret));
	if (!ret)
		pt_uncharge(p, fd, h);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}

/* A charge that fits must be admitted: 2^31 under a capacity of 2^32 - 1. */
CASE(case_counter_width_refuse)
{
	uint64_t cap = pt_limits_ulong(p) ? TWO_32 : TWO_32 - 1;
	const char *c;
	uint32_t h;
	int fd = in_c(p, &c), ret;

	if (fd < 0 || !set_capacity(p, cap))
		return FAIL;
	ret = pt_charge(p, fd, NULL, 1ULL << 31, &h);
	pt_obs(p, "capacity %" PRIu64 ", charge 2^31: %s", cap,
	       ret ? pt_err(ret) : "admitted");
	if (ret)
		pt_fail(p, "charge of 2^31 under capacity %" PRIu64 ": %s",
			cap, pt_err(ret));
	else
		pt_expect_current(p, c, NULL, 1ULL << 31);
	if (!ret)
		pt_uncharge(p, fd, h);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}

/*
 * The counter's own limit: capacity at the largest value the design holds,
 * 1 charged, then a charge of the capacity must be refused, not wrap.
 */
CASE(case_counter_wrap)
{
	uint64_t cap = pt_limits_ulong(p) ? UINT64_MAX : TWO_32 - 1, v = 0;
	const char *c;
	uint32_t h1, h2;
	int fd = in_c(p, &c), ret;

	if (fd < 0 || !set_capacity(p, cap))
		return FAIL;
	if (!pt_charge_ok(p, fd, NULL, 1, &h1)) {
		pt_restore_capacity(p, NULL);
		return FAIL;
	}
	if (!misc(p))
		pt_note(p, "a wrap WARNs once in enc_id_cg_try_charge");
	ret = pt_charge(p, fd, NULL, cap, &h2);
	ctl_get_current(p->c, c, p->res, &v);
	pt_obs(p, "capacity %" PRIu64 ", 1 used, charge %" PRIu64 ": %s, current reads %" PRIu64,
	       cap, cap, ret ? pt_err(ret) : "admitted", v);
	if (ret != -EBUSY)
		pt_fail(p, "charge that overflows the counter: %s, expected EBUSY",
			pt_err(ret));
	if (!ret)
		pt_uncharge(p, fd, h2);
	pt_uncharge(p, fd, h1);
	pt_restore_capacity(p, NULL);
	return pt_result(p);
}
