// SPDX-License-Identifier: GPL-2.0
/*
 * The files later misc adds (Linux 6.12, Documentation/admin-guide/
 * cgroup-v2.rst "Misc"), with charges made through the test module:
 * misc.current on the root, misc.peak and misc.events.local.
 *
 * Each case runs where the kernel shows the file (ctl.h tells) and is a
 * declared skip elsewhere, as the misc.events cases are on misc-5.13.
 * Expected values follow 6.12's kernel/cgroup/misc.c:
 * - misc_cg_try_charge() adds the amount level by level up to the root and
 *   raises each level's watermark (misc.peak) once that level admitted it;
 * - a refusal calls misc_cg_event(type, i) for the level i that refused:
 *   events.local of i only, events of i and of every non-root ancestor.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "suite.h"

/* The design has no such file: observed, and a declared skip. */
static enum result not_shown(struct point *p, const char *what)
{
	pt_obs(p, "no %s", what);
	return pt_skip(p, "%s has no %s", ctl_name(p->c), what);
}

/* ---- misc.current on the root ---- */

static bool root_current(struct point *p, uint64_t *v)
{
	return pt_current(p, p->s->root, NULL, v);
}

/* The root's line is the machine's usage: the module's TOTAL_USAGE. */
static void expect_total(struct point *p, uint64_t root)
{
	uint64_t total;

	if (pt_root_usage(p, NULL, &total))
		pt_fail(p, "TOTAL_USAGE of %s unreadable", p->res);
	else if (total != root)
		pt_fail(p, "root %s reads %" PRIu64 ", TOTAL_USAGE %" PRIu64,
			p->res, root, total);
}

/*
 * The root's current covers its descendants and the root itself: 2 charged
 * in C and 1 charged by a task in the root cgroup raise it by 3, of which
 * the suite's top cgroup, a child of the root, sees 2.
 */
CASE(case_root_current)
{
	const char *c;
	uint64_t r0, r1 = 0, r2 = 0, r3 = 0, top0, top2 = 0;
	uint32_t h1, h2;
	int fd;

	if (!ctl_on_root(p->c, CTL_F_CURRENT))
		return not_shown(p, "current file on the root");
	c = pt_cg(p, "C");
	fd = pt_chg(p);
	if (!c || fd < 0 || !root_current(p, &r0) ||
	    !pt_current(p, p->s->top, NULL, &top0))
		return FAIL;
	expect_total(p, r0);
	if (!pt_enter(p, c) || !pt_charge_ok(p, fd, NULL, 2, &h1))
		return FAIL;
	if (root_current(p, &r1)) {
		expect_total(p, r1);
		if (r1 != r0 + 2)
			pt_fail(p, "2 charged in C: root reads %" PRIu64
				", expected %" PRIu64, r1, r0 + 2);
	}
	if (!pt_leave(p) || !pt_charge_ok(p, fd, NULL, 1, &h2)) {
		pt_uncharge(p, fd, h1);
		return FAIL;
	}
	if (root_current(p, &r2)) {
		expect_total(p, r2);
		if (r2 != r0 + 3)
			pt_fail(p, "1 more charged in the root: root reads %"
				PRIu64 ", expected %" PRIu64, r2, r0 + 3);
	}
	if (pt_current(p, p->s->top, NULL, &top2) && top2 != top0 + 2)
		pt_fail(p, "top cgroup reads %" PRIu64 ", expected %" PRIu64
			" (the root's own charge is in no child)", top2,
			top0 + 2);
	pt_uncharge(p, fd, h2);
	pt_uncharge(p, fd, h1);
	if (root_current(p, &r3) && r3 != r0)
		pt_fail(p, "all uncharged: root reads %" PRIu64 ", was %" PRIu64,
			r3, r0);
	pt_obs(p, "root %s %" PRIu64 " -> %" PRIu64 " (2 in C) -> %" PRIu64
	       " (1 in the root itself) -> %" PRIu64 ", top cgroup +%" PRIu64,
	       p->res, r0, r1, r2, r3, top2 - top0);
	return pt_result(p);
}

/* ---- misc.peak ---- */

static bool peak(struct point *p, const char *cg, uint64_t *v)
{
	int ret = ctl_get_peak(p->c, cg, p->res, v);

	if (ret)
		pt_fail(p, "read the peak of %s in %s: %s", p->res,
			pt_rel(p, cg), pt_err(ret));
	return !ret;
}

static bool expect_peak(struct point *p, const char *cg, uint64_t want)
{
	uint64_t v;

	if (!peak(p, cg, &v))
		return false;
	if (v == want)
		return true;
	pt_fail(p, "peak of %s in %s is %" PRIu64 ", expected %" PRIu64,
		p->res, pt_rel(p, cg), v, want);
	return false;
}

/* Usage of @cg, the root's by its current or else by TOTAL_USAGE. */
static bool usage(struct point *p, const char *cg, uint64_t *v)
{
	if (strcmp(cg, p->s->root) || ctl_on_root(p->c, CTL_F_CURRENT))
		return pt_current(p, cg, NULL, v);
	if (!pt_root_usage(p, NULL, v))
		return true;
	pt_fail(p, "root usage of %s unreadable", p->res);
	return false;
}

#define NLEVELS	5	/* C, A, the point's base, the suite's top, the root */

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/*
 * A/C and its sibling A/S, all fresh (peak 0).  C holds 2 and drops to 1;
 * then S takes 2, so A reaches 3.  Each level's peak must be the highest
 * usage it had: C 2, S 2, A 3, and for the older top and root the larger of
 * their peak before and their usage before plus 3.  Peaks never fall, and
 * a sibling's charges leave C's peak alone.
 */
CASE(case_peak)
{
	const char *a, *c, *s, *lvl[NLEVELS];
	uint64_t pk0[NLEVELS], u0[NLEVELS], pk[NLEVELS] = { 0 }, ps = 0;
	uint32_t h1, h2, h3;
	int fd;

	if (!ctl_has(p->c, CTL_F_PEAK))
		return not_shown(p, "peak file");
	a = pt_cg(p, "A");
	c = a ? pt_cg(p, "A/C") : NULL;
	s = a ? pt_cg(p, "A/S") : NULL;
	fd = pt_chg(p);
	if (!c || !s || fd < 0)
		return FAIL;
	lvl[0] = c, lvl[1] = a, lvl[2] = p->base, lvl[3] = p->s->top;
	lvl[4] = p->s->root;
	for (int i = 0; i < NLEVELS; i++)
		if (!peak(p, lvl[i], &pk0[i]) || !usage(p, lvl[i], &u0[i]))
			return FAIL;
	for (int i = 0; i < 3; i++)
		if (pk0[i])
			pt_fail(p, "new cgroup %s has peak %" PRIu64,
				pt_rel(p, lvl[i]), pk0[i]);
	expect_peak(p, s, 0);

	/* C: 1 + 1, then back to 1. */
	if (!pt_enter(p, c) || !pt_charge_ok(p, fd, NULL, 1, &h1) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h2))
		return FAIL;
	pt_uncharge(p, fd, h2);
	pt_expect_current(p, c, NULL, 1);
	for (int i = 0; i < NLEVELS; i++)
		expect_peak(p, lvl[i], max_u64(pk0[i], u0[i] + 2));
	expect_peak(p, s, 0);

	/* S: 2, with C still at 1: A at 3. */
	if (!pt_enter(p, s) || !pt_charge_ok(p, fd, NULL, 2, &h3))
		return FAIL;
	pt_expect_current(p, a, NULL, 3);
	expect_peak(p, s, 2);
	expect_peak(p, c, 2);
	for (int i = 1; i < NLEVELS; i++)
		expect_peak(p, lvl[i], max_u64(pk0[i], u0[i] + 3));

	/* Everything released: no peak falls. */
	pt_uncharge(p, fd, h3);
	pt_uncharge(p, fd, h1);
	pt_expect_current(p, a, NULL, 0);
	expect_peak(p, c, 2);
	expect_peak(p, s, 2);
	for (int i = 1; i < NLEVELS; i++)
		expect_peak(p, lvl[i], max_u64(pk0[i], u0[i] + 3));
	for (int i = 0; i < NLEVELS; i++)
		peak(p, lvl[i], &pk[i]);
	peak(p, s, &ps);
	pt_obs(p, "C held 2 then 1, sibling S 2, all released: peaks C %" PRIu64
	       ", S %" PRIu64 ", A %" PRIu64 ", base %" PRIu64 ", top %" PRIu64
	       " -> %" PRIu64 ", root %" PRIu64 " -> %" PRIu64
	       " (root usage %" PRIu64 " before)", pk[0], ps, pk[1], pk[2],
	       pk0[3], pk[3], pk0[4], pk[4], u0[4]);
	return pt_result(p);
}

/*
 * A refused charge and the watermark.  misc.peak is "the historical
 * maximum usage" (cgroup-v2.rst).  6.12's misc_cg_try_charge() raises each
 * level's watermark as soon as that level has admitted the addition, before
 * the levels above are checked, as the pids controller does on purpose
 * (pids_try_charge(): "Not technically accurate if we go over limit
 * somewhere up the hierarchy, but that's tolerable for the watermark") and
 * as page_counter_try_charge() does for memory.peak.  So what is asserted is
 * what all three keep: the level that refuses, and every level above it,
 * keep their peak; a level below it reads at most what it held plus the
 * refused amount.  Whether it does read that is observed, not judged.
 * C: refused by its own max 1; D: refused by its parent B's max 1.
 */
CASE(case_peak_refused_charge)
{
	const char *a, *c, *b, *d;
	uint64_t pc = 0, pa = 0, pd = 0, pb = 0;
	uint32_t h1, h2;
	int fd;

	if (!ctl_has(p->c, CTL_F_PEAK))
		return not_shown(p, "peak file");
	a = pt_cg(p, "A");
	c = a ? pt_cg(p, "A/C") : NULL;
	b = pt_cg(p, "B");
	d = b ? pt_cg(p, "B/D") : NULL;
	fd = pt_chg(p);
	if (!c || !d || fd < 0 || !pt_set_max(p, c, NULL, "1") ||
	    !pt_set_max(p, b, NULL, "1"))
		return FAIL;
	if (!pt_enter(p, c) || !pt_charge_ok(p, fd, NULL, 1, &h1) ||
	    !pt_charge_err(p, fd, NULL, 1, EBUSY))
		return FAIL;
	if (!pt_enter(p, d) || !pt_charge_ok(p, fd, NULL, 1, &h2) ||
	    !pt_charge_err(p, fd, NULL, 1, EBUSY))
		return FAIL;
	if (!peak(p, c, &pc) || !peak(p, a, &pa) || !peak(p, d, &pd) ||
	    !peak(p, b, &pb))
		return FAIL;
	pt_obs(p, "1 held, 1 refused: by C's max: peak C %" PRIu64 ", A %" PRIu64
	       "; by parent B's max: peak D %" PRIu64 ", B %" PRIu64 " (%s)",
	       pc, pa, pd, pb, pd == 2 ?
	       "the level below the refusing one counts the refused charge, "
	       "as pids.peak and memory.peak do" :
	       "no level counts the refused charge");
	if (pc != 1 || pa != 1)
		pt_fail(p, "refused by C's own max: peaks C %" PRIu64 ", A %"
			PRIu64 ", expected 1 and 1 (the refusing level and those "
			"above keep theirs)", pc, pa);
	if (pb != 1)
		pt_fail(p, "refused by B's max: B's peak %" PRIu64
			", expected 1 (the refusing level keeps its peak)", pb);
	if (pd < 1 || pd > 2)
		pt_fail(p, "refused by B's max: D's peak %" PRIu64
			", expected 1 (held) or 2 (held plus the refused charge)", pd);
	pt_uncharge(p, fd, h2);
	pt_uncharge(p, fd, h1);
	return pt_result(p);
}

/* ---- misc.events.local ---- */

struct ev {
	uint64_t local, hier;
};

static bool read_ev(struct point *p, const char *cg, struct ev *e)
{
	int r1 = ctl_get_events_local(p->c, cg, p->res, &e->local);
	int r2 = ctl_get_events(p->c, cg, p->res, &e->hier);

	if (r1 || r2)
		pt_fail(p, "read events of %s in %s: %s", p->res, pt_rel(p, cg),
			pt_err(r1 ? r1 : r2));
	return !r1 && !r2;
}

/*
 * One refused charge of 1 in @x/@y with max 1 at @limit (@x or @y) and 1
 * held.  Expected per 6.12's misc_cg_event(): local +1 at @limit only;
 * hierarchical +1 at @limit and above, +0 below it.  @d gets "+l/+h" of
 * the leaf, its parent and the base for the observation.
 */
static void refused_once(struct point *p, int fd, const char *x,
			 const char *y, const char *limit, char *d, size_t len)
{
	const char *cgs[3] = { y, x, p->base };
	struct ev before[3], after[3];
	bool below = true;	/* below the limiting level */
	uint32_t h = 0;

	if (!pt_set_max(p, limit, NULL, "1") || !pt_enter(p, y) ||
	    !pt_charge_ok(p, fd, NULL, 1, &h))
		return;
	for (int i = 0; i < 3; i++)
		if (!read_ev(p, cgs[i], &before[i]))
			goto out;
	if (!pt_charge_err(p, fd, NULL, 1, EBUSY))
		goto out;
	for (int i = 0; i < 3; i++) {
		uint64_t dl, dh, want_l, want_h;
		size_t n = strlen(d);

		if (!read_ev(p, cgs[i], &after[i]))
			goto out;
		if (cgs[i] == limit)
			below = false;
		dl = after[i].local - before[i].local;
		dh = after[i].hier - before[i].hier;
		want_l = cgs[i] == limit;
		want_h = !below;
		snprintf(d + n, len - n, "%s%s +%" PRIu64
			 "/+%" PRIu64, n ? ", " : "",
			 i == 2 ? "base" : i ? "parent" : "leaf", dl, dh);
		if (dl != want_l || dh != want_h)
			pt_fail(p, "max at %s: %s events.local +%" PRIu64
				", events +%" PRIu64 ", expected +%" PRIu64
				" and +%" PRIu64, pt_rel(p, limit),
				pt_rel(p, cgs[i]), dl, dh, want_l, want_h);
	}
out:
	pt_uncharge(p, fd, h);
}

CASE(case_events_local)
{
	const char *a, *c, *b, *d;
	char at_leaf[192] = "", at_parent[192] = "";
	int fd;

	if (!ctl_has(p->c, CTL_F_EVENTS_LOCAL))
		return not_shown(p, "events.local file");
	a = pt_cg(p, "A");
	c = a ? pt_cg(p, "A/C") : NULL;
	b = pt_cg(p, "B");
	d = b ? pt_cg(p, "B/D") : NULL;
	fd = pt_chg(p);
	if (!c || !d || fd < 0)
		return FAIL;
	refused_once(p, fd, a, c, c, at_leaf, sizeof(at_leaf));
	refused_once(p, fd, b, d, b, at_parent, sizeof(at_parent));
	pt_obs(p, "one refused charge, events.local/events: max at the leaf: %s; max at the parent: %s",
	       at_leaf, at_parent);
	return pt_result(p);
}
