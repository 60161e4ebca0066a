/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test tools know of the encryption_ids controller (v4 patch);
 * see design_misc.h for the role of these files.
 *
 * This design's API takes a struct kvm, charges the current task's cgroup
 * and keeps that cgroup in kvm->enc_id_cg for the uncharge.  There is no
 * other way to call it, so the cookie is a zeroed buffer the size of a
 * struct kvm of which only enc_id_cg is ever used.  That a test must fake a
 * VM to take a charge is itself a property of the design under test.
 */
#ifndef _DESIGN_ENCRYPTION_IDS_H
#define _DESIGN_ENCRYPTION_IDS_H

#include <linux/cgroup.h>
#include <linux/encryption_ids_cgroup.h>
#include <linux/kernel.h>
#include <linux/kvm_host.h>
#include <linux/limits.h>
#include <linux/mm.h>

#define DESIGN_NAME	"encryption_ids"
#define DESIGN_SUBSYS	encryption_ids_cgrp_subsys
#define DESIGN_SUBSYS_ID	encryption_ids_cgrp_id
/* A limit file per type, "sev.max": a line "1" sets sev's limit. */
#define DESIGN_MAX_PER_TYPE	1

#include "design_common.h"

static_assert(ARRAY_SIZE(design_type_names) == ENCRYPTION_ID_TYPES);

#define DESIGN_NR_TYPES	ENCRYPTION_ID_TYPES

static inline int design_cookie_init(void **cookie)
{
	/* struct kvm is large; x86 KVM vmallocs its VMs too. */
	struct kvm *kvm = kvzalloc(sizeof(*kvm), GFP_KERNEL);

	*cookie = kvm;
	return kvm ? 0 : -ENOMEM;
}

static inline void design_cookie_free(void *cookie)
{
	kvfree(cookie);
}

/* As sev_asid_new(): the controller finds and references the cgroup. */
static inline int design_charge(unsigned int type, u64 amount, void **cookie)
{
	/* The controller counts in unsigned int. */
	if (amount > UINT_MAX)
		return -EOVERFLOW;
	return enc_id_cg_try_charge(*cookie, type, amount);
}

/* As sev_asid_free(): this also drops the cgroup reference. */
static inline void design_uncharge(unsigned int type, u64 amount, void *cookie)
{
	enc_id_cg_uncharge(cookie, type, amount);
}

static inline int design_set_capacity(unsigned int type, u64 capacity)
{
	if (capacity > UINT_MAX)
		return -EOVERFLOW;
	return enc_id_cg_set_capacity(type, capacity);
}

/* The root's usage is only printed in sev.stat, never exported. */
static inline int design_total_usage(unsigned int type, u64 *usage)
{
	return -EOPNOTSUPP;
}

/*
 * The counter of one cgroup.  It is written only under enc_id_cg_lock, and
 * only with a sum that was checked first: any value read without the lock
 * is one that passed the check.
 */
static inline u64 design_css_usage(struct cgroup_subsys_state *css, unsigned int type)
{
	return READ_ONCE(container_of(css, struct encryption_id_cgroup, css)->res[type].usage);
}

/*
 * Its counters are plain unsigned ints, read and written only under
 * enc_id_cg_lock, which a caller in any context cannot take.  Nor is there
 * anything to sample: the controller checks under that lock before it
 * writes, and notifies no file.
 */
static inline int design_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return -EOPNOTSUPP;
}

/*
 * The counter of the cgroup enc_id_cg_try_charge() charges, or of its
 * @up-th ancestor, without the lock (see design_css_usage()); -ENOENT above
 * the root.
 */
static inline int design_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_usage_up(type, up, usage);
}

#endif /* _DESIGN_ENCRYPTION_IDS_H */
