/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a test case sees: the suite (controller, hierarchy, devices) and
 * its own test point, with helpers that report failures as they happen.
 *
 * A test point is one run of a case, for one resource type if the case is
 * per resource ("enforce_at_parent:sev_es").  The runner (run.c) gives each
 * point its own cgroup <root>/asid_suite.<pid>/<case>.<res> with the
 * controller enabled, and afterwards closes what the point left open,
 * moves the suite back to the root, checks that every count the point could
 * change is back where it was, removes the point's cgroups, and fails the
 * point if the kernel logged a splat meanwhile (kmsg.h).
 */
#ifndef _SUITE_SUITE_H
#define _SUITE_SUITE_H

#include <stdbool.h>
#include <stddef.h>
#include <regex.h>
#include <stdint.h>
#include <sys/types.h>

#include "cg.h"
#include "ctl.h"

#define PT_MAX_CG	16
#define PT_MAX_FD	8
#define PT_MAX_VMS	1024
#define PT_MAX_PIDS	4
#define PT_TEXT_LEN	512
#define SUITE_MAX_KNOWN	256

enum result { PASS, FAIL, SKIP };

/* Case flags. */
#define F_RES		(1U << 0)	/* one point per resource type */
#define F_MODULE	(1U << 1)	/* needs /dev/asid_test */
#define F_KVM		(1U << 2)	/* needs SEV in /dev/kvm */
#define F_V2		(1U << 3)	/* cgroup v2 only */
#define F_FINAL		(1U << 4)	/* runs last, whatever --only says */

struct point;

struct case_desc {
	const char *name;
	unsigned int flags;
	unsigned int min_avail;	/* free units of the resource it needs */
	enum result (*fn)(struct point *p);
};

struct known {
	char id[64];
	char point[128];
	char leaves[64];	/* "leaves=<res>:<n>,...": its documented residue */
	char sig[256];		/* ERE the failing point's observation matches */
	regex_t re;
};

/* What the root held at one moment. */
struct root_note {
	char files[2048];		/* the controller's, space separated */
	char capacity[1024];		/* "<file>: <line>, <line>; <file>: ..." */
	int capacity_files;		/* capacity files read */
	int capacity_err;		/* the first read error, or 0 */
	bool capacity_empty;		/* a capacity file read empty */
};

struct suite {
	struct ctl ctl;
	bool v2;
	char root[CG_PATH_LEN];
	char top[CG_PATH_LEN];		/* <root>/asid_suite.<pid> */
	bool enabled_root;		/* the suite enabled ctl at the root */

	int chg_fd;			/* /dev/asid_test, or -errno */
	char module_design[32];
	int kvm_fd;			/* /dev/kvm, or -errno */
	int kvm_sev;			/* 0 if SEV is enabled, or -errno */

	int type[CTL_MAX_RES];		/* module type of each res, or -1 */
	uint64_t cap0[CTL_MAX_RES];	/* capacities when the suite began */
	bool cap0_ok[CTL_MAX_RES];

	/* Residue that points left at the root and in top, and who did. */
	int64_t leaked_root[CTL_MAX_RES];
	int64_t leaked_top[CTL_MAX_RES];
	char leakers[PT_TEXT_LEN];

	/* The root before the suite touched it, and once ctl was enabled. */
	struct root_note at_start, at_enable;

	int kmsg_err;			/* -errno once /dev/kmsg failed */

	const char *only;
	const char *branch;		/* --branch: variants/<branch>/branch */
	/*
	 * The branch documents a charge that never stores a sum above max
	 * (its "charging exact" line).
	 */
	bool exact;
	int nknown;
	struct known known[SUITE_MAX_KNOWN];
};

struct point {
	struct suite *s;
	const struct ctl *c;
	const char *res;		/* NULL unless F_RES */
	int ri;				/* index of res in c->res, or -1 */
	int type;			/* module type of res, or -1 */
	char name[128];
	char base[CG_PATH_LEN];

	uint64_t cap;			/* capacity of res when the point began */
	uint64_t avail;			/* cap minus the usage then */

	int ncg;
	char cg[PT_MAX_CG][CG_PATH_LEN];
	int nchg;
	int chg[PT_MAX_FD];
	int nvms;
	int vms[PT_MAX_VMS];
	int npids;
	pid_t pids[PT_MAX_PIDS];

	bool failed;
	bool undocumented_residue;	/* fails even a known defect */
	int splats;			/* splat records the kernel logged */
	char observed[PT_TEXT_LEN];
	char skip_why[PT_TEXT_LEN];
};

/* Reporting. */
void pt_fail(struct point *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void pt_note(struct point *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void pt_obs(struct point *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void pt_obs_add(struct point *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
enum result pt_skip(struct point *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* PASS, or FAIL if anything was reported as failed. */
enum result pt_result(struct point *p);
bool pt_is_misc(const struct point *p);
/* Whether limits and capacity are unsigned long (misc since RFC v3). */
bool pt_limits_ulong(const struct point *p);
/* A cgroup path relative to the root, for messages. */
const char *pt_rel(const struct point *p, const char *cg);
/* A name for errno values: "EBUSY", "0" for success. */
const char *pt_err(int err);

/* cgroups: @rel is relative to the point's base; parents must exist. */
const char *pt_cg(struct point *p, const char *rel);
/* As pt_cg(), without enabling the controller in the parent (v2). */
const char *pt_cg_plain(struct point *p, const char *rel);
/* Check and remove @cg (made by someone else) with the point's own. */
void pt_track_cg(struct point *p, const char *cg);
bool pt_enter(struct point *p, const char *cg);
bool pt_leave(struct point *p);

/* Limits and counts of @res (p->res when NULL); failures are reported. */
bool pt_set_max(struct point *p, const char *cg, const char *res,
		const char *value);
bool pt_current(struct point *p, const char *cg, const char *res,
		uint64_t *v);
bool pt_expect_current(struct point *p, const char *cg, const char *res,
		       uint64_t want);
/* Poll for up to SETTLE_MS until current is @want. */
bool pt_wait_current(struct point *p, const char *cg, const char *res,
		     uint64_t want);
/* Expect @want in @res of every other type in @cg. */
bool pt_expect_others(struct point *p, const char *cg, uint64_t want);
/* "sev=1 sev_es=0": every type's current in @cg, for observations. */
const char *pt_counts(struct point *p, const char *cg, char *buf, size_t len);
/* Root usage: the root usage file, else the module's TOTAL_USAGE. */
int pt_root_usage(struct point *p, const char *res, uint64_t *v);
/* Expect root usage @want; true without a check where it is unreadable. */
bool pt_expect_root_usage(struct point *p, const char *res, uint64_t want);

/* The module: the point's fd, opened on first use, and extra fds. */
int pt_chg(struct point *p);
int pt_chg_new(struct point *p);
void pt_chg_close(struct point *p, int fd);
int pt_charge(struct point *p, int fd, const char *res, uint64_t amount,
	      uint32_t *handle);
bool pt_charge_ok(struct point *p, int fd, const char *res, uint64_t amount,
		  uint32_t *handle);
/* Expect the charge to fail with -@err; a charge that succeeds is undone. */
bool pt_charge_err(struct point *p, int fd, const char *res, uint64_t amount,
		   int err);
bool pt_uncharge(struct point *p, int fd, uint32_t handle);
/* SET_CAPACITY of @res (p->res when NULL); returns its -errno. */
int pt_set_capacity(struct point *p, const char *res, uint64_t capacity);
/* Put the capacity of @res back to what it was when the point began. */
bool pt_restore_capacity(struct point *p, const char *res);

/* KVM: VM fds are tracked and closed by the runner if the case does not. */
int pt_vm(struct point *p);
/* A VM initialized for @res; -1 (reported) on failure. */
int pt_vm_sev(struct point *p, const char *res);
void pt_vm_close(struct point *p, int fd);
void pt_vm_close_all(struct point *p);

/* Children are SIGKILLed and reaped by the runner. */
void pt_track_pid(struct point *p, pid_t pid);

/* The runner. */
int suite_count_points(struct suite *s, const struct case_desc *cases,
		       int ncases);
void suite_run(struct suite *s, const struct case_desc *cases, int ncases);
int suite_load_known(struct suite *s, const char *file);

/* Cases, one function per case name; see main.c for the table. */
#define CASE(fn) enum result fn(struct point *p)
/* cases_delegate.c */
CASE(case_deleg_limits);
CASE(case_deleg_ns_limits);
CASE(case_deleg_ns_root_limits);
CASE(case_deleg_move_out);
CASE(case_deleg_ns_move_out);
CASE(case_deleg_charge_counts_up);
CASE(case_deleg_file_modes);
/* cases_files.c */
CASE(case_documented_files);
/*
 * A behaviour a branch documents besides its optional files ("documents"):
 * misc's first RFC refuses a capacity below the usage (-EBUSY, its
 * kernel-doc), where misc since RFC v3 accepts it.
 */
#define CAPACITY_BUSY "capacity_refuses_below_usage"
/*
 * misc's first RFC keeps limits and capacity in unsigned int (kstrtouint,
 * "max" stored as UINT_MAX), as encryption_ids does; misc from RFC v3 on
 * uses unsigned long.
 */
#define LIMITS_UINT "limits_unsigned_int"
/* misc's first RFC logs no refused charge; misc as merged in 5.13 logs one. */
#define REFUSALS_UNLOGGED "refusals_not_logged"
/*
 * A design serving charges from per-CPU stocks documents that a unit freed
 * on one CPU stays charged there until its stock drains, and that a charge
 * a level would refuse drains the stocks first (misc-batched).
 */
#define STOCKED_CHARGES "charges_stocked_per_cpu"
/* misc-batched's MISC_CHARGE_BATCH: a CPU stocks at most this many units. */
#define STOCK_BATCH	32
/* Whether the branch has the line "documents @word". */

bool suite_documents(const struct suite *s, const char *word);
CASE(case_root_files_at_start);
CASE(case_root_files);
CASE(case_child_files);
CASE(case_child_res_listed);
CASE(case_grandchild_files);
CASE(case_v2_subtree_control);
CASE(case_types_match_module);
CASE(case_capacity_reported);
CASE(case_root_used_after_charge);
CASE(case_total_usage_ioctl);
/* cases_limits.c */
CASE(case_default_max);
CASE(case_max_absent_on_root);
CASE(case_max_write_max);
CASE(case_max_write_number);
CASE(case_max_write_zero);
CASE(case_max_above_capacity);
CASE(case_max_garbage);
CASE(case_max_negative);
CASE(case_max_2_32);
CASE(case_max_2_64);
CASE(case_max_uint_max);
CASE(case_max_ulong_max);
CASE(case_max_hex);
CASE(case_max_octal);
CASE(case_max_plus_sign);
CASE(case_max_whitespace);
CASE(case_max_inner_space);
CASE(case_max_two_values);
CASE(case_max_upper_case);
CASE(case_max_unknown_resource);
CASE(case_max_missing_value);
CASE(case_max_empty);
CASE(case_max_newline_only);
/* cases_hier.c */
CASE(case_hier_current);
CASE(case_enforce_at_leaf);
CASE(case_enforce_at_parent);
CASE(case_enforce_at_grandparent);
CASE(case_enforce_every_ancestor);
CASE(case_enforce_at_capacity);
CASE(case_failed_charge_no_partial);
CASE(case_max_below_current);
CASE(case_types_independent);
CASE(case_events_limit_at_leaf);
CASE(case_events_limit_at_parent);
CASE(case_events_at_capacity);
CASE(case_rejection_logged_once);
/* cases_owner.c */
CASE(case_charge_stays_after_move);
CASE(case_rmdir_with_charge);
CASE(case_fd_close_releases);
CASE(case_sigkill_releases);
/* cases_module.c */
CASE(case_charge_zero);
CASE(case_charge_multi_unit);
CASE(case_capacity_raise);
CASE(case_capacity_below_usage);
CASE(case_capacity_zero_charge);
CASE(case_capacity_zero_charge_zero);
CASE(case_capacity_zero_max_write);
CASE(case_counter_width_admit);
CASE(case_counter_width_refuse);
CASE(case_counter_wrap);
/* cases_kvm.c */
CASE(case_kvm_init_charges);
CASE(case_kvm_init_twice);
CASE(case_kvm_limit_leaf);
CASE(case_kvm_limit_zero_retry);
CASE(case_kvm_limit_parent);
CASE(case_kvm_charge_at_init);
CASE(case_kvm_uncharge_original);
CASE(case_kvm_sigkill_releases);
CASE(case_kvm_exhaust_capacity);
CASE(case_kvm_asid_recycle);
CASE(case_kvm_asid_exhaust_uncharges);
/* cases_migrate.c */
CASE(case_kvm_migrate_charge);
CASE(case_kvm_migrate_same_cgroup);
CASE(case_kvm_migrate_into_limit);
CASE(case_kvm_migrate_within_limit);
CASE(case_kvm_mirror_no_charge);
CASE(case_kvm_migrate_from_mirror);
/* cases_misc_files.c */
CASE(case_root_current);
CASE(case_peak);
CASE(case_peak_refused_charge);
CASE(case_events_local);
/* cases_sim.c */
CASE(case_sim_taint);
/* cases_refusal.c */
CASE(case_refusal_notified_after_cancel);
CASE(case_refusal_cancel_raced);
CASE(case_refusal_at_parent_notified_after_cancel);
/* cases_stock.c */
/*
 * The cases that need batches to form and live VMs on two CPUs, and the
 * in-kernel sampler's, need more free units than the 16,5 boots have: they
 * run in the wide boot (kvm_amd.sev_asid_sim=1024,129, make check's "wide"
 * run) and are declared skips ("capacity below what the point needs")
 * elsewhere.
 */
#define WIDE_AVAIL	64
/* Run the caller on @cpu alone: 0 or -errno. */
int pt_run_on(int cpu);
/* Let the caller run on any CPU again. */
void pt_run_anywhere(void);
/*
 * The counter of p->res in the cgroup @up levels above the caller's, read
 * inside the kernel (ASID_TEST_SAMPLE): stocked units included.
 */
bool pt_level_usage(struct point *p, unsigned int up, uint64_t *v);
CASE(case_stock_freed_by_cpu_offline);
CASE(case_wide_stock_sibling_fills_parent);
CASE(case_wide_stock_own_max_across_cpus);
CASE(case_wide_stock_capacity_across_cpus);
/* cases_sample.c */
CASE(case_wide_usage_sampled_within_max);
CASE(case_wide_stock_sampled_within_bound);
/* run.c */
CASE(case_final_no_leak);

#endif /* _SUITE_SUITE_H */
