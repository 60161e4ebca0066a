/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NATIVE_LINUX_KERNEL_H
#define _NATIVE_LINUX_KERNEL_H
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/limits.h>
#include <linux/build_bug.h>
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/math.h>
#include <linux/errno.h>

#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]))
#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)(__mptr - offsetof(type, member))); })
#define min(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x < _y ? _x : _y; })
#define max(x, y) ({ typeof(x) _x = (x); typeof(y) _y = (y); _x > _y ? _x : _y; })
#define min_t(type, x, y)	min((type)(x), (type)(y))
#define max_t(type, x, y)	max((type)(x), (type)(y))
#define ALIGN(x, a)	(((x) + ((typeof(x))(a) - 1)) & ~((typeof(x))(a) - 1))
#define might_sleep()	do { } while (0)

/* Declared by headers the kernel's kernel.h pulls in (lock_events.h uses it). */
struct file;
#endif
