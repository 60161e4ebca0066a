// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the misc controller as 6.1 ships it and every later
 * shape that keeps its API (5.13, the fixed branches, exact, 6.12), or as
 * its first RFC proposed it: build.sh names the header
 * (common-tests/module/design_misc.h or design_misc_rfc.h, which the guest
 * module's adapter includes too), so that both drive the controller the
 * same way.  Here only what the driver needs to build cgroups without a
 * cgroup core.
 */
#include <native_kernel.h>

#include "native.h"
#include DESIGN_H

const char *const native_design = DESIGN_NAME;

unsigned int native_nr_types(void)
{
	return DESIGN_NR_TYPES;
}

const char *native_type_name(unsigned int type)
{
	return design_type_names[type];
}

int native_set_capacity(unsigned int type, unsigned long long capacity)
{
	return design_set_capacity(type, capacity);
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

	native_cat3(buf, sizeof(buf), design_type_names[type], " ", val);
	return native_css_write(&misc_cgrp_subsys, css, "max", buf);
}

unsigned long long native_cg_usage(void *css, unsigned int type)
{
	return design_css_usage(css, type);
}

int native_cookie_init(void **cookie)
{
	return design_cookie_init(cookie);
}

void native_cookie_free(void *cookie)
{
	design_cookie_free(cookie);
}

int native_charge(unsigned int type, void **cookie)
{
	return design_charge(type, 1, cookie);
}

void native_uncharge(unsigned int type, void *cookie)
{
	design_uncharge(type, 1, cookie);
}

int native_total_usage(unsigned int type, unsigned long long *usage)
{
	u64 v;
	int ret = design_total_usage(type, &v);

	if (!ret)
		*usage = v;
	return ret;
}
