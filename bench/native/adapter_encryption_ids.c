// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the encryption_ids controller (v4 patch): the same
 * calls as common-tests/module/adapter_encryption_ids.c.  Its API takes a
 * struct kvm and keeps the charged cgroup in kvm->enc_id_cg, so the cookie
 * is a zeroed struct kvm stand-in (stub/linux/kvm_host.h).
 */
#include <linux/encryption_ids_cgroup.h>
#include <linux/kernel.h>
#include <linux/kvm_host.h>
#include <linux/limits.h>
#include <linux/mm.h>
#include <linux/cgroup.h>
#include <native_kernel.h>

#include "native.h"

/* The controller keeps its names in cftypes; keep in sync with its enum. */
static const char *const enc_id_type_names[] = {
#ifdef CONFIG_KVM_AMD_SEV
	"sev",
	"sev_es",
#endif
};

static_assert(ARRAY_SIZE(enc_id_type_names) == ENCRYPTION_ID_TYPES);

const char *const native_design = "encryption_ids";

unsigned int native_nr_types(void)
{
	return ENCRYPTION_ID_TYPES;
}

const char *native_type_name(unsigned int type)
{
	return enc_id_type_names[type];
}

int native_set_capacity(unsigned int type, unsigned long long capacity)
{
	if (capacity > UINT_MAX)
		return -EOVERFLOW;
	return enc_id_cg_set_capacity(type, capacity);
}

void *native_cg_new(void *parent)
{
	return native_css_new(&encryption_ids_cgrp_subsys, parent);
}

void native_cg_free(void *css)
{
	native_css_free(&encryption_ids_cgrp_subsys, css);
}

/* "echo 1 > encryption_ids.sev.max" */
long native_cg_write_max(void *css, unsigned int type, const char *val)
{
	char name[MAX_CFTYPE_NAME], buf[64];

	native_cat3(name, sizeof(name), enc_id_type_names[type], ".max", "");
	native_cat3(buf, sizeof(buf), val, "", "");
	return native_css_write(&encryption_ids_cgrp_subsys, css, name, buf);
}

unsigned long long native_cg_usage(void *css, unsigned int type)
{
	struct encryption_id_cgroup *cg =
		container_of((struct cgroup_subsys_state *)css,
			     struct encryption_id_cgroup, css);

	return READ_ONCE(cg->res[type].usage);
}

int native_cookie_init(void **cookie)
{
	struct kvm *kvm = kvzalloc(sizeof(*kvm), GFP_KERNEL);

	*cookie = kvm;
	return kvm ? 0 : -ENOMEM;
}

void native_cookie_free(void *cookie)
{
	kvfree(cookie);
}

int native_charge(unsigned int type, void **cookie)
{
	/* As sev_asid_new(): the controller finds and references the cgroup. */
	return enc_id_cg_try_charge(*cookie, type, 1);
}

void native_uncharge(unsigned int type, void *cookie)
{
	/* As sev_asid_free(): this also drops the cgroup reference. */
	enc_id_cg_uncharge(cookie, type, 1);
}

int native_total_usage(unsigned int type, unsigned long long *usage)
{
	/* The root's usage is only printed in sev.stat, never exported. */
	return -EOPNOTSUPP;
}
