/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hotplug states.  The emulated CPUs never go down or come up, so no
 * state callback would ever run: cpuhp_setup_state_nocalls() only succeeds.
 */
#ifndef _NATIVE_LINUX_CPUHOTPLUG_H
#define _NATIVE_LINUX_CPUHOTPLUG_H
#include <linux/types.h>

enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_BP_PREPARE_DYN,
	CPUHP_AP_ONLINE_DYN,
	CPUHP_ONLINE,
};

static inline int cpuhp_setup_state_nocalls(enum cpuhp_state state,
					    const char *name,
					    int (*startup)(unsigned int cpu),
					    int (*teardown)(unsigned int cpu))
{
	return 0;
}
#endif
