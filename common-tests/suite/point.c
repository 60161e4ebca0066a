// SPDX-License-Identifier: GPL-2.0
/*
 * The helpers a case calls (pt_*, see suite.h): its observations and
 * verdict, its cgroups, limits and counts, charges through the test module,
 * and VMs.  Whatever a case makes through them, the runner (run.c) undoes.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "charge.h"
#include "kvm.h"
#include "ktap.h"
#include "parse.h"
#include "runner.h"
#include "suite.h"

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

const char *suite_file_of(struct point *p, enum ctl_file f, const char *res)
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
			suite_file_of(p, CTL_F_MAX, res), res, value, pt_err(ret));
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
			suite_file_of(p, CTL_F_CURRENT, res), res, pt_rel(p, cg),
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
		suite_file_of(p, CTL_F_CURRENT, res), res,
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

int suite_root_usage(struct suite *s, const char *res, uint64_t *v)
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
	return suite_root_usage(p->s, res_or(p, res), v);
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

bool suite_restore_capacity(struct suite *s, const char *res, uint64_t cap,
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
	return suite_restore_capacity(p->s, p->c->res[ri],
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

