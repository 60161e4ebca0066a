// SPDX-License-Identifier: GPL-2.0
/*
 * A model of the kernel's whitespace, strsep and kstrtoull; see kmodel.h.
 * Written from the documented behaviour, not copied: the fuzzer checks the
 * kernel against it.
 */
#include <errno.h>
#include <string.h>

#include "kmodel.h"

bool km_isspace(unsigned char ch)
{
	return (ch >= '\t' && ch <= '\r') || ch == ' ' || ch == 0xa0;
}

char *km_strstrip(char *s)
{
	size_t n = strlen(s);

	while (n && km_isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (km_isspace((unsigned char)*s))
		s++;
	return s;
}

char *km_strsep(char **s, char delim)
{
	char *start = *s, *p;

	if (!start)
		return NULL;
	p = strchr(start, delim);
	if (p) {
		*p = '\0';
		*s = p + 1;
	} else {
		*s = NULL;
	}
	return start;
}

static unsigned int digit_value(unsigned char ch)
{
	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (ch >= 'a' && ch <= 'f')
		return ch - 'a' + 10;
	if (ch >= 'A' && ch <= 'F')
		return ch - 'A' + 10;
	return 99;
}

int km_kstrtoull(const char *s, uint64_t *v, const char **why)
{
	__uint128_t val = 0;
	bool overflow = false;
	unsigned int base = 10;
	size_t digits = 0;

	if (*s == '+')
		s++;
	if (s[0] == '0') {
		if ((s[1] == 'x' || s[1] == 'X') && digit_value(s[2]) < 16) {
			base = 16;
			s += 2;
		} else {
			base = 8;
		}
	}
	for (; digit_value(*s) < base; s++, digits++) {
		val = val * base + digit_value(*s);
		if (val > UINT64_MAX) {
			overflow = true;
			val = (__uint128_t)UINT64_MAX + 1;
		}
	}
	if (overflow) {
		*why = "kstrtoull: does not fit 64 bits";
		return -ERANGE;
	}
	if (!digits) {
		*why = "kstrtoull: no digits";
		return -EINVAL;
	}
	if (*s == '\n')
		s++;
	if (*s) {
		*why = "kstrtoull: junk after the digits";
		return -EINVAL;
	}
	*v = (uint64_t)val;
	return 0;
}
