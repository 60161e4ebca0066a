/* SPDX-License-Identifier: GPL-2.0 */
/*
 * include/linux/cache.h on x86_64 as the guests configure it: 64-byte
 * lines (CONFIG_X86_L1_CACHE_SHIFT=6, L1_CACHE_BYTES in linux/compiler.h)
 * and an internode line of the same size (CONFIG_X86_INTERNODE_CACHE_SHIFT
 * =6, no X86_VSMP).  struct page_counter is ____cacheline_internodealigned_
 * in_smp and pads its usage onto a line of its own with CACHELINE_PADDING().
 */
#ifndef _NATIVE_LINUX_CACHE_H
#define _NATIVE_LINUX_CACHE_H
#include <linux/compiler.h>
#include <linux/build_bug.h>

#define L1_CACHE_SHIFT		6
#define INTERNODE_CACHE_SHIFT	CONFIG_X86_INTERNODE_CACHE_SHIFT

#define ____cacheline_aligned_in_smp	____cacheline_aligned
#define __cacheline_aligned_in_smp	__cacheline_aligned
#define ____cacheline_internodealigned_in_smp \
	__aligned(1 << (INTERNODE_CACHE_SHIFT))

/* The kernel's, under CONFIG_SMP. */
struct cacheline_padding {
	char x[0];
} ____cacheline_internodealigned_in_smp;
#define CACHELINE_PADDING(name)		struct cacheline_padding name

static_assert(1 << L1_CACHE_SHIFT == L1_CACHE_BYTES);
#endif
