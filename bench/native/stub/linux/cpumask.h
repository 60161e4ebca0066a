/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The emulated CPUs, 0 .. nr_cpu_ids - 1 (native_rt_init()), are all
 * possible and all online; none is ever hot-plugged, so none is ever
 * dying.  cpu_online_mask and cpu_dying_mask are real masks of NR_CPUS
 * bits, set once by native_rt_init(), so that for_each_cpu_or()
 * walks what the kernel's walks; num_online_cpus() is one load of a
 * global, as the kernel's atomic_read(&__num_online_cpus) is.
 */
#ifndef _NATIVE_LINUX_CPUMASK_H
#define _NATIVE_LINUX_CPUMASK_H
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/build_bug.h>

extern unsigned int nr_cpu_ids;

#define for_each_possible_cpu(cpu) \
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)
#define for_each_online_cpu(cpu)	for_each_possible_cpu(cpu)

struct cpumask {
	unsigned long bits[(CONFIG_NR_CPUS + BITS_PER_LONG - 1) / BITS_PER_LONG];
};

static inline bool native_cpu_in(const struct cpumask *m, unsigned int cpu)
{
	return m->bits[cpu / BITS_PER_LONG] & (1UL << (cpu % BITS_PER_LONG));
}

extern struct cpumask __cpu_online_mask, __cpu_dying_mask;
#define cpu_online_mask	((const struct cpumask *)&__cpu_online_mask)
#define cpu_dying_mask	((const struct cpumask *)&__cpu_dying_mask)

/* Every CPU set in @mask1 or @mask2, in order. */
#define for_each_cpu_or(cpu, mask1, mask2)				\
	for ((cpu) = 0; (cpu) < nr_cpu_ids; (cpu)++)			\
		if (!native_cpu_in(mask1, cpu) && !native_cpu_in(mask2, cpu)) \
			;						\
		else

static inline unsigned int num_online_cpus(void)
{
	return READ_ONCE(nr_cpu_ids);
}
#endif
