/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Forced into every kernel-side file (-include), as the kernel forces
 * include/linux/kconfig.h and autoconf.h.  The options are those of the guest
 * kernels (variants/common/common.config and the tinyconfig they start from)
 * that change what the compiled code does: SMP, PARAVIRT without
 * PARAVIRT_SPINLOCKS, no lockdep, no lock event counts, SEV resources on.
 * Both controllers' options are on: each header only looks at its own.
 * For the anchors (mm/page_counter.c, lib/percpu_counter.c): CPU hotplug
 * on (x86 SMP has it; percpu_counter keeps a list of every counter for its
 * CPU-dead callback), CMPXCHG_LOCAL (x86 selects it; 6.12's
 * percpu_counter_add_batch() uses this_cpu_try_cmpxchg() then), a 64-byte
 * internode line; no CONFIG_MEMCG (page_counter's effective-protection
 * part is memcg's reclaim) and no CONFIG_DEBUG_OBJECTS_PERCPU_COUNTER.
 */
#ifndef _NATIVE_KCONFIG_H
#define _NATIVE_KCONFIG_H

#define __KERNEL__ 1
#define CONFIG_X86_64 1
#define CONFIG_64BIT 1
#define CONFIG_SMP 1
/*
 * The guests have 64; the harness emulates one CPU per host CPU it runs on,
 * up to this many.  Nothing compiled here changes between the two: the
 * queued spinlock's tail layout is the same below 16384.
 */
#define CONFIG_NR_CPUS 512
#define CONFIG_PARAVIRT 1
#define CONFIG_QUEUED_SPINLOCKS 1
#define CONFIG_KVM_AMD_SEV 1
#define CONFIG_CGROUPS 1
#define CONFIG_CGROUP_MISC 1
#define CONFIG_CGROUP_ENCRYPTION_IDS 1
#define CONFIG_HZ 250
#define CONFIG_HOTPLUG_CPU 1
#define CONFIG_HAVE_CMPXCHG_LOCAL 1
#define CONFIG_X86_INTERNODE_CACHE_SHIFT 6

/*
 * COUNT_OPS=1 builds (build.sh, ../count_ops.c): hooks where inline
 * assembly would hide an operation from the compiler's instrumentation.
 */
#ifdef NATIVE_COUNT_OPS
void native_count_percpu_op(void);
void native_count_lock(void);
#define NATIVE_COUNT(op)	native_count_##op()
#else
#define NATIVE_COUNT(op)	do { } while (0)
#endif

#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x)			___is_defined(x)
#define ___is_defined(val)		____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk)	__take_second_arg(arg1_or_junk 1, 0)
#define IS_BUILTIN(option) __is_defined(option)
#define IS_MODULE(option) __is_defined(option##_MODULE)
#define IS_ENABLED(option) __or(IS_BUILTIN(option), IS_MODULE(option))
#define __or(x, y)			___or(x, y)
#define ___or(x, y)			____or(__ARG_PLACEHOLDER_##x, y)
#define ____or(arg1_or_junk, y)		__take_second_arg(arg1_or_junk 1, y)

#endif
