#ifndef _NATIVE_LINUX_STDDEF_H
#define _NATIVE_LINUX_STDDEF_H
#include <linux/types.h>
#define offsetof(TYPE, MEMBER)	__builtin_offsetof(TYPE, MEMBER)
#define sizeof_field(TYPE, MEMBER) sizeof((((TYPE *)0)->MEMBER))
#endif
