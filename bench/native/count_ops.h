/* SPDX-License-Identifier: GPL-2.0 */
/*
 * count_ops: the tally of one thread's memory operations (count_ops.c),
 * read by the driver's --count-ops mode; C library side.
 */
#ifndef _NATIVE_COUNT_OPS_H
#define _NATIVE_COUNT_OPS_H

#include <stddef.h>
#include <stdint.h>

#define NATIVE_COUNT_MAX_LINES	256

struct native_op_counts {
	uint64_t rmw;		/* atomic read-modify-writes */
	uint64_t percpu;	/* writes to per-CPU areas */
	uint64_t lock;		/* spinlock acquisitions */
	uint64_t store;		/* plain stores outside per-CPU areas */
	int nlines;		/* distinct cache lines written (RMW or store) */
	uintptr_t line[NATIVE_COUNT_MAX_LINES];
	uint64_t line_rmw[NATIVE_COUNT_MAX_LINES];
	uint64_t line_store[NATIVE_COUNT_MAX_LINES];
};

/* Start counting the calling thread's operations, from zero. */
void native_count_begin(void);
/* Stop, and copy out what was counted. */
void native_count_end(struct native_op_counts *c);
/* A per-CPU area: writes into it count as per-CPU operations. */
void native_count_area(const void *start, size_t size);

#endif
