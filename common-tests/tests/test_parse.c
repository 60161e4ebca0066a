// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests for lib/parse.c and lib/branch.c.  Prints KTAP and a last line
 * "N passed, N failed"; exits non-zero if anything failed.
 */
#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "branch.h"
#include "parse.h"
#include "unit_test.h"

static void check_u64(const char *in, int ret, uint64_t val)
{
	uint64_t v = 12345;
	int r = parse_u64(in, &v);
	char name[128];
	int ok = r == ret && (ret || v == val);

	snprintf(name, sizeof(name), "parse_u64 \"%s\"", in);
	for (char *p = name; *p; p++)
		if (*p == '\n')
			*p = '~';
	if (!ok)
		emit("# got ret %d value %llu\n", r, (unsigned long long)v);
	result(ok, name);
}

static void test_u64(void)
{
	check_u64("0", 0, 0);
	check_u64("12\n", 0, 12);
	check_u64("  7  ", 0, 7);
	check_u64("18446744073709551615", 0, UINT64_MAX);
	check_u64("18446744073709551616", -ERANGE, 0);
	check_u64("99999999999999999999", -ERANGE, 0);
	check_u64("", -EINVAL, 0);
	check_u64("\n", -EINVAL, 0);
	check_u64("-1", -EINVAL, 0);
	check_u64("+1", -EINVAL, 0);
	check_u64("0x10", -EINVAL, 0);
	check_u64("12 13", -EINVAL, 0);
	check_u64("max", -EINVAL, 0);
}

static void check_limit(const char *in, int ret, uint64_t val, bool max)
{
	uint64_t v = 1;
	bool is_max = !max;
	int r = parse_limit(in, &v, &is_max);
	char name[128];
	int ok = r == ret && (ret || (v == val && is_max == max));

	snprintf(name, sizeof(name), "parse_limit \"%s\"", in);
	for (char *q = name; *q; q++)
		if (*q == '\n')
			*q = '~';
	result(ok, name);
}

static void test_limit(void)
{
	check_limit("max\n", 0, UINT64_MAX, true);
	check_limit("max", 0, UINT64_MAX, true);
	check_limit("5\n", 0, 5, false);
	check_limit("0", 0, 0, false);
	check_limit("4294967296", 0, 4294967296ULL, false);
	check_limit("maxx", -EINVAL, 0, false);
	check_limit("MAX", -EINVAL, 0, false);
	check_limit("", -EINVAL, 0, false);
}

static const char misc_max[] = "sev max\nsev_es 4\n";
static const char enc_stat[] = "total 12\nused 3\n";
static const char events[] = "sev.max 0\nsev_es.max 17\n";

static void test_keyed(void)
{
	char val[16];
	uint64_t v = 0;
	bool is_max = false;

	result(!parse_keyed(misc_max, "sev", val, sizeof(val)) &&
	       !strcmp(val, "max"), "keyed: first key");
	result(!parse_keyed_limit(misc_max, "sev", &v, &is_max) && is_max,
	       "keyed: limit max");
	result(!parse_keyed_limit(misc_max, "sev_es", &v, &is_max) &&
	       !is_max && v == 4, "keyed: limit number");
	result(parse_keyed(misc_max, "se", val, sizeof(val)) == -ENOENT,
	       "keyed: prefix of a key is no match");
	result(parse_keyed(misc_max, "nosuch", val, sizeof(val)) == -ENOENT,
	       "keyed: absent key");
	result(!parse_keyed_u64(enc_stat, "total", &v) && v == 12,
	       "keyed: stat total");
	result(!parse_keyed_u64(enc_stat, "used", &v) && v == 3,
	       "keyed: stat used");
	result(!parse_keyed_u64(events, "sev_es.max", &v) && v == 17,
	       "keyed: dotted event key");
	result(parse_keyed("sev\n", "sev", val, sizeof(val)) == -EINVAL,
	       "keyed: key without value");
	result(parse_keyed("sev 123456789012345678\n", "sev", val, 8) == -E2BIG,
	       "keyed: value too long");
	result(!parse_keyed_u64("sev 3", "sev", &v) && v == 3,
	       "keyed: last line without newline");
	result(parse_keyed("", "sev", val, sizeof(val)) == -ENOENT,
	       "keyed: empty text");
	result(parse_keyed_u64("sev -1\n", "sev", &v) == -EINVAL,
	       "keyed: negative value rejected");
}

static void test_keys(void)
{
	char keys[4][PARSE_KEY_LEN];
	int n = parse_keys(misc_max, keys, 4);

	result(n == 2 && !strcmp(keys[0], "sev") && !strcmp(keys[1], "sev_es"),
	       "keys: two keys in order");
	result(parse_keys("", keys, 4) == 0, "keys: empty text");
	result(parse_keys("\n\n", keys, 4) == 0, "keys: blank lines");
	result(parse_keys("a 1\nb 2\nc 3\n", keys, 2) == -E2BIG,
	       "keys: too many");
}

static void test_known(void)
{
	char id[32], point[64], sig[64];

	result(parse_known_line("F-001 counter_width_admit:sev refused .* 2\n",
				id, sizeof(id), point, sizeof(point), sig,
				sizeof(sig)) == 1 &&
	       !strcmp(id, "F-001") && !strcmp(point, "counter_width_admit:sev") &&
	       !strcmp(sig, "refused .* 2"), "known: entry");
	result(parse_known_line("  F-2\tx:y  a b  # why\n", id, sizeof(id),
				point, sizeof(point), sig, sizeof(sig)) == 1 &&
	       !strcmp(point, "x:y") && !strcmp(sig, "a b"),
	       "known: whitespace and comment");
	result(parse_known_line("# comment only\n", id, sizeof(id), point,
				sizeof(point), sig, sizeof(sig)) == 0,
	       "known: comment line");
	result(parse_known_line("\n", id, sizeof(id), point,
				sizeof(point), sig, sizeof(sig)) == 0,
	       "known: blank line");
	result(parse_known_line("F-1\n", id, sizeof(id), point,
				sizeof(point), sig, sizeof(sig)) == -EINVAL,
	       "known: one word");
	result(parse_known_line("F-1 a # b\n", id, sizeof(id), point,
				sizeof(point), sig, sizeof(sig)) == -EINVAL,
	       "known: no signature");
	result(parse_known_line("F-1 aaaaaaaaaa x\n", id, sizeof(id), point,
				4, sig, sizeof(sig)) == -E2BIG,
	       "known: word too long");
	result(parse_known_line("F-1 a xxxxxxxx\n", id, sizeof(id), point,
				sizeof(point), sig, 4) == -E2BIG,
	       "known: signature too long");
}

static void test_leaves(void)
{
	char sig[64], leaves[16];

	strcpy(sig, "leaves=sev:1,sev_es:2 move .* closed$");
	result(!parse_split_leaves(sig, leaves, sizeof(leaves)) &&
	       !strcmp(leaves, "sev:1,sev_es:2") &&
	       !strcmp(sig, "move .* closed$"), "leaves: split from the ERE");
	result(parse_leaves_of(leaves, "sev") == 1 &&
	       parse_leaves_of(leaves, "sev_es") == 2 &&
	       parse_leaves_of(leaves, "tdx") == 0, "leaves: per type");
	strcpy(sig, "capacity 1 with 2 used");
	result(!parse_split_leaves(sig, leaves, sizeof(leaves)) &&
	       !leaves[0] && !strcmp(sig, "capacity 1 with 2 used"),
	       "leaves: none documented");
	strcpy(sig, "leaves=sev:1");
	result(parse_split_leaves(sig, leaves, sizeof(leaves)) == -EINVAL,
	       "leaves: no ERE after it");
}

/*
 * A known defect's signature tells its failure from another one of the
 * same point: F2's, against a capacity the module could not set.
 */
static void test_signature(void)
{
	const char *f2 = "capacity 2\\^32, charge 2\\^32\\+1: admitted, current reads 4294967297$";
	regex_t re;

	result(!regcomp(&re, f2, REG_EXTENDED | REG_NOSUB), "signature: compiles");
	result(!regexec(&re, "capacity 2^32, charge 2^32+1: admitted, current reads 4294967297",
			0, NULL, 0), "signature: the defect matches");
	result(regexec(&re, "SET_CAPACITY 2^32: EINVAL", 0, NULL, 0) != 0,
	       "signature: another failure does not");
	regfree(&re);
}

static void check_branch_line(const char *in, int ret, const char *key,
			      const char *value, const char *name)
{
	char k[PARSE_KEY_LEN] = "", v[PARSE_KEY_LEN] = "";
	int r = parse_branch_line(in, k, v);

	if (r != ret)
		emit("# got ret %d\n", r);
	result(r == ret && (ret != 1 || (!strcmp(k, key) && !strcmp(v, value))),
	       name);
}

static void test_branch_line(void)
{
	check_branch_line("tree 6.12\n", 1, "tree", "6.12", "branch: entry");
	check_branch_line("  documents\tevents  \n", 1, "documents", "events",
			  "branch: whitespace");
	check_branch_line("# on misc\n", 0, NULL, NULL, "branch: comment line");
	check_branch_line("\n", 0, NULL, NULL, "branch: blank line");
	check_branch_line("charging\n", -EINVAL, NULL, NULL, "branch: no value");
	check_branch_line("on misc misc-fixed\n", -EINVAL, NULL, NULL,
			  "branch: two values");
	check_branch_line("on misc # why\n", -EINVAL, NULL, NULL,
			  "branch: no comment after a value");
	check_branch_line("documents "
			  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n",
			  -E2BIG, NULL, NULL, "branch: value too long");
}

/* Write @text to a temporary file and read its charging line. */
static void check_charging(const char *text, int ret, bool exact,
			   const char *word, const char *name)
{
	char path[] = "/tmp/test_branch.XXXXXX", w[PARSE_KEY_LEN];
	bool e = !exact;
	int fd = mkstemp(path), r = -EIO;
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
		r = branch_charging(path, &e, w);
		unlink(path);
	}
	if (r != ret)
		emit("# got ret %d word \"%s\"\n", r, f ? w : "");
	result(r == ret && (ret ? !strcmp(w, word) : e == exact), name);
}

static void test_charging(void)
{
	check_charging("tree 6.1\ncharging exact\n", 0, true, "", "charging: exact");
	check_charging("tree 6.1\n", 0, false, "", "charging: none");
	check_charging("charging loose\n", -EINVAL, false, "loose",
		       "charging: unknown word");
	check_charging("charging exact\ncharging exact\n", -EINVAL, false, "exact",
		       "charging: two lines");
	check_charging("tree 6.1\ncharging\n", -EINVAL, false, "line 2 malformed",
		       "charging: malformed line");
	result(branch_charging("/nonexistent/branch", &(bool){ false },
			       (char [PARSE_KEY_LEN]){ 0 }) == -ENOENT,
	       "charging: missing file");
}

static void test_sanitize(void)
{
	char s[] = "a|b\nc\td  ";
	char buf[32];

	parse_sanitize(s);
	result(!strcmp(s, "a/b c d"), "sanitize: pipe, controls, trailing");
	result(!strcmp(parse_fmt_count(UINT64_MAX, buf, sizeof(buf)), "-1"),
	       "fmt_count: underflow shown negative");
	result(!strcmp(parse_fmt_count(4294967297ULL, buf, sizeof(buf)),
		       "4294967297"), "fmt_count: large positive");
}

int main(void)
{
	test_u64();
	test_limit();
	test_keyed();
	test_keys();
	test_known();
	test_leaves();
	test_signature();
	test_sanitize();
	test_branch_line();
	test_charging();
	return unit_test_done("parse.c host tests");
}
