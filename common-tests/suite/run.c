// SPDX-License-Identifier: GPL-2.0
/*
 * The runner: one test point at a time, each in its own cgroup, each
 * followed by a check that it left nothing charged and that the kernel
 * logged no splat; plus the helpers that cases use (see suite.h) and the
 * final global check.
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
#include "suite.h"

/* Seconds a point may take before the watchdog ends the suite. */
#define POINT_TIMEOUT_S	300
/* Splat records quoted per point; a WARN storm needs no more. */
#define SPLATS_SHOWN	8

/* ---- reporting ---- */

static void vappend(char *buf, size_t len, const char *sep, const char *fmt,
		    va_list ap)
{
	size_t n = strlen(buf);

	if (n && sep)
		n += snprintf(buf + n, len > n ? len - n : 0, "%s", sep);
	if (n < len)
		vsnprintf(buf + n, len - n, fmt, ap);
}

void pt_fail(struct point *p, const char *fmt, ...)
{
	char msg[PT_TEXT_LEN] = "";
	va_list ap;

	va_start(ap, fmt);
	vappend(msg, sizeof(msg), NULL, fmt, ap);
	va_end(ap);
	ktap_diag("%s: FAIL: %s", p->name, msg);
	p->failed = true;
}

void pt_note(struct point *p, const char *fmt, ...)
{
	char msg[PT_TEXT_LEN] = "";
	va_list ap;

	va_start(ap, fmt);
	vappend(msg, sizeof(msg), NULL, fmt, ap);
	va_end(ap);
	ktap_diag("%s: %s", p->name, msg);
}

void pt_obs(struct point *p, const char *fmt, ...)
{
	va_list ap;

	p->observed[0] = '\0';
	va_start(ap, fmt);
	vappend(p->observed, sizeof(p->observed), NULL, fmt, ap);
	va_end(ap);
}

void pt_obs_add(struct point *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vappend(p->observed, sizeof(p->observed), ", ", fmt, ap);
	va_end(ap);
}

enum result pt_skip(struct point *p, const char *fmt, ...)
{
	va_list ap;

	p->skip_why[0] = '\0';
	va_start(ap, fmt);
	vappend(p->skip_why, sizeof(p->skip_why), NULL, fmt, ap);
	va_end(ap);
	return SKIP;
}

enum result pt_result(struct point *p)
{
	return p->failed ? FAIL : PASS;
}

bool pt_is_misc(const struct point *p)
{
	return p->c->design == CTL_MISC;
}

bool pt_limits_ulong(const struct point *p)
{
	return pt_is_misc(p) && !suite_documents(p->s, LIMITS_UINT);
}

const char *pt_rel(const struct point *p, const char *cg)
{
	size_t n = strlen(p->s->root);

	if (!strncmp(cg, p->s->root, n) && cg[n] == '/')
		return cg + n + 1;
	return !strcmp(cg, p->s->root) ? "<root>" : cg;
}

const char *pt_err(int err)
{
	static char buf[4][32];
	static int next;
	char *b = buf[next++ % 4];

	if (err < 0)
		err = -err;
	switch (err) {
	case 0:	return "0";
	case EINVAL: return "EINVAL";
	case EBUSY: return "EBUSY";
	case ERANGE: return "ERANGE";
	case ENOENT: return "ENOENT";
	case EOVERFLOW: return "EOVERFLOW";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ENOTTY: return "ENOTTY";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EBADF: return "EBADF";
	case ENOSPC: return "ENOSPC";
	case EIO: return "EIO";
	}
	snprintf(b, sizeof(buf[0]), "errno %d", err);
	return b;
}

static const char *res_or(struct point *p, const char *res)
{
	return res ? res : p->res;
}

static const char *file_of(struct point *p, enum ctl_file f, const char *res)
{
	static char name[4][CTL_NAME_LEN];
	static int next;
	char *n = name[next++ % 4];

	if (ctl_file(p->c, f, res, n, CTL_NAME_LEN))
		snprintf(n, CTL_NAME_LEN, "<no such file>");
	return n;
}

/* ---- cgroups ---- */

static const char *make_cg(struct point *p, const char *rel, bool enable)
{
	char path[CG_PATH_LEN], parent[CG_PATH_LEN], *slash;
	int ret;

	if (p->ncg == PT_MAX_CG) {
		pt_fail(p, "too many cgroups");
		return NULL;
	}
	if (snprintf(path, sizeof(path), "%s/%s", p->base, rel) >=
	    (int)sizeof(path)) {
		pt_fail(p, "path too long: %s/%s", p->base, rel);
		return NULL;
	}
	snprintf(parent, sizeof(parent), "%s", path);
	slash = strrchr(parent, '/');
	*slash = '\0';
	if (enable && !cg_enabled(parent, ctl_name(p->c))) {
		ret = cg_enable(parent, ctl_name(p->c));
		if (ret) {
			pt_fail(p, "enable %s in %s/cgroup.subtree_control: %s",
				ctl_name(p->c), pt_rel(p, parent), pt_err(ret));
			return NULL;
		}
	}
	ret = cg_mkdir(path);
	if (ret) {
		pt_fail(p, "mkdir %s: %s", pt_rel(p, path), pt_err(ret));
		return NULL;
	}
	snprintf(p->cg[p->ncg], CG_PATH_LEN, "%s", path);
	return p->cg[p->ncg++];
}

const char *pt_cg(struct point *p, const char *rel)
{
	return make_cg(p, rel, true);
}

const char *pt_cg_plain(struct point *p, const char *rel)
{
	return make_cg(p, rel, false);
}

void pt_track_cg(struct point *p, const char *cg)
{
	if (p->ncg < PT_MAX_CG)
		snprintf(p->cg[p->ncg++], CG_PATH_LEN, "%s", cg);
	else
		pt_fail(p, "too many cgroups");
}

bool pt_enter(struct point *p, const char *cg)
{
	int ret = cg_move(cg, 0);

	if (ret)
		pt_fail(p, "enter %s (cgroup.procs): %s", pt_rel(p, cg),
			pt_err(ret));
	return !ret;
}

bool pt_leave(struct point *p)
{
	int ret = cg_move(p->s->root, 0);

	if (ret)
		pt_fail(p, "back to the root cgroup: %s", pt_err(ret));
	return !ret;
}

/* ---- limits and counts ---- */

bool pt_set_max(struct point *p, const char *cg, const char *res,
		const char *value)
{
	int ret;

	res = res_or(p, res);
	ret = ctl_write_max(p->c, cg, res, value);
	if (ret)
		pt_fail(p, "set %s/%s %s to \"%s\": %s", pt_rel(p, cg),
			file_of(p, CTL_F_MAX, res), res, value, pt_err(ret));
	return !ret;
}

bool pt_current(struct point *p, const char *cg, const char *res,
		uint64_t *v)
{
	int ret;

	res = res_or(p, res);
	ret = ctl_get_current(p->c, cg, res, v);
	if (ret)
		pt_fail(p, "read %s of %s in %s: %s",
			file_of(p, CTL_F_CURRENT, res), res, pt_rel(p, cg),
			pt_err(ret));
	return !ret;
}

bool pt_expect_current(struct point *p, const char *cg, const char *res,
		       uint64_t want)
{
	char got[32], exp[32];
	uint64_t v;

	res = res_or(p, res);
	if (!pt_current(p, cg, res, &v))
		return false;
	if (v == want)
		return true;
	pt_fail(p, "%s/%s: %s is %s, expected %s", pt_rel(p, cg),
		file_of(p, CTL_F_CURRENT, res), res,
		parse_fmt_count(v, got, sizeof(got)),
		parse_fmt_count(want, exp, sizeof(exp)));
	return false;
}

struct wait_arg {
	struct point *p;
	const char *cg, *res;
	uint64_t want;
};

static bool current_is(void *arg)
{
	struct wait_arg *w = arg;
	uint64_t v;

	return !ctl_get_current(w->p->c, w->cg, w->res, &v) && v == w->want;
}

bool pt_wait_current(struct point *p, const char *cg, const char *res,
		     uint64_t want)
{
	struct wait_arg w = { p, cg, res_or(p, res), want };

	cg_poll(current_is, &w, SETTLE_MS, 10);
	return pt_expect_current(p, cg, res, want);
}

bool pt_expect_others(struct point *p, const char *cg, uint64_t want)
{
	bool ok = true;

	for (int i = 0; i < p->c->nres; i++)
		if (i != p->ri)
			ok &= pt_expect_current(p, cg, p->c->res[i], want);
	return ok;
}

const char *pt_counts(struct point *p, const char *cg, char *buf, size_t len)
{
	char num[32];
	size_t n = 0;
	uint64_t v;

	buf[0] = '\0';
	for (int i = 0; i < p->c->nres && n < len; i++) {
		if (ctl_get_current(p->c, cg, p->c->res[i], &v))
			snprintf(num, sizeof(num), "?");
		else
			parse_fmt_count(v, num, sizeof(num));
		n += snprintf(buf + n, len - n, "%s%s=%s", i ? " " : "",
			      p->c->res[i], num);
	}
	return buf;
}

static int res_index(const struct ctl *c, const char *res)
{
	for (int i = 0; i < c->nres; i++)
		if (!strcmp(c->res[i], res))
			return i;
	return -1;
}

static int root_usage(struct suite *s, const char *res, uint64_t *v)
{
	int ri = res_index(&s->ctl, res);

	if (ctl_has(&s->ctl, CTL_F_USAGE))
		return ctl_get_root_usage(&s->ctl, res, v);
	if (s->chg_fd < 0 || ri < 0 || s->type[ri] < 0)
		return -ENOENT;
	return chg_total_usage(s->chg_fd, s->type[ri], v);
}

int pt_root_usage(struct point *p, const char *res, uint64_t *v)
{
	return root_usage(p->s, res_or(p, res), v);
}

bool pt_expect_root_usage(struct point *p, const char *res, uint64_t want)
{
	char got[32], exp[32];
	uint64_t v;
	int ret;

	res = res_or(p, res);
	ret = pt_root_usage(p, res, &v);
	if (ret == -ENOENT)
		return true;
	if (ret) {
		pt_fail(p, "root usage of %s: %s", res, pt_err(ret));
		return false;
	}
	if (v == want)
		return true;
	pt_fail(p, "root usage of %s is %s, expected %s", res,
		parse_fmt_count(v, got, sizeof(got)),
		parse_fmt_count(want, exp, sizeof(exp)));
	return false;
}

/* ---- the module ---- */

int pt_chg_new(struct point *p)
{
	int fd;

	if (p->nchg == PT_MAX_FD) {
		pt_fail(p, "too many module fds");
		return -1;
	}
	fd = chg_open();
	if (fd < 0) {
		pt_fail(p, "open %s: %s", ASID_TEST_DEV, pt_err(fd));
		return -1;
	}
	p->chg[p->nchg++] = fd;
	return fd;
}

int pt_chg(struct point *p)
{
	return p->nchg ? p->chg[0] : pt_chg_new(p);
}

void pt_chg_close(struct point *p, int fd)
{
	for (int i = 0; i < p->nchg; i++) {
		if (p->chg[i] != fd)
			continue;
		close(fd);
		p->chg[i] = p->chg[--p->nchg];
		return;
	}
}

int pt_charge(struct point *p, int fd, const char *res, uint64_t amount,
	      uint32_t *handle)
{
	int ri = res_index(p->c, res_or(p, res));

	if (ri < 0 || p->s->type[ri] < 0)
		return -ENOENT;
	return chg_charge(fd, p->s->type[ri], amount, handle);
}

bool pt_charge_ok(struct point *p, int fd, const char *res, uint64_t amount,
		  uint32_t *handle)
{
	int ret = pt_charge(p, fd, res, amount, handle);

	if (ret)
		pt_fail(p, "charge %" PRIu64 " of %s: %s", amount,
			res_or(p, res), pt_err(ret));
	return !ret;
}

bool pt_charge_err(struct point *p, int fd, const char *res, uint64_t amount,
		   int err)
{
	uint32_t h;
	int ret = pt_charge(p, fd, res, amount, &h);

	if (ret == -err)
		return true;
	pt_fail(p, "charge %" PRIu64 " of %s: %s, expected %s", amount,
		res_or(p, res), pt_err(ret), pt_err(err));
	if (!ret)
		chg_uncharge(fd, h);
	return false;
}

bool pt_uncharge(struct point *p, int fd, uint32_t handle)
{
	int ret = chg_uncharge(fd, handle);

	if (ret)
		pt_fail(p, "uncharge handle %u: %s", handle, pt_err(ret));
	return !ret;
}

int pt_set_capacity(struct point *p, const char *res, uint64_t capacity)
{
	int ri = res_index(p->c, res_or(p, res));

	if (ri < 0 || p->s->type[ri] < 0 || p->s->chg_fd < 0)
		return -ENOENT;
	return chg_set_capacity(p->s->chg_fd, p->s->type[ri], capacity);
}

static bool restore_capacity(struct suite *s, const char *res, uint64_t cap,
			     struct point *p)
{
	uint64_t now;
	int ri = res_index(&s->ctl, res), ret;

	if (!ctl_get_capacity(&s->ctl, res, &now) && now == cap)
		return true;
	ret = ri < 0 || s->type[ri] < 0 || s->chg_fd < 0 ? -ENOENT :
		chg_set_capacity(s->chg_fd, s->type[ri], cap);
	if (ret)
		pt_fail(p, "restore capacity of %s to %" PRIu64 ": %s", res,
			cap, pt_err(ret));
	return !ret;
}

bool pt_restore_capacity(struct point *p, const char *res)
{
	int ri = res_index(p->c, res_or(p, res));

	if (ri < 0)
		return false;
	return restore_capacity(p->s, p->c->res[ri],
				ri == p->ri ? p->cap : p->s->cap0[ri], p);
}

/* ---- KVM ---- */

int pt_vm(struct point *p)
{
	int fd;

	if (p->nvms == PT_MAX_VMS) {
		pt_fail(p, "too many VMs");
		return -1;
	}
	fd = kvm_vm_create(p->s->kvm_fd);
	if (fd < 0) {
		pt_fail(p, "KVM_CREATE_VM: %s", pt_err(fd));
		return -1;
	}
	p->vms[p->nvms++] = fd;
	return fd;
}

int pt_vm_sev(struct point *p, const char *res)
{
	int vm = pt_vm(p), ret;

	if (vm < 0)
		return -1;
	res = res_or(p, res);
	ret = kvm_sev_init(vm, res);
	if (ret) {
		pt_fail(p, "%s init: %s", res, pt_err(ret));
		pt_vm_close(p, vm);
		return -1;
	}
	return vm;
}

void pt_vm_close(struct point *p, int fd)
{
	for (int i = 0; i < p->nvms; i++) {
		if (p->vms[i] != fd)
			continue;
		close(fd);
		p->vms[i] = p->vms[--p->nvms];
		return;
	}
}

void pt_vm_close_all(struct point *p)
{
	while (p->nvms)
		close(p->vms[--p->nvms]);
}

void pt_track_pid(struct point *p, pid_t pid)
{
	if (p->npids < PT_MAX_PIDS)
		p->pids[p->npids++] = pid;
}

/* ---- known defects ---- */

/* The residue of @res that @k documents: 0 unless its leaves= names it. */
static int64_t documented_residue(const struct known *k, const char *res)
{
	return k ? parse_leaves_of(k->leaves, res) : 0;
}

int suite_load_known(struct suite *s, const char *file)
{
	char line[512];
	int ln = 0, ret, bad = 0;
	FILE *f = fopen(file, "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		struct known *k = &s->known[s->nknown];

		ln++;
		if (s->nknown == SUITE_MAX_KNOWN) {
			ktap_diag("%s:%d: more than %d entries", file, ln,
				  SUITE_MAX_KNOWN);
			bad++;
			break;
		}
		ret = parse_known_line(line, k->id, sizeof(k->id), k->point,
				       sizeof(k->point), k->sig, sizeof(k->sig));
		if (ret > 0 && parse_split_leaves(k->sig, k->leaves,
						  sizeof(k->leaves)))
			ret = -EINVAL;
		if (ret > 0 && regcomp(&k->re, k->sig, REG_EXTENDED | REG_NOSUB))
			ret = -EINVAL;
		if (ret < 0) {
			ktap_diag("%s:%d: not \"<finding-id> <point> <ERE of its observation>\"",
				  file, ln);
			bad++;
		} else if (ret > 0) {
			s->nknown++;
		}
	}
	fclose(f);
	return bad ? -EINVAL : 0;
}

static const struct known *known_of(struct suite *s, const char *point)
{
	for (int i = 0; i < s->nknown; i++)
		if (!strcmp(s->known[i].point, point))
			return &s->known[i];
	return NULL;
}

/* ---- the per-point check ---- */

struct baseline {
	uint64_t root[CTL_MAX_RES], top[CTL_MAX_RES], cap[CTL_MAX_RES];
	bool root_ok[CTL_MAX_RES], top_ok[CTL_MAX_RES], cap_ok[CTL_MAX_RES];
};

static void take_baseline(struct suite *s, struct baseline *b)
{
	const struct ctl *c = &s->ctl;

	for (int i = 0; i < c->nres; i++) {
		b->root_ok[i] = !root_usage(s, c->res[i], &b->root[i]);
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
					file_of(p, CTL_F_CURRENT, res), res,
					parse_fmt_count(v, x, sizeof(x)));
		}
		if (b->root_ok[i] && !root_usage(p->s, res, &v) &&
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
	const struct known *k = known_of(p->s, p->name);
	struct suite *s = p->s;
	bool any = false;
	uint64_t v;

	for (int i = 0; i < s->ctl.nres; i++) {
		const char *res = s->ctl.res[i];
		int64_t want = documented_residue(k, res), got = 0;

		if (b->root_ok[i] && !root_usage(s, res, &v))
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
		restore_capacity(p->s, c->res[i], b->cap[i], p);
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
	const struct known *k = known_of(p->s, p->name);
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

/* ---- the final global check ---- */

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

		if (!root_usage(s, res, &v)) {
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
			restore_capacity(s, res, s->cap0[i], p);
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
