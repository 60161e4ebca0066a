/* SPDX-License-Identifier: GPL-2.0 */
/* x86's 4 KiB pages (arch/x86/include/asm/page_types.h). */
#ifndef _NATIVE_ASM_PAGE_H
#define _NATIVE_ASM_PAGE_H
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#endif
