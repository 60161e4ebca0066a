// SPDX-License-Identifier: GPL-2.0
/*
 * Limits and their parsing: what each max write is answered with, what it
 * reads back as, and that a rejected write changes no file at all.
 *
 * misc parses "<res> <value>" with strstrip(), strsep(" ") and kstrtoul(base
 * 0); encryption_ids parses "<value>" with strstrip() and kstrtouint(base 0).
 * Both take "max".  Expectations below follow each design's own code and
 * documentation; where they differ the case says so.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "suite.h"

/* The value a rejected write must leave in place. */
#define KNOWN_MAX	"3"

/* How a case writes: a value for ctl_write_max(), or raw bytes. */
struct attempt {
	const char *show;	/* for messages */
	const char *value;	/* ctl_write_max() value, NULL: none */
	const void *raw;	/* if set, these bytes go to the file as is */
	size_t rawlen;
	const char *res;	/* resource to write, NULL: p->res */
	bool no_change;		/* accepted or not, it must change nothing */
};

static int do_write(struct point *p, const char *cg, const struct attempt *a)
{
	const char *res = a->res ? a->res : p->res;

	if (a->raw)
		return ctl_write_max_raw(p->c, cg, res, a->raw, a->rawlen);
	return ctl_write_max(p->c, cg, res, a->value);
}

/* Read every max of @cg into @out, for the other-types-unchanged check. */
static void read_maxes(struct point *p, const char *cg,
		       char out[][CTL_NAME_LEN])
{
	for (int i = 0; i < p->c->nres; i++)
		if (ctl_read_max(p->c, cg, p->c->res[i], out[i], CTL_NAME_LEN))
			snprintf(out[i], CTL_NAME_LEN, "<unreadable>");
}

/*
 * Write @a to a cgroup whose max is KNOWN_MAX.  @err 0: the write must be
 * accepted and read back as @reads, other types unchanged; else it must fail
 * with -@err and leave every file of the cgroup unchanged, as must any write
 * with @a->no_change.
 */
static enum result attempt(struct point *p, const struct attempt *a, int err,
			   const char *reads)
{
	char before[CTL_MAX_RES][CTL_NAME_LEN], after[CTL_MAX_RES][CTL_NAME_LEN];
	const char *cg = pt_cg(p, "C"), *diff;
	struct cg_snap s1, s2;
	char got[CTL_NAME_LEN];
	int ret;

	if (!cg || !pt_set_max(p, cg, NULL, KNOWN_MAX))
		return FAIL;
	read_maxes(p, cg, before);
	if (cg_snapshot(cg, &s1)) {
		pt_fail(p, "cannot read the files of %s", pt_rel(p, cg));
		return FAIL;
	}
	ret = do_write(p, cg, a);
	cg_snapshot(cg, &s2);
	diff = cg_snap_diff(&s1, &s2);
	read_maxes(p, cg, after);
	if (ctl_read_max(p->c, cg, p->res, got, sizeof(got)))
		snprintf(got, sizeof(got), "<unreadable>");

	if (a->no_change)
		pt_obs(p, "%s returns %s, %s", a->show, pt_err(ret),
		       diff ? "files changed" : "nothing changed");
	else if (ret)
		pt_obs(p, "%s rejected %s", a->show, pt_err(ret));
	else
		pt_obs(p, "%s accepted, reads %s", a->show, got);
	if (ret != -err)
		pt_fail(p, "write %s: %s, expected %s", a->show, pt_err(ret),
			pt_err(err));
	if ((ret || a->no_change) && diff)
		pt_fail(p, "%s changed %s/%s", ret ? "rejected write" : a->show,
			pt_rel(p, cg), diff);
	if (!ret && reads && strcmp(got, reads))
		pt_fail(p, "after %s, max of %s reads %s, expected %s", a->show,
			p->res, got, reads);
	for (int i = 0; i < p->c->nres; i++)
		if (i != p->ri && strcmp(before[i], after[i]))
			pt_fail(p, "write to %s changed the max of %s: %s -> %s",
				p->res, p->c->res[i], before[i], after[i]);
	if (ret && !a->no_change)
		pt_obs_add(p, diff ? "files changed" : "files unchanged");
	cg_snap_free(&s1);
	cg_snap_free(&s2);
	return pt_result(p);
}

static enum result value_case(struct point *p, const char *value, int err,
			      const char *reads)
{
	char show[96];
	struct attempt a = { .show = show, .value = value };

	snprintf(show, sizeof(show), "\"%s\"", value);
	return attempt(p, &a, err, reads);
}

static bool misc(struct point *p)
{
	return pt_is_misc(p);
}

CASE(case_default_max)
{
	const char *a = pt_cg(p, "A"), *c = a ? pt_cg(p, "A/C") : NULL;
	char v1[CTL_NAME_LEN], v2[CTL_NAME_LEN];

	if (!c)
		return FAIL;
	if (ctl_read_max(p->c, a, p->res, v1, sizeof(v1)) ||
	    ctl_read_max(p->c, c, p->res, v2, sizeof(v2))) {
		pt_fail(p, "cannot read the max of %s", p->res);
		return FAIL;
	}
	pt_obs(p, "new cgroup reads %s, its new child %s", v1, v2);
	if (strcmp(v1, "max") || strcmp(v2, "max"))
		pt_fail(p, "a new cgroup's max is not \"max\"");
	return pt_result(p);
}

/*
 * The root has no max in any design.  A current there is the design's
 * choice (misc 6.12 shows one; root_current tests it): observed only.
 */
CASE(case_max_absent_on_root)
{
	bool max = ctl_lists(p->c, p->s->root, CTL_F_MAX, p->res);
	bool cur = ctl_lists(p->c, p->s->root, CTL_F_CURRENT, p->res);
	char name[CTL_NAME_LEN];
	int ret;

	ctl_file(p->c, CTL_F_MAX, p->res, name, sizeof(name));
	ret = ctl_write_max(p->c, p->s->root, p->res, "5");
	pt_obs(p, "root %s max, %s current, writing 5 there: %s",
	       max ? "has" : "has no", cur ? "has" : "has no", pt_err(ret));
	if (max)
		pt_fail(p, "the root has a max file for %s", p->res);
	if (cur && !ctl_on_root(p->c, CTL_F_CURRENT))
		pt_fail(p, "the root lists %s in a current file the design does not show there",
			p->res);
	if (!ret)
		pt_fail(p, "writing %s at the root was accepted", name);
	return pt_result(p);
}

CASE(case_max_write_max)
{
	return value_case(p, "max", 0, "max");
}

CASE(case_max_write_number)
{
	return value_case(p, "5", 0, "5");
}

CASE(case_max_write_zero)
{
	enum result r = value_case(p, "0", 0, "0");
	int fd;

	if (r != PASS || p->s->chg_fd < 0 || p->type < 0)
		return r;
	fd = pt_chg(p);
	if (fd < 0 || !pt_enter(p, p->cg[p->ncg - 1]))
		return FAIL;
	if (pt_charge_err(p, fd, NULL, 1, EBUSY))
		pt_obs_add(p, "a charge of 1 then EBUSY");
	return pt_result(p);
}

CASE(case_max_above_capacity)
{
	char value[32];

	snprintf(value, sizeof(value), "%" PRIu64, p->cap + 1);
	return value_case(p, value, 0, value);
}

CASE(case_max_garbage)
{
	return value_case(p, "abc", EINVAL, NULL);
}

CASE(case_max_negative)
{
	return value_case(p, "-1", EINVAL, NULL);
}

/* 2^32: fits misc's unsigned long, not an unsigned int limit. */
CASE(case_max_2_32)
{
	if (pt_limits_ulong(p))
		return value_case(p, "4294967296", 0, "4294967296");
	return value_case(p, "4294967296", ERANGE, NULL);
}

CASE(case_max_2_64)
{
	return value_case(p, "18446744073709551616", ERANGE, NULL);
}

/* UINT_MAX is "max" where limits are unsigned int. */
CASE(case_max_uint_max)
{
	return value_case(p, "4294967295", 0,
			  pt_limits_ulong(p) ? "4294967295" : "max");
}

/* ULONG_MAX is misc's "max"; too big for an unsigned int limit. */
CASE(case_max_ulong_max)
{
	if (pt_limits_ulong(p))
		return value_case(p, "18446744073709551615", 0, "max");
	return value_case(p, "18446744073709551615", ERANGE, NULL);
}

CASE(case_max_hex)
{
	return value_case(p, "0x10", 0, "16");
}

CASE(case_max_octal)
{
	return value_case(p, "010", 0, "8");
}

CASE(case_max_plus_sign)
{
	return value_case(p, "+5", 0, "5");
}

/* Leading and trailing whitespace around the whole line: strstrip(). */
CASE(case_max_whitespace)
{
	char line[128], buf[160];
	struct attempt a = { .show = "\"  <line> \\n\"", .raw = buf };

	ctl_max_line(p->c, p->res, "7", line, sizeof(line));
	snprintf(buf, sizeof(buf), "  %s \n", line);
	a.rawlen = strlen(buf);
	return attempt(p, &a, 0, "7");
}

/*
 * Two spaces before the value: misc splits on one space and hands " 7" to
 * kstrtoul (EINVAL); for encryption_ids it is leading whitespace.
 */
CASE(case_max_inner_space)
{
	if (misc(p))
		return value_case(p, " 7", EINVAL, NULL);
	return value_case(p, " 7", 0, "7");
}

CASE(case_max_two_values)
{
	return value_case(p, "7 8", EINVAL, NULL);
}

CASE(case_max_upper_case)
{
	return value_case(p, "MAX", EINVAL, NULL);
}

/*
 * An unknown resource: misc rejects the key (EINVAL); encryption_ids has no
 * file for it (ENOENT).
 */
CASE(case_max_unknown_resource)
{
	struct attempt a = { .show = "\"nosuch 5\"", .value = "5",
			     .res = "nosuch" };

	p->res = p->c->res[0];
	p->ri = 0;
	return attempt(p, &a, misc(p) ? EINVAL : ENOENT, NULL);
}

/*
 * A line without its value.  misc: "<res>" alone, which strsep() leaves
 * without a value (EINVAL).  encryption_ids names the resource in the file
 * name, so its line is the value: whitespace only, which strstrip() leaves
 * empty for kstrtouint() (EINVAL).
 */
CASE(case_max_missing_value)
{
	struct attempt a = { .show = "\"<res>\" without a value",
			     .value = NULL };
	struct attempt ws = { .show = "\" \\n\" (whitespace only)",
			      .raw = " \n", .rawlen = 2 };

	return attempt(p, misc(p) ? &a : &ws, EINVAL, NULL);
}

/*
 * A 0-byte write(2) never reaches the controller: cgroup_file_write()
 * returns 0 for it (6.1, both designs), so it must change nothing.
 */
CASE(case_max_empty)
{
	struct attempt a = { .show = "0-byte write", .raw = "", .rawlen = 0,
			     .no_change = true };

	return attempt(p, &a, 0, NULL);
}

CASE(case_max_newline_only)
{
	struct attempt a = { .show = "\"\\n\"", .raw = "\n", .rawlen = 1 };

	return attempt(p, &a, EINVAL, NULL);
}
