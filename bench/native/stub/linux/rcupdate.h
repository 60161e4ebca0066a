/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU read side of a CONFIG_TREE_RCU, !CONFIG_PREEMPT_COUNT kernel (the
 * guests are PREEMPT_VOLUNTARY): rcu_read_lock() is a compiler barrier.
 * Nothing is ever freed while a worker runs, so no grace period is needed.
 */
#ifndef _NATIVE_LINUX_RCUPDATE_H
#define _NATIVE_LINUX_RCUPDATE_H
#include <linux/compiler.h>
static __always_inline void rcu_read_lock(void) { barrier(); }
static __always_inline void rcu_read_unlock(void) { barrier(); }
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_check(p, c)	READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_assign_pointer(p, v)	smp_store_release(&(p), (v))
#endif
