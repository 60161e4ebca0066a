/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmalloc() and friends on the C library's allocator.  native_kzalloc()
 * aligns a block to its size rounded up to a power of two (at most a
 * page), as SLUB's kmalloc-<n> caches do, so that a struct misc_cg (about
 * 300 bytes, kmalloc-512) starts a cache line as it would there.  The
 * guest kernels are tinyconfig builds with SLOB, which packs blocks at
 * 8-byte alignment instead; see the README.
 */
#ifndef _NATIVE_LINUX_SLAB_H
#define _NATIVE_LINUX_SLAB_H
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/gfp.h>

void *native_kzalloc(size_t size);
void native_kfree(const void *p);

static inline void *kzalloc(size_t size, gfp_t flags) { return native_kzalloc(size); }
static inline void *kmalloc(size_t size, gfp_t flags) { return native_kzalloc(size); }
static inline void *kvzalloc(size_t size, gfp_t flags) { return native_kzalloc(size); }
static inline void kfree(const void *p) { native_kfree(p); }
static inline void kvfree(const void *p) { native_kfree(p); }
#endif
