// SPDX-License-Identifier: GPL-2.0
/*
 * asid_test adapter for the misc cgroup controller as Linux 6.1 ships it.
 *
 * The cookie is the referenced struct misc_cg * of the charged cgroup, which
 * is what KVM keeps in kvm_sev_info.misc_cg.
 */

#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/misc_cgroup.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "asid_test_adapter.h"

/*
 * misc.c keeps its names private; keep in sync with enum misc_res_type.
 * tdx and ioasid come with the add-a-resource patches (extra/ of the misc
 * branches), under the same guards.  A kernel without those patches must
 * not enable IOASID: the static_assert below would fail.
 */
static const char *const misc_type_names[] = {
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

static_assert(ARRAY_SIZE(misc_type_names) == MISC_CG_RES_TYPES);
/* Every u64 amount and capacity fits the controller's unsigned long. */
static_assert(sizeof(unsigned long) == sizeof(u64));
/* 6.1's atomic_long_t usage is an atomic64_t on 64-bit, as 6.12's is. */
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic64_t));

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
	struct misc_cg *cg;
	int ret;

	/* As sev_asid_new() does. */
	cg = get_current_misc_cg();
	ret = misc_cg_try_charge(type, cg, amount);
	if (ret) {
		put_misc_cg(cg);
		return ret;
	}
	*cookie = cg;
	return 0;
}

void asid_adapter_uncharge(unsigned int type, u64 amount, void *cookie)
{
	struct misc_cg *cg = cookie;

	/* As sev_asid_free() does. */
	misc_cg_uncharge(type, cg, amount);
	put_misc_cg(cg);
}

int asid_adapter_set_capacity(unsigned int type, u64 capacity)
{
	return misc_cg_set_capacity(type, capacity);
}

int asid_adapter_total_usage(unsigned int type, u64 *usage)
{
	*usage = misc_cg_res_total_usage(type);
	return 0;
}

int asid_adapter_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	struct cgroup_subsys_state *css;
	int ret = 0;

	/* The cgroup get_current_misc_cg() finds, without its reference. */
	rcu_read_lock();
	css = task_css(current, misc_cgrp_id);
	while (css && up--)
		css = css->parent;
	if (css)
		*usage = atomic64_read(&css_misc(css)->res[type].usage);
	else
		ret = -ENOENT;
	rcu_read_unlock();
	return ret;
}

int asid_adapter_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	/* The counter is lock-free: what the kprobe handlers read. */
	return asid_adapter_current_usage(type, up, usage);
}
