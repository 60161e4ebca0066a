// SPDX-License-Identifier: GPL-2.0
/*
 * Hierarchy and enforcement, with charges made through the test module:
 * usage adds up the tree, a limit anywhere on the path refuses a charge,
 * a refused charge leaves nothing behind, and misc counts max events.
 *
 * Both designs document the same model: current covers the cgroup and its
 * descendants, and a charge may exceed no max on the path to the root nor
 * the capacity.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <unistd.h>

#include "kmsg.h"
#include "suite.h"

/* Expect @want in the current of each of the @n cgroups. */
static bool expect_all(struct point *p, const char *const *cgs, int n,
		       uint64_t want)
{
	bool ok = true;

	for (int i = 0; i < n; i++)
		ok &= pt_expect_current(p, cgs[i], NULL, want);
	return ok;
}

CASE(case_hier_current)
{
	const char *a = pt_cg(p, "A"), *b = pt_cg(p, "B");
	const char *c = a ? pt_cg(p, "A/C") : NULL;
	uint64_t root0 = 0;
	uint32_t h;
	int fd = pt_chg(p);

	if (!c || !b || fd < 0 || !pt_enter(p, c))
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	if (!pt_charge_ok(p, fd, NULL, 2, &h))
		return FAIL;
	pt_expect_current(p, c, NULL, 2);
	pt_expect_current(p, a, NULL, 2);
	pt_expect_current(p, b, NULL, 0);
	pt_expect_current(p, p->base, NULL, 2);
	pt_expect_others(p, c, 0);
	pt_expect_others(p, a, 0);
	pt_expect_root_usage(p, NULL, root0 + 2);
	pt_obs(p, "2 charged in A/C: C 2, A 2, sibling B 0, root +2");
	pt_uncharge(p, fd, h);
	expect_all(p, (const char *[]){ a, c }, 2, 0);
	return pt_result(p);
}

CASE(case_enforce_at_leaf)
{
	const char *c = pt_cg(p, "C");
	uint32_t h1, h2;
	int fd = pt_chg(p);

	if (!c || fd < 0 || !pt_set_max(p, c, NULL, "2") || !pt_enter(p, c))
		return FAIL;
	if (!pt_charge_ok(p, fd, NULL, 1, &h1) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h2))
		return FAIL;
	if (pt_charge_err(p, fd, NULL, 1, EBUSY))
		pt_obs(p, "max 2: two charges of 1 admitted, the third EBUSY");
	pt_expect_current(p, c, NULL, 2);
	return pt_result(p);
}

CASE(case_enforce_at_parent)
{
	const char *a = pt_cg(p, "A");
	const char *c1 = a ? pt_cg(p, "A/C1") : NULL;
	const char *c2 = a ? pt_cg(p, "A/C2") : NULL;
	uint32_t h;
	int fd = pt_chg(p);

	if (!c1 || !c2 || fd < 0 || !pt_set_max(p, a, NULL, "2"))
		return FAIL;
	if (!pt_enter(p, c1) || !pt_charge_ok(p, fd, NULL, 1, &h) ||
	    !pt_enter(p, c2) || !pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	pt_charge_err(p, fd, NULL, 1, EBUSY);
	if (pt_enter(p, c1))
		pt_charge_err(p, fd, NULL, 1, EBUSY);
	pt_expect_current(p, a, NULL, 2);
	pt_expect_current(p, c1, NULL, 1);
	pt_expect_current(p, c2, NULL, 1);
	if (!p->failed)
		pt_obs(p, "A max 2 shared by C1 and C2: third charge EBUSY in either");
	return pt_result(p);
}

CASE(case_enforce_at_grandparent)
{
	const char *g = pt_cg(p, "G"), *par = g ? pt_cg(p, "G/P") : NULL;
	const char *c = par ? pt_cg(p, "G/P/C") : NULL;
	uint32_t h;
	int fd = pt_chg(p);

	if (!c || fd < 0 || !pt_set_max(p, g, NULL, "1") || !pt_enter(p, c))
		return FAIL;
	if (!pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	if (pt_charge_err(p, fd, NULL, 1, EBUSY))
		pt_obs(p, "G max 1 refuses the second charge made in G/P/C");
	expect_all(p, (const char *[]){ g, par, c }, 3, 1);
	return pt_result(p);
}

/* A limit of 1 on each level of a four-level chain in turn. */
CASE(case_enforce_every_ancestor)
{
	static const char *const rel[] = { "L1", "L1/L2", "L1/L2/L3",
					   "L1/L2/L3/L4" };
	const char *cg[4];
	uint32_t h;
	int fd = pt_chg(p), refused = 0;

	for (int i = 0; i < 4; i++)
		if (!(cg[i] = pt_cg(p, rel[i])))
			return FAIL;
	if (fd < 0 || !pt_enter(p, cg[3]))
		return FAIL;
	for (int lvl = 0; lvl < 4; lvl++) {
		if (!pt_set_max(p, cg[lvl], NULL, "1") ||
		    !pt_charge_ok(p, fd, NULL, 1, &h))
			return FAIL;
		if (pt_charge_err(p, fd, NULL, 1, EBUSY))
			refused++;
		else
			pt_note(p, "limit on %s not enforced", rel[lvl]);
		expect_all(p, cg, 4, 1);
		if (!pt_uncharge(p, fd, h) ||
		    !pt_set_max(p, cg[lvl], NULL, "max"))
			return FAIL;
	}
	pt_obs(p, "max 1 on each of 4 levels in turn: %d of 4 refused the second charge",
	       refused);
	return pt_result(p);
}

/* No limits: the capacity alone refuses, in whichever cgroup. */
CASE(case_enforce_at_capacity)
{
	const char *c1 = pt_cg(p, "C1"), *c2 = pt_cg(p, "C2");
	uint32_t h;
	int fd = pt_chg(p);

	if (!c1 || !c2 || fd < 0)
		return FAIL;
	if (!pt_enter(p, c1) || !pt_charge_ok(p, fd, NULL, p->avail - 1, &h) ||
	    !pt_enter(p, c2) || !pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	pt_charge_err(p, fd, NULL, 1, EBUSY);
	if (pt_enter(p, c1))
		pt_charge_err(p, fd, NULL, 1, EBUSY);
	pt_expect_current(p, c1, NULL, p->avail - 1);
	pt_expect_current(p, c2, NULL, 1);
	pt_expect_root_usage(p, NULL, p->cap);
	pt_obs(p, "no limits, capacity %" PRIu64 " filled across C1 and C2: next charge EBUSY in either",
	       p->cap);
	return pt_result(p);
}

/* A refused charge changes no level, wherever it is refused. */
CASE(case_failed_charge_no_partial)
{
	static const char *const rel[] = { "L1", "L1/L2", "L1/L2/L3" };
	const char *cg[3];
	uint64_t root0 = 0;
	uint32_t h;
	int fd = pt_chg(p);

	for (int i = 0; i < 3; i++)
		if (!(cg[i] = pt_cg(p, rel[i])))
			return FAIL;
	if (fd < 0 || !pt_enter(p, cg[2]) || !pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	pt_root_usage(p, NULL, &root0);
	for (int lvl = 0; lvl < 3; lvl++) {
		/* 1 + 2 > 2: refused at this level after the lower ones. */
		if (!pt_set_max(p, cg[lvl], NULL, "2"))
			return FAIL;
		pt_charge_err(p, fd, NULL, 2, EBUSY);
		expect_all(p, cg, 3, 1);
		pt_expect_root_usage(p, NULL, root0);
		if (!pt_set_max(p, cg[lvl], NULL, "max"))
			return FAIL;
	}
	pt_charge_err(p, fd, NULL, p->avail, EBUSY);
	expect_all(p, cg, 3, 1);
	pt_expect_root_usage(p, NULL, root0);
	pt_obs(p, "charges refused at L1, L2, L3 and at capacity left every level at 1");
	return pt_result(p);
}

CASE(case_max_below_current)
{
	const char *c = pt_cg(p, "C");
	char got[CTL_NAME_LEN] = "";
	uint32_t h1, h2, h3;
	int fd = pt_chg(p), ret;

	if (!c || fd < 0 || !pt_enter(p, c))
		return FAIL;
	if (!pt_charge_ok(p, fd, NULL, 1, &h1) ||
	    !pt_charge_ok(p, fd, NULL, 2, &h2))
		return FAIL;
	ret = ctl_write_max(p->c, c, p->res, "1");
	ctl_read_max(p->c, c, p->res, got, sizeof(got));
	pt_obs(p, "max 1 with 3 in use: %s, reads %s", pt_err(ret), got);
	if (ret) {
		pt_fail(p, "max below current refused: %s", pt_err(ret));
		return FAIL;
	}
	pt_expect_current(p, c, NULL, 3);
	pt_charge_err(p, fd, NULL, 1, EBUSY);
	pt_uncharge(p, fd, h2);
	pt_expect_current(p, c, NULL, 1);
	pt_charge_err(p, fd, NULL, 1, EBUSY);
	pt_uncharge(p, fd, h1);
	if (pt_charge_ok(p, fd, NULL, 1, &h3))
		pt_obs_add(p, "current kept, charges refused until usage fell below 1");
	pt_expect_current(p, c, NULL, 1);
	return pt_result(p);
}

/* Another type is neither limited nor counted by this type's files. */
CASE(case_types_independent)
{
	const char *c = pt_cg(p, "C");
	char before[CTL_NAME_LEN], after[CTL_NAME_LEN];
	uint32_t h;
	int fd = pt_chg(p), others = 0, expect_others = 0;

	for (int i = 0; i < p->c->nres; i++)
		expect_others += i != p->ri && p->s->type[i] >= 0;
	if (!c || fd < 0 || !pt_set_max(p, c, NULL, "1") || !pt_enter(p, c))
		return FAIL;
	if (!pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	pt_charge_err(p, fd, NULL, 1, EBUSY);
	for (int i = 0; i < p->c->nres; i++) {
		const char *o = p->c->res[i];
		uint64_t cap, used = 0;

		if (i == p->ri || p->s->type[i] < 0)
			continue;
		if (ctl_get_capacity(p->c, o, &cap) || !cap ||
		    pt_root_usage(p, o, &used) || used >= cap) {
			pt_fail(p, "%s: no free unit to charge", o);
			continue;
		}
		if (ctl_read_max(p->c, c, o, before, sizeof(before))) {
			pt_fail(p, "%s max of C unreadable", o);
			continue;
		}
		if (!pt_charge_ok(p, fd, o, 1, &h))
			continue;
		pt_expect_current(p, c, o, 1);
		if (!pt_set_max(p, c, o, "0"))
			continue;
		if (ctl_read_max(p->c, c, p->res, after, sizeof(after)))
			snprintf(after, sizeof(after), "unreadable");
		if (strcmp(after, "1"))
			pt_fail(p, "setting %s max 0 changed %s max to %s", o,
				p->res, after);
		if (strcmp(before, "max"))
			pt_fail(p, "%s max read %s with only %s limited", o,
				before, p->res);
		others++;
	}
	pt_expect_current(p, c, NULL, 1);
	pt_obs(p, "%s at its max 1, %d other types still charged and limited on their own",
	       p->res, others);
	if (others != expect_others)
		pt_fail(p, "%d of the %d other types the module knows were checked",
			others, expect_others);
	return pt_result(p);
}

/* ---- misc.events ---- */

static bool events(struct point *p, const char *cg, uint64_t *v)
{
	int ret = ctl_get_events(p->c, cg, p->res, v);

	if (ret)
		pt_fail(p, "read events of %s in %s: %s", p->res,
			pt_rel(p, cg), pt_err(ret));
	return !ret;
}

/*
 * Make one charge of 1 in A/C fail: @limit_at is "A" or "C" (max 1 there,
 * one unit charged first), or NULL (capacity full).  Report how the events
 * of C, A and the base moved.
 */
static bool failing_charge(struct point *p, const char *limit_at,
			   int64_t d[3])
{
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	const char *cgs[3] = { c, a, p->base };
	uint64_t before[3], after[3];
	uint32_t h;
	int fd = pt_chg(p);

	if (!c || fd < 0 || !pt_enter(p, c))
		return false;
	if (limit_at && !pt_set_max(p, limit_at[0] == 'A' ? a : c, NULL, "1"))
		return false;
	if (!pt_charge_ok(p, fd, NULL, limit_at ? 1 : p->avail, &h))
		return false;
	for (int i = 0; i < 3; i++)
		if (!events(p, cgs[i], &before[i]))
			return false;
	if (!pt_charge_err(p, fd, NULL, 1, EBUSY))
		return false;
	for (int i = 0; i < 3; i++) {
		if (!events(p, cgs[i], &after[i]))
			return false;
		d[i] = (int64_t)(after[i] - before[i]);
	}
	pt_obs(p, "failed charge in A/C with %s%s: events C +%" PRId64
	       ", A +%" PRId64 ", A's parent +%" PRId64,
	       limit_at ? "max 1 at " : "capacity full", limit_at ? limit_at : "",
	       d[0], d[1], d[2]);
	return true;
}

static enum result no_events_file(struct point *p)
{
	pt_obs(p, "no events file");
	return pt_skip(p, "%s has no events file", ctl_name(p->c));
}

/* Limit at the charged cgroup: it and every ancestor count the event. */
CASE(case_events_limit_at_leaf)
{
	int64_t d[3];

	if (!ctl_has(p->c, CTL_F_EVENTS))
		return no_events_file(p);
	if (!failing_charge(p, "C", d))
		return FAIL;
	if (d[0] != 1 || d[1] != 1 || d[2] != 1)
		pt_fail(p, "expected +1 at C, A and A's parent (hierarchical)");
	return pt_result(p);
}

/*
 * Limit at the parent: the documentation counts an event where "usage was
 * about to go over the max boundary" and says the fields are hierarchical,
 * so A and its ancestors count it and C, whose own max was not reached,
 * does not.
 */
CASE(case_events_limit_at_parent)
{
	int64_t d[3];

	if (!ctl_has(p->c, CTL_F_EVENTS))
		return no_events_file(p);
	if (!failing_charge(p, "A", d))
		return FAIL;
	if (d[0] != 0 || d[1] != 1 || d[2] != 1)
		pt_fail(p, "expected C +0, A +1, A's parent +1");
	return pt_result(p);
}

/*
 * Capacity full, no max anywhere: the documentation does not say whether
 * that is a max event; record it and require only that the levels agree.
 */
CASE(case_events_at_capacity)
{
	int64_t d[3];

	if (!ctl_has(p->c, CTL_F_EVENTS))
		return no_events_file(p);
	if (!failing_charge(p, NULL, d))
		return FAIL;
	/* Both misc.events documents: every level counts the refusal once. */
	if (d[0] != 1 || d[1] != 1 || d[2] != 1)
		pt_fail(p, "one refused charge at capacity: events +%lld, +%lld, +%lld, expected +1 on every level",
			(long long)d[0], (long long)d[1], (long long)d[2]);
	return pt_result(p);
}

/*
 * misc as merged in 5.13 (seed 002) logs the first rejected charge of each
 * cgroup and resource, once: "cgroup: charge rejected by the misc controller
 * for <res> resource in <path>", remembered in misc_res.failed.  misc.events
 * replaced it; its first RFC (seed 008) logs nothing.  Two rejections in a
 * fresh cgroup: one line where misc has no misc.events and documents no
 * silence, none in any other design.
 */
CASE(case_rejection_logged_once)
{
	const char *c = pt_cg(p, "C");
	int fd = pt_chg(p), kfd, n, want;

	if (!c || fd < 0 || !pt_enter(p, c) || !pt_set_max(p, c, NULL, "0"))
		return FAIL;
	kfd = kmsg_open();
	if (kfd < 0) {
		pt_obs(p, "no /dev/kmsg");
		return pt_skip(p, "cannot read /dev/kmsg: %s", strerror(-kfd));
	}
	for (int i = 0; i < 2; i++) {
		if (!pt_charge_err(p, fd, NULL, 1, EBUSY)) {
			close(kfd);
			return FAIL;
		}
	}
	n = kmsg_count(kfd, "charge rejected by the misc controller");
	close(kfd);
	want = p->c->design == CTL_MISC && !ctl_has(p->c, CTL_F_EVENTS) &&
	       !suite_documents(p->s, REFUSALS_UNLOGGED);
	pt_obs(p, "two rejected charges in C logged %d \"charge rejected\" line%s",
	       n, n == 1 ? "" : "s");
	if (n != want)
		pt_fail(p, "expected %d such line%s", want, want == 1 ? "" : "s");
	return pt_result(p);
}
