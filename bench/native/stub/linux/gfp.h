/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation flags (include/linux/gfp_types.h values).  Nothing here
 * reclaims or sleeps: the allocators (linux/slab.h, linux/percpu.h) ignore
 * them.
 */
#ifndef _NATIVE_LINUX_GFP_H
#define _NATIVE_LINUX_GFP_H
#include <linux/types.h>

#define GFP_KERNEL	0x0cc0u
#define GFP_ATOMIC	0x0a20u
#define GFP_NOWAIT	0x0800u
#define __GFP_ZERO	0x100u
#define __GFP_NOWARN	0x200u
#endif
