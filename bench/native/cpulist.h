/* SPDX-License-Identifier: GPL-2.0 */
/* cpulist: the CPUs a host program runs on, as "0-3,8" or its own. */
#ifndef _NATIVE_CPULIST_H
#define _NATIVE_CPULIST_H

/*
 * Parse @list ("0-3,8": CPU numbers in the order given, each at most once)
 * into @cpus.  Return: how many, or -1 if @list is malformed, names a CPU
 * twice or more than @max.
 */
int cpulist_parse(const char *list, int *cpus, int max);
/* Every CPU this process may run on, in order.  Return: how many, or -1. */
int cpulist_own(int *cpus, int max);

#endif
