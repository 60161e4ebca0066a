/* SPDX-License-Identifier: GPL-2.0 */
/* pingpong: what moving one cache line between two CPUs costs, now. */
#ifndef _NATIVE_PINGPONG_H
#define _NATIVE_PINGPONG_H

/*
 * Two threads, pinned to @cpu_a and @cpu_b, hand one cache line back and
 * forth @transfers times, each waiting for the other's write before it
 * writes.  Return: ns per one-way transfer, or a negative errno if a
 * thread could not be pinned (one that cannot be made ends the program).
 */
double pingpong_ns(int cpu_a, int cpu_b, long transfers);

#endif
