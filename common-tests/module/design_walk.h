/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of every design_<design>.h that is the same for all: the usage
 * of the current task's cgroup or of an ancestor.  Included at the end of
 * a design's header, which defines DESIGN_SUBSYS_ID (its controller's
 * cgroup subsystem id) and design_css_usage() (how it reads one cgroup's
 * counter) first.
 */
#ifndef _DESIGN_WALK_H
#define _DESIGN_WALK_H

#include <linux/cgroup.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

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

#endif /* _DESIGN_WALK_H */
