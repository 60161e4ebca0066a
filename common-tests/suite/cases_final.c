// SPDX-License-Identifier: GPL-2.0
/*
 * The last point of every run: nothing the suite charged is left at the
 * root or in its own cgroup but what failed points are known to have left,
 * capacities are back where they started, and the suite's cgroups go.
 */
#include <inttypes.h>
#include <stdint.h>

#include "parse.h"
#include "runner.h"
#include "suite.h"

CASE(case_final_no_leak)
{
	struct suite *s = p->s;
	const struct ctl *c = p->c;
	char x[32], y[32];
	uint64_t v;
	int ret;

	p->observed[0] = '\0';
	for (int i = 0; i < c->nres; i++) {
		const char *res = c->res[i];

		if (!suite_root_usage(s, res, &v)) {
			pt_obs_add(p, "root %s usage %s", res,
				   parse_fmt_count(v, x, sizeof(x)));
			if ((int64_t)v != s->leaked_root[i])
				pt_fail(p, "root usage of %s is %s, %s of it left by failed points",
					res, x, parse_fmt_count(s->leaked_root[i],
								y, sizeof(y)));
		}
		if (!ctl_get_current(c, s->top, res, &v) &&
		    (int64_t)v != s->leaked_top[i])
			pt_fail(p, "%s: %s is %s, %s of it left by failed points",
				pt_rel(p, s->top), res,
				parse_fmt_count(v, x, sizeof(x)),
				parse_fmt_count(s->leaked_top[i], y,
						sizeof(y)));
		if (s->cap0_ok[i] && (ctl_get_capacity(c, res, &v) ||
				      v != s->cap0[i])) {
			pt_fail(p, "capacity of %s is not the %" PRIu64
				" it was at the start", res, s->cap0[i]);
			suite_restore_capacity(s, res, s->cap0[i], p);
		}
	}
	if (s->leakers[0])
		pt_obs_add(p, "residue attributed to %s", s->leakers);
	pt_leave(p);
	ret = cg_rmdir_tree(s->top, SETTLE_MS);
	if (ret)
		pt_fail(p, "remove %s: %s", pt_rel(p, s->top), pt_err(ret));
	pt_obs_add(p, ret ? "suite cgroups NOT removed" :
			    "suite cgroups removed");
	return pt_result(p);
}
