// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the misc controller as its first RFC proposed it:
 * misc_cg_try_charge() finds the current task's cgroup itself and hands it
 * back through its out parameter.  The same calls as
 * common-tests/module/adapter_misc_rfc.c.
 */
#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/kernel.h>
#include <linux/limits.h>
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
static_assert(__same_type(((struct misc_res *)NULL)->usage, atomic_t));

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
	if (capacity > UINT_MAX)
		return -EOVERFLOW;
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
	struct misc_cg *cg = container_of((struct cgroup_subsys_state *)css,
					  struct misc_cg, css);

	return (unsigned int)atomic_read(&cg->res[type].usage);
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
	/* As sev_asid_new() does: the controller finds the cgroup. */
	return misc_cg_try_charge(type, (struct misc_cg **)cookie, 1);
}

void native_uncharge(unsigned int type, void *cookie)
{
	/* As sev_asid_free() does. */
	misc_cg_uncharge(type, cookie, 1);
}

int native_total_usage(unsigned int type, unsigned long long *usage)
{
	/* The root's usage is neither shown nor exported. */
	return -EOPNOTSUPP;
}
