// SPDX-License-Identifier: GPL-2.0
/*
 * asid_suite: one test suite for both designs of a cgroup controller for
 * AMD SEV ASIDs, "misc" (Linux 6.1) and "encryption_ids" (v4, ported).  The
 * same binary runs in either guest and tells them apart from the files.
 *
 * usage: asid_suite --root <cgroup mount> --hier v2|v1
 *                   [--only <substring>] [--known <file>] [--branch <file>]
 *
 * Output is KTAP v1; every test point prints one "# observed <point>: ..."
 * line right before its result.  Exit status 0 iff nothing failed.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "branch.h"
#include "charge.h"
#include "kvm.h"
#include "ktap.h"
#include "parse.h"
#include "suite.h"

#define RES	F_RES
#define MOD	(F_RES | F_MODULE)
#define KVM	(F_RES | F_KVM)

static const struct case_desc cases[] = {
	/* files */
	{ "documented_files", 0, 0, case_documented_files },
	{ "root_files_at_start", 0, 0, case_root_files_at_start },
	{ "root_files", 0, 0, case_root_files },
	{ "child_files", 0, 0, case_child_files },
	{ "child_res_listed", RES, 0, case_child_res_listed },
	{ "grandchild_files", 0, 0, case_grandchild_files },
	{ "v2_files_need_subtree_control", F_V2, 0, case_v2_subtree_control },
	{ "types_match_module", F_MODULE, 0, case_types_match_module },
	{ "capacity_reported", MOD, 1, case_capacity_reported },
	{ "root_used_after_charge", MOD, 3, case_root_used_after_charge },
	{ "total_usage_ioctl", MOD, 2, case_total_usage_ioctl },
	/* limits and their parsing */
	{ "default_max", RES, 0, case_default_max },
	{ "max_absent_on_root", RES, 0, case_max_absent_on_root },
	{ "max_write_max", RES, 0, case_max_write_max },
	{ "max_write_number", RES, 0, case_max_write_number },
	{ "max_write_zero", RES, 0, case_max_write_zero },
	{ "max_above_capacity", RES, 0, case_max_above_capacity },
	{ "max_garbage", RES, 0, case_max_garbage },
	{ "max_negative", RES, 0, case_max_negative },
	{ "max_overflow_2_32", RES, 0, case_max_2_32 },
	{ "max_overflow_2_64", RES, 0, case_max_2_64 },
	{ "max_uint_max", RES, 0, case_max_uint_max },
	{ "max_ulong_max", RES, 0, case_max_ulong_max },
	{ "max_hex", RES, 0, case_max_hex },
	{ "max_octal", RES, 0, case_max_octal },
	{ "max_plus_sign", RES, 0, case_max_plus_sign },
	{ "max_whitespace", RES, 0, case_max_whitespace },
	{ "max_inner_space", RES, 0, case_max_inner_space },
	{ "max_two_values", RES, 0, case_max_two_values },
	{ "max_upper_case", RES, 0, case_max_upper_case },
	{ "max_unknown_resource", 0, 0, case_max_unknown_resource },
	{ "max_missing_value", RES, 0, case_max_missing_value },
	{ "max_empty_write", RES, 0, case_max_empty },
	{ "max_newline_only", RES, 0, case_max_newline_only },
	/* hierarchy and enforcement */
	{ "hier_current", MOD, 2, case_hier_current },
	{ "enforce_at_leaf", MOD, 3, case_enforce_at_leaf },
	{ "enforce_at_parent", MOD, 3, case_enforce_at_parent },
	{ "enforce_at_grandparent", MOD, 2, case_enforce_at_grandparent },
	{ "enforce_every_ancestor", MOD, 2, case_enforce_every_ancestor },
	{ "enforce_at_capacity", MOD, 2, case_enforce_at_capacity },
	{ "failed_charge_no_partial", MOD, 3, case_failed_charge_no_partial },
	{ "max_below_current", MOD, 3, case_max_below_current },
	{ "types_independent", MOD, 2, case_types_independent },
	{ "events_limit_at_leaf", MOD, 2, case_events_limit_at_leaf },
	{ "events_limit_at_parent", MOD, 2, case_events_limit_at_parent },
	{ "events_at_capacity", MOD, 1, case_events_at_capacity },
	{ "rejection_logged_once", MOD, 1, case_rejection_logged_once },
	/* ownership */
	{ "charge_stays_after_move", MOD, 3, case_charge_stays_after_move },
	{ "rmdir_with_charge", MOD, 1, case_rmdir_with_charge },
	{ "fd_close_releases", MOD, 3, case_fd_close_releases },
	{ "sigkill_releases", MOD, 2, case_sigkill_releases },
	/* delegation: who may write which file */
	{ "deleg_limits", RES, 0, case_deleg_limits },
	{ "deleg_ns_limits", RES | F_V2, 0, case_deleg_ns_limits },
	{ "deleg_ns_root_limits", RES | F_V2, 0, case_deleg_ns_root_limits },
	{ "deleg_move_out", 0, 0, case_deleg_move_out },
	{ "deleg_ns_move_out", F_V2, 0, case_deleg_ns_move_out },
	{ "deleg_charge_counts_up", MOD, 1, case_deleg_charge_counts_up },
	{ "deleg_file_modes", 0, 0, case_deleg_file_modes },
	/*
	 * Files of later misc (6.12), and the simulation's taint: before the
	 * large charges below, which would leave the root's peak at 2^31.
	 */
	{ "root_current", MOD, 3, case_root_current },
	{ "peak", MOD, 3, case_peak },
	{ "peak_refused_charge", MOD, 2, case_peak_refused_charge },
	{ "events_local", MOD, 1, case_events_local },
	{ "sim_taint", 0, 0, case_sim_taint },
	/* amounts and capacity, through the module */
	{ "charge_zero", MOD, 1, case_charge_zero },
	{ "charge_multi_unit", MOD, 3, case_charge_multi_unit },
	{ "capacity_raise", MOD, 1, case_capacity_raise },
	{ "capacity_below_usage", MOD, 2, case_capacity_below_usage },
	{ "capacity_zero_charge", MOD, 1, case_capacity_zero_charge },
	{ "capacity_zero_charge_zero", MOD, 1,
	  case_capacity_zero_charge_zero },
	{ "capacity_zero_max_write", MOD, 1, case_capacity_zero_max_write },
	{ "counter_width_admit", MOD, 1, case_counter_width_admit },
	{ "counter_width_refuse", MOD, 1, case_counter_width_refuse },
	{ "counter_wrap", MOD, 1, case_counter_wrap },
	/* the order of a refused charge's steps (findings O1) */
	{ "refusal_notified_after_cancel", MOD, 2,
	  case_refusal_notified_after_cancel },
	{ "refusal_at_parent_notified_after_cancel", MOD, 2,
	  case_refusal_at_parent_notified_after_cancel },
	{ "refusal_cancel_raced", MOD, 2, case_refusal_cancel_raced },
	/* per-CPU stocks and CPU hotplug */
	{ "stock_freed_by_cpu_offline", MOD, 1, case_stock_freed_by_cpu_offline },
	/*
	 * The wide boot's: batches and live VMs on two CPUs, and the charging
	 * property each design documents, sampled from inside the kernel.
	 */
	{ "wide_stock_sibling_fills_parent", KVM, WIDE_AVAIL,
	  case_wide_stock_sibling_fills_parent },
	{ "wide_stock_own_max_across_cpus", KVM, WIDE_AVAIL,
	  case_wide_stock_own_max_across_cpus },
	{ "wide_stock_capacity_across_cpus", KVM | F_MODULE, WIDE_AVAIL,
	  case_wide_stock_capacity_across_cpus },
	{ "wide_usage_sampled_within_max", MOD, WIDE_AVAIL,
	  case_wide_usage_sampled_within_max },
	{ "wide_stock_sampled_within_bound", MOD, WIDE_AVAIL,
	  case_wide_stock_sampled_within_bound },
	/* KVM */
	{ "kvm_init_charges", KVM, 1, case_kvm_init_charges },
	{ "kvm_init_twice", KVM, 1, case_kvm_init_twice },
	{ "kvm_limit_leaf", KVM, 2, case_kvm_limit_leaf },
	{ "kvm_limit_zero_retry", KVM, 1, case_kvm_limit_zero_retry },
	{ "kvm_limit_parent", KVM, 2, case_kvm_limit_parent },
	{ "kvm_charge_at_init", KVM, 1, case_kvm_charge_at_init },
	{ "kvm_uncharge_original", KVM, 1, case_kvm_uncharge_original },
	{ "kvm_sigkill_releases", KVM, 1, case_kvm_sigkill_releases },
	{ "kvm_exhaust_capacity", KVM, 1, case_kvm_exhaust_capacity },
	{ "kvm_asid_recycle", KVM, 1, case_kvm_asid_recycle },
	{ "kvm_asid_exhaust_uncharges", KVM | F_MODULE, 1,
	  case_kvm_asid_exhaust_uncharges },
	/* KVM migration and mirrors */
	{ "kvm_migrate_charge", KVM, 1, case_kvm_migrate_charge },
	{ "kvm_migrate_same_cgroup", KVM, 1, case_kvm_migrate_same_cgroup },
	{ "kvm_migrate_into_limit", KVM, 1, case_kvm_migrate_into_limit },
	{ "kvm_migrate_within_limit", KVM, 1, case_kvm_migrate_within_limit },
	{ "kvm_mirror_no_charge", KVM, 1, case_kvm_mirror_no_charge },
	/* may leak for the rest of the boot: keep it last */
	{ "kvm_migrate_from_mirror", KVM, 1, case_kvm_migrate_from_mirror },
	{ "final_no_leak", F_FINAL, 0, case_final_no_leak },
};

#define NCASES ((int)(sizeof(cases) / sizeof(cases[0])))

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --root <cgroup mount dir> --hier v2|v1 [--only <substring>] [--known <file>] [--branch <file>]\n",
		prog);
	exit(2);
}

/* No controller to test: one failing point that says why. */
static int no_controller(const char *why)
{
	ktap_start(1);
	ktap_observed("detect_controller", why);
	ktap_fail("detect_controller");
	ktap_summary();
	return 1;
}

struct name_list {
	const struct ctl *c;
	char *buf;
	size_t len;
};

static int add_name(const char *name, void *arg)
{
	struct name_list *l = arg;
	size_t n = strlen(l->buf);

	if (ctl_is_own_file(l->c, name))
		snprintf(l->buf + n, l->len - n, "%s%s", n ? " " : "", name);
	return 0;
}

/* Append @a and @b to the string in @buf, as far as they fit. */
static void cat2(char *buf, size_t size, const char *a, const char *b)
{
	size_t n = strlen(buf);

	snprintf(buf + n, size - n, "%s%s", a, b);
}

/* Append "<file>: <line>, <line>" for one capacity file to @n. */
static void note_capacity(struct suite *s, struct root_note *n,
			  const char *res, const char *file)
{
	char buf[1024], *line, *save;
	bool any = false;
	int ret = ctl_read_file(&s->ctl, s->root, CTL_F_CAPACITY, res, buf,
				sizeof(buf));

	if (ret) {
		if (!n->capacity_err)
			n->capacity_err = ret;
		return;
	}
	n->capacity_files++;
	cat2(n->capacity, sizeof(n->capacity), n->capacity[0] ? "; " : "",
	     file);
	cat2(n->capacity, sizeof(n->capacity), ":", "");
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		cat2(n->capacity, sizeof(n->capacity), any ? ", " : " ", line);
		any = true;
	}
	n->capacity_empty |= !any;
}

/* What the root holds now: the controller's files and capacities. */
static void note_root(struct suite *s, struct root_note *n)
{
	struct name_list l = { &s->ctl, n->files, sizeof(n->files) };
	char file[CTL_NAME_LEN], prev[CTL_NAME_LEN] = "";

	memset(n, 0, sizeof(*n));
	cg_for_each_file(s->root, add_name, &l);
	/* misc has one capacity file for all types, encryption_ids one each. */
	for (int i = 0; i < s->ctl.nres; i++) {
		if (ctl_file(&s->ctl, CTL_F_CAPACITY, s->ctl.res[i], file,
			     sizeof(file)) || !strcmp(file, prev))
			continue;
		snprintf(prev, sizeof(prev), "%s", file);
		note_capacity(s, n, s->ctl.res[i], file);
	}
}

/* <root>/asid_suite.<pid>, with the controller enabled on the way (v2). */
static int make_top(struct suite *s, char *why, size_t len)
{
	const char *name = ctl_name(&s->ctl);
	int ret;

	if (s->v2 && !cg_enabled(s->root, name)) {
		ret = cg_enable(s->root, name);
		if (ret) {
			snprintf(why, len, "enable %s in the root cgroup.subtree_control: %s",
				 name, strerror(-ret));
			return ret;
		}
		s->enabled_root = true;
	}
	snprintf(s->top, sizeof(s->top), "%s/asid_suite.%d", s->root,
		 getpid());
	ret = cg_mkdir(s->top);
	if (ret) {
		snprintf(why, len, "mkdir %s: %s", s->top, strerror(-ret));
		return ret;
	}
	ret = cg_enable(s->top, name);
	if (ret) {
		snprintf(why, len, "enable %s in %s/cgroup.subtree_control: %s",
			 name, s->top, strerror(-ret));
		cg_rmdir(s->top, SETTLE_MS);
	}
	return ret;
}

/* Undo what make_top() did to the root, if anything. */
static void restore_root(struct suite *s)
{
	char buf[80];

	if (!s->enabled_root)
		return;
	snprintf(buf, sizeof(buf), "-%s", ctl_name(&s->ctl));
	cg_write_str(s->root, "cgroup.subtree_control", buf);
}

static void open_module(struct suite *s)
{
	struct asid_test_info info;

	for (int i = 0; i < CTL_MAX_RES; i++)
		s->type[i] = -1;
	s->chg_fd = chg_open();
	if (s->chg_fd < 0)
		return;
	if (!chg_info(s->chg_fd, 0, &info))
		snprintf(s->module_design, sizeof(s->module_design), "%s",
			 info.design);
	for (int i = 0; i < s->ctl.nres; i++) {
		int t = chg_type(s->chg_fd, s->ctl.res[i]);

		s->type[i] = t < 0 ? -1 : t;
	}
}

static void open_kvm(struct suite *s)
{
	int vm;

	s->kvm_sev = -ENODEV;
	s->kvm_fd = kvm_open();
	if (s->kvm_fd < 0)
		return;
	vm = kvm_vm_create(s->kvm_fd);
	if (vm < 0) {
		s->kvm_sev = vm;
		return;
	}
	s->kvm_sev = kvm_sev_probe(vm);
	close(vm);
}

static void describe(struct suite *s)
{
	ktap_diag("asid_suite: controller %s, cgroup %s at %s",
		  ctl_name(&s->ctl), s->v2 ? "v2" : "v1", s->root);
	for (int i = 0; i < s->ctl.nres; i++)
		ktap_diag("resource %s: capacity %" PRIu64 "%s, module type %d",
			  s->ctl.res[i], s->cap0[i],
			  s->cap0_ok[i] ? "" : " (unreadable)", s->type[i]);
	if (s->chg_fd < 0)
		ktap_diag("%s: %s; every module point fails", ASID_TEST_DEV,
			  strerror(-s->chg_fd));
	else
		ktap_diag("%s: design %s", ASID_TEST_DEV, s->module_design);
	if (s->kvm_fd < 0 || s->kvm_sev)
		ktap_diag("/dev/kvm SEV: %s; every KVM point fails",
			  strerror(s->kvm_fd < 0 ? -s->kvm_fd : -s->kvm_sev));
	ktap_diag("known defects listed: %d", s->nknown);
}

/*
 * --branch FILE: variants/<branch>/branch.  Its "charging" line, as
 * asid_stress reads it: "exact", or no such line for the design's own
 * discipline; anything else is a mistake in the branch.  Its "documents"
 * lines are read where a case asks (suite_documents()).
 */
static void read_branch(struct suite *s, const char *path)
{
	char word[PARSE_KEY_LEN];
	int ret = branch_charging(path, &s->exact, word);

	s->branch = path;
	if (ret == -EINVAL || ret == -E2BIG) {
		fprintf(stderr, "%s: charging: %s\n", path, word);
		exit(2);
	} else if (ret) {
		fprintf(stderr, "%s: %s\n", path, strerror(-ret));
		exit(2);
	}
}

static void parse_args(struct suite *s, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "hier", required_argument, NULL, 'h' },
		{ "only", required_argument, NULL, 'o' },
		{ "known", required_argument, NULL, 'k' },
		{ "branch", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 },
	};
	const char *hier = NULL, *known = NULL;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			snprintf(s->root, sizeof(s->root), "%s", optarg);
			break;
		case 'h':
			hier = optarg;
			break;
		case 'o':
			s->only = optarg;
			break;
		case 'k':
			known = optarg;
			break;
		case 'b':
			read_branch(s, optarg);
			break;
		default:
			usage(argv[0]);
		}
	}
	if (optind != argc || !s->root[0] || !hier ||
	    (strcmp(hier, "v2") && strcmp(hier, "v1")))
		usage(argv[0]);
	s->v2 = !strcmp(hier, "v2");
	while (strlen(s->root) > 1 && s->root[strlen(s->root) - 1] == '/')
		s->root[strlen(s->root) - 1] = '\0';
	if (known) {
		ret = suite_load_known(s, known);
		if (ret) {
			fprintf(stderr, "%s: %s\n", known, strerror(-ret));
			exit(2);
		}
	}
}

int main(int argc, char **argv)
{
	static struct suite suite;
	struct suite *s = &suite;
	char why[CG_PATH_LEN + 128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	parse_args(s, argc, argv);
	cg_init(s->v2);
	if (!cg_exists(s->root))
		return no_controller("the --root directory does not exist");
	if (s->v2 && !cg_has_file(s->root, "cgroup.subtree_control"))
		return no_controller("--hier v2 but the root has no cgroup.subtree_control");
	if (ctl_detect(&s->ctl, s->root))
		return no_controller("neither misc nor encryption_ids under the root");
	ctl_find_res(&s->ctl, NULL);
	note_root(s, &s->at_start);
	if (make_top(s, why, sizeof(why))) {
		restore_root(s);
		return no_controller(why);
	}
	/* Again from the top cgroup: what only non-root cgroups show. */
	ctl_find_res(&s->ctl, s->top);
	if (!s->ctl.nres) {
		cg_rmdir(s->top, SETTLE_MS);
		return no_controller("the controller lists no resource type");
	}
	note_root(s, &s->at_enable);
	for (int i = 0; i < s->ctl.nres; i++)
		s->cap0_ok[i] = !ctl_get_capacity(&s->ctl, s->ctl.res[i],
						  &s->cap0[i]);
	open_module(s);
	open_kvm(s);

	ktap_start(suite_count_points(s, cases, NCASES));
	describe(s);
	suite_run(s, cases, NCASES);

	restore_root(s);
	ktap_summary();
	return ktap_failures() ? 1 : 0;
}
