/* SPDX-License-Identifier: GPL-2.0 */
/*
 * include/linux/math64.h.  6.12's mm/page_counter.c includes it for
 * mul_u64_u64_div_u64(), which only its CONFIG_MEMCG part (the effective
 * protection of memory.min/low) calls; CONFIG_MEMCG is off here, so
 * nothing is declared and a use would not compile.
 */
#ifndef _NATIVE_LINUX_MATH64_H
#define _NATIVE_LINUX_MATH64_H
#include <linux/types.h>
#endif
