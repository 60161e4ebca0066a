/* SPDX-License-Identifier: GPL-2.0 */
/* lib/kstrtox.c semantics: whole string, optional trailing newline,
 * -EINVAL if malformed, -ERANGE if it does not fit. */
#ifndef _NATIVE_LINUX_KSTRTOX_H
#define _NATIVE_LINUX_KSTRTOX_H
#include <linux/types.h>
int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
static inline int __must_check kstrtou64(const char *s, unsigned int base, u64 *res)
{
	return kstrtoull(s, base, res);
}
#endif
