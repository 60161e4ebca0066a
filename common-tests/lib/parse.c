// SPDX-License-Identifier: GPL-2.0
/*
 * Pure parsing helpers; see parse.h.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

static const char *skip_space(const char *s)
{
	while (*s && isspace((unsigned char)*s))
		s++;
	return s;
}

int parse_u64(const char *s, uint64_t *v)
{
	uint64_t n = 0;
	const char *p = skip_space(s);

	if (!isdigit((unsigned char)*p))
		return -EINVAL;
	for (; isdigit((unsigned char)*p); p++) {
		unsigned int d = *p - '0';

		if (n > (UINT64_MAX - d) / 10)
			return -ERANGE;
		n = n * 10 + d;
	}
	if (*skip_space(p))
		return -EINVAL;
	*v = n;
	return 0;
}

int parse_limit(const char *s, uint64_t *v, bool *is_max)
{
	const char *p = skip_space(s);

	if (!strncmp(p, "max", 3) && !*skip_space(p + 3)) {
		*v = UINT64_MAX;
		*is_max = true;
		return 0;
	}
	*is_max = false;
	return parse_u64(s, v);
}

/* Copy the line starting at @s, without its newline; return the next one. */
static const char *next_line(const char *s, char *line, size_t len)
{
	size_t n = strcspn(s, "\n");
	size_t copy = n < len - 1 ? n : len - 1;

	memcpy(line, s, copy);
	line[copy] = '\0';
	return s[n] ? s + n + 1 : s + n;
}

/* Split @line into its first word and the trimmed rest. */
static void split_key(char *line, char **key, char **rest)
{
	char *p = (char *)skip_space(line);
	char *end;

	*key = p;
	while (*p && !isspace((unsigned char)*p))
		p++;
	if (*p)
		*p++ = '\0';
	p = (char *)skip_space(p);
	end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		*--end = '\0';
	*rest = p;
}

int parse_keyed(const char *text, const char *key, char *val, size_t len)
{
	char line[512], *k, *rest;
	const char *s = text;

	while (*s) {
		s = next_line(s, line, sizeof(line));
		split_key(line, &k, &rest);
		if (strcmp(k, key))
			continue;
		if (!*rest)
			return -EINVAL;
		if (strlen(rest) >= len)
			return -E2BIG;
		strcpy(val, rest);
		return 0;
	}
	return -ENOENT;
}

int parse_keyed_u64(const char *text, const char *key, uint64_t *v)
{
	char val[64];
	int ret = parse_keyed(text, key, val, sizeof(val));

	return ret ? ret : parse_u64(val, v);
}

int parse_keyed_limit(const char *text, const char *key, uint64_t *v,
		      bool *is_max)
{
	char val[64];
	int ret = parse_keyed(text, key, val, sizeof(val));

	return ret ? ret : parse_limit(val, v, is_max);
}

int parse_keys(const char *text, char keys[][PARSE_KEY_LEN], int max)
{
	char line[512], *k, *rest;
	const char *s = text;
	int n = 0;

	while (*s) {
		s = next_line(s, line, sizeof(line));
		split_key(line, &k, &rest);
		if (!*k)
			continue;
		if (n == max)
			return -E2BIG;
		snprintf(keys[n++], PARSE_KEY_LEN, "%s", k);
	}
	return n;
}

int parse_known_line(const char *line, char *id, size_t idlen,
		     char *point, size_t pointlen, char *sig, size_t siglen)
{
	char buf[512], *w1, *w2, *rest;
	char *hash;

	snprintf(buf, sizeof(buf), "%s", line);
	hash = strchr(buf, '#');
	if (hash)
		*hash = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	split_key(buf, &w1, &rest);
	if (!*w1)
		return 0;
	split_key(rest, &w2, &rest);
	if (!*w2 || !*rest)
		return -EINVAL;
	if (strlen(w1) >= idlen || strlen(w2) >= pointlen ||
	    strlen(rest) >= siglen)
		return -E2BIG;
	strcpy(id, w1);
	strcpy(point, w2);
	strcpy(sig, rest);
	return 1;
}

int parse_branch_line(const char *line, char *key, char *value)
{
	char buf[256], *k, *rest, *v;

	snprintf(buf, sizeof(buf), "%s", line);
	buf[strcspn(buf, "\n")] = '\0';
	split_key(buf, &k, &rest);
	if (!*k || *k == '#')
		return 0;
	split_key(rest, &v, &rest);
	if (!*v || *rest)
		return -EINVAL;
	if (strlen(k) >= PARSE_KEY_LEN || strlen(v) >= PARSE_KEY_LEN)
		return -E2BIG;
	strcpy(key, k);
	strcpy(value, v);
	return 1;
}

int parse_split_leaves(char *sig, char *leaves, size_t len)
{
	char *sp;

	leaves[0] = '\0';
	if (strncmp(sig, "leaves=", 7))
		return 0;
	sp = strchr(sig, ' ');
	if (!sp || !sp[1] || (size_t)(sp - sig - 7) >= len)
		return -EINVAL;
	snprintf(leaves, len, "%.*s", (int)(sp - sig - 7), sig + 7);
	memmove(sig, sp + 1, strlen(sp + 1) + 1);
	return 0;
}

int64_t parse_leaves_of(const char *leaves, const char *res)
{
	size_t n = strlen(res);
	const char *t = leaves;

	while (t && *t) {
		if (!strncmp(t, res, n) && t[n] == ':')
			return strtoll(t + n + 1, NULL, 10);
		t = strchr(t, ',');
		if (t)
			t++;
	}
	return 0;
}

void parse_sanitize(char *s)
{
	char *end;

	for (char *p = s; *p; p++) {
		if (*p == '|')
			*p = '/';
		else if (iscntrl((unsigned char)*p))
			*p = ' ';
	}
	end = s + strlen(s);
	while (end > s && end[-1] == ' ')
		*--end = '\0';
}

const char *parse_fmt_count(uint64_t v, char *buf, size_t len)
{
	if (v > INT64_MAX)
		snprintf(buf, len, "%" PRId64, (int64_t)v);
	else
		snprintf(buf, len, "%" PRIu64, v);
	return buf;
}
