/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's string helpers that both designs parse a max write with,
 * rebuilt from their documentation (include/linux/ctype.h, lib/string.c,
 * lib/kstrtox.c) so that the oracle can predict a write without the kernel.
 */
#ifndef _FUZZ_KMODEL_H
#define _FUZZ_KMODEL_H

#include <stdbool.h>
#include <stdint.h>

/*
 * kernel isspace(): '\t' '\n' '\v' '\f' '\r' ' ' and, unlike the C locale,
 * 0xa0 (Latin-1 no-break space, lib/ctype.c).
 */
bool km_isspace(unsigned char ch);

/* strstrip(): cut trailing kernel whitespace in place, skip leading. */
char *km_strstrip(char *s);

/* strsep(&s, delim) with a one-character delimiter. */
char *km_strsep(char **s, char delim);

/*
 * kstrtoull(s, 0, v): one optional '+', then "0x"/"0X" + a hex digit
 * means hex, another leading '0' octal, else decimal; at least one digit;
 * one optional trailing '\n'.  An overflow is reported before any trailing
 * junk.  @why gets the rule that decided a rejection.
 * Return: 0, -EINVAL or -ERANGE.
 */
int km_kstrtoull(const char *s, uint64_t *v, const char **why);

#endif /* _FUZZ_KMODEL_H */
