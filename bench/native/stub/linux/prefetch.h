#ifndef _NATIVE_LINUX_PREFETCH_H
#define _NATIVE_LINUX_PREFETCH_H
/* x86 prefetchw (arch/x86/include/asm/processor.h) */
#define prefetchw(x)	__builtin_prefetch((x), 1)
#define prefetch(x)	__builtin_prefetch((x))
#endif
