/* SPDX-License-Identifier: GPL-2.0 */
/* String helpers: libc's where the kernel's behave the same. */
#ifndef _NATIVE_LINUX_STRING_H
#define _NATIVE_LINUX_STRING_H
#include <linux/types.h>

int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
size_t strlen(const char *s);
char *strsep(char **s, const char *ct);
void *memset(void *s, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
/* lib/string.c: skip leading and cut trailing whitespace, in place. */
char *strstrip(char *s);
/* lib/cmdline.c: a number with an optional K, M, G, T, P or E suffix. */
unsigned long long memparse(const char *ptr, char **retptr);
#endif
