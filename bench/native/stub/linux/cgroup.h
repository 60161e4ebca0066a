/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of include/linux/cgroup.h a controller uses, with the kernel's
 * bodies where they are inline there: task_css(), task_get_css(),
 * css_get(), css_tryget(), css_put() (on struct percpu_ref, see
 * linux/percpu-refcount.h).  The kernel's cgroup.h also brings in strings,
 * kstrto*() and seq_file, and so does this one.
 *
 * cgroup_file_notify() is out of line, as in the kernel (native_rt.c): it
 * takes and drops a global spinlock, cgroup_file_kn_lock, as the kernel's
 * does on every call; what the kernel does inside, rate-limited kernfs
 * notification, is left out (there is no kernfs here).
 * pr_cont_cgroup_path() prints nothing, like pr_cont().
 */
#ifndef _NATIVE_LINUX_CGROUP_H
#define _NATIVE_LINUX_CGROUP_H
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/cgroup-defs.h>
#include <linux/kernfs.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/rcupdate.h>
#include <linux/percpu-refcount.h>
#include <linux/string.h>
#include <linux/kstrtox.h>

static inline void css_get(struct cgroup_subsys_state *css)
{
	if (!(css->flags & CSS_NO_REF))
		percpu_ref_get(&css->refcnt);
}

static inline bool css_tryget(struct cgroup_subsys_state *css)
{
	if (!(css->flags & CSS_NO_REF))
		return percpu_ref_tryget(&css->refcnt);
	return true;
}

static inline void css_put(struct cgroup_subsys_state *css)
{
	if (!(css->flags & CSS_NO_REF))
		percpu_ref_put(&css->refcnt);
}

/*
 * The kernel tests percpu_ref_is_dying(); the percpu_refs here are never
 * killed, so this reads CSS_DYING, which kill_css() sets first and the
 * driver sets when it removes a cgroup (native_css_offline()).
 */
static inline bool css_is_dying(struct cgroup_subsys_state *css)
{
	return !(css->flags & CSS_NO_REF) && (READ_ONCE(css->flags) & CSS_DYING);
}

/*
 * The kernel compares one entry of @cgrp's ancestors[] array; this walks
 * the parents (at most 10 levels here).
 */
static inline bool cgroup_is_descendant(struct cgroup *cgrp,
					struct cgroup *ancestor)
{
	for (; cgrp; cgrp = cgrp->parent)
		if (cgrp == ancestor)
			return true;
	return false;
}

#define task_css_set(task)	rcu_dereference((task)->cgroups)
#define task_css_check(task, subsys_id, __c) \
	(task_css_set(task)->subsys[(subsys_id)])

static inline struct cgroup_subsys_state *task_css(struct task_struct *task,
						   int subsys_id)
{
	return task_css_check(task, subsys_id, false);
}

static inline struct cgroup_subsys_state *
task_get_css(struct task_struct *task, int subsys_id)
{
	struct cgroup_subsys_state *css;

	rcu_read_lock();
	while (true) {
		css = task_css(task, subsys_id);
		/*
		 * Can't use css_tryget_online() here.  A task which has
		 * PF_EXITING set may stay associated with an offline css.
		 * If such task calls this function, css_tryget_online()
		 * will keep failing.
		 */
		if (likely(css_tryget(css)))
			break;
		cpu_relax();
	}
	rcu_read_unlock();
	return css;
}

void cgroup_file_notify(struct cgroup_file *cfile);

static inline void pr_cont_cgroup_path(struct cgroup *cgrp)
{
}
#endif
