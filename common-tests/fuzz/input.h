/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One fuzz input: the bytes of one write(2) to one max file, where it goes
 * (offset, pwrite or lseek + write) and the class that generated it.
 */
#ifndef _FUZZ_INPUT_H
#define _FUZZ_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* Two pages and a bit, for lines just past a page of up to 8 KiB. */
#define FUZZ_BUF_MAX	(2 * 8192 + 64)

enum fuzz_class {
	FC_VALID,		/* well-formed values, to move the state */
	FC_EMPTY,		/* zero-length writes */
	FC_WHITESPACE,		/* whitespace only, around and inside a line */
	FC_FIELDS,		/* missing, doubled, swapped fields */
	FC_RES_NAMES,		/* unknown, truncated, other resource names */
	FC_SIGNS,		/* + and - in every place */
	FC_HEX_OCTAL,		/* base prefixes, good and bad digits */
	FC_BIG_NUMBERS,		/* at and past 2^31, 2^32, 2^63, 2^64 */
	FC_MAX_WORDS,		/* "max" spelled right and wrong */
	FC_NUL_BYTES,		/* embedded NUL bytes */
	FC_LONG_LINES,		/* up to and past a page */
	FC_OFFSETS,		/* writes at an offset > 0 */
	FC_RANDOM_BYTES,	/* random bytes from a biased alphabet */
	FC_MUTATIONS,		/* a valid line with a byte or three changed */
	FC_NR,
};

struct fuzz_input {
	enum fuzz_class cls;
	int res;		/* resource index: names the file in per-type designs */
	long long off;		/* write position */
	bool seek;		/* lseek(off) + write(2) instead of pwrite(off) */
	size_t len;
	unsigned char buf[FUZZ_BUF_MAX];
};

/*
 * fuzz_escape() - @buf as C string literals for a diagnostic line: octal
 * escapes for non-printable bytes (and '|'), runs of 8 or more equal bytes
 * as "c"xN.  At most @outlen - 1 characters; a cut is marked "...(N more)".
 */
void fuzz_escape(const void *buf, size_t len, char *out, size_t outlen);

#endif /* _FUZZ_INPUT_H */
