/* SPDX-License-Identifier: GPL-2.0 */
/*
 * local_irq_save() reads RFLAGS with pushf/pop, as native_save_fl() does;
 * the CLI that follows it in the kernel, and the STI of local_irq_restore(),
 * are privileged and left out: a user thread cannot mask interrupts.
 *
 * Nothing here needs them masked: each emulated CPU is one pinned thread
 * and nothing interrupts it (no interrupts; on_each_cpu() calls are made
 * only while no worker runs), so a per-CPU section that the kernel guards
 * with local_irq_save() (misc-batched's stock) is never entered twice on
 * one CPU.  Only the cost of the save is kept.
 */
#ifndef _NATIVE_LINUX_IRQFLAGS_H
#define _NATIVE_LINUX_IRQFLAGS_H
#include <linux/compiler.h>
static __always_inline unsigned long native_save_fl(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf ; pop %0" : "=rm" (flags) : : "memory");
	return flags;
}
#define local_irq_save(flags)	do { (flags) = native_save_fl(); } while (0)
#define local_irq_restore(flags) do { (void)(flags); barrier(); } while (0)
#define local_irq_disable()	barrier()
#define local_irq_enable()	barrier()
#endif
