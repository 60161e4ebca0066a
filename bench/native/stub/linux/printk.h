/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printk() and pr_*() check their format and arguments as the kernel's do,
 * and print nothing: no controller prints on the paths the benchmark runs,
 * except misc 5.13's one pr_info() per cgroup and type at its first
 * rejection, which the kernel sends to the console and this drops.
 */
#ifndef _NATIVE_LINUX_PRINTK_H
#define _NATIVE_LINUX_PRINTK_H
#include <linux/compiler.h>

static inline __printf(1, 2) int printk(const char *fmt, ...)
{
	return 0;
}
#define KERN_EMERG	""
#define KERN_ALERT	""
#define KERN_CRIT	""
#define KERN_ERR	""
#define KERN_WARNING	""
#define KERN_NOTICE	""
#define KERN_INFO	""
#define KERN_DEBUG	""
#define KERN_CONT	""
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...)	printk(KERN_CONT fmt, ##__VA_ARGS__)
#endif
