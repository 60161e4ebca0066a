/* SPDX-License-Identifier: GPL-2.0 */
/*
 * atomic_t, atomic64_t and atomic_long_t on GCC's __atomic builtins, with
 * the orderings of Documentation/atomic_t.txt:
 *
 *  - value-returning RMW ops (add_return, sub_return, fetch_*, xchg,
 *    cmpxchg, try_cmpxchg, add_negative, *_and_test) are fully ordered:
 *    __ATOMIC_SEQ_CST (on x86 a LOCK-prefixed instruction either way);
 *  - their _acquire, _release and _relaxed forms use those orders;
 *  - non-returning RMW ops (add, sub, inc, dec, andnot, or) are unordered:
 *    __ATOMIC_RELAXED, which GCC still emits as a LOCK-prefixed instruction;
 *  - read and set are READ_ONCE()/WRITE_ONCE() of the counter.
 *
 * What may differ from the kernel's arch/x86 inline assembly is only the
 * instruction GCC picks: e.g. add_negative is "lock addq; sets" in the
 * kernel and may be "lock xaddq" plus an add and a test here.
 * atomic_long_t is atomic64_t, as on every 64-bit kernel.
 */
#ifndef _NATIVE_LINUX_ATOMIC_H
#define _NATIVE_LINUX_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/barrier.h>

#define __NAT_SC	__ATOMIC_SEQ_CST
#define __NAT_ACQ	__ATOMIC_ACQUIRE
#define __NAT_REL	__ATOMIC_RELEASE
#define __NAT_RLX	__ATOMIC_RELAXED

/* One family per counter type: atomic (int) and atomic64 (s64). */
#define NAT_ATOMIC_OPS(pfx, atype, ctype)				\
static __always_inline ctype pfx##_read(const atype *v)			\
{ return READ_ONCE(v->counter); }					\
static __always_inline ctype pfx##_read_acquire(const atype *v)		\
{ return __atomic_load_n(&v->counter, __NAT_ACQ); }			\
static __always_inline void pfx##_set(atype *v, ctype i)		\
{ WRITE_ONCE(v->counter, i); }						\
static __always_inline void pfx##_set_release(atype *v, ctype i)	\
{ __atomic_store_n(&v->counter, i, __NAT_REL); }			\
static __always_inline void pfx##_add(ctype i, atype *v)		\
{ __atomic_fetch_add(&v->counter, i, __NAT_RLX); }			\
static __always_inline void pfx##_sub(ctype i, atype *v)		\
{ __atomic_fetch_sub(&v->counter, i, __NAT_RLX); }			\
static __always_inline void pfx##_inc(atype *v)				\
{ __atomic_fetch_add(&v->counter, 1, __NAT_RLX); }			\
static __always_inline void pfx##_dec(atype *v)				\
{ __atomic_fetch_sub(&v->counter, 1, __NAT_RLX); }			\
static __always_inline void pfx##_and(ctype i, atype *v)		\
{ __atomic_fetch_and(&v->counter, i, __NAT_RLX); }			\
static __always_inline void pfx##_andnot(ctype i, atype *v)		\
{ __atomic_fetch_and(&v->counter, ~i, __NAT_RLX); }			\
static __always_inline void pfx##_or(ctype i, atype *v)			\
{ __atomic_fetch_or(&v->counter, i, __NAT_RLX); }			\
static __always_inline ctype pfx##_add_return(ctype i, atype *v)	\
{ return __atomic_add_fetch(&v->counter, i, __NAT_SC); }		\
static __always_inline ctype pfx##_add_return_relaxed(ctype i, atype *v) \
{ return __atomic_add_fetch(&v->counter, i, __NAT_RLX); }		\
static __always_inline ctype pfx##_sub_return(ctype i, atype *v)	\
{ return __atomic_sub_fetch(&v->counter, i, __NAT_SC); }		\
static __always_inline ctype pfx##_inc_return(atype *v)			\
{ return __atomic_add_fetch(&v->counter, 1, __NAT_SC); }		\
static __always_inline ctype pfx##_dec_return(atype *v)			\
{ return __atomic_sub_fetch(&v->counter, 1, __NAT_SC); }		\
static __always_inline ctype pfx##_fetch_add(ctype i, atype *v)		\
{ return __atomic_fetch_add(&v->counter, i, __NAT_SC); }		\
static __always_inline ctype pfx##_fetch_sub(ctype i, atype *v)		\
{ return __atomic_fetch_sub(&v->counter, i, __NAT_SC); }		\
static __always_inline ctype pfx##_fetch_or(ctype i, atype *v)		\
{ return __atomic_fetch_or(&v->counter, i, __NAT_SC); }			\
static __always_inline ctype pfx##_fetch_or_acquire(ctype i, atype *v)	\
{ return __atomic_fetch_or(&v->counter, i, __NAT_ACQ); }		\
static __always_inline bool pfx##_add_negative(ctype i, atype *v)	\
{ return __atomic_add_fetch(&v->counter, i, __NAT_SC) < 0; }		\
static __always_inline bool pfx##_sub_and_test(ctype i, atype *v)	\
{ return __atomic_sub_fetch(&v->counter, i, __NAT_SC) == 0; }		\
static __always_inline bool pfx##_dec_and_test(atype *v)		\
{ return __atomic_sub_fetch(&v->counter, 1, __NAT_SC) == 0; }		\
static __always_inline bool pfx##_inc_and_test(atype *v)		\
{ return __atomic_add_fetch(&v->counter, 1, __NAT_SC) == 0; }		\
static __always_inline ctype pfx##_xchg(atype *v, ctype n)		\
{ return __atomic_exchange_n(&v->counter, n, __NAT_SC); }		\
static __always_inline ctype pfx##_cmpxchg(atype *v, ctype o, ctype n)	\
{ __atomic_compare_exchange_n(&v->counter, &o, n, false, __NAT_SC, __NAT_SC); \
  return o; }								\
static __always_inline ctype pfx##_cmpxchg_acquire(atype *v, ctype o, ctype n) \
{ __atomic_compare_exchange_n(&v->counter, &o, n, false, __NAT_ACQ, __NAT_ACQ); \
  return o; }								\
static __always_inline ctype pfx##_cmpxchg_relaxed(atype *v, ctype o, ctype n) \
{ __atomic_compare_exchange_n(&v->counter, &o, n, false, __NAT_RLX, __NAT_RLX); \
  return o; }								\
static __always_inline bool pfx##_try_cmpxchg(atype *v, ctype *o, ctype n) \
{ return __atomic_compare_exchange_n(&v->counter, o, n, false, __NAT_SC, __NAT_SC); } \
static __always_inline bool pfx##_try_cmpxchg_acquire(atype *v, ctype *o, ctype n) \
{ return __atomic_compare_exchange_n(&v->counter, o, n, false, __NAT_ACQ, __NAT_ACQ); } \
static __always_inline bool pfx##_try_cmpxchg_release(atype *v, ctype *o, ctype n) \
{ return __atomic_compare_exchange_n(&v->counter, o, n, false, __NAT_REL, __NAT_RLX); } \
static __always_inline bool pfx##_try_cmpxchg_relaxed(atype *v, ctype *o, ctype n) \
{ return __atomic_compare_exchange_n(&v->counter, o, n, false, __NAT_RLX, __NAT_RLX); } \
static __always_inline bool pfx##_add_unless(atype *v, ctype a, ctype u) \
{									\
	ctype c = pfx##_read(v);					\
	do {								\
		if (unlikely(c == u))					\
			return false;					\
	} while (!pfx##_try_cmpxchg(v, &c, c + a));			\
	return true;							\
}									\
static __always_inline bool pfx##_inc_not_zero(atype *v)		\
{ return pfx##_add_unless(v, 1, 0); }

NAT_ATOMIC_OPS(atomic, atomic_t, int)
NAT_ATOMIC_OPS(atomic64, atomic64_t, s64)

/* atomic_long_t is atomic64_t (include/linux/atomic/atomic-long.h). */
#define atomic_long_read		atomic64_read
#define atomic_long_set			atomic64_set
#define atomic_long_add			atomic64_add
#define atomic_long_sub			atomic64_sub
#define atomic_long_inc			atomic64_inc
#define atomic_long_dec			atomic64_dec
#define atomic_long_add_return		atomic64_add_return
#define atomic_long_sub_return		atomic64_sub_return
#define atomic_long_inc_return		atomic64_inc_return
#define atomic_long_dec_return		atomic64_dec_return
#define atomic_long_fetch_add		atomic64_fetch_add
#define atomic_long_add_negative	atomic64_add_negative
#define atomic_long_sub_and_test	atomic64_sub_and_test
#define atomic_long_dec_and_test	atomic64_dec_and_test
#define atomic_long_xchg		atomic64_xchg
#define atomic_long_cmpxchg		atomic64_cmpxchg
#define atomic_long_try_cmpxchg		atomic64_try_cmpxchg
#define atomic_long_add_unless		atomic64_add_unless
#define atomic_long_inc_not_zero	atomic64_inc_not_zero
#define atomic_long_add_not_zero(i, v)	atomic64_add_unless((v), (i), 0)

/* include/linux/atomic.h */
#define atomic_cond_read_relaxed(v, c)	smp_cond_load_relaxed(&(v)->counter, (c))
#define atomic_cond_read_acquire(v, c)	smp_cond_load_acquire(&(v)->counter, (c))
#define atomic64_cond_read_relaxed(v, c) smp_cond_load_relaxed(&(v)->counter, (c))
#define atomic64_cond_read_acquire(v, c) smp_cond_load_acquire(&(v)->counter, (c))

/* xchg()/cmpxchg() on plain scalars of any size: fully ordered. */
#define xchg(ptr, v)		__atomic_exchange_n((ptr), (v), __NAT_SC)
#define xchg_relaxed(ptr, v)	__atomic_exchange_n((ptr), (v), __NAT_RLX)
#define xchg_acquire(ptr, v)	__atomic_exchange_n((ptr), (v), __NAT_ACQ)
#define xchg_release(ptr, v)	__atomic_exchange_n((ptr), (v), __NAT_REL)

#define __nat_cmpxchg(ptr, o, n, so, fo) ({				\
	__unqual_scalar_typeof(*(ptr)) __o = (o);			\
	__atomic_compare_exchange_n((ptr), &__o, (n), false, so, fo);	\
	__o;								\
})
#define cmpxchg(ptr, o, n)	    __nat_cmpxchg(ptr, o, n, __NAT_SC, __NAT_SC)
#define cmpxchg_acquire(ptr, o, n)  __nat_cmpxchg(ptr, o, n, __NAT_ACQ, __NAT_ACQ)
#define cmpxchg_release(ptr, o, n)  __nat_cmpxchg(ptr, o, n, __NAT_REL, __NAT_RLX)
#define cmpxchg_relaxed(ptr, o, n)  __nat_cmpxchg(ptr, o, n, __NAT_RLX, __NAT_RLX)
#define try_cmpxchg(ptr, po, n) \
	__atomic_compare_exchange_n((ptr), (po), (n), false, __NAT_SC, __NAT_SC)

#endif
