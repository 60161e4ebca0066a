// SPDX-License-Identifier: GPL-2.0
/*
 * splitmix64 (Steele, Lea, Flood 2014); see rng.h.
 */
#include "rng.h"

void rng_seed(struct rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Lemire's multiply-shift: no division, bias below 2^-32 for small n. */
uint64_t rng_below(struct rng *r, uint64_t n)
{
	return (uint64_t)(((__uint128_t)rng_next(r) * n) >> 64);
}

int rng_one_in(struct rng *r, uint64_t n)
{
	return rng_below(r, n) == 0;
}

const char *rng_pick(struct rng *r, const char *const *v, size_t n)
{
	return v[rng_below(r, n)];
}
