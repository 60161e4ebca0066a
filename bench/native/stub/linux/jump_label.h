/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static keys as plain flags: static_branch_likely() is a load and a
 * predictable branch where the kernel patches a NOP or a JMP.  The only
 * key read here is virt_spin_lock_key, and only in the qspinlock slow path.
 * TRUE and FALSE keys are one type, so that one definition (native_rt.c)
 * matches the declaration of either kernel (6.1 TRUE, 6.12 FALSE).
 */
#ifndef _NATIVE_LINUX_JUMP_LABEL_H
#define _NATIVE_LINUX_JUMP_LABEL_H
#include <linux/compiler.h>
struct static_key {
	int enabled;
};
#define DECLARE_STATIC_KEY_TRUE(name)	extern struct static_key name
#define DECLARE_STATIC_KEY_FALSE(name)	extern struct static_key name
#define DEFINE_STATIC_KEY_TRUE(name)	struct static_key name = { 1 }
#define DEFINE_STATIC_KEY_FALSE(name)	struct static_key name = { 0 }
#define static_branch_likely(x)		likely(READ_ONCE((x)->enabled))
#define static_branch_unlikely(x)	unlikely(READ_ONCE((x)->enabled))
#define static_key_enabled(x)		(READ_ONCE((x)->enabled) != 0)
#endif
