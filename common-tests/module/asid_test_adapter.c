// SPDX-License-Identifier: GPL-2.0
/*
 * asid_test adapter: asid_test_adapter.h over the design this kernel has.
 * Kbuild names its header (DESIGN_H: design_misc.h, design_misc_rfc.h or
 * design_encryption_ids.h), which the native benchmark's adapters include
 * too; everything here only forwards.
 */

#include "asid_test_adapter.h"
#include DESIGN_H

const char *const asid_adapter_design = DESIGN_NAME;

unsigned int asid_adapter_nr_types(void)
{
	return DESIGN_NR_TYPES;
}

const char *asid_adapter_type_name(unsigned int type)
{
	return design_type_names[type];
}

int asid_adapter_cookie_init(void **cookie)
{
	return design_cookie_init(cookie);
}

void asid_adapter_cookie_free(void *cookie)
{
	design_cookie_free(cookie);
}

int asid_adapter_charge(unsigned int type, u64 amount, void **cookie)
{
	return design_charge(type, amount, cookie);
}

void asid_adapter_uncharge(unsigned int type, u64 amount, void *cookie)
{
	design_uncharge(type, amount, cookie);
}

int asid_adapter_set_capacity(unsigned int type, u64 capacity)
{
	return design_set_capacity(type, capacity);
}

int asid_adapter_total_usage(unsigned int type, u64 *usage)
{
	return design_total_usage(type, usage);
}

int asid_adapter_current_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_current_usage(type, up, usage);
}

int asid_adapter_level_usage(unsigned int type, unsigned int up, u64 *usage)
{
	return design_level_usage(type, up, usage);
}
