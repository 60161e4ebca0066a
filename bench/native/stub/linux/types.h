/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's basic types on x86_64 (include/linux/types.h). */
#ifndef _NATIVE_LINUX_TYPES_H
#define _NATIVE_LINUX_TYPES_H

#include <linux/compiler.h>

/* x86 is little-endian (the kernel gets this from asm/byteorder.h). */
#ifndef __LITTLE_ENDIAN
#define __LITTLE_ENDIAN 1234
#endif

typedef signed char		s8;
typedef unsigned char		u8;
typedef signed short		s16;
typedef unsigned short		u16;
typedef signed int		s32;
typedef unsigned int		u32;
typedef signed long long	s64;
typedef unsigned long long	u64;
typedef u8 __u8;
typedef u16 __u16;
typedef u32 __u32;
typedef u64 __u64;
typedef s8 __s8;
typedef s16 __s16;
typedef s32 __s32;
typedef s64 __s64;

typedef _Bool			bool;
enum { false = 0, true = 1 };

typedef unsigned long		size_t;
typedef long			ssize_t;
typedef long			ptrdiff_t;
typedef unsigned long		uintptr_t;
typedef long long		loff_t;
typedef unsigned int		gfp_t;
typedef unsigned long		irq_flags_t;

#define NULL ((void *)0)

/* asm-generic/bitsperlong.h under CONFIG_64BIT */
#define BITS_PER_LONG 64

/* atomic_t and friends live here in the kernel too. */
typedef struct {
	int counter;
} atomic_t;

typedef struct {
	s64 counter;
} atomic64_t;

typedef atomic64_t atomic_long_t;

#define ATOMIC_INIT(i) { (i) }
#define ATOMIC64_INIT(i) { (i) }
#define ATOMIC_LONG_INIT(i) ATOMIC64_INIT(i)

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

/* struct rcu_head/callback_head: the size the kernel's has (16 bytes). */
struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
};
#define rcu_head callback_head

#endif
