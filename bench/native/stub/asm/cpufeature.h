/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What arch/x86/include/asm/qspinlock.h expects its includes to have
 * brought in: LOCK_PREFIX (asm/alternative.h; the kernel also records the
 * site in .smp_locks, which only matters for patching out LOCK on UP) and
 * CC_SET/CC_OUT (asm/asm.h) for the tree's own asm/rmwcc.h.
 */
#ifndef _NATIVE_ASM_CPUFEATURE_H
#define _NATIVE_ASM_CPUFEATURE_H
#include <linux/types.h>
#include <linux/atomic.h>
#define LOCK_PREFIX "\n\tlock; "
#define CC_SET(c) "\n\t/* output condition code " #c "*/\n"
#define CC_OUT(c) "=@cc" #c
#endif
