/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NATIVE_LINUX_SMP_H
#define _NATIVE_LINUX_SMP_H
#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
/* The CPU the calling thread is pinned to (native_thread_enter()). */
extern __thread int native_cpu;
#define smp_processor_id()	(native_cpu)
#define raw_smp_processor_id()	(native_cpu)

typedef void (*smp_call_func_t)(void *info);
/*
 * Calls @func once per online emulated CPU, on that CPU: on the calling
 * thread for its own CPU, with interrupts off; by IPI (a signal, see
 * linux/irqflags.h) on the thread that plays another CPU, if one does;
 * else on the calling thread switched to that CPU meanwhile.  Returns when
 * every call is done, whatever @wait says.
 */
void on_each_cpu(smp_call_func_t func, void *info, int wait);
#endif
