// SPDX-License-Identifier: GPL-2.0
/*
 * Linked into every cgroup selftest build.sh builds: make its stdout line
 * buffered, as ksft_print_header() does.  test_core, test_kill and
 * test_freezer of 6.1 and 6.12 never call it, so with stdout on a file
 * every child that exit()s would flush a second copy of the results
 * printed so far, and run.sh would see them twice.
 */
#include <stdio.h>

static void __attribute__((constructor)) kst_linebuf(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
}
