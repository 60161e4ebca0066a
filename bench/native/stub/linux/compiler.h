/* SPDX-License-Identifier: GPL-2.0 */
/* Compiler attributes and helpers, as include/linux/compiler*.h define them. */
#ifndef _NATIVE_LINUX_COMPILER_H
#define _NATIVE_LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" : : : "memory")

#define __always_inline	inline __attribute__((__always_inline__))
#define noinline	__attribute__((__noinline__))
#define __pure		__attribute__((__pure__))
#define __must_check	__attribute__((__warn_unused_result__))
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __section(s)	__attribute__((__section__(s)))
#define __aligned(x)	__attribute__((__aligned__(x)))
#define __maybe_unused	__attribute__((__unused__))
#define __used		__attribute__((__used__))
#define __cold		__attribute__((__cold__))
#define __noreturn	__attribute__((__noreturn__))
#define __packed	__attribute__((__packed__))
#define notrace
#define __init
#define __initdata
#define __exit
#define __read_mostly
#define __lockfunc
#define __percpu
#define __rcu
#define __user
#define __iomem
#define __force
#define __acquires(x)
#define __releases(x)
#define __acquire(x)	(void)0
#define __release(x)	(void)0
#define __must_hold(x)

#define L1_CACHE_BYTES		64
#define SMP_CACHE_BYTES		L1_CACHE_BYTES
#define ____cacheline_aligned	__attribute__((__aligned__(SMP_CACHE_BYTES)))
#define __cacheline_aligned	____cacheline_aligned

#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))

/* The kernel's __unqual_scalar_typeof(): the type of x without qualifiers. */
#define __scalar_type_to_expr_cases(type)				\
		unsigned type:	(unsigned type)0,			\
		signed type:	(signed type)0
#define __unqual_scalar_typeof(x) typeof(				\
		_Generic((x),						\
			 char:	(char)0,				\
			 __scalar_type_to_expr_cases(char),		\
			 __scalar_type_to_expr_cases(short),		\
			 __scalar_type_to_expr_cases(int),		\
			 __scalar_type_to_expr_cases(long),		\
			 __scalar_type_to_expr_cases(long long),	\
			 default: (x)))

/* READ_ONCE()/WRITE_ONCE(): volatile accesses, as the kernel's are. */
#define READ_ONCE(x)	(*(const volatile __unqual_scalar_typeof(x) *)&(x))
#define WRITE_ONCE(x, val)						\
do {									\
	*(volatile typeof(x) *)&(x) = (val);				\
} while (0)

#define data_race(expr) (expr)
#define OPTIMIZER_HIDE_VAR(var) __asm__ ("" : "=r" (var) : "0" (var))

#endif
