// SPDX-License-Identifier: GPL-2.0
/*
 * count_ops: what one charge+uncharge pair does to memory, read from the
 * design's own code as it runs, for the scaling model (bench/report).
 *
 * A binary built with COUNT_OPS=1 (build.sh) has the kernel side compiled
 * with -fsanitize=thread: GCC then calls a __tsan_*() function at every
 * memory access and every atomic builtin of the controller, the lock, the
 * stubs and the adapter.  This file is that runtime, in place of libtsan:
 * each call does the access and, while the calling thread counts, tallies
 *
 *   rmw     atomic read-modify-writes (LOCK-prefixed on x86: add, xchg,
 *           cmpxchg, ...), and the cache line of each;
 *   percpu  writes into a per-CPU area (this_cpu_*(), per-CPU stocks and
 *           counters: no LOCK, a line no other CPU writes);
 *   store   other plain stores (a lock holder's counters; the stack too),
 *           and the cache line of each;
 *   lock    spinlock acquisitions (native_rt.c's _raw_spin_lock*()).
 *
 * Inline assembly is not instrumented: the stubs' this_cpu_add() calls
 * native_count_percpu_op() itself; the queued spinlock's slow path (lock
 * btsl) only runs under contention, which a count does not have.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "count_ops.h"

#define MAX_AREAS	512

static __thread bool counting;
static __thread struct native_op_counts tally;

/* Per-CPU areas, registered by native_alloc_area() (native_libc.c). */
static struct {
	uintptr_t start, end;
} areas[MAX_AREAS];
static int nareas;

void native_count_area(const void *start, size_t size)
{
	if (nareas < MAX_AREAS) {
		areas[nareas].start = (uintptr_t)start;
		areas[nareas].end = (uintptr_t)start + size;
		nareas++;
	}
}

static bool in_percpu_area(uintptr_t a)
{
	for (int i = 0; i < nareas; i++)
		if (a >= areas[i].start && a < areas[i].end)
			return true;
	return false;
}

/* The slot of @addr's cache line in the tally, or -1 if it is full. */
static int line_slot(const volatile void *addr)
{
	uintptr_t line = (uintptr_t)addr >> 6;
	int i;

	for (i = 0; i < tally.nlines; i++)
		if (tally.line[i] == line)
			return i;
	if (i == NATIVE_COUNT_MAX_LINES)
		return -1;
	tally.line[tally.nlines++] = line;
	return i;
}

static void count_rmw(const volatile void *addr)
{
	int i;

	if (!counting)
		return;
	tally.rmw++;
	i = line_slot(addr);
	if (i >= 0)
		tally.line_rmw[i]++;
}

static void count_write(const volatile void *addr)
{
	int i;

	if (!counting)
		return;
	if (in_percpu_area((uintptr_t)addr)) {
		tally.percpu++;
		return;
	}
	tally.store++;
	i = line_slot(addr);
	if (i >= 0)
		tally.line_store[i]++;
}

void native_count_percpu_op(void)
{
	if (counting)
		tally.percpu++;
}

void native_count_lock(void)
{
	if (counting)
		tally.lock++;
}

void native_count_begin(void)
{
	memset(&tally, 0, sizeof(tally));
	counting = true;
}

void native_count_end(struct native_op_counts *c)
{
	counting = false;
	*c = tally;
}

/* --- the __tsan_*() entry points GCC emits */

void __tsan_init(void)
{
}

void __tsan_func_entry(void *pc)
{
}

void __tsan_func_exit(void)
{
}

#define PLAIN(n)							\
void __tsan_read##n(void *a) { }					\
void __tsan_unaligned_read##n(void *a) { }				\
void __tsan_volatile_read##n(void *a) { }				\
void __tsan_write##n(void *a) { count_write(a); }			\
void __tsan_unaligned_write##n(void *a) { count_write(a); }		\
void __tsan_volatile_write##n(void *a) { count_write(a); }
PLAIN(1) PLAIN(2) PLAIN(4) PLAIN(8) PLAIN(16)

void __tsan_read_range(void *a, unsigned long size)
{
}

void __tsan_write_range(void *a, unsigned long size)
{
	count_write(a);
}

void __tsan_atomic_thread_fence(int mo)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void __tsan_atomic_signal_fence(int mo)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/*
 * Every atomic is done fully ordered: a count runs one thread at a time and
 * is never timed, so only the count must be right.
 */
#define ATOMIC(n, T)							\
T __tsan_atomic##n##_load(const volatile T *a, int mo)			\
{ return __atomic_load_n(a, __ATOMIC_SEQ_CST); }			\
void __tsan_atomic##n##_store(volatile T *a, T v, int mo)		\
{ count_write(a); __atomic_store_n(a, v, __ATOMIC_SEQ_CST); }		\
T __tsan_atomic##n##_exchange(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_add(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_sub(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_and(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_or(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_xor(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); }	\
T __tsan_atomic##n##_fetch_nand(volatile T *a, T v, int mo)		\
{ count_rmw(a); return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST); }	\
int __tsan_atomic##n##_compare_exchange_strong(volatile T *a, T *c, T v, \
					       int mo, int fmo)		\
{ count_rmw(a); return __atomic_compare_exchange_n(a, c, v, false,	\
		__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }			\
int __tsan_atomic##n##_compare_exchange_weak(volatile T *a, T *c, T v,	\
					     int mo, int fmo)		\
{ count_rmw(a); return __atomic_compare_exchange_n(a, c, v, false,	\
		__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }			\
T __tsan_atomic##n##_compare_exchange_val(volatile T *a, T c, T v,	\
					  int mo, int fmo)		\
{ count_rmw(a); __atomic_compare_exchange_n(a, &c, v, false,		\
		__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); return c; }
ATOMIC(8, uint8_t)
ATOMIC(16, uint16_t)
ATOMIC(32, uint32_t)
ATOMIC(64, uint64_t)
