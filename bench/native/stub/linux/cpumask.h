/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated CPUs, 0 .. nr_cpu_ids - 1 (native_rt_init()), are all
 * possible and all online; none is ever hot-plugged.
 */
#ifndef _NATIVE_LINUX_CPUMASK_H
#define _NATIVE_LINUX_CPUMASK_H
extern unsigned int nr_cpu_ids;

#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)	for_each_possible_cpu(cpu)
#endif
