// SPDX-License-Identifier: GPL-2.0
/*
 * The runner: one test point at a time, each in its own cgroup, each
 * followed by a check that it left nothing charged and that the kernel
 * logged no splat.  The helpers cases call are point.c's, the known
 * defects known.c's, the final global check cases_final.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "charge.h"
#include "kmsg.h"
#include "kvm.h"
#include "ktap.h"
#include "parse.h"
#include "runner.h"
#include "suite.h"

/* Seconds a point may take before the watchdog ends the suite. */
#define POINT_TIMEOUT_S	300
/* Splat records quoted per point; a WARN storm needs no more. */
#define SPLATS_SHOWN	8

/* ---- the per-point check ---- */

struct baseline {
	uint64_t root[CTL_MAX_RES], top[CTL_MAX_RES], cap[CTL_MAX_RES];
	bool root_ok[CTL_MAX_RES], top_ok[CTL_MAX_RES], cap_ok[CTL_MAX_RES];
};

static void take_baseline(struct suite *s, struct baseline *b)
{
	const struct ctl *c = &s->ctl;

	for (int i = 0; i < c->nres; i++) {
		b->root_ok[i] = !suite_root_usage(s, c->res[i], &b->root[i]);
		b->top_ok[i] = !ctl_get_current(c, s->top, c->res[i],
						&b->top[i]);
		b->cap_ok[i] = !ctl_get_capacity(c, c->res[i], &b->cap[i]);
	}
}

/* Is every count the point could touch back where it was? */
static bool settled(struct point *p, const struct baseline *b, bool report)
{
	const struct ctl *c = p->c;
	char x[32], y[32];
	bool ok = true;
	uint64_t v;

	for (int i = 0; i < c->nres; i++) {
		const char *res = c->res[i];

		for (int g = 0; g < p->ncg; g++) {
			if (!cg_exists(p->cg[g]) ||
			    ctl_get_current(c, p->cg[g], res, &v) || !v)
				continue;
			ok = false;
			if (report)
				pt_fail(p, "leak: %s/%s: %s is %s after the case",
					pt_rel(p, p->cg[g]),
					suite_file_of(p, CTL_F_CURRENT, res), res,
					parse_fmt_count(v, x, sizeof(x)));
		}
		if (b->root_ok[i] && !suite_root_usage(p->s, res, &v) &&
		    v != b->root[i]) {
			ok = false;
			if (report)
				pt_fail(p, "leak: root usage of %s is %s, was %s",
					res, parse_fmt_count(v, x, sizeof(x)),
					parse_fmt_count(b->root[i], y,
							sizeof(y)));
		}
		if (b->top_ok[i] && !ctl_get_current(c, p->s->top, res, &v) &&
		    v != b->top[i]) {
			ok = false;
			if (report)
				pt_fail(p, "leak: %s: %s is %s, was %s",
					pt_rel(p, p->s->top), res,
					parse_fmt_count(v, x, sizeof(x)),
					parse_fmt_count(b->top[i], y,
							sizeof(y)));
		}
	}
	return ok;
}

struct settle_arg {
	struct point *p;
	const struct baseline *b;
};

static bool settled_quiet(void *arg)
{
	struct settle_arg *a = arg;

	return settled(a->p, a->b, false);
}

/*
 * Attribute what the point left at the root and in top to it.  Only a
 * known defect may leave anything there, and exactly what its entry
 * documents: any other residue fails the point, known defect or not.
 */
static void attribute_residue(struct point *p, const struct baseline *b)
{
	const struct known *k = suite_known_of(p->s, p->name);
	struct suite *s = p->s;
	bool any = false;
	uint64_t v;

	for (int i = 0; i < s->ctl.nres; i++) {
		const char *res = s->ctl.res[i];
		int64_t want = suite_documented_residue(k, res), got = 0;

		if (b->root_ok[i] && !suite_root_usage(s, res, &v))
			got = (int64_t)(v - b->root[i]);
		if (got != want) {
			pt_fail(p, "residue: root usage of %s moved by %lld, %s documents %lld",
				res, (long long)got, k ? k->id : "no known defect",
				(long long)want);
			p->undocumented_residue = true;
		}
		if (got) {
			s->leaked_root[i] += got;
			any = true;
		}
		if (b->top_ok[i] && !ctl_get_current(&s->ctl, s->top, res, &v) &&
		    v != b->top[i]) {
			s->leaked_top[i] += (int64_t)(v - b->top[i]);
			any = true;
		}
	}
	if (any) {
		size_t n = strlen(s->leakers);

		snprintf(s->leakers + n, sizeof(s->leakers) - n, "%s%s",
			 n ? " " : "", p->name);
	}
}

static void check_capacities(struct point *p, const struct baseline *b)
{
	const struct ctl *c = p->c;
	uint64_t v;

	for (int i = 0; i < c->nres; i++) {
		if (!b->cap_ok[i] || (!ctl_get_capacity(c, c->res[i], &v) &&
				      v == b->cap[i]))
			continue;
		pt_fail(p, "capacity of %s was not restored by the case",
			c->res[i]);
		suite_restore_capacity(p->s, c->res[i], b->cap[i], p);
	}
}

static void reap_children(struct point *p)
{
	for (int i = 0; i < p->npids; i++) {
		kill(p->pids[i], SIGKILL);
		waitpid(p->pids[i], NULL, 0);
	}
	p->npids = 0;
}

static void teardown(struct point *p, const struct baseline *b)
{
	struct settle_arg a = { p, b };
	int ret;

	pt_vm_close_all(p);
	reap_children(p);
	while (p->nchg)
		close(p->chg[--p->nchg]);
	pt_leave(p);
	if (!cg_poll(settled_quiet, &a, SETTLE_MS, 10))
		settled(p, b, true);
	attribute_residue(p, b);
	check_capacities(p, b);
	ret = cg_rmdir_tree(p->base, SETTLE_MS);
	if (ret)
		pt_fail(p, "remove %s: %s", pt_rel(p, p->base), pt_err(ret));
}

/* ---- kernel splats ---- */


/* /dev/kmsg at its end, or -1 (said once) where it cannot be read. */
static int splat_watch(struct suite *s)
{
	int fd;

	if (s->kmsg_err)
		return -1;
	fd = kmsg_open();
	if (fd < 0) {
		s->kmsg_err = fd;
		ktap_diag("kmsg unavailable: %s", pt_err(fd));
	}
	return fd;
}

static void on_splat(const char *text, void *arg)
{
	struct point *p = arg;

	if (p->splats++ < SPLATS_SHOWN)
		pt_fail(p, "kernel splat: %s", text);
}

/* "asid_suite: begin <point>" and "... end <point>" in the kernel log. */
static void mark(struct point *p, const char *what)
{
	int ret = kmsg_mark(what, p->name);

	if (ret)
		pt_fail(p, "cannot mark the point in /dev/kmsg: %s", pt_err(ret));
}

/* Each point sees the WARN_ONCE()s it trips (kmsg_clear_warn_once()). */
static void clear_warn_once(struct point *p)
{
	int ret = kmsg_clear_warn_once();

	if (ret)
		pt_fail(p, "cannot reset the WARN_ONCE state (/sys/kernel/debug/clear_warn_once): %s",
			pt_err(ret));
}

/* Fail the point for whatever splat the kernel logged since @fd opened. */
static void splat_check(struct point *p, int fd)
{
	if (fd < 0) {
		pt_fail(p, "kernel log unreadable: splats not checked");
		return;
	}
	kmsg_for_each_splat(fd, on_splat, p);
	close(fd);
	if (p->splats > SPLATS_SHOWN)
		pt_note(p, "%d more kernel splat records not shown",
			p->splats - SPLATS_SHOWN);
}

/* Append @tail to the observation, cutting the text to make it fit. */
static void obs_tail(struct point *p, const char *tail)
{
	size_t n = strlen(p->observed), m = strlen(tail);

	if (n + m >= sizeof(p->observed))
		n = sizeof(p->observed) - m - 1;
	strcpy(p->observed + n, tail);
}

/* ---- running points ---- */

static bool matches(struct suite *s, const struct case_desc *cd,
		    const char *point)
{
	return (cd->flags & F_FINAL) || !s->only || strstr(point, s->only);
}

static void point_name(char *buf, size_t len, const struct case_desc *cd,
		       const char *res)
{
	if (res)
		snprintf(buf, len, "%s:%s", cd->name, res);
	else
		snprintf(buf, len, "%s", cd->name);
}

int suite_count_points(struct suite *s, const struct case_desc *cases,
		       int ncases)
{
	char name[128];
	int n = 0;

	for (int i = 0; i < ncases; i++) {
		int nres = cases[i].flags & F_RES ? s->ctl.nres : 1;

		for (int r = 0; r < nres; r++) {
			point_name(name, sizeof(name), &cases[i],
				   cases[i].flags & F_RES ? s->ctl.res[r] :
							    NULL);
			n += matches(s, &cases[i], name);
		}
	}
	return n;
}

/*
 * What the test kernel must provide: every guest is booted with the test
 * module, KVM and simulated SEV ASIDs, so their absence fails each point
 * that needs them rather than skipping it.
 */
static const char *is_missing(struct point *p, const struct case_desc *cd)
{
	struct suite *s = p->s;

	if ((cd->flags & F_MODULE) && s->chg_fd < 0)
		return "no " ASID_TEST_DEV;
	if ((cd->flags & F_KVM) && s->kvm_fd < 0)
		return "no /dev/kvm";
	if ((cd->flags & F_KVM) && s->kvm_sev)
		return "SEV is not enabled in KVM";
	/* The capacity suffices: only residue of earlier points used it up. */
	if (p->res && p->cap >= cd->min_avail && p->avail < cd->min_avail) {
		snprintf(p->skip_why, sizeof(p->skip_why),
			 "%llu of %s free, needs %u: used up by earlier points",
			 (unsigned long long)p->avail, p->res, cd->min_avail);
		return p->skip_why;
	}
	return NULL;
}

/* The skips a point declares: what its design or hierarchy does not have. */
static const char *cannot_run(struct point *p, const struct case_desc *cd)
{
	struct suite *s = p->s;

	if ((cd->flags & F_V2) && !s->v2)
		return "cgroup v2 only";
	if ((cd->flags & F_MODULE) && p->res && p->type < 0)
		return "the module does not know this resource";
	if ((cd->flags & F_KVM) && p->res && !kvm_res_known(p->res))
		return "no KVM init command for this resource";
	if (p->res && p->cap < cd->min_avail)
		return "capacity below what the point needs";
	return NULL;
}

static void point_init(struct point *p, struct suite *s,
		       const struct case_desc *cd, int ri)
{
	uint64_t used = 0;

	memset(p, 0, sizeof(*p));
	p->s = s;
	p->c = &s->ctl;
	p->ri = cd->flags & F_RES ? ri : -1;
	p->res = p->ri >= 0 ? s->ctl.res[ri] : NULL;
	p->type = p->ri >= 0 ? s->type[ri] : -1;
	point_name(p->name, sizeof(p->name), cd, p->res);
	if (!p->res)
		return;
	if (ctl_get_capacity(p->c, p->res, &p->cap))
		p->cap = 0;
	if (pt_root_usage(p, p->res, &used) &&
	    ctl_get_current(p->c, s->top, p->res, &used))
		used = 0;
	p->avail = used < p->cap ? p->cap - used : 0;
}

static bool make_base(struct point *p)
{
	char *c;
	int ret;

	if (snprintf(p->base, sizeof(p->base), "%s/%s", p->s->top, p->name) >=
	    (int)sizeof(p->base)) {
		pt_fail(p, "path too long: %s/%s", p->s->top, p->name);
		return false;
	}
	c = strrchr(p->base, ':');
	if (c)
		*c = '.';
	ret = cg_mkdir(p->base);
	if (ret) {
		pt_fail(p, "mkdir %s: %s", pt_rel(p, p->base), pt_err(ret));
		return false;
	}
	snprintf(p->cg[p->ncg++], CG_PATH_LEN, "%s", p->base);
	ret = cg_enable(p->base, ctl_name(p->c));
	if (ret)
		pt_fail(p, "enable %s in %s/cgroup.subtree_control: %s",
			ctl_name(p->c), pt_rel(p, p->base), pt_err(ret));
	return !ret;
}

static void report(struct point *p, enum result r)
{
	const struct known *k = suite_known_of(p->s, p->name);
	const char *id = k ? k->id : NULL;

	if (!p->observed[0]) {
		if (r == SKIP)
			pt_obs(p, "not run: %s", p->skip_why);
		else
			pt_obs(p, r == PASS ? "as expected" :
					      "failed before observing");
	}
	if (p->splats)
		obs_tail(p, " (kernel splat)");
	ktap_observed(p->name, p->observed);
	if (r == SKIP && id) {
		/* A known defect that did not run proves nothing: a failure. */
		ktap_diag("%s: known defect %s did not run: %s", p->name, id,
			  p->skip_why);
		ktap_fail(p->name);
	} else if (r == SKIP) {
		ktap_skip(p->name, p->skip_why);
	} else if (r == PASS && id) {
		ktap_diag("%s: known defect %s no longer reproduces", p->name,
			  id);
		ktap_fail(p->name);
	} else if (r == PASS) {
		ktap_pass(p->name);
	} else if (id && p->undocumented_residue) {
		ktap_diag("%s: known defect %s left a residue it does not document",
			  p->name, id);
		ktap_fail(p->name);
	} else if (id && regexec(&k->re, p->observed, 0, NULL, 0)) {
		/* The point failed, but not the way the defect makes it. */
		ktap_diag("%s: known defect %s: the observation does not match its signature /%s/",
			  p->name, id, k->sig);
		ktap_fail(p->name);
	} else if (id) {
		ktap_todo(p->name, id);
	} else {
		ktap_fail(p->name);
	}
}

static void on_watchdog(int sig)
{
	static const char msg[] =
		"# watchdog: a test point ran too long; giving up\n";

	(void)sig;
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(3);
}

/* The case in its own cgroup, then the cleanup and leak checks. */
static enum result run_case(struct point *p, const struct case_desc *cd)
{
	struct baseline b;
	enum result r;

	if (cd->flags & F_FINAL)
		return cd->fn(p);
	alarm(POINT_TIMEOUT_S);
	take_baseline(p->s, &b);
	r = make_base(p) ? cd->fn(p) : FAIL;
	teardown(p, &b);
	alarm(0);
	return r;
}

static void run_point(struct suite *s, const struct case_desc *cd, int ri)
{
	struct point *p = calloc(1, sizeof(*p));
	const char *why;
	enum result r;
	int kfd;

	if (!p) {
		ktap_diag("out of memory");
		exit(2);
	}
	point_init(p, s, cd, ri);
	if (!matches(s, cd, p->name))
		goto out;
	why = is_missing(p, cd);
	if (why) {
		pt_fail(p, "%s", why);
		report(p, FAIL);
		goto out;
	}
	why = cannot_run(p, cd);
	if (why) {
		report(p, pt_skip(p, "%s", why));
		goto out;
	}
	mark(p, "begin");
	clear_warn_once(p);
	kfd = splat_watch(s);
	r = run_case(p, cd);
	splat_check(p, kfd);
	mark(p, "end");
	if (p->failed)
		r = FAIL;
	report(p, r);
out:
	free(p);
}

void suite_run(struct suite *s, const struct case_desc *cases, int ncases)
{
	signal(SIGALRM, on_watchdog);
	for (int i = 0; i < ncases; i++) {
		if (!(cases[i].flags & F_RES)) {
			run_point(s, &cases[i], -1);
			continue;
		}
		for (int r = 0; r < s->ctl.nres; r++)
			run_point(s, &cases[i], r);
	}
}

