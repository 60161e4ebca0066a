/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct percpu_ref, as css->refcnt is one: the fast paths of
 * include/linux/percpu-refcount.h, written out the same way.
 *
 * In percpu mode (the mode of every online css) a get is this_cpu_add() of
 * the calling CPU's counter and a put is this_cpu_sub(): one non-LOCKed
 * instruction on a line no other CPU writes.  In atomic mode (__PERCPU_REF_
 * ATOMIC set in percpu_count_ptr, as after percpu_ref_switch_to_atomic())
 * they are LOCKed RMWs of one shared atomic_long_t.  The driver picks the
 * mode of every css it makes (--ref percpu|atomic); percpu is the kernel's.
 * The release callback is never reached here: no css is ever killed.
 */
#ifndef _NATIVE_LINUX_PERCPU_REFCOUNT_H
#define _NATIVE_LINUX_PERCPU_REFCOUNT_H
#include <linux/types.h>
#include <linux/atomic.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>

struct percpu_ref;
typedef void (percpu_ref_func_t)(struct percpu_ref *);

enum {
	__PERCPU_REF_ATOMIC	= 1LU << 0,
	__PERCPU_REF_DEAD	= 1LU << 1,
	__PERCPU_REF_ATOMIC_DEAD = __PERCPU_REF_ATOMIC | __PERCPU_REF_DEAD,
	__PERCPU_REF_FLAG_BITS	= 2,
};

struct percpu_ref_data {
	atomic_long_t		count;
	percpu_ref_func_t	*release;
	percpu_ref_func_t	*confirm_switch;
	bool			force_atomic:1;
	bool			allow_reinit:1;
	struct rcu_head		rcu;
	struct percpu_ref	*ref;
};

struct percpu_ref {
	unsigned long		percpu_count_ptr;
	struct percpu_ref_data  *data;
};

static __always_inline bool __ref_is_percpu(struct percpu_ref *ref,
					    unsigned long __percpu **percpu_countp)
{
	unsigned long percpu_ptr;

	percpu_ptr = READ_ONCE(ref->percpu_count_ptr);
	if (unlikely(percpu_ptr & __PERCPU_REF_ATOMIC_DEAD))
		return false;
	*percpu_countp = (unsigned long __percpu *)percpu_ptr;
	return true;
}

static inline void percpu_ref_get_many(struct percpu_ref *ref, unsigned long nr)
{
	unsigned long __percpu *percpu_count;

	rcu_read_lock();
	if (__ref_is_percpu(ref, &percpu_count))
		this_cpu_add(*percpu_count, nr);
	else
		atomic_long_add(nr, &ref->data->count);
	rcu_read_unlock();
}

static inline void percpu_ref_get(struct percpu_ref *ref)
{
	percpu_ref_get_many(ref, 1);
}

static inline bool percpu_ref_tryget_many(struct percpu_ref *ref, unsigned long nr)
{
	unsigned long __percpu *percpu_count;
	bool ret;

	rcu_read_lock();
	if (__ref_is_percpu(ref, &percpu_count)) {
		this_cpu_add(*percpu_count, nr);
		ret = true;
	} else {
		ret = atomic_long_add_not_zero(nr, &ref->data->count);
	}
	rcu_read_unlock();
	return ret;
}

static inline bool percpu_ref_tryget(struct percpu_ref *ref)
{
	return percpu_ref_tryget_many(ref, 1);
}

static inline void percpu_ref_put_many(struct percpu_ref *ref, unsigned long nr)
{
	unsigned long __percpu *percpu_count;

	rcu_read_lock();
	if (__ref_is_percpu(ref, &percpu_count))
		this_cpu_sub(*percpu_count, nr);
	else if (unlikely(atomic_long_sub_and_test(nr, &ref->data->count)))
		ref->data->release(ref);
	rcu_read_unlock();
}

static inline void percpu_ref_put(struct percpu_ref *ref)
{
	percpu_ref_put_many(ref, 1);
}
#endif
