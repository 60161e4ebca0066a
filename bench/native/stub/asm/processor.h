/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NATIVE_ASM_PROCESSOR_H
#define _NATIVE_ASM_PROCESSOR_H
/* As arch/x86's native_pause(): REP NOP, a compiler barrier. */
static inline __attribute__((__always_inline__)) void cpu_relax(void)
{
	__asm__ __volatile__("rep; nop" : : : "memory");
}
#endif
