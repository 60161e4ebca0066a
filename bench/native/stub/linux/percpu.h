/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU variables the kernel's way: DEFINE_PER_CPU*() puts the template
 * in a section of its own ("native_percpu"); native_rt_init() gives each
 * CPU a copy of that section in an area of its own (no two CPUs share a
 * cache line) and __per_cpu_offset[cpu] is the distance from the template
 * to that copy.  per_cpu_ptr(p, cpu) adds it; this_cpu_ptr(p) adds the
 * calling thread's, which native_thread_enter() keeps in a thread-local,
 * as the kernel keeps it in %gs (and on_each_cpu() switches while it calls
 * its function for another CPU).  Dynamic per-CPU memory (__alloc_percpu)
 * is carved out of the same areas, after the section, and never freed.
 *
 * this_cpu_add() and friends are single non-LOCKed RMW instructions on the
 * calling CPU's copy, as on x86 (there with a %gs prefix): not atomic
 * against another CPU, which never touches that copy.
 */
#ifndef _NATIVE_LINUX_PERCPU_H
#define _NATIVE_LINUX_PERCPU_H
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>

#define NATIVE_NR_CPUS CONFIG_NR_CPUS

extern unsigned long __per_cpu_offset[NATIVE_NR_CPUS];
extern __thread unsigned long native_this_cpu_off;

#define PER_CPU_SECTION __attribute__((__section__("native_percpu")))
#define DEFINE_PER_CPU(type, name)	PER_CPU_SECTION __typeof__(type) name
#define DEFINE_PER_CPU_ALIGNED(type, name) \
	PER_CPU_SECTION ____cacheline_aligned __typeof__(type) name
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name) DEFINE_PER_CPU_ALIGNED(type, name)
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name

#define SHIFT_PERCPU_PTR(ptr, off) \
	((typeof(ptr))((unsigned long)(ptr) + (off)))
#define per_cpu_ptr(ptr, cpu)	SHIFT_PERCPU_PTR((ptr), __per_cpu_offset[(cpu)])
#define per_cpu(var, cpu)	(*per_cpu_ptr(&(var), (cpu)))
#define this_cpu_ptr(ptr)	SHIFT_PERCPU_PTR((ptr), native_this_cpu_off)
#define raw_cpu_ptr(ptr)	this_cpu_ptr(ptr)

/* One RMW instruction on this CPU's copy, as arch/x86/include/asm/percpu.h. */
#define __nat_pcpu_add(var, val) do {					\
	typeof(&(var)) __p = this_cpu_ptr(&(var));			\
	NATIVE_COUNT(percpu_op);					\
	switch (sizeof(var)) {						\
	case 1:								\
		__asm__ __volatile__("addb %1, %0" : "+m" (*__p)	\
				     : "qi" ((u8)(val)));		\
		break;							\
	case 2:								\
		__asm__ __volatile__("addw %1, %0" : "+m" (*__p)	\
				     : "ri" ((u16)(val)));		\
		break;							\
	case 4:								\
		__asm__ __volatile__("addl %1, %0" : "+m" (*__p)	\
				     : "ri" ((u32)(val)));		\
		break;							\
	default:							\
		__asm__ __volatile__("addq %1, %0" : "+m" (*__p)	\
				     : "re" ((u64)(val)));		\
	}								\
} while (0)

#define this_cpu_add(var, val)	__nat_pcpu_add(var, val)
#define this_cpu_sub(var, val)	__nat_pcpu_add(var, -(typeof(var))(val))
#define this_cpu_inc(var)	this_cpu_add(var, 1)
#define this_cpu_dec(var)	this_cpu_sub(var, 1)
#define this_cpu_read(var)	READ_ONCE(*this_cpu_ptr(&(var)))
#define this_cpu_write(var, v)	WRITE_ONCE(*this_cpu_ptr(&(var)), (v))
#define __this_cpu_add(var, v)	this_cpu_add(var, v)
#define __this_cpu_sub(var, v)	this_cpu_sub(var, v)
#define __this_cpu_inc(var)	this_cpu_inc(var)
#define __this_cpu_dec(var)	this_cpu_dec(var)
#define raw_cpu_add(var, v)	this_cpu_add(var, v)
#define raw_cpu_inc(var)	this_cpu_inc(var)
#define __this_cpu_read(var)	this_cpu_read(var)
#define raw_cpu_read(var)	this_cpu_read(var)

/* A per-CPU access of a size x86 has no instruction for: a link error. */
extern void __bad_size_call_parameter(void);

/*
 * x86's percpu_try_cmpxchg_op(): CMPXCHG *without* a LOCK prefix on this
 * CPU's copy (atomic against an interrupt on this CPU, not against other
 * CPUs, which never write it), ZF the result.  As there, *@ovalp is read
 * and, on failure, written as an object of the variable's size whatever
 * its own type: 6.12's percpu_counter_add_batch() passes an s64 for an s32
 * counter, of which only the low half is then rewritten.  (A failure needs
 * an interrupt between the read and the CMPXCHG; there are none here.)
 */
#define __nat_pcpu_try_cmpxchg(sfx, utype, var, ovalp, nval) ({	\
	utype *__po = (utype *)(ovalp);					\
	utype __old = *__po;						\
	utype __new = (utype)(unsigned long)(nval);			\
	bool __ok;							\
									\
	__asm__ __volatile__("cmpxchg" sfx " %[nv], %[v]"		\
			     : "=@ccz" (__ok), [o] "+a" (__old),	\
			       [v] "+m" (*(utype *)this_cpu_ptr(&(var)))	\
			     : [nv] "r" (__new)				\
			     : "memory");				\
	if (unlikely(!__ok))						\
		*__po = __old;						\
	likely(__ok);							\
})

#define this_cpu_try_cmpxchg(var, ovalp, nval) ({			\
	bool __ret;							\
									\
	NATIVE_COUNT(percpu_op);					\
	switch (sizeof(var)) {						\
	case 4:								\
		__ret = __nat_pcpu_try_cmpxchg("l", u32, var, ovalp, nval); \
		break;							\
	case 8:								\
		__ret = __nat_pcpu_try_cmpxchg("q", u64, var, ovalp, nval); \
		break;							\
	default:							\
		__bad_size_call_parameter();				\
		__ret = false;						\
	}								\
	__ret;								\
})
#define raw_cpu_try_cmpxchg(var, ovalp, nval) \
	this_cpu_try_cmpxchg(var, ovalp, nval)

void __percpu *__alloc_percpu(size_t size, size_t align);
#define alloc_percpu(type) \
	((typeof(type) __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
/* The flags only say whether the allocator may sleep; it never does here. */
#define __alloc_percpu_gfp(size, align, gfp)	__alloc_percpu((size), (align))
#define alloc_percpu_gfp(type, gfp)		alloc_percpu(type)
static inline void free_percpu(void __percpu *p) { }

#endif
