/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 memory barriers (arch/x86/include/asm/barrier.h): x86 is TSO, so
 * smp_rmb()/smp_wmb() and acquire/release are compiler barriers; only
 * smp_mb() orders stores before loads.  The kernel's smp_mb() is
 * "lock; addl $0,-4(%rsp)"; the same instruction is used here.
 */
#ifndef _NATIVE_ASM_BARRIER_H
#define _NATIVE_ASM_BARRIER_H
#include <linux/compiler.h>
#include <asm/processor.h>

#define mb()	__asm__ __volatile__("mfence" ::: "memory")
#define rmb()	__asm__ __volatile__("lfence" ::: "memory")
#define wmb()	__asm__ __volatile__("sfence" ::: "memory")
#define smp_mb()	__asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()
#define smp_acquire__after_ctrl_dep()	barrier()

#define smp_store_release(p, v)						\
do {									\
	barrier();							\
	WRITE_ONCE(*(p), (v));						\
} while (0)

#define smp_load_acquire(p)						\
({									\
	__unqual_scalar_typeof(*(p)) ___p1 = READ_ONCE(*(p));		\
	barrier();							\
	(typeof(*(p)))___p1;						\
})

/* include/asm-generic/barrier.h */
#define smp_cond_load_relaxed(ptr, cond_expr) ({			\
	typeof(ptr) __PTR = (ptr);					\
	__unqual_scalar_typeof(*(ptr)) VAL;				\
	for (;;) {							\
		VAL = READ_ONCE(*__PTR);				\
		if (cond_expr)						\
			break;						\
		cpu_relax();						\
	}								\
	(typeof(*(ptr)))VAL;						\
})

#define smp_cond_load_acquire(ptr, cond_expr) ({			\
	__unqual_scalar_typeof(*(ptr)) _val;				\
	_val = smp_cond_load_relaxed(ptr, cond_expr);			\
	smp_acquire__after_ctrl_dep();					\
	(typeof(*(ptr)))_val;						\
})
#endif
