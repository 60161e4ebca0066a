/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzer's pseudo-random numbers: splitmix64, so that one --seed gives
 * the same sequence of writes on every machine and every libc.
 */
#ifndef _FUZZ_RNG_H
#define _FUZZ_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t state;
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n); n == 0 gives 0. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* True with probability 1/n. */
int rng_one_in(struct rng *r, uint64_t n);
/* One element of an array of @n strings. */
const char *rng_pick(struct rng *r, const char *const *v, size_t n);

#define RNG_PICK(r, arr) rng_pick((r), (arr), sizeof(arr) / sizeof((arr)[0]))

#endif /* _FUZZ_RNG_H */
