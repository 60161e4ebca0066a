/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BENCH_COUNT_H
#define BENCH_COUNT_H

/* A decimal count >= 0, or -1 if @s is not one (the CLI's numbers). */
long bench_count(const char *s);

#endif
