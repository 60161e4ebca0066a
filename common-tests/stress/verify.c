// SPDX-License-Identifier: GPL-2.0
/*
 * The end of a stress run, once every worker is stopped and reaped: the
 * counters must settle to zero, every cgroup must go, every ASID must be
 * allocatable again, and the kernel must not have complained.  One KTAP
 * point each:
 *
 *   stress_workers_did_work      every kind of worker succeeded at least once
 *   stress_no_unexpected_errors  no error that the races do not explain
 *   stress_usage_within_max:<r>  the sampler saw no overshoot beyond the
 *                                design's bound (sampler.c)
 *   stress_currents_zero         current of every res in every cgroup left
 *   stress_total_usage_zero:<r>  root usage (stat "used", else TOTAL_USAGE)
 *   stress_asid_round:<r>        capacity inits pass, one more EBUSY, all
 *                                released again (KVM types only)
 *   stress_cgroups_removed       the layout and the round's cgroup removed
 *   stress_no_dying_descendants  every removed cgroup freed (dying.c)
 *   stress_no_kernel_splat       /dev/kmsg since the start
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "charge.h"
#include "kmsg.h"
#include "ktap.h"
#include "kvm.h"
#include "parse.h"
#include "stress.h"

/* The layout: top, home, the mids and every leaf. */
#define ST_MAX_CG	(2 + ST_MIDS + ST_LEAVES)
#define ROUND_MAX_VMS	64
#define POLL_STEP_MS	20

static void point(const char *name, bool ok, const char *obs)
{
	ktap_observed(name, obs);
	if (ok)
		ktap_pass(name);
	else
		ktap_fail(name);
}

static void skip_point(const char *name, const char *why)
{
	ktap_observed(name, why);
	ktap_skip(name, why);
}

static const char *rel(const struct stress *s, const char *cg)
{
	size_t n = strlen(s->root);

	return strncmp(cg, s->root, n) || !cg[n] ? cg : cg + n + 1;
}

int st_planned_points(const struct stress *s)
{
	int n = 6 + 2 * s->c.nres;

	for (int i = 0; i < s->c.nres; i++)
		n += kvm_res_known(s->c.res[i]);
	return n;
}

/* Root usage: the root usage file, else the module's TOTAL_USAGE. */
static int root_usage(struct stress *s, int ri, uint64_t *v, const char **via)
{
	if (ctl_has(&s->c, CTL_F_USAGE)) {
		*via = "stat";
		return ctl_get_root_usage(&s->c, s->c.res[ri], v);
	}
	*via = "ioctl";
	if (s->chg_fd < 0 || s->type[ri] < 0)
		return -ENOENT;
	return chg_total_usage(s->chg_fd, s->type[ri], v);
}

struct zero_arg {
	struct stress *s;
	char (*cgs)[CG_PATH_LEN];
	int ncg;
};

/* Is every current of @cgs and every root usage 0? */
static bool all_zero(void *arg)
{
	struct zero_arg *z = arg;
	struct stress *s = z->s;
	const char *via;
	uint64_t v;

	for (int i = 0; i < z->ncg; i++)
		for (int r = 0; r < s->c.nres; r++)
			if (ctl_get_current(&s->c, z->cgs[i], s->c.res[r], &v) ||
			    v)
				return false;
	for (int r = 0; r < s->c.nres; r++)
		if (root_usage(s, r, &v, &via) || v)
			return false;
	return true;
}

/* Can a VM charger move contexts?  Only sev ones (chargers.c). */
static bool sev_vms(const struct stress *s)
{
	for (int r = 0; r < s->c.nres; r++)
		if (s->kvm_res[r] && !strcmp(s->c.res[r], "sev"))
			return true;
	return false;
}

/*
 * A move is one VM operation in about 20 and may be refused by a limit:
 * below this many VM operations (a debug kernel under TCG makes some 60
 * in 10 s) no move is required, and the run says so.
 */
#define MIN_VM_OPS_FOR_MOVE	200

/*
 * A reading is judged only if its cgroup did not change since the one
 * before (sampler.c).  When the workers change each cgroup about once per
 * sweep or more (a debug kernel sweeps slowly while the limit writer keeps
 * its pace), a run may judge nothing; below this rate it must judge.
 */
#define MAX_CHANGES_PER_SWEEP_TO_JUDGE	1.0

/* Changes begun per cgroup of the layout per sampler sweep. */
static double changes_per_sweep(const struct stress *s)
{
	uint64_t n = 0;

	for (int slot = 0; slot < ST_SLOTS; slot++)
		n += s->begun[slot];
	return s->sweeps ? (double)n / ST_SLOTS / s->sweeps : INFINITY;
}

static void check_workers(struct stress *s)
{
	struct st_stats *st = s->st;
	bool vm = !s->kvm_sev;
	bool did[K_NR] = {
		[K_MODULE] = st->charges && st->uncharges,
		[K_VM] = !vm || (st->sev_inits && st->vm_closes &&
				 st->mirrors && (st->migrations || !sev_vms(s) ||
						 st->ops[K_VM] < MIN_VM_OPS_FOR_MOVE)),
		[K_CHURN] = st->cgroups_created && st->cgroups_removed,
		[K_MOVE] = st->moves > 0,
		[K_LIMIT] = st->limit_writes > 0,
		[K_KILL] = st->kills > 0,
	};
	char obs[ST_TEXT_LEN], num[32];
	bool ok = true;
	size_t n = 0;

	for (int k = 0; k < K_NR; k++) {
		ok &= did[k];
		if (!did[k])
			ktap_diag("stress_workers_did_work: FAIL: %s did no work (%" PRIu64 " ops)",
				  st_kind_name[k], st->ops[k]);
	}
	if (vm && !did[K_VM])
		ktap_diag("stress_workers_did_work: FAIL: VM chargers: %" PRIu64
			  " inits, %" PRIu64 " closes, %" PRIu64 " moves, %"
			  PRIu64 " mirrors", st->sev_inits, st->vm_closes,
			  st->migrations, st->mirrors);
	if (vm && sev_vms(s) && !st->migrations)
		ktap_diag("stress_workers_did_work: no VM context moved in %" PRIu64
			  " VM operations (required from %d on)", st->ops[K_VM],
			  MIN_VM_OPS_FOR_MOVE);
	/* Every res was charged by every path that can charge it. */
	for (int r = 0; r < s->c.nres; r++) {
		bool mod = s->type[r] < 0 || st->charges_res[r];
		bool kvm = !vm || !s->kvm_res[r] || st->inits_res[r];

		if (!mod || !kvm)
			ktap_diag("stress_workers_did_work: FAIL: %s never charged%s%s",
				  s->c.res[r], mod ? "" : " through the module",
				  kvm ? "" : " through KVM");
		ok &= mod && kvm;
	}
	for (int k = 0; k < K_NR && n < sizeof(obs); k++) {
		snprintf(num, sizeof(num), "%" PRIu64, st->ops[k]);
		n += snprintf(obs + n, sizeof(obs) - n, "%s%s %s", k ? ", " : "",
			      st_kind_name[k],
			      k == K_VM && !vm ? "skipped (no SEV)" : num);
	}
	if (n < sizeof(obs))
		snprintf(obs + n, sizeof(obs) - n, " ops");
	point("stress_workers_did_work", ok, obs);
}

static void check_errors(struct stress *s)
{
	struct st_stats *st = s->st;
	uint32_t kept = st->nmsg < ST_MSGS ? st->nmsg : ST_MSGS;
	char obs[128];

	for (uint32_t i = 0; i < kept; i++)
		ktap_diag("stress_no_unexpected_errors: FAIL: %s", st->msg[i]);
	snprintf(obs, sizeof(obs), "%" PRIu64 " unexpected, %" PRIu64
		 " refused charges (EBUSY), %" PRIu64 " rmdir EBUSY",
		 st->unexpected, st->charge_errors, st->rmdir_busy);
	point("stress_no_unexpected_errors", !st->unexpected, obs);
}

/* What the sampler saw during the run (sampler.c). */
static void check_overshoot(struct stress *s, int ri)
{
	const struct st_over *o = &s->over[ri];
	uint64_t bound = st_over_bound(s, ri);
	double rate = changes_per_sweep(s);
	char name[128], obs[ST_TEXT_LEN];
	bool ok = o->samples && o->max_judged && o->max_over <= bound;

	snprintf(name, sizeof(name), "stress_usage_within_max:%s",
		 s->c.res[ri]);
	printf("# stress-overshoot %s samples=%" PRIu64 " max_over=%" PRIu64
	       " cgroup=%s vs=%s bound=%" PRIu64 " judged_vs_max=%" PRIu64
	       " over_samples=%" PRIu64 " excused=%" PRIu64 " sweeps=%" PRIu64
	       " hier=%s\n", s->c.res[ri], o->samples, o->max_over,
	       o->where[0] ? o->where : "-", o->vs ? o->vs : "-", bound,
	       o->max_judged, o->over_samples, o->excused, s->sweeps,
	       s->v2 ? "v2" : "v1");
	snprintf(obs, sizeof(obs), "%" PRIu64 " readings in %" PRIu64
		 " sweeps, %" PRIu64 " judged against a max; largest overshoot %"
		 PRIu64 "%s%s%s%s, allowed %" PRIu64 " (%s); %" PRIu64
		 " readings above a max lowered below the usage",
		 o->samples, s->sweeps, o->max_judged, o->max_over,
		 o->vs ? " over " : "", o->vs ? o->vs : "",
		 o->where[0] ? " in " : "", o->where, bound,
		 s->exact ? "exact: admitted only within max" :
		 s->c.design == CTL_MISC ? "misc: the charges in flight" :
		 "checked under the lock", o->excused);
	/* Sweeps too slow for the change rate: declared, if nothing was over. */
	if (!o->max_judged && o->max_over <= bound &&
	    rate >= MAX_CHANGES_PER_SWEEP_TO_JUDGE) {
		char why[ST_TEXT_LEN + 200];

		snprintf(why, sizeof(why), "none judged against a max: each cgroup changed %.1f times per sweep (%" PRIu64 " sweeps), so no two readings in a row saw one max; a kernel this slow needs a longer run: %s",
			 rate, s->sweeps, obs);
		skip_point(name, why);
		return;
	}
	if (!ok)
		ktap_diag("%s: FAIL: %s", name, !o->samples || !o->max_judged ?
			  "nothing judged" : "usage above max");
	point(name, ok, obs);
}

/* Wait for the counters to settle, then report every current left. */
static void check_currents(struct stress *s)
{
	static char cgs[ST_MAX_CG][CG_PATH_LEN];
	struct zero_arg z = { s, cgs, st_present(s, cgs, ST_MAX_CG) };
	char obs[ST_TEXT_LEN], num[32];
	int bad = 0, err = 0;
	uint64_t v;

	cg_poll(all_zero, &z, 2 * SETTLE_MS, POLL_STEP_MS);
	for (int i = 0; i < z.ncg; i++) {
		for (int r = 0; r < s->c.nres; r++) {
			int ret = ctl_get_current(&s->c, cgs[i], s->c.res[r], &v);

			if (ret) {
				err++;
				ktap_diag("stress_currents_zero: FAIL: %s %s: %s",
					  rel(s, cgs[i]), s->c.res[r],
					  st_errname(ret));
			} else if (v) {
				bad++;
				ktap_diag("stress_currents_zero: FAIL: %s %s=%s",
					  rel(s, cgs[i]), s->c.res[r],
					  parse_fmt_count(v, num, sizeof(num)));
			}
		}
	}
	snprintf(obs, sizeof(obs), "%d cgroups x %d res after settling: %d not 0, %d unreadable",
		 z.ncg, s->c.nres, bad, err);
	point("stress_currents_zero", !bad && !err && z.ncg, obs);
}

struct usage_arg {
	struct stress *s;
	int ri;
};

static bool usage_zero(void *arg)
{
	struct usage_arg *u = arg;
	const char *via;
	uint64_t v;

	return !root_usage(u->s, u->ri, &v, &via) && !v;
}

static void check_usage(struct stress *s, int ri, uint64_t *usage,
			const char **via)
{
	struct usage_arg u = { s, ri };
	char name[128], obs[128], num[32];
	int ret;

	snprintf(name, sizeof(name), "stress_total_usage_zero:%s", s->c.res[ri]);
	cg_poll(usage_zero, &u, SETTLE_MS, POLL_STEP_MS);
	ret = root_usage(s, ri, usage, via);
	if (ret) {
		snprintf(obs, sizeof(obs), "root usage (%s) unreadable: %s",
			 *via, st_errname(ret));
		*usage = UINT64_MAX;
		point(name, false, obs);
		return;
	}
	snprintf(obs, sizeof(obs), "root usage (%s) %s", *via,
		 parse_fmt_count(*usage, num, sizeof(num)));
	point(name, !*usage, obs);
}

/* What one res did in the ASID round. */
struct round {
	bool ran;
	uint64_t cap, admitted, held_current;
	int first_err;		/* of the inits up to capacity */
	int extra_err;		/* of the one more */
	bool released;
};

static int init_vm(struct stress *s, const char *res, int *vm)
{
	int ret;

	*vm = kvm_vm_create(s->kvm_fd);
	if (*vm < 0)
		return *vm;
	ret = kvm_sev_init(*vm, res);
	if (ret) {
		close(*vm);
		*vm = -1;
	}
	return ret;
}

/*
 * Every ASID must be free: in a fresh cgroup, init VMs of every KVM type
 * up to its capacity, all at once, then one more of each, which the
 * capacity must refuse (EBUSY); close them all and wait for the usage to
 * drop to 0 again.
 */
static void asid_round(struct stress *s, struct round *rd, int *cg_err,
		       char *why, size_t len)
{
	static int vms[ROUND_MAX_VMS];
	char cgs[1][CG_PATH_LEN];
	struct zero_arg z = { s, cgs, 1 };
	int nvms = 0, ret, vm;
	uint64_t v;

	snprintf(cgs[0], sizeof(cgs[0]), "%s", s->final);
	ret = cg_mkdir(s->final);
	if (!ret)
		ret = cg_move(s->final, 0);
	if (ret) {
		*cg_err = ret;
		snprintf(why, len, "make and enter %s: %s", rel(s, s->final),
			 st_errname(ret));
		return;
	}
	for (int r = 0; r < s->c.nres; r++) {
		struct round *x = &rd[r];

		if (!s->kvm_res[r])
			continue;
		x->ran = true;
		if (ctl_get_capacity(&s->c, s->c.res[r], &x->cap))
			x->cap = 0;
		for (uint64_t i = 0; i < x->cap && nvms < ROUND_MAX_VMS; i++) {
			ret = init_vm(s, s->c.res[r], &vm);
			if (ret) {
				x->first_err = ret;
				break;
			}
			vms[nvms++] = vm;
			x->admitted++;
		}
	}
	for (int r = 0; r < s->c.nres; r++) {
		struct round *x = &rd[r];

		if (!x->ran)
			continue;
		x->extra_err = init_vm(s, s->c.res[r], &vm);
		if (!x->extra_err)
			close(vm);
		if (ctl_get_current(&s->c, s->final, s->c.res[r], &v))
			v = UINT64_MAX;
		x->held_current = v;
	}
	while (nvms)
		close(vms[--nvms]);
	cg_move(s->root, 0);
	cg_poll(all_zero, &z, SETTLE_MS, POLL_STEP_MS);
	for (int r = 0; r < s->c.nres; r++) {
		struct usage_arg u = { s, r };

		if (ctl_get_current(&s->c, s->final, s->c.res[r], &v))
			v = UINT64_MAX;
		rd[r].released = !v && usage_zero(&u);
	}
	ret = cg_rmdir(s->final, SETTLE_MS);
	if (ret) {
		*cg_err = ret;
		snprintf(why, len, "rmdir %s: %s", rel(s, s->final),
			 st_errname(ret));
	}
}

static void report_round(struct stress *s, int r, const struct round *x)
{
	char name[128], obs[ST_TEXT_LEN];
	bool ok;

	snprintf(name, sizeof(name), "stress_asid_round:%s", s->c.res[r]);
	if (s->kvm_sev) {
		snprintf(obs, sizeof(obs), "no SEV VMs: %s",
			 st_errname(s->kvm_sev));
		skip_point(name, obs);
		return;
	}
	ok = x->ran && x->cap && x->admitted == x->cap &&
	     x->extra_err == -EBUSY && x->held_current == x->cap &&
	     x->released;
	snprintf(obs, sizeof(obs), "%" PRIu64 " of capacity %" PRIu64
		 " inits admitted%s%s, one more %s, current then %" PRIu64
		 ", %s after close",
		 x->admitted, x->cap, x->first_err ? " then " : "",
		 x->first_err ? st_errname(x->first_err) : "",
		 st_errname(x->extra_err), x->held_current,
		 x->released ? "all 0" : "NOT 0");
	point(name, ok, obs);
}

static void print_splat(const char *text, void *arg)
{
	(void)arg;
	ktap_diag("stress_no_kernel_splat: FAIL: kernel splat: %s", text);
}

static void check_splats(struct stress *s)
{
	char obs[64];
	int n;

	if (s->kmsg_fd < 0) {
		snprintf(obs, sizeof(obs), "/dev/kmsg unavailable: %s",
			 st_errname(s->kmsg_fd));
		skip_point("stress_no_kernel_splat", obs);
		return;
	}
	n = kmsg_for_each_splat(s->kmsg_fd, print_splat, NULL);
	snprintf(obs, sizeof(obs), "%d splat records logged during the run", n);
	point("stress_no_kernel_splat", !n, obs);
}

static uint64_t per_s(const struct stress *s, uint64_t n)
{
	return s->elapsed_ms ? n * 1000 / s->elapsed_ms : 0;
}

static void print_summary(struct stress *s)
{
	struct st_stats *st = s->st;
	uint64_t ops = 0;

	for (int k = 0; k < K_NR; k++)
		ops += st->ops[k];
	printf("# stress-summary seconds=%u seed=%" PRIu64 " ops=%" PRIu64
	       " charges=%" PRIu64 " uncharges=%" PRIu64
	       " vms_created=%" PRIu64 " sev_inits=%" PRIu64
	       " migrations=%" PRIu64 " mirrors=%" PRIu64
	       " cgroups_created=%" PRIu64 " cgroups_removed=%" PRIu64
	       " moves=%" PRIu64 " limit_writes=%" PRIu64 " kills=%" PRIu64
	       " charge_errors=%" PRIu64 " fd_closes=%" PRIu64
	       " vm_closes=%" PRIu64 " removed_charged=%" PRIu64
	       " unexpected=%" PRIu64 " ops_per_s=%" PRIu64 " hier=%s\n",
	       s->seconds, s->seed, ops, st->charges, st->uncharges,
	       st->vms_created, st->sev_inits, st->migrations, st->mirrors,
	       st->cgroups_created,
	       st->cgroups_removed, st->moves, st->limit_writes, st->kills,
	       st->charge_errors, st->fd_closes, st->vm_closes,
	       st->removed_charged, st->unexpected, per_s(s, ops),
	       s->v2 ? "v2" : "v1");
	for (int k = 0; k < K_NR; k++)
		ktap_diag("stress-ops %s=%" PRIu64 " (%" PRIu64 "/s)",
			  st_kind_name[k], st->ops[k],
			  per_s(s, st->ops[k]));
	for (int r = 0; r < s->c.nres; r++)
		ktap_diag("stress-res %s module_charges=%" PRIu64
			  " vm_inits=%" PRIu64, s->c.res[r], st->charges_res[r],
			  st->inits_res[r]);
	fflush(stdout);
}

void st_verify(struct stress *s)
{
	struct round rd[CTL_MAX_RES] = { 0 };
	uint64_t usage[CTL_MAX_RES];
	const char *via[CTL_MAX_RES];
	char why[CG_PATH_LEN + 64] = "", why2[CG_PATH_LEN + 64] = "";
	char num[32], obs[2 * CG_PATH_LEN + 160], dying[160];
	int cg_err, round_err = 0;
	bool dying_ok;

	print_summary(s);
	check_workers(s);
	check_errors(s);
	for (int r = 0; r < s->c.nres; r++)
		check_overshoot(s, r);
	check_currents(s);
	st_wait_dying_layout(s, dying, sizeof(dying), &dying_ok);
	cg_err = st_remove_layout(s, why, sizeof(why));
	for (int r = 0; r < s->c.nres; r++)
		check_usage(s, r, &usage[r], &via[r]);
	if (!s->kvm_sev)
		asid_round(s, rd, &round_err, why2, sizeof(why2));
	for (int r = 0; r < s->c.nres; r++) {
		if (kvm_res_known(s->c.res[r]))
			report_round(s, r, &rd[r]);
	}
	for (int r = 0; r < s->c.nres; r++)
		printf("# stress-final %s total_usage=%s via=%s capacity=%" PRIu64
		       " asid_round=%" PRIu64 "/%" PRIu64 " round_released=%s"
		       " hier=%s\n",
		       s->c.res[r], parse_fmt_count(usage[r], num, sizeof(num)),
		       via[r], s->cap[r], rd[r].admitted, rd[r].cap,
		       !rd[r].ran ? "n/a" : rd[r].released ? "yes" : "no",
		       s->v2 ? "v2" : "v1");
	snprintf(obs, sizeof(obs), "%" PRIu64 " made and %" PRIu64 " removed (%" PRIu64
		 " of them charged) during the run; at the end: %s%s%s",
		 s->st->cgroups_created, s->st->cgroups_removed,
		 s->st->removed_charged,
		 !cg_err && !round_err ? "all removed" : why,
		 cg_err && round_err ? "; " : "", round_err ? why2 : "");
	point("stress_cgroups_removed", !cg_err && !round_err &&
	      !cg_exists(s->top) && !cg_exists(s->final), obs);
	st_check_dying(s, dying, dying_ok);
	check_splats(s);
}
