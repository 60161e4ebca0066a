/* SPDX-License-Identifier: GPL-2.0 */
/* include/linux/cpu.h: what lib/percpu_counter.c takes from it. */
#ifndef _NATIVE_LINUX_CPU_H
#define _NATIVE_LINUX_CPU_H
#include <linux/cpumask.h>
#include <linux/cpuhotplug.h>
#endif
