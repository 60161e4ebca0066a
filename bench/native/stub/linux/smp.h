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
 * Calls @func on the calling thread once per emulated CPU, with
 * smp_processor_id() and this_cpu_ptr() resolving to that CPU meanwhile,
 * and returns when all are done (so @wait changes nothing).  There are no
 * IPIs: a worker running on that CPU would not be interrupted but raced
 * with.  Only for a caller that runs while no worker does (the driver's
 * thread between runs: cgroup offline, max writes, set capacity).
 */
void on_each_cpu(smp_call_func_t func, void *info, int wait);
#endif
