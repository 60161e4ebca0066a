/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Built-in code: module_init() is a device_initcall(), run at boot
 * (native_rt_init(), linux/init.h) like every other initcall here.
 */
#ifndef _NATIVE_LINUX_MODULE_H
#define _NATIVE_LINUX_MODULE_H
#include <linux/init.h>
#include <linux/export.h>

#define module_init(x)	__initcall(x);
#define module_exit(x)
#define MODULE_LICENSE(x)
#define MODULE_AUTHOR(x)
#define MODULE_DESCRIPTION(x)
#endif
