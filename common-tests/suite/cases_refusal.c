// SPDX-License-Identifier: GPL-2.0
/*
 * The order of a refused charge's steps (results/findings.md, O1).
 *
 * misc adds a charge to each level before it compares that level with its
 * max, so a charge that will be refused is counted for a while.  In 6.1 and
 * 6.12, misc_cg_try_charge() counts misc.events and calls
 * cgroup_file_notify() on the levels from the refusing one up before it
 * cancels that count: the doomed charge stays visible longer and refuses
 * concurrent charges that would have fit.  Cancelled first, the usage seen
 * at each notification is the usage before the charge.
 *
 * The module's ASID_TEST_CHARGE_WATCHED makes the charge under a kprobe on
 * cgroup_file_notify() and samples the charged cgroup's usage at each call.
 * A design without misc.events notifies nothing and has nothing to order
 * (encryption_ids checks under its lock before it writes, misc as merged in
 * 5.13 logs instead); the point then asserts that the refusal notified
 * nothing and left the usage as it was.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "charge.h"
#include "suite.h"

static bool events(struct point *p, const char *cg, uint64_t *v)
{
	int ret = ctl_get_events(p->c, cg, p->res, v);

	if (ret)
		pt_fail(p, "read events of %s in %s: %s", p->res,
			pt_rel(p, cg), pt_err(ret));
	return !ret;
}

/* "2", "1..2", "none" or why it is unknown, for the observation. */
static const char *at_notify(const struct asid_test_watched_charge *w,
			     char *buf, size_t len)
{
	if (w->usage_result)
		snprintf(buf, len, "unreadable (%s)", pt_err(w->usage_result));
	else if (!w->notifications)
		snprintf(buf, len, "none");
	else if (w->min_usage == w->max_usage)
		snprintf(buf, len, "%" PRIu64, (uint64_t)w->max_usage);
	else
		snprintf(buf, len, "%" PRIu64 "..%" PRIu64,
			 (uint64_t)w->min_usage, (uint64_t)w->max_usage);
	return buf;
}

static void check(struct point *p, const struct asid_test_watched_charge *w,
		  bool has_events, uint64_t events_up, uint64_t before,
		  uint64_t after)
{
	if (before != 1)
		pt_fail(p, "C holds 1 but reads %" PRIu64, before);
	if (w->result != -EBUSY)
		pt_fail(p, "charge of 1 above max 1: %s, expected EBUSY",
			pt_err(w->result));
	if (after != before)
		pt_fail(p, "the refusal moved usage from %" PRIu64 " to %"
			PRIu64, before, after);
	if (!w->usage_result && w->usage_before != before)
		pt_fail(p, "the module sampled usage %" PRIu64
			" before the charge, the current file reads %" PRIu64,
			(uint64_t)w->usage_before, before);
	if (has_events && events_up != 1)
		pt_fail(p, "misc.events max rose by %" PRIu64 ", expected 1",
			events_up);
	if (has_events && !w->notifications)
		pt_fail(p, "misc.events exists, but the probe saw no cgroup_file_notify() call");
	if (!has_events && w->notifications)
		pt_fail(p, "%u cgroup_file_notify() calls without an events file",
			w->notifications);
	if (!w->notifications)
		return;
	if (w->usage_result)
		pt_fail(p, "it notified, but the module cannot sample usage: %s",
			pt_err(w->usage_result));
	else if (w->min_usage != before || w->max_usage != before)
		pt_fail(p, "usage at notification %" PRIu64 "..%" PRIu64
			", expected %" PRIu64
			" (before the charge): notified before the refused charge was cancelled",
			(uint64_t)w->min_usage, (uint64_t)w->max_usage, before);
}

/*
 * A/C holds 1 under a max of 1, at C itself or at its parent A; a further
 * charge of 1 in C is refused (EBUSY).  Where the kernel counts it in
 * misc.events of the refusing level (+1), every notification it made must
 * have seen C's usage back at 1.  With the limit at A the doomed charge
 * has raised C and A, and both must be cancelled before the notification.
 */
static enum result refusal_watched(struct point *p, bool at_parent)
{
	bool has_events = ctl_has(p->c, CTL_F_EVENTS);
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	const char *limit = at_parent ? a : c;
	struct asid_test_watched_charge w;
	uint64_t before, after, ev0 = 0, ev1 = 0;
	char buf[64];
	uint32_t h;
	int fd = pt_chg(p), ret;

	if (!c || fd < 0 || !pt_set_max(p, limit, NULL, "1") || !pt_enter(p, c) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h))
		return FAIL;
	if (!pt_current(p, c, NULL, &before) ||
	    (has_events && !events(p, limit, &ev0)))
		goto out;
	ret = chg_charge_watched(fd, p->type, 1, &w);
	if (ret) {
		pt_obs(p, "ASID_TEST_CHARGE_WATCHED: %s", pt_err(ret));
		pt_fail(p, "ASID_TEST_CHARGE_WATCHED: %s", pt_err(ret));
		goto out;
	}
	if (!w.result)
		pt_uncharge(p, fd, w.handle);
	if (!pt_current(p, c, NULL, &after) ||
	    (has_events && !events(p, limit, &ev1)))
		goto out;
	pt_obs(p, "charge of 1 in C above max 1 at %s: %s, %u notification%s, usage of C at notification %s, before %" PRIu64
	       ", after %" PRIu64, at_parent ? "A" : "C", pt_err(w.result),
	       w.notifications, w.notifications == 1 ? "" : "s",
	       at_notify(&w, buf, sizeof(buf)), before, after);
	if (has_events)
		pt_obs_add(p, "misc.events max +%" PRIu64, ev1 - ev0);
	else
		pt_obs_add(p, "no events file");
	check(p, &w, has_events, ev1 - ev0, before, after);
out:
	pt_uncharge(p, fd, h);
	pt_expect_current(p, c, NULL, 0);
	return pt_result(p);
}

CASE(case_refusal_notified_after_cancel)
{
	return refusal_watched(p, false);
}

CASE(case_refusal_at_parent_notified_after_cancel)
{
	return refusal_watched(p, true);
}
