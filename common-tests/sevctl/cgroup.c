// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl mkcg and limit: make a cgroup that has the controller's files and
 * set its max.  A failure undoes what the command did.
 */
#define _GNU_SOURCE	/* strchrnul, pipe2 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "sevctl.h"

#define MKCG_DEPTH	32

/* Why cgroup v2 refuses to enable a controller in a cgroup. */
#define HAS_PROCS \
	" (it has processes; cgroup v2 enables controllers only above leaves)"

struct undo {
	int n;
	bool enabled[MKCG_DEPTH];	/* else created */
	char abs[MKCG_DEPTH][CG_PATH_LEN];
};

static void undo_all(struct undo *u, const char *ctl)
{
	char buf[80];

	snprintf(buf, sizeof(buf), "-%s", ctl);
	while (u->n--) {
		if (u->enabled[u->n])
			cg_write_str(u->abs[u->n], "cgroup.subtree_control", buf);
		else
			cg_rmdir(u->abs[u->n], 1000);
	}
}

static void undo_add(struct undo *u, const char *abs, bool enabled)
{
	u->enabled[u->n] = enabled;
	snprintf(u->abs[u->n++], CG_PATH_LEN, "%s", abs);
}

int cmd_mkcg(struct sevctl *s, int argc, char **argv)
{
	char rel[CG_PATH_LEN], prefix[CG_PATH_LEN] = "", abs[CG_PATH_LEN];
	const char *ctl, *p, *end;
	struct undo u = { 0 };
	int ret, depth = 0;

	if (argc != 2)
		return sc_usage(s, "mkcg <cgroup>");
	if (sc_setup(s) || cgp_arg(s, argv[1], rel, false))
		return 1;
	if (!*rel)
		return sc_err(s, "the root cgroup always exists");
	cgp_abs(s, rel, abs);
	if (cg_exists(abs))
		return sc_err(s, "cgroup '%s' already exists", rel);
	for (p = rel; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '/');
		if (++depth > MKCG_DEPTH / 2)
			return sc_err(s, "'%s' is deeper than %d levels", rel,
				      MKCG_DEPTH / 2);
	}

	ctl = ctl_name(&s->ctl);
	for (p = rel; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '/');
		cgp_abs(s, prefix, abs);
		if (!cg_enabled(abs, ctl)) {
			ret = cg_enable(abs, ctl);
			if (ret) {
				undo_all(&u, ctl);
				return sc_err(s, "cannot enable %s in %s: %s%s",
					      ctl, cgp_show(prefix),
					      strerror(-ret), ret == -EBUSY ? HAS_PROCS : "");
			}
			undo_add(&u, abs, true);
		}
		snprintf(prefix, sizeof(prefix), "%.*s", (int)(end - rel), rel);
		cgp_abs(s, prefix, abs);
		if (cg_exists(abs))
			continue;
		ret = cg_mkdir(abs);
		if (ret) {
			undo_all(&u, ctl);
			return sc_err(s, "cannot create %s: %s", prefix,
				      strerror(-ret));
		}
		undo_add(&u, abs, false);
	}
	printf("created cgroup %s\n", rel);
	return 0;
}

int cmd_limit(struct sevctl *s, int argc, char **argv)
{
	char rel[CG_PATH_LEN], abs[CG_PATH_LEN], name[CTL_NAME_LEN], now[64];
	const char *res, *val;
	bool is_max;
	uint64_t v;
	int ret;

	if (argc != 4)
		return sc_usage(s, "limit <cgroup> <res> <n|max>");
	res = argv[2];
	val = argv[3];
	if (sc_setup(s) || cgp_arg(s, argv[1], rel, true))
		return 1;
	if (!*rel)
		return sc_err(s, "the root cgroup has no max; its bound is the capacity");
	if (!sc_has_res(s, res))
		return sc_err(s, "unknown resource type '%s' (known: %s)", res,
			      sc_res_list(s));
	ret = parse_limit(val, &v, &is_max);
	if (ret || strchr(val, ' ') || strchr(val, '\n'))
		return sc_err(s, "'%s' is not a count or 'max'", val);
	cgp_abs(s, rel, abs);
	ctl_file(&s->ctl, CTL_F_MAX, res, name, sizeof(name));
	if (!cg_has_file(abs, name))
		return sc_err(s, "%s has no %s (is %s enabled in its parent? sevctl mkcg does that)",
			      rel, name, ctl_name(&s->ctl));
	ret = ctl_write_max(&s->ctl, abs, res, val);
	if (ret)
		return sc_err(s, "cannot set the %s max of %s to %s: %s", res,
			      rel, val, strerror(-ret));
	if (ctl_read_max(&s->ctl, abs, res, now, sizeof(now)))
		snprintf(now, sizeof(now), "%s", val);
	printf("%s: %s max %s\n", rel, res, now);
	return 0;
}
