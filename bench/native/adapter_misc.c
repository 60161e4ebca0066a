// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the misc controller as 6.1 ships it and every later
 * shape that keeps its API (5.13, the fixed branches, exact, 6.12): the
 * same calls as common-tests/module/adapter_misc.c, which the guest module
 * makes, plus what the driver needs to build cgroups without a cgroup core.
 */
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/misc_cgroup.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <native_kernel.h>

#include "native.h"

/* misc.c keeps its names private; keep in sync with enum misc_res_type. */
static const char *const misc_type_names[] = {
#ifdef CONFIG_KVM_AMD_SEV
	"sev",
	"sev_es",
#endif
};

static_assert(ARRAY_SIZE(misc_type_names) == MISC_CG_RES_TYPES);
/* Every u64 amount and capacity fits the controller's unsigned long. */
static_assert(sizeof(unsigned long) == sizeof(u64));
/* 6.1's atomic_long_t usage is an atomic64_t on 64-bit, as 6.12's is. */
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic64_t));

const char *const native_design = "misc";

unsigned int native_nr_types(void)
{
	return MISC_CG_RES_TYPES;
}

const char *native_type_name(unsigned int type)
{
	return misc_type_names[type];
}

int native_set_capacity(unsigned int type, unsigned long long capacity)
{
	return misc_cg_set_capacity(type, capacity);
}

void *native_cg_new(void *parent)
{
	return native_css_new(&misc_cgrp_subsys, parent);
}

void native_cg_free(void *css)
{
	native_css_free(&misc_cgrp_subsys, css);
}

/* "echo 'sev 1' > misc.max" */
long native_cg_write_max(void *css, unsigned int type, const char *val)
{
	char buf[64];

	native_cat3(buf, sizeof(buf), misc_type_names[type], " ", val);
	return native_css_write(&misc_cgrp_subsys, css, "max", buf);
}

unsigned long long native_cg_usage(void *css, unsigned int type)
{
	return atomic64_read(&css_misc(css)->res[type].usage);
}

int native_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

void native_cookie_free(void *cookie)
{
}

int native_charge(unsigned int type, void **cookie)
{
	struct misc_cg *cg;
	int ret;

	/* As sev_asid_new() does. */
	cg = get_current_misc_cg();
	ret = misc_cg_try_charge(type, cg, 1);
	if (ret) {
		put_misc_cg(cg);
		return ret;
	}
	*cookie = cg;
	return 0;
}

void native_uncharge(unsigned int type, void *cookie)
{
	struct misc_cg *cg = cookie;

	/* As sev_asid_free() does. */
	misc_cg_uncharge(type, cg, 1);
	put_misc_cg(cg);
}

int native_total_usage(unsigned int type, unsigned long long *usage)
{
	*usage = misc_cg_res_total_usage(type);
	return 0;
}
