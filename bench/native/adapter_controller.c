// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for a cgroup controller that accounts SEV ASIDs: misc as
 * 6.1 ships it and every later shape that keeps its API, misc's first RFC,
 * or encryption_ids (v4 patch).  build.sh names the design's header
 * (DESIGN_H: common-tests/module/design_<design>.h, which the guest
 * module's adapter includes too), so that both drive the controller the
 * same way; here only what the driver needs besides: cgroups without a
 * cgroup core, and limit writes.
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
	return native_css_new(&DESIGN_SUBSYS, parent);
}

void native_cg_free(void *css)
{
	native_css_free(&DESIGN_SUBSYS, css);
}

/*
 * "echo 'sev 1' > misc.max", "echo 1 > encryption_ids.sev.max": the file
 * name without the controller's prefix, as the cftype has it.
 */
long native_cg_write_max(void *css, unsigned int type, const char *val)
{
	const char *name = design_type_names[type];
	char file[MAX_CFTYPE_NAME], line[64];

	if (DESIGN_MAX_PER_TYPE) {
		native_cat3(file, sizeof(file), name, ".max", "");
		native_cat3(line, sizeof(line), val, "", "");
	} else {
		native_cat3(file, sizeof(file), "max", "", "");
		native_cat3(line, sizeof(line), name, " ", val);
	}
	return native_css_write(&DESIGN_SUBSYS, css, file, line);
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

/* Charge one unit, as sev_asid_new() does. */
int native_charge(unsigned int type, void **cookie)
{
	return design_charge(type, 1, cookie);
}

void native_uncharge(unsigned int type, void *cookie)
{
	design_uncharge(type, 1, cookie);
}
