/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupts of an emulated CPU: the IPIs of on_each_cpu() (native_rt.c),
 * delivered to the thread that plays the target CPU as a signal.  CLI and
 * STI are privileged, so "interrupts off" is a flag of the calling thread:
 * local_irq_save() sets it, and an IPI that arrives meanwhile waits until
 * local_irq_restore() clears it and runs it, as the kernel's STI lets a
 * pending interrupt in.  So a per-CPU section the kernel guards with
 * local_irq_save() (misc-batched's stock) is never entered twice on one
 * CPU, by its own thread or by a drain, here as there.  The cost is a
 * thread-local store, a load and a test, where the kernel pays for
 * pushf/cli and popf.
 */
#ifndef _NATIVE_LINUX_IRQFLAGS_H
#define _NATIVE_LINUX_IRQFLAGS_H
#include <linux/compiler.h>

extern __thread unsigned long native_irqs_off;
/* Run the IPI pending for the calling thread's CPU, if any (native_rt.c). */
void native_ipi_poll(void);

#define local_irq_save(flags) do {					\
	(flags) = native_irqs_off;					\
	native_irqs_off = 1;						\
	barrier();							\
} while (0)
#define local_irq_restore(flags) do {					\
	barrier();							\
	native_irqs_off = (flags);					\
	barrier();							\
	if (!native_irqs_off)						\
		native_ipi_poll();					\
} while (0)
#define local_irq_disable()	do { native_irqs_off = 1; barrier(); } while (0)
#define local_irq_enable()	local_irq_restore(0UL)
#define irqs_disabled()		(native_irqs_off != 0)
#endif
