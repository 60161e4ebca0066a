// SPDX-License-Identifier: GPL-2.0
/*
 * asid_test adapter for the misc cgroup controller as its first RFC
 * proposed it (February 2021).
 *
 * misc_cg_try_charge() finds the current task's cgroup itself and hands it
 * back through its out parameter; the uncharge takes it.  The controller
 * holds the cgroup while it is charged, so the cookie is that pointer, with
 * no reference of its own.  Amounts, limits and capacities are unsigned
 * int and usage an atomic_t.
 */

#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/misc_cgroup.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "asid_test_adapter.h"

/* misc.c keeps its names private; keep in sync with enum misc_res_type. */
static const char *const misc_type_names[] = {
#ifdef CONFIG_KVM_AMD_SEV
	"sev",
	"sev_es",
#endif
};

static_assert(ARRAY_SIZE(misc_type_names) == MISC_CG_RES_TYPES);
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic_t));

const char *const asid_adapter_design = "misc";

unsigned int asid_adapter_nr_types(void)
{
	return MISC_CG_RES_TYPES;
}

const char *asid_adapter_type_name(unsigned int type)
{
	return misc_type_names[type];
}

int asid_adapter_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

void asid_adapter_cookie_free(void *cookie)
{
}

int asid_adapter_charge(unsigned int type, u64 amount, void **cookie)
{
	/* The controller counts in unsigned int. */
	if (amount > UINT_MAX)
		return -EOVERFLOW;

	/* As sev_asid_new() does: the controller finds the cgroup. */
	return misc_cg_try_charge(type, (struct misc_cg **)cookie, amount);
}

void asid_adapter_uncharge(unsigned int type, u64 amount, void *cookie)
{
	/* As sev_asid_free() does. */
	misc_cg_uncharge(type, cookie, amount);
}

int asid_adapter_set_capacity(unsigned int type, u64 capacity)
{
	if (capacity > UINT_MAX)
		return -EOVERFLOW;

	return misc_cg_set_capacity(type, capacity);
}

int asid_adapter_total_usage(unsigned int type, u64 *usage)
{
	struct cgroup_subsys_state *css;

	/*
	 * The root's usage is neither shown nor exported, but the root is
	 * every cgroup's last ancestor: read its counter, as later misc's
	 * misc_cg_res_total_usage() does.
	 */
	rcu_read_lock();
	css = task_css(current, misc_cgrp_id);
	while (css->parent)
		css = css->parent;
	*usage = (unsigned int)atomic_read(&container_of(css, struct misc_cg, css)->res[type].usage);
	rcu_read_unlock();
	return 0;
}

int asid_adapter_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	struct cgroup_subsys_state *css;
	struct misc_cg *cg;
	int ret = 0;

	/* The cgroup misc_cg_try_charge() would charge, without a reference. */
	rcu_read_lock();
	css = task_css(current, misc_cgrp_id);
	while (css && up--)
		css = css->parent;
	if (css) {
		cg = container_of(css, struct misc_cg, css);
		*usage = (unsigned int)atomic_read(&cg->res[type].usage);
	} else {
		ret = -ENOENT;
	}
	rcu_read_unlock();
	return ret;
}

int asid_adapter_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	/* The counter is lock-free: what the kprobe handlers read. */
	return asid_adapter_current_usage(type, up, usage);
}
