// SPDX-License-Identifier: GPL-2.0
/*
 * Input generators by class; see gen.h.  Every choice comes from the rng,
 * never from what the kernel did, so that a seed replays the same writes.
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "gen.h"

static const char *const class_names[FC_NR] = {
	[FC_VALID] = "valid_values",
	[FC_EMPTY] = "empty_writes",
	[FC_WHITESPACE] = "whitespace",
	[FC_FIELDS] = "fields",
	[FC_RES_NAMES] = "res_names",
	[FC_SIGNS] = "signs",
	[FC_HEX_OCTAL] = "hex_octal",
	[FC_BIG_NUMBERS] = "big_numbers",
	[FC_MAX_WORDS] = "max_words",
	[FC_NUL_BYTES] = "nul_bytes",
	[FC_LONG_LINES] = "long_lines",
	[FC_OFFSETS] = "offsets",
	[FC_RANDOM_BYTES] = "random_bytes",
	[FC_MUTATIONS] = "mutations",
};

/* Well-formed writes vary the values that the rejections must keep. */
static const unsigned int class_weight[FC_NR] = {
	[FC_VALID] = 4, [FC_EMPTY] = 1, [FC_WHITESPACE] = 1, [FC_FIELDS] = 1,
	[FC_RES_NAMES] = 1, [FC_SIGNS] = 1, [FC_HEX_OCTAL] = 1,
	[FC_BIG_NUMBERS] = 1, [FC_MAX_WORDS] = 1, [FC_NUL_BYTES] = 1,
	[FC_LONG_LINES] = 1, [FC_OFFSETS] = 1, [FC_RANDOM_BYTES] = 1,
	[FC_MUTATIONS] = 1,
};

/* Kernel whitespace, space most often; 0xa0 is whitespace to the kernel. */
static const char ws_chars[] = "     \t\t\n\n\v\f\r\xa0";

/* Bytes for random input: digits, whitespace, letters of "max"/"sev", signs. */
static const char alphabet[] = "012345678901234567890123456789   \t\n\nmaxsevMAXSEV_es++--xX";

struct out {
	unsigned char *b;
	size_t n, max;
};

void gen_init(struct gen *g, const struct ctl *c, size_t page,
	      const uint64_t *cap)
{
	g->c = c;
	g->page = page;
	memcpy(g->cap, cap, sizeof(g->cap));
}

const char *gen_class_name(enum fuzz_class cls)
{
	return cls < FC_NR ? class_names[cls] : "?";
}

enum fuzz_class gen_pick_class(struct rng *r)
{
	unsigned int total = 0, x;
	int i;

	for (i = 0; i < FC_NR; i++)
		total += class_weight[i];
	x = (unsigned int)rng_below(r, total);
	for (i = 0; x >= class_weight[i]; i++)
		x -= class_weight[i];
	return (enum fuzz_class)i;
}

static void put(struct out *o, const void *p, size_t n)
{
	if (n > o->max - o->n)
		n = o->max - o->n;
	memcpy(o->b + o->n, p, n);
	o->n += n;
}

static void put_str(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void put_ch(struct out *o, char ch)
{
	put(o, &ch, 1);
}

static void put_rep(struct out *o, char ch, size_t n)
{
	while (n-- && o->n < o->max)
		o->b[o->n++] = (unsigned char)ch;
}

static char ws_char(struct rng *r)
{
	return ws_chars[rng_below(r, sizeof(ws_chars) - 1)];
}

static void put_ws(struct out *o, struct rng *r, size_t n)
{
	while (n--)
		put_ch(o, ws_char(r));
}

static char alpha_char(struct rng *r)
{
	/* One in 16: any byte at all, NUL and 0x80-0xff included. */
	if (rng_one_in(r, 16))
		return (char)rng_below(r, 256);
	return alphabet[rng_below(r, sizeof(alphabet) - 1)];
}

static void put_junk(struct out *o, struct rng *r, size_t n)
{
	while (n--)
		put_ch(o, alpha_char(r));
}

/* The framing before a value: what ctl_max_line() puts before it. */
static void put_prefix(const struct gen *g, struct out *o, int res)
{
	char line[CTL_NAME_LEN + 8];

	ctl_max_line(g->c, g->c->res[res], "", line, sizeof(line));
	put_str(o, line);
}

static void put_line(const struct gen *g, struct out *o, int res,
		     const char *value)
{
	put_prefix(g, o, res);
	put_str(o, value);
}

static void maybe_newline(struct out *o, struct rng *r)
{
	if (rng_one_in(r, 2))
		put_ch(o, '\n');
}

static int other_res(const struct gen *g, struct rng *r, int res)
{
	int n = g->c->nres;

	return n > 1 ? (res + 1 + (int)rng_below(r, n - 1)) % n : res;
}

/* @v in @base, digits only; hex in the case @upper asks for. */
static void fmt_u128(__uint128_t v, unsigned int base, bool upper,
		     char *buf)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[160];
	int n = 0;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	while (n)
		*buf++ = tmp[--n];
	*buf = '\0';
}

/* A value a test would write: "max", 0, the capacity, about it. */
static void small_value(const struct gen *g, struct rng *r, int res,
			char *buf)
{
	uint64_t cap = g->cap[res], v;

	switch (rng_below(r, 6)) {
	case 0:
		strcpy(buf, "max");
		return;
	case 1:
		v = 0;
		break;
	case 2:
		v = cap;
		break;
	case 3:
		v = cap + 1;
		break;
	default:
		v = rng_below(r, 2 * cap + 3);
		break;
	}
	fmt_u128(v, 10, false, buf);
}

/* A small decimal number, for templates. */
static void small_number(struct rng *r, char *buf)
{
	fmt_u128(rng_below(r, 40), 10, false, buf);
}

static void gen_valid(const struct gen *g, struct rng *r, int res,
		      struct out *o)
{
	char v[32];

	small_value(g, r, res, v);
	put_line(g, o, res, v);
	maybe_newline(o, r);
}

static void gen_empty(struct rng *r, struct fuzz_input *in)
{
	static const long long offs[] = { 0, 0, 1, 4096, 1 << 20 };

	in->off = offs[rng_below(r, 5)];
	in->seek = rng_one_in(r, 4);
}

/* Insert a run of 1-3 whitespace bytes at @pos of the @o text. */
static void insert_ws(struct out *o, struct rng *r, size_t pos)
{
	unsigned char tail[FUZZ_BUF_MAX];
	size_t n = o->n - pos;

	memcpy(tail, o->b + pos, n);
	o->n = pos;
	put_ws(o, r, 1 + rng_below(r, 3));
	put(o, tail, n);
}

static void gen_whitespace(const struct gen *g, struct rng *r, int res,
			   struct out *o)
{
	size_t lead, trail, i;
	char v[32];

	small_value(g, r, res, v);
	switch (rng_below(r, 4)) {
	case 0:		/* nothing but whitespace */
		put_ws(o, r, 1 + rng_below(r, 16));
		break;
	case 1:		/* around the line */
		lead = rng_below(r, 5);
		trail = rng_below(r, 5);
		if (!lead && !trail)
			lead = 1;
		put_ws(o, r, lead);
		put_line(g, o, res, v);
		put_ws(o, r, trail);
		break;
	case 2:		/* in place of each separating space */
		put_line(g, o, res, v);
		for (i = o->n; i-- > 0;)
			if (o->b[i] == ' ') {
				memmove(o->b + i, o->b + i + 1, o->n - i - 1);
				o->n--;
				insert_ws(o, r, i);
			}
		break;
	default:	/* anywhere inside the line */
		put_line(g, o, res, v);
		insert_ws(o, r, rng_below(r, o->n + 1));
		break;
	}
}

static void gen_fields(const struct gen *g, struct rng *r, int res,
		       struct out *o)
{
	static const char *const seps[] = { ":", "=", ",", ": ", "\t", "  ",
					    "_", ";", " = " };
	const char *name = g->c->res[res];
	char v[32], w[32], line[CTL_NAME_LEN + 40];

	small_value(g, r, res, v);
	small_value(g, r, res, w);
	switch (rng_below(r, 9)) {
	case 0:		/* no value */
		ctl_max_line(g->c, name, NULL, line, sizeof(line));
		put_str(o, line);
		maybe_newline(o, r);
		break;
	case 1:		/* two values */
		put_line(g, o, res, v);
		put_ch(o, ' ');
		put_str(o, w);
		break;
	case 2:		/* the line twice on one line */
		put_line(g, o, res, v);
		put_ch(o, ' ');
		put_line(g, o, res, w);
		break;
	case 3:		/* two lines, the second for another resource */
		put_line(g, o, res, v);
		put_ch(o, '\n');
		put_line(g, o, other_res(g, r, res), w);
		maybe_newline(o, r);
		break;
	case 4:		/* the value alone */
		put_str(o, v);
		maybe_newline(o, r);
		break;
	case 5:		/* the name doubled */
		put_str(o, name);
		put_ch(o, ' ');
		put_line(g, o, res, v);
		break;
	case 6:		/* swapped */
		put_str(o, v);
		put_ch(o, ' ');
		put_str(o, name);
		break;
	case 7:		/* the framing only */
		put_prefix(g, o, res);
		put_ws(o, r, rng_below(r, 3));
		break;
	default:	/* another separator */
		put_str(o, name);
		put_str(o, RNG_PICK(r, seps));
		put_str(o, v);
		break;
	}
}

static void gen_res_names(const struct gen *g, struct rng *r, int res,
			  struct out *o)
{
	static const char *const unknown[] = {
		"nosuch", "tdx", "sev2", "sev-es", "sev_es_", "sev_es2",
		"sev.es", "misc", "encryption_ids", "all", "*", "0", "max",
		"sev.max", "sev_es.max", "-", "\xc3\xa9",
	};
	const char *name = g->c->res[res];
	size_t len = strlen(name), i;
	char v[32], buf[CTL_NAME_LEN + 8];

	small_value(g, r, res, v);
	switch (rng_below(r, 8)) {
	case 0:		/* truncated, down to nothing */
		put(o, name, rng_below(r, len));
		break;
	case 1:		/* one character more */
		put_str(o, name);
		put_ch(o, "x_0s-"[rng_below(r, 5)]);
		break;
	case 2:		/* case changed */
		snprintf(buf, sizeof(buf), "%s", name);
		if (rng_one_in(r, 2)) {
			for (i = 0; buf[i]; i++)
				buf[i] = (char)toupper((unsigned char)buf[i]);
		} else {
			i = rng_below(r, len);
			buf[i] = (char)toupper((unsigned char)buf[i]);
		}
		put_str(o, buf);
		break;
	case 3:		/* another registered resource */
		put_str(o, g->c->res[other_res(g, r, res)]);
		break;
	case 4:
		put_str(o, RNG_PICK(r, unknown));
		break;
	case 5:		/* long */
		put_rep(o, name[0], 60 + rng_below(r, 240));
		break;
	case 6:		/* the name after leading whitespace */
		put_ws(o, r, 1 + rng_below(r, 3));
		put_str(o, name);
		break;
	default:	/* the name with a no-break space glued on */
		put_str(o, name);
		put_ch(o, '\xa0');
		break;
	}
	put_ch(o, ' ');
	put_str(o, v);
	maybe_newline(o, r);
}

/* Put @tmpl with each '#' replaced by @num. */
static void put_template(struct out *o, const char *tmpl, const char *num)
{
	for (; *tmpl; tmpl++)
		if (*tmpl == '#')
			put_str(o, num);
		else
			put_ch(o, *tmpl);
}

static void gen_signs(const struct gen *g, struct rng *r, int res,
		      struct out *o)
{
	static const char *const tmpl[] = {
		"+#", "+#", "-#", "++#", "+-#", "-+#", "-0", "+0", "+max",
		"-max", "+0x#", "-0x#", "+0#", "+ #", "#+", "#-", "+", "-",
		"+\n", "- #", "#+#", "+-0", "\xe2\x88\x92#", "+\t#", "+\xa0#",
		"+00", "+0x",
	};
	char num[32];

	small_number(r, num);
	put_prefix(g, o, res);
	put_template(o, RNG_PICK(r, tmpl), num);
	maybe_newline(o, r);
}

static void put_random_digits(struct out *o, struct rng *r, unsigned int base,
			      size_t n, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	while (n--)
		put_ch(o, digits[rng_below(r, base)]);
}

static void gen_hex_octal(const struct gen *g, struct rng *r, int res,
			  struct out *o)
{
	static const char *const fixed[] = {
		"0x10", "0X1F", "0xff", "0xFFFFFFFF", "0x100000000",
		"0x7fffffffffffffff", "0x8000000000000000",
		"0xffffffffffffffff", "0x10000000000000000", "0x", "0X",
		"0xg", "0x-1", "0x+1", "0x 1", "010", "0777", "08", "09",
		"0o7", "0b101", "00x10", "0x0x10", "0", "00",
		"0000000000000000000000000000005",
		"0x0000000000000000000000000000001", "x10", "0x1g", "1e3",
		"5.0", "5,0", "0x1.8", "0xA", "0x\n", "0\n", "0x00", "0_10",
	};
	size_t at;

	put_prefix(g, o, res);
	switch (rng_below(r, 4)) {
	case 0:
		put_str(o, RNG_PICK(r, fixed));
		break;
	case 1:		/* hex of any width, either case */
		put_str(o, rng_one_in(r, 2) ? "0x" : "0X");
		put_random_digits(o, r, 16, 1 + rng_below(r, 18),
				  rng_one_in(r, 2));
		break;
	case 2:		/* octal of any width */
		put_ch(o, '0');
		put_random_digits(o, r, 8, 1 + rng_below(r, 23), false);
		break;
	default:	/* one digit out of the base */
		at = o->n;
		if (rng_one_in(r, 2)) {
			put_ch(o, '0');
			put_random_digits(o, r, 8, 1 + rng_below(r, 6), false);
			o->b[at + 1 + rng_below(r, o->n - at - 1)] =
				(unsigned char)"89"[rng_below(r, 2)];
		} else {
			put_str(o, "0x");
			put_random_digits(o, r, 16, 1 + rng_below(r, 8), false);
			o->b[at + 2 + rng_below(r, o->n - at - 2)] =
				(unsigned char)"gGxz"[rng_below(r, 4)];
		}
		break;
	}
	maybe_newline(o, r);
}

static void gen_big_numbers(const struct gen *g, struct rng *r, int res,
			    struct out *o)
{
	static const unsigned int shifts[] = { 31, 32, 63, 64, 68 };
	size_t kind = rng_below(r, 8);
	__uint128_t v;
	char buf[160];

	put_prefix(g, o, res);
	if (rng_one_in(r, 8))
		put_ch(o, '+');
	if (kind == 7) {	/* a long run of digits */
		put_ch(o, (char)('1' + rng_below(r, 9)));
		put_random_digits(o, r, 10, 18 + rng_below(r, 24), false);
		maybe_newline(o, r);
		return;
	}
	if (kind == 6)		/* powers of ten around 2^64 */
		v = (__uint128_t)10000000000000000000ull *
		    (1 + rng_below(r, 20));
	else
		v = (__uint128_t)1 << shifts[rng_below(r, 5)];
	v = v + rng_below(r, 7) - 3;
	switch (rng_below(r, 10)) {
	case 0:
	case 1:
		put_str(o, "0x");
		fmt_u128(v, 16, rng_one_in(r, 2), buf);
		break;
	case 2:
		put_ch(o, '0');
		fmt_u128(v, 8, false, buf);
		break;
	case 3:		/* leading zeros turn it octal */
		put_str(o, "00");
		fmt_u128(v, 10, false, buf);
		break;
	default:
		fmt_u128(v, 10, false, buf);
		break;
	}
	put_str(o, buf);
	maybe_newline(o, r);
}

static void gen_max_words(const struct gen *g, struct rng *r, int res,
			  struct out *o)
{
	static const char *const words[] = {
		"max", "max\n", "MAX", "Max", "mAx", "ma", "m", "maxx",
		"max max", "max5", "5max", "max\t", "\tmax", "max\n\n",
		"maximum", "infinity", "unlimited", "inf", "none", "-1",
		"max\n5", "max\xa0", "\xa0max", "ma x", "m\xd0\xb0x", " max",
		"max ", "max\r\n", "\"max\"", "max;", "max\\n",
	};

	put_prefix(g, o, res);
	put_str(o, RNG_PICK(r, words));
}

static void gen_nul_bytes(const struct gen *g, struct rng *r, int res,
			  struct out *o)
{
	unsigned char tail[FUZZ_BUF_MAX];
	char v[32], w[32];
	size_t at;

	small_value(g, r, res, v);
	switch (rng_below(r, 6)) {
	case 0:		/* junk after a NUL */
		put_line(g, o, res, v);
		put_ch(o, '\0');
		put_junk(o, r, rng_below(r, 9));
		break;
	case 1:		/* a NUL first */
		put_ch(o, '\0');
		put_line(g, o, res, v);
		break;
	case 2:		/* a NUL anywhere */
		put_line(g, o, res, v);
		at = rng_below(r, o->n + 1);
		memcpy(tail, o->b + at, o->n - at);
		tail[o->n - at] = '\0';
		o->n = at;
		put_ch(o, '\0');
		put(o, tail, strlen((char *)tail));
		break;
	case 3:		/* NULs only */
		put_rep(o, '\0', 1 + rng_below(r, 8));
		break;
	case 4:		/* a second line after a NUL */
		small_value(g, r, res, w);
		put_line(g, o, res, v);
		put_ch(o, '\0');
		put_line(g, o, other_res(g, r, res), w);
		break;
	default:
		put_line(g, o, res, v);
		put_str(o, "\n");
		put_ch(o, '\0');
		break;
	}
}

static void gen_long_lines(const struct gen *g, struct rng *r, int res,
			   struct out *o)
{
	const size_t page = g->page;
	const size_t lens[] = { page - 2, page - 1, page, page, page + 1,
				page + 2, 2 * page, 2 * page + 1 };
	size_t want, pre;
	char v[32], pad;

	want = rng_one_in(r, 4) ? 64 + rng_below(r, 2 * page) :
				  lens[rng_below(r, 8)];
	small_value(g, r, res, v);
	pad = rng_one_in(r, 2) ? ' ' : ws_char(r);
	switch (rng_below(r, 7)) {
	case 0:		/* whitespace, then the line */
		put_rep(o, pad, want - strlen(v) - 8);
		put_line(g, o, res, v);
		break;
	case 1:		/* the line, then whitespace */
		put_line(g, o, res, v);
		put_rep(o, pad, want > o->n ? want - o->n : 0);
		break;
	case 2:		/* leading zeros before an octal number */
		put_prefix(g, o, res);
		pre = o->n;
		put_rep(o, '0', want - pre - 3);
		put_random_digits(o, r, 8, 3, false);
		break;
	case 3:		/* one long number */
		put_prefix(g, o, res);
		put_ch(o, (char)('1' + rng_below(r, 9)));
		put_random_digits(o, r, 10, want - o->n, false);
		break;
	case 4:		/* junk */
		put_junk(o, r, want);
		break;
	case 5:		/* the line, a NUL and junk */
		put_line(g, o, res, v);
		put_ch(o, '\0');
		put_junk(o, r, want > o->n ? want - o->n : 0);
		break;
	default:	/* hex with many leading zeros */
		put_prefix(g, o, res);
		put_str(o, "0x");
		put_rep(o, '0', want - o->n - 2);
		put_random_digits(o, r, 16, 2, false);
		break;
	}
	maybe_newline(o, r);
}

static void gen_class(const struct gen *g, struct rng *r, enum fuzz_class cls,
		      struct fuzz_input *in, struct out *o);

static void gen_offsets(const struct gen *g, struct rng *r,
			struct fuzz_input *in, struct out *o)
{
	static const enum fuzz_class inner[] = {
		FC_VALID, FC_VALID, FC_WHITESPACE, FC_SIGNS, FC_HEX_OCTAL,
		FC_MAX_WORDS, FC_FIELDS, FC_NUL_BYTES,
	};
	long long big;

	gen_class(g, r, inner[rng_below(r, 8)], in, o);
	switch (rng_below(r, 10)) {
	case 0:
		in->off = 1 + (long long)rng_below(r, 3);
		break;
	case 1:
		in->off = (long long)o->n;
		break;
	case 2:
		in->off = (long long)g->page - 1 + (long long)rng_below(r, 3);
		break;
	case 3:
		in->off = 1ll << (20 + rng_below(r, 21));
		break;
	case 4:		/* at the end of what a loff_t holds */
		big = LLONG_MAX - (long long)rng_below(r, 8);
		in->off = big;
		break;
	default:
		in->off = 1 + (long long)rng_below(r, 1ull << 32);
		break;
	}
	/* kernfs keeps the default s_maxbytes: lseek stops at MAX_NON_LFS. */
	in->seek = rng_one_in(r, 2) && in->off <= INT_MAX;
}

static void gen_random_bytes(const struct gen *g, struct rng *r, int res,
			     struct out *o)
{
	size_t n = rng_one_in(r, 8) ? 1 + rng_below(r, 400) :
				      1 + rng_below(r, 48);

	if (rng_one_in(r, 2))
		put_prefix(g, o, res);
	put_junk(o, r, n);
}

static void gen_mutations(const struct gen *g, struct rng *r, int res,
			  struct out *o)
{
	int ops = 1 + (int)rng_below(r, 3);
	size_t at;

	gen_valid(g, r, res, o);
	while (ops--) {
		at = rng_below(r, o->n);
		switch (rng_below(r, 5)) {
		case 0:		/* replace */
			o->b[at] = (unsigned char)alpha_char(r);
			break;
		case 1:		/* insert */
			if (o->n < o->max) {
				memmove(o->b + at + 1, o->b + at, o->n - at);
				o->b[at] = (unsigned char)alpha_char(r);
				o->n++;
			}
			break;
		case 2:		/* delete */
			if (o->n > 1) {
				memmove(o->b + at, o->b + at + 1,
					o->n - at - 1);
				o->n--;
			}
			break;
		case 3:		/* duplicate */
			if (o->n < o->max) {
				memmove(o->b + at + 1, o->b + at, o->n - at);
				o->n++;
			}
			break;
		default:	/* swap with the next */
			if (at + 1 < o->n) {
				unsigned char t = o->b[at];

				o->b[at] = o->b[at + 1];
				o->b[at + 1] = t;
			}
			break;
		}
	}
}

static void gen_class(const struct gen *g, struct rng *r, enum fuzz_class cls,
		      struct fuzz_input *in, struct out *o)
{
	int res = in->res;

	switch (cls) {
	case FC_VALID:
		gen_valid(g, r, res, o);
		break;
	case FC_EMPTY:
		gen_empty(r, in);
		break;
	case FC_WHITESPACE:
		gen_whitespace(g, r, res, o);
		break;
	case FC_FIELDS:
		gen_fields(g, r, res, o);
		break;
	case FC_RES_NAMES:
		gen_res_names(g, r, res, o);
		break;
	case FC_SIGNS:
		gen_signs(g, r, res, o);
		break;
	case FC_HEX_OCTAL:
		gen_hex_octal(g, r, res, o);
		break;
	case FC_BIG_NUMBERS:
		gen_big_numbers(g, r, res, o);
		break;
	case FC_MAX_WORDS:
		gen_max_words(g, r, res, o);
		break;
	case FC_NUL_BYTES:
		gen_nul_bytes(g, r, res, o);
		break;
	case FC_LONG_LINES:
		gen_long_lines(g, r, res, o);
		break;
	case FC_OFFSETS:
		gen_offsets(g, r, in, o);
		break;
	case FC_RANDOM_BYTES:
		gen_random_bytes(g, r, res, o);
		break;
	default:
		gen_mutations(g, r, res, o);
		break;
	}
}

void gen_input(const struct gen *g, struct rng *r, struct fuzz_input *in)
{
	struct out o = { in->buf, 0, 2 * g->page + 64 };

	if (o.max > sizeof(in->buf))
		o.max = sizeof(in->buf);
	in->off = 0;
	in->seek = false;
	gen_class(g, r, in->cls, in, &o);
	in->len = o.n;
}
