/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test tools know of the misc controller as its first RFC
 * proposed it (February 2021); see design_misc.h for the role of these
 * files.  misc_cg_try_charge() finds the current task's cgroup itself and
 * hands it back through its out parameter; the uncharge takes it.  The
 * controller holds the cgroup while it is charged, so the cookie is that
 * pointer, with no reference of its own.  Amounts, limits and capacities
 * are unsigned int and usage an atomic_t.
 */
#ifndef _DESIGN_MISC_RFC_H
#define _DESIGN_MISC_RFC_H

#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/misc_cgroup.h>

#define DESIGN_NAME	"misc"
#define DESIGN_SUBSYS	misc_cgrp_subsys
#define DESIGN_SUBSYS_ID	misc_cgrp_id
/* One limit file for all types, "max": a line "sev 1" sets sev's limit. */
#define DESIGN_MAX_PER_TYPE	0

#include "design_common.h"

static_assert(ARRAY_SIZE(design_type_names) == MISC_CG_RES_TYPES);
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic_t));

#define DESIGN_NR_TYPES	MISC_CG_RES_TYPES

static inline int design_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

static inline void design_cookie_free(void *cookie)
{
}

/* As sev_asid_new() does: the controller finds the cgroup. */
static inline int design_charge(unsigned int type, u64 amount, void **cookie)
{
	/* The controller counts in unsigned int. */
	if (amount > UINT_MAX)
		return -EOVERFLOW;
	return misc_cg_try_charge(type, (struct misc_cg **)cookie, amount);
}

/* Undo design_charge(), as sev_asid_free() does. */
static inline void design_uncharge(unsigned int type, u64 amount, void *cookie)
{
	misc_cg_uncharge(type, cookie, amount);
}

static inline int design_set_capacity(unsigned int type, u64 capacity)
{
	if (capacity > UINT_MAX)
		return -EOVERFLOW;
	return misc_cg_set_capacity(type, capacity);
}

/* The counter of one cgroup: lock-free, as the controller reads it. */
static inline u64 design_css_usage(struct cgroup_subsys_state *css, unsigned int type)
{
	return (unsigned int)atomic_read(&container_of(css, struct misc_cg, css)->res[type].usage);
}

/* The cgroup misc_cg_try_charge() would charge, or its @up-th ancestor. */
static inline int design_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_usage_up(type, up, usage);
}

/*
 * The root's usage is neither shown nor exported, but the root is every
 * cgroup's last ancestor: read its counter, as later misc's
 * misc_cg_res_total_usage() does.
 */
static inline int design_total_usage(unsigned int type, u64 *usage)
{
	*usage = design_root_usage(type);
	return 0;
}

/* The counter is lock-free: what the kprobe handlers read. */
static inline int design_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_usage_up(type, up, usage);
}

#endif /* _DESIGN_MISC_RFC_H */
