/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a write to a max file should do, decided from the bytes alone.
 *
 * The model is the documented path of a write: the VFS offset check,
 * kernfs (a write of more than a page fails with E2BIG, the handler sees
 * the bytes as a C string, so a NUL ends the text), cgroup core (a 0-byte
 * write returns 0), then the design's handler:
 *   misc (misc_cg_max_write): strstrip, then "<res> <value>" split at the
 *     first ' ', res one of the registered names with a capacity, value
 *     "max" or kstrtoul(value, 0); ULONG_MAX reads back as "max".
 *   encryption_ids (enc_id_cg_max_write): strstrip, then "max" or
 *     kstrtouint(value, 0); UINT_MAX reads back as "max".
 * results/semantics.md shows both kernels doing this for "+5", "0x10",
 * "010", " 7", "7 8", "MAX", 2^32 and 2^64 - 1; the fuzzer checks the rest.
 */
#ifndef _FUZZ_ORACLE_H
#define _FUZZ_ORACLE_H

#include <stdint.h>

#include "ctl.h"
#include "input.h"

enum verdict {
	V_NOOP,			/* returns 0, changes nothing */
	V_ACCEPT,		/* returns the length, sets res to value */
	V_REJECT,		/* fails with err, changes nothing */
};

struct expect {
	enum verdict verdict;
	int err;		/* V_REJECT: the errno */
	int res;		/* V_ACCEPT: the resource index that changes */
	uint64_t value;		/* V_ACCEPT: the new max */
	const char *why;	/* the rule that decided */
};

struct oracle {
	const struct ctl *c;
	size_t page;
	uint64_t maxnum;		/* the value that reads back as "max" */
	uint64_t cap[CTL_MAX_RES];	/* misc refuses a res without capacity */
};

void oracle_init(struct oracle *o, const struct ctl *c, size_t page);

void oracle_decide(const struct oracle *o, const struct fuzz_input *in,
		   struct expect *e);

/* "accept sev=5", "accept sev=max", "reject EINVAL", "noop" */
void oracle_describe(const struct oracle *o, const struct expect *e,
		     char *buf, size_t len);

#endif /* _FUZZ_ORACLE_H */
