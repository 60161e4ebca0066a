/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A task is a struct task_struct with its css_set; "current" is a
 * thread-local pointer to the calling thread's, which the driver sets
 * (native_thread_enter()).  The kernel reads current from a per-CPU
 * variable with one %gs-relative load; this is one %fs-relative load.
 */
#ifndef _NATIVE_LINUX_SCHED_H
#define _NATIVE_LINUX_SCHED_H
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/preempt.h>
#include <asm/processor.h>

struct css_set;

struct task_struct {
	int pid;
	struct css_set __rcu *cgroups;
};

extern __thread struct task_struct *native_current;
#define current native_current

/* PREEMPT_VOLUNTARY: a voluntary preemption point; nothing to do here. */
static inline int cond_resched(void) { barrier(); return 0; }
#endif
