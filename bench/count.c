// SPDX-License-Identifier: GPL-2.0
/*
 * The one parser for the benchmark programs' numeric options.
 */
#include <errno.h>
#include <stdlib.h>

#include "count.h"

long bench_count(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return errno || end == s || *end || v < 0 ? -1 : v;
}
