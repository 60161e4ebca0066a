/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CPU hotplug states.  The emulated CPUs never go down or come up, so no
 * teardown and no later startup callback would ever run.
 * cpuhp_setup_state_nocalls() only succeeds; cpuhp_setup_state() also
 * calls the startup callback once for each online CPU, as the kernel does
 * when a state is installed (there on each CPU's hotplug thread, here on
 * the calling thread, during native_rt_init()'s initcalls), and returns
 * the state, as the kernel returns the number of a dynamic one.
 */
#ifndef _NATIVE_LINUX_CPUHOTPLUG_H
#define _NATIVE_LINUX_CPUHOTPLUG_H
#include <linux/types.h>
#include <linux/cpumask.h>

enum cpuhp_state {
	CPUHP_INVALID = -1,
	CPUHP_OFFLINE = 0,
	CPUHP_PERCPU_CNT_DEAD,
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

static inline int cpuhp_setup_state(enum cpuhp_state state,
				    const char *name,
				    int (*startup)(unsigned int cpu),
				    int (*teardown)(unsigned int cpu))
{
	unsigned int cpu;
	int ret;

	if (startup) {
		for_each_online_cpu(cpu) {
			ret = startup(cpu);
			if (ret)
				return ret;
		}
	}
	return state == CPUHP_BP_PREPARE_DYN || state == CPUHP_AP_ONLINE_DYN ?
	       state : 0;
}
#endif
