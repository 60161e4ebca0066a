// SPDX-License-Identifier: GPL-2.0
/*
 * Interface files: which ones exist where, what the root reports, and
 * whether the files agree with the test module.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "charge.h"
#include "suite.h"

struct file_list {
	const struct ctl *c;
	char text[1024];
};

static int add_own(const char *name, void *arg)
{
	struct file_list *l = arg;
	size_t n = strlen(l->text);

	if (ctl_is_own_file(l->c, name))
		snprintf(l->text + n, sizeof(l->text) - n, "%s%s", n ? " " : "",
			 name);
	return 0;
}

/* The controller's files in @cg, space separated. */
static const char *own_files(struct point *p, const char *cg,
			     struct file_list *l)
{
	l->c = p->c;
	l->text[0] = '\0';
	cg_for_each_file(cg, add_own, l);
	return l->text[0] ? l->text : "none";
}

static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *s = strstr(list, name); s; s = strstr(s + 1, name))
		if ((s == list || s[-1] == ' ') && (!s[n] || s[n] == ' '))
			return true;
	return false;
}

/* Expect the documented files for the root (@root) or a child in @cg. */
static void expect_files(struct point *p, const char *cg, bool root,
			 const char *have)
{
	char names[CTL_MAX_FILES][CTL_NAME_LEN];
	char other[CTL_MAX_FILES][CTL_NAME_LEN];
	int n = ctl_expected_files(p->c, root, names, CTL_MAX_FILES);
	int m = ctl_expected_files(p->c, !root, other, CTL_MAX_FILES);

	for (int i = 0; i < n; i++)
		if (!in_list(have, names[i]))
			pt_fail(p, "%s lacks %s", pt_rel(p, cg), names[i]);
	for (int i = 0; i < m; i++) {
		bool here = false;

		for (int j = 0; j < n; j++)
			here |= !strcmp(names[j], other[i]);
		if (!here && in_list(have, other[i]))
			pt_fail(p, "%s has %s, documented for %s only",
				pt_rel(p, cg), other[i],
				root ? "non-root cgroups" : "the root");
	}
}

/* "misc.capacity: sev 12, sev_es 4", or why there is none. */
static const char *capacity_text(const struct root_note *n, char *buf,
				 size_t len)
{
	if (n->capacity_err)
		snprintf(buf, len, "capacity unreadable (%s)",
			 pt_err(n->capacity_err));
	else if (!n->capacity_files)
		snprintf(buf, len, "no capacity file");
	else
		snprintf(buf, len, "%s", n->capacity);
	return buf;
}

/* The observation: what the root held at the start, and when. */
static void root_files_obs(struct point *p)
{
	const struct suite *s = p->s;
	const char *had = s->at_start.files;
	const char *name = ctl_name(p->c);
	char cap[1024];

	if (!s->v2)
		pt_obs(p, "v1: at once root had %s; %s",
		       had[0] ? had : "no controller files",
		       capacity_text(&s->at_start, cap, sizeof(cap)));
	else if (s->enabled_root && !had[0])
		pt_obs(p, "v2: absent until +%s in subtree_control; then %s",
		       name, capacity_text(&s->at_enable, cap, sizeof(cap)));
	else if (s->enabled_root)
		pt_obs(p, "v2: root had %s before +%s in subtree_control; then %s",
		       had, name,
		       capacity_text(&s->at_enable, cap, sizeof(cap)));
	else
		pt_obs(p, "v2: +%s already in subtree_control, root had %s; %s",
		       name, had[0] ? had : "no controller files",
		       capacity_text(&s->at_enable, cap, sizeof(cap)));
}

/*
 * The root files a controller documents appear at once on a v1 mount, but
 * on a fresh cgroup2 mount (6.1, both designs) only once the controller is
 * in the root's cgroup.subtree_control.  Check them when they are due:
 * at the start (v1), or right after the suite enabled the controller (v2).
 */
CASE(case_root_files_at_start)
{
	const struct root_note *n = p->s->v2 ? &p->s->at_enable :
					       &p->s->at_start;
	const char *when = p->s->v2 ? "with the controller enabled" :
				      "at the start";
	char names[CTL_MAX_FILES][CTL_NAME_LEN];
	int nf = ctl_expected_files(p->c, true, names, CTL_MAX_FILES);

	root_files_obs(p);
	for (int i = 0; i < nf; i++)
		if (!in_list(n->files, names[i]))
			pt_fail(p, "%s, the root lacked %s", when, names[i]);
	if (n->capacity_err)
		pt_fail(p, "%s, the root capacity was unreadable: %s", when,
			pt_err(n->capacity_err));
	else if (!n->capacity_files || n->capacity_empty)
		pt_fail(p, "%s, the root capacity was empty", when);
	return pt_result(p);
}

CASE(case_root_files)
{
	struct file_list l;
	const char *have = own_files(p, p->s->root, &l);

	pt_obs(p, "root has %s", have);
	expect_files(p, p->s->root, true, have);
	return pt_result(p);
}

CASE(case_child_files)
{
	const char *c = pt_cg(p, "C");
	struct file_list l;
	const char *have;

	if (!c)
		return FAIL;
	have = own_files(p, c, &l);
	pt_obs(p, "child has %s", have);
	expect_files(p, c, false, have);
	return pt_result(p);
}

CASE(case_child_res_listed)
{
	static const enum ctl_file kinds[] = {
		CTL_F_MAX, CTL_F_CURRENT, CTL_F_EVENTS
	};
	const char *c = pt_cg(p, "C");
	char name[CTL_NAME_LEN];

	if (!c)
		return FAIL;
	p->observed[0] = '\0';
	for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
		if (ctl_file(p->c, kinds[k], p->res, name, sizeof(name)))
			continue;
		if (ctl_lists(p->c, c, kinds[k], p->res)) {
			pt_obs_add(p, "%s lists %s", name, p->res);
		} else {
			pt_obs_add(p, "%s does not list %s", name, p->res);
			pt_fail(p, "%s/%s has nothing for %s", pt_rel(p, c),
				name, p->res);
		}
	}
	return pt_result(p);
}

CASE(case_grandchild_files)
{
	const char *a = pt_cg(p, "A"), *b = a ? pt_cg(p, "A/B") : NULL;
	const char *c = b ? pt_cg(p, "A/B/C") : NULL;
	struct file_list l;
	const char *have;

	if (!c)
		return FAIL;
	have = own_files(p, c, &l);
	pt_obs(p, "third level has %s", have);
	expect_files(p, c, false, have);
	return pt_result(p);
}

/* v2: no files, and charges land in the parent, without +ctl there. */
CASE(case_v2_subtree_control)
{
	const char *x = pt_cg(p, "X"), *y = x ? pt_cg_plain(p, "X/Y") : NULL;
	struct file_list l;
	const char *have;
	uint64_t v;
	uint32_t h;
	int fd;

	if (!y)
		return FAIL;
	have = own_files(p, y, &l);
	pt_obs(p, "child of a parent without +%s has %s", ctl_name(p->c), have);
	if (strcmp(have, "none"))
		pt_fail(p, "%s has controller files: %s", pt_rel(p, y), have);
	if (p->s->chg_fd < 0 || !p->c->nres || p->s->type[0] < 0)
		return pt_result(p);
	fd = pt_chg(p);
	if (fd < 0 || !pt_enter(p, y))
		return FAIL;
	if (!pt_charge_ok(p, fd, p->c->res[0], 1, &h))
		return FAIL;
	if (pt_current(p, x, p->c->res[0], &v))
		pt_obs_add(p, "a charge made there shows in the parent as %" PRIu64,
			   v);
	pt_expect_current(p, x, p->c->res[0], 1);
	pt_uncharge(p, fd, h);
	return pt_result(p);
}

CASE(case_types_match_module)
{
	struct asid_test_info info;
	char names[256] = "";
	int ret, n = 0;

	ret = chg_info(p->s->chg_fd, 0, &info);
	if (ret) {
		pt_fail(p, "ASID_TEST_INFO type 0: %s", pt_err(ret));
		return FAIL;
	}
	for (uint32_t t = 0; t < info.nr_types; t++) {
		struct asid_test_info ti;
		size_t len = strlen(names);
		bool found = false;

		if (chg_info(p->s->chg_fd, t, &ti))
			break;
		snprintf(names + len, sizeof(names) - len, "%s%s",
			 len ? " " : "", ti.name);
		for (int i = 0; i < p->c->nres; i++)
			found |= !strcmp(p->c->res[i], ti.name);
		if (!found)
			pt_fail(p, "module type %s has no interface files",
				ti.name);
		n++;
	}
	pt_obs(p, "module design %s types %s, files list %d types",
	       info.design, names, p->c->nres);
	if (strcmp(info.design, ctl_name(p->c)))
		pt_fail(p, "module says design %s, files say %s", info.design,
			ctl_name(p->c));
	if (n != p->c->nres)
		pt_fail(p, "module has %d types, files have %d", n, p->c->nres);
	return pt_result(p);
}

/* The capacity file says N: the controller admits N, not N+1. */
CASE(case_capacity_reported)
{
	const char *c = pt_cg(p, "C");
	uint32_t h;
	int fd = pt_chg(p);

	if (!c || fd < 0 || !pt_enter(p, c))
		return FAIL;
	pt_obs(p, "capacity file %" PRIu64 ", %" PRIu64 " free", p->cap,
	       p->avail);
	if (!pt_charge_ok(p, fd, NULL, p->avail, &h))
		return FAIL;
	pt_obs_add(p, "%" PRIu64 " admitted", p->avail);
	if (pt_charge_err(p, fd, NULL, 1, EBUSY))
		pt_obs_add(p, "one more EBUSY");
	pt_expect_current(p, c, NULL, p->avail);
	pt_expect_root_usage(p, NULL, p->cap);
	pt_uncharge(p, fd, h);
	return pt_result(p);
}

/* Root usage where there is such a file; capacity does not move. */
CASE(case_root_used_after_charge)
{
	const char *c = pt_cg(p, "C");
	uint64_t before = 0, v, cap;
	uint32_t h;
	int fd = pt_chg(p), ret;

	if (!c || fd < 0 || !pt_enter(p, c))
		return FAIL;
	ret = ctl_get_root_usage(p->c, p->res, &before);
	if (!pt_charge_ok(p, fd, NULL, 3, &h))
		return FAIL;
	if (ret == -ENOENT) {
		pt_obs(p, "no root usage file");
	} else if (ret || ctl_get_root_usage(p->c, p->res, &v)) {
		pt_fail(p, "root usage of %s unreadable", p->res);
	} else {
		pt_obs(p, "root used %" PRIu64 " -> %" PRIu64 " with 3 charged",
		       before, v);
		if (v != before + 3)
			pt_fail(p, "root used is %" PRIu64 ", expected %" PRIu64,
				v, before + 3);
	}
	if (ctl_get_capacity(p->c, p->res, &cap) || cap != p->cap)
		pt_fail(p, "capacity of %s moved while charged", p->res);
	else
		pt_obs_add(p, "capacity stays %" PRIu64, cap);
	pt_uncharge(p, fd, h);
	return pt_result(p);
}

CASE(case_total_usage_ioctl)
{
	const char *c = pt_cg(p, "C");
	uint64_t before = 0, v = 0;
	uint32_t h;
	int fd = pt_chg(p), ret, ret2;

	if (!c || fd < 0 || !pt_enter(p, c))
		return FAIL;
	ret = chg_total_usage(fd, p->type, &before);
	if (!pt_charge_ok(p, fd, NULL, 2, &h))
		return FAIL;
	ret2 = chg_total_usage(fd, p->type, &v);
	pt_uncharge(p, fd, h);
	if (pt_is_misc(p)) {
		pt_obs(p, "TOTAL_USAGE %s, %" PRIu64 " -> %" PRIu64
		       " with 2 charged", pt_err(ret2), before, v);
		if (ret || ret2)
			pt_fail(p, "TOTAL_USAGE: %s", pt_err(ret ? ret : ret2));
		else if (v != before + 2)
			pt_fail(p, "TOTAL_USAGE is %" PRIu64 ", expected %" PRIu64,
				v, before + 2);
	} else {
		pt_obs(p, "adapter check: TOTAL_USAGE %s (the design has no such call; its usage is read from encryption_ids.<res>.stat)",
		       pt_err(ret2));
		if (ret2 != -EOPNOTSUPP)
			pt_fail(p, "TOTAL_USAGE: %s, expected EOPNOTSUPP (no such call in the design)",
				pt_err(ret2));
	}
	return pt_result(p);
}
