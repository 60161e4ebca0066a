/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of every design_<design>.h that is the same for all: the names
 * of the resource types, and the usage of the current task's cgroup or of
 * an ancestor.  A design's header defines DESIGN_SUBSYS_ID (its controller's
 * cgroup subsystem id) before it includes this one, and design_css_usage()
 * (how it reads one cgroup's counter) after.
 */
#ifndef _DESIGN_COMMON_H
#define _DESIGN_COMMON_H

#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

/*
 * The names the controllers' interface files use for their types, in the
 * order of both designs' enums, under the guards both use.  tdx and ioasid
 * come with the add-a-resource patches (extra/ of a branch); a kernel
 * without those patches must not enable IOASID: the static_assert of the
 * type count in each design's header would fail.
 */
static const char *const design_type_names[] = {
#ifdef CONFIG_KVM_AMD_SEV
	"sev",
	"sev_es",
#endif
#ifdef CONFIG_INTEL_TDX_HOST
	"tdx",
#endif
#if IS_ENABLED(CONFIG_IOASID)
	"ioasid",
#endif
};

static inline u64 design_css_usage(struct cgroup_subsys_state *css, unsigned int type);

/*
 * design_usage_up() - The counter of the cgroup the design charges for the
 * current task, or of its @up-th ancestor.
 * Return: 0, or -ENOENT when @up goes above the root.
 */
static inline int design_usage_up(unsigned int type, unsigned int up, u64 *usage)
{
	struct cgroup_subsys_state *css;
	int ret = 0;

	/* No reference: the css is read under RCU only. */
	rcu_read_lock();
	css = task_css(current, DESIGN_SUBSYS_ID);
	while (css && up--)
		css = css->parent;
	if (css)
		*usage = design_css_usage(css, type);
	else
		ret = -ENOENT;
	rcu_read_unlock();
	return ret;
}

/* design_root_usage() - The counter of the root, every cgroup's ancestor. */
static inline u64 design_root_usage(unsigned int type)
{
	struct cgroup_subsys_state *css;
	u64 usage;

	rcu_read_lock();
	css = task_css(current, DESIGN_SUBSYS_ID);
	while (css->parent)
		css = css->parent;
	usage = design_css_usage(css, type);
	rcu_read_unlock();
	return usage;
}

#endif /* _DESIGN_COMMON_H */
