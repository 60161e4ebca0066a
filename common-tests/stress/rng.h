/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stress test's pseudo-random numbers: splitmix64 (Steele, Lea, Flood
 * 2014), one generator per thread or process, so that none is shared.
 */
#ifndef _STRESS_RNG_H
#define _STRESS_RNG_H

#include <stdint.h>

struct rng {
	uint64_t state;
};

static inline void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Uniform in [0, n); n == 0 gives 0. */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
	return (uint64_t)(((__uint128_t)rng_next(r) * n) >> 64);
}

/* True with probability 1/n. */
static inline int rng_one_in(struct rng *r, uint64_t n)
{
	return rng_below(r, n) == 0;
}

#endif /* _STRESS_RNG_H */
