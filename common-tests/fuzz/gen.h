/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Input generators, one per class.  A generator only builds bytes; whether
 * they should be accepted is the oracle's business.  The framing of a
 * well-formed line ("<res> " for misc, nothing for encryption_ids) comes
 * from ctl_max_line(), so the generators know no file syntax of their own;
 * the adversarial classes then break that line in their own ways.
 */
#ifndef _FUZZ_GEN_H
#define _FUZZ_GEN_H

#include <stdint.h>

#include "ctl.h"
#include "input.h"
#include "rng.h"

struct gen {
	const struct ctl *c;
	size_t page;
	uint64_t cap[CTL_MAX_RES];
};

void gen_init(struct gen *g, const struct ctl *c, size_t page,
	      const uint64_t *cap);

const char *gen_class_name(enum fuzz_class cls);

/* A class, with well-formed values weighted up to keep the state moving. */
enum fuzz_class gen_pick_class(struct rng *r);

/* Fill @in (buf, len, off, seek) for @in->cls and @in->res. */
void gen_input(const struct gen *g, struct rng *r, struct fuzz_input *in);

#endif /* _FUZZ_GEN_H */
