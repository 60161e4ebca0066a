// SPDX-License-Identifier: GPL-2.0
/* cpulist: see cpulist.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "cpulist.h"

static long cpu_number(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < 0 || v >= CPU_SETSIZE)
		return -1;
	return v;
}

int cpulist_parse(const char *list, int *cpus, int max)
{
	char buf[4096], *save, *tok, *dash;
	cpu_set_t seen;
	int n = 0;

	if (strlen(list) >= sizeof(buf))
		return -1;
	strcpy(buf, list);
	CPU_ZERO(&seen);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		long lo, hi;

		dash = strchr(tok, '-');
		if (dash)
			*dash = '\0';
		lo = cpu_number(tok);
		hi = dash ? cpu_number(dash + 1) : lo;
		if (lo < 0 || hi < lo)
			return -1;
		for (long c = lo; c <= hi; c++) {
			if (CPU_ISSET(c, &seen) || n == max)
				return -1;
			CPU_SET(c, &seen);
			cpus[n++] = c;
		}
	}
	return n ? n : -1;
}

int cpulist_own(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return -1;
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n;
}
