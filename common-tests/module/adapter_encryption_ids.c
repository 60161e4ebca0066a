// SPDX-License-Identifier: GPL-2.0
/*
 * asid_test adapter for the encryption_ids cgroup controller (v4 patch).
 *
 * This design's API takes a struct kvm, charges the current task's cgroup
 * and keeps that cgroup in kvm->enc_id_cg for the uncharge.  There is no
 * other way to call it, so the cookie is a zeroed buffer the size of a
 * struct kvm of which only enc_id_cg is ever used.  That a test must fake a
 * VM to take a charge is itself a property of the design under test.
 */

#include <linux/cgroup.h>
#include <linux/encryption_ids_cgroup.h>
#include <linux/kernel.h>
#include <linux/kvm_host.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "asid_test_adapter.h"

/*
 * The controller keeps its names in cftypes; keep in sync with its enum.
 * tdx and ioasid come with the add-a-resource patches
 * (variants/encryption_ids/extra/), under the same guards.  A kernel
 * without those patches must not enable IOASID: the static_assert below
 * would fail.
 */
static const char *const enc_id_type_names[] = {
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

static_assert(ARRAY_SIZE(enc_id_type_names) == ENCRYPTION_ID_TYPES);

const char *const asid_adapter_design = "encryption_ids";

unsigned int asid_adapter_nr_types(void)
{
	return ENCRYPTION_ID_TYPES;
}

const char *asid_adapter_type_name(unsigned int type)
{
	return enc_id_type_names[type];
}

int asid_adapter_cookie_init(void **cookie)
{
	struct kvm *kvm;

	/* struct kvm is large; x86 KVM vmallocs its VMs too. */
	kvm = kvzalloc(sizeof(*kvm), GFP_KERNEL);
	*cookie = kvm;
	return kvm ? 0 : -ENOMEM;
}

void asid_adapter_cookie_free(void *cookie)
{
	kvfree(cookie);
}

int asid_adapter_charge(unsigned int type, u64 amount, void **cookie)
{
	/* The controller counts in unsigned int. */
	if (amount > UINT_MAX)
		return -EOVERFLOW;

	/* As sev_asid_new(): the controller finds and references the cgroup. */
	return enc_id_cg_try_charge(*cookie, type, amount);
}

void asid_adapter_uncharge(unsigned int type, u64 amount, void *cookie)
{
	/* As sev_asid_free(): this also drops the cgroup reference. */
	enc_id_cg_uncharge(cookie, type, amount);
}

int asid_adapter_set_capacity(unsigned int type, u64 capacity)
{
	if (capacity > UINT_MAX)
		return -EOVERFLOW;

	return enc_id_cg_set_capacity(type, capacity);
}

int asid_adapter_total_usage(unsigned int type, u64 *usage)
{
	/* The root's usage is only printed in sev.stat, never exported. */
	return -EOPNOTSUPP;
}

int asid_adapter_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	/*
	 * Its counters are plain unsigned ints, read and written only under
	 * enc_id_cg_lock, which a caller in any context cannot take.  Nor is
	 * there anything to sample: the controller checks under that lock
	 * before it writes, and notifies no file.
	 */
	return -EOPNOTSUPP;
}

int asid_adapter_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	struct cgroup_subsys_state *css;
	struct encryption_id_cgroup *cg;
	int ret = 0;

	/*
	 * The cgroup enc_id_cg_try_charge() charges, without a reference.
	 * The counter is written only under enc_id_cg_lock, and only with a
	 * sum that was checked first: any value read without the lock is one
	 * that passed the check.
	 */
	rcu_read_lock();
	css = task_css(current, encryption_ids_cgrp_id);
	while (css && up--)
		css = css->parent;
	if (css) {
		cg = container_of(css, struct encryption_id_cgroup, css);
		*usage = READ_ONCE(cg->res[type].usage);
	} else {
		ret = -ENOENT;
	}
	rcu_read_unlock();
	return ret;
}
