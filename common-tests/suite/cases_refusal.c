// SPDX-License-Identifier: GPL-2.0
/*
 * The order of a refused charge's steps (results/findings.md, O1), and a
 * refused charge's cancel step raced by an uncharge (F7).
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
#include <string.h>

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

/* The design's cancel step, by name in /proc/kallsyms, or NULL. */
static const char *cancel_symbol(void)
{
	static const char *const names[] = {
		"misc_cg_uncharge_hierarchy",	/* misc RFC v1 */
		"misc_cg_cancel_charge",	/* misc since 5.13 */
	};
	const char *found = NULL;
	char line[256], name[128];
	FILE *f = fopen("/proc/kallsyms", "re");

	while (f && !found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %*s %127s", name) != 1)
			continue;
		for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
			if (!strcmp(name, names[i]))
				found = names[i];
	}
	if (f)
		fclose(f);
	return found;
}

struct num_arg {
	const char *ctl;
	unsigned int want, num;
};

static bool num_cgroups_back(void *arg)
{
	struct num_arg *a = arg;

	return !cg_proc_cgroups(a->ctl, &a->num, NULL) && a->num <= a->want;
}

struct steady_arg {
	const char *ctl;
	unsigned int num;
	int same;
};

/* Unchanged for 10 polls: no cgroup of an earlier point is still dying. */
static bool num_cgroups_steady(void *arg)
{
	struct steady_arg *a = arg;
	unsigned int num;

	if (cg_proc_cgroups(a->ctl, &num, NULL))
		return false;
	a->same = num == a->num ? a->same + 1 : 0;
	a->num = num;
	return a->same >= 10;
}

/*
 * A refused charge whose cancel step an uncharge races (findings F7).  In
 * R, with max 1, a charge of 1 is held; a second charge of 1 is refused,
 * and when it enters the design's cancel function, the held charge is
 * uncharged, as another task's uncharge could be at that moment.  R must
 * then read 0, and once R is removed its cgroup must be freed: the
 * controller's num_cgroups in /proc/cgroups (live and dying) back to what
 * it was before R was made, once the cgroups of earlier points are freed
 * (else one freed meanwhile would hide R's reference).  misc RFC v1 ties a css reference to a level's
 * usage leaving and reaching 0; encryption_ids checks before it writes
 * and has no cancel step to race.
 */
CASE(case_refusal_cancel_raced)
{
	const char *a = pt_cg(p, "A"), *r_path, *sym = cancel_symbol();
	const char *name = ctl_name(p->c);
	struct asid_test_raced_charge r;
	struct num_arg n = { .ctl = name };
	struct steady_arg st = { .ctl = name, .num = ~0U };
	uint64_t after = 0;
	uint32_t h;
	int fd = pt_chg(p), ret;

	if (!sym)
		return pt_skip(p, "%s has no cancel step (neither misc_cg_uncharge_hierarchy nor misc_cg_cancel_charge)",
			       name);
	if (!a || fd < 0)
		return FAIL;
	if (!cg_poll(num_cgroups_steady, &st, 10000, 50)) {
		pt_fail(p, "num_cgroups of %s still changing after 10 s (at %u)",
			name, st.num);
		return pt_result(p);
	}
	ret = cg_proc_cgroups(name, &n.want, NULL);
	if (ret) {
		pt_fail(p, "/proc/cgroups line of %s: %s", name, pt_err(ret));
		return pt_result(p);
	}
	r_path = pt_cg(p, "A/R");
	if (!r_path)
		return pt_result(p);
	if (!pt_set_max(p, r_path, NULL, "1") || !pt_enter(p, r_path) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h))
		goto out;
	ret = chg_charge_raced(fd, p->type, 1, h, sym, &r);
	if (ret) {
		pt_obs(p, "ASID_TEST_CHARGE_RACED at %s: %s", sym, pt_err(ret));
		pt_fail(p, "ASID_TEST_CHARGE_RACED at %s: %s", sym, pt_err(ret));
		pt_uncharge(p, fd, h);
		goto out;
	}
	if (!r.result)
		pt_uncharge(p, fd, r.handle);
	pt_current(p, r_path, NULL, &after);
out:
	pt_leave(p);
	ret = cg_rmdir(r_path, 1000);
	if (ret)
		pt_fail(p, "rmdir A/R: %s", pt_err(ret));
	/* A freed cgroup leaves num_cgroups after an RCU grace period. */
	cg_poll(num_cgroups_back, &n, 3000, 20);
	if (ret || p->failed)
		return pt_result(p);
	pt_obs(p, "charge of 1 in R at max 1, the held 1 uncharged %s %s: %s; R then reads %" PRIu64
	       ", after rmdir R %s num_cgroups %u, before R %u",
	       r.raced ? "at" : "after, not reaching", sym,
	       pt_err(r.result), after, name, n.num, n.want);
	if (r.result != -EBUSY)
		pt_fail(p, "charge of 1 above max 1: %s, expected EBUSY",
			pt_err(r.result));
	if (after)
		pt_fail(p, "R reads %" PRIu64 " with nothing held", after);
	if (n.num > n.want)
		pt_fail(p, "R was removed but not freed: %u cgroups of %s, %u before it was made (a reference is left)",
			n.num, name, n.want);
	return pt_result(p);
}
