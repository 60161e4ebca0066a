/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Initcalls: subsys_initcall(fn) puts a pointer to fn in a section of its
 * own ("native_initcall"), which native_rt_init() runs once the per-CPU
 * areas exist, as the kernel's do_initcalls() runs its levels at boot (the
 * order between initcalls is the link order; there is only one level).
 */
#ifndef _NATIVE_LINUX_INIT_H
#define _NATIVE_LINUX_INIT_H
#include <linux/compiler.h>

typedef int (*initcall_t)(void);

#define subsys_initcall(fn)						\
	static initcall_t __initcall_##fn __used			\
	__section("native_initcall") = fn
#define device_initcall(fn)	subsys_initcall(fn)
#define __initcall(fn)		device_initcall(fn)
#endif
