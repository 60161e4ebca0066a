/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WARN*() evaluate their condition exactly as the kernel's do and return
 * it.  A warning that fires is counted (native_warn_count(), which the
 * driver checks after every run) and printed to stderr the first time its
 * call site fires; WARN_ONCE()'s once-only printing is thereby kept.
 * BUG() aborts.
 */
#ifndef _NATIVE_LINUX_BUG_H
#define _NATIVE_LINUX_BUG_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/build_bug.h>

__printf(4, 5) __cold
void native_warn(const char *file, int line, bool *printed,
		 const char *fmt, ...);
__cold __noreturn void native_bug(const char *file, int line);

#define __NAT_WARN(cond, fmt...) ({					\
	int __ret_warn = !!(cond);					\
	if (unlikely(__ret_warn)) {					\
		static bool __printed;					\
		native_warn(__FILE__, __LINE__, &__printed, fmt);	\
	}								\
	unlikely(__ret_warn);						\
})

#define WARN(cond, fmt...)	__NAT_WARN(cond, fmt)
#define WARN_ONCE(cond, fmt...)	__NAT_WARN(cond, fmt)
#define WARN_ON(cond)		__NAT_WARN(cond, "WARN_ON(%s)", #cond)
#define WARN_ON_ONCE(cond)	__NAT_WARN(cond, "WARN_ON_ONCE(%s)", #cond)
#define BUG()			native_bug(__FILE__, __LINE__)
#define BUG_ON(cond)		do { if (unlikely(cond)) BUG(); } while (0)

#endif
