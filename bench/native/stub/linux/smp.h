#ifndef _NATIVE_LINUX_SMP_H
#define _NATIVE_LINUX_SMP_H
#include <linux/kernel.h>
#include <linux/percpu.h>
/* The CPU the calling thread is pinned to (native_thread_enter()). */
extern __thread int native_cpu;
#define smp_processor_id()	(native_cpu)
#define raw_smp_processor_id()	(native_cpu)
#endif
