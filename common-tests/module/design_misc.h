/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test tools know of the misc controller as Linux 6.1 ships it,
 * and of every later shape that keeps its API (5.13, 6.12, the fixed,
 * exact and batched branches): its type names, the width of its counters,
 * and how KVM charges it.  The test module's adapter
 * (asid_test_adapter.c) and the native benchmark's
 * (bench/native/adapter_controller.c) are wrappers around these, so that
 * the two drive the controller the same way.
 *
 * The cookie is the referenced struct misc_cg * of the charged cgroup,
 * which is what KVM keeps in kvm_sev_info.misc_cg.
 */
#ifndef _DESIGN_MISC_H
#define _DESIGN_MISC_H

#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/misc_cgroup.h>

#define DESIGN_NAME	"misc"
#define DESIGN_SUBSYS	misc_cgrp_subsys
#define DESIGN_SUBSYS_ID	misc_cgrp_id
/* One limit file for all types, "max": a line "sev 1" sets sev's limit. */
#define DESIGN_MAX_PER_TYPE	0

#include "design_common.h"

static_assert(ARRAY_SIZE(design_type_names) == MISC_CG_RES_TYPES);
/* Every u64 amount and capacity fits the controller's unsigned long. */
static_assert(sizeof(unsigned long) == sizeof(u64));
/* 6.1's atomic_long_t usage is an atomic64_t on 64-bit, as 6.12's is. */
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic64_t));

#define DESIGN_NR_TYPES	MISC_CG_RES_TYPES

static inline int design_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

static inline void design_cookie_free(void *cookie)
{
}

/* Charge the current task's cgroup, as sev_asid_new() does. */
static inline int design_charge(unsigned int type, u64 amount, void **cookie)
{
	struct misc_cg *cg = get_current_misc_cg();
	int ret = misc_cg_try_charge(type, cg, amount);

	if (ret) {
		put_misc_cg(cg);
		return ret;
	}
	*cookie = cg;
	return 0;
}

/* Undo design_charge(), as sev_asid_free() does. */
static inline void design_uncharge(unsigned int type, u64 amount, void *cookie)
{
	struct misc_cg *cg = cookie;

	misc_cg_uncharge(type, cg, amount);
	put_misc_cg(cg);
}

static inline int design_set_capacity(unsigned int type, u64 capacity)
{
	return misc_cg_set_capacity(type, capacity);
}

/* The usage of every cgroup, the root included. */
static inline int design_total_usage(unsigned int type, u64 *usage)
{
	*usage = misc_cg_res_total_usage(type);
	return 0;
}

/* The counter of one cgroup: lock-free, as the controller reads it. */
static inline u64 design_css_usage(struct cgroup_subsys_state *css, unsigned int type)
{
	return atomic64_read(&css_misc(css)->res[type].usage);
}

/* The cgroup get_current_misc_cg() finds, or its @up-th ancestor. */
static inline int design_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_usage_up(type, up, usage);
}

/* The counter is lock-free: what the kprobe handlers read. */
static inline int design_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_usage_up(type, up, usage);
}

#endif /* _DESIGN_MISC_H */
