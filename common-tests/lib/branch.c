// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a branch's description; see branch.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "branch.h"
#include "parse.h"

int branch_for_each(const char *path, const char *key,
		    int (*fn)(const char *value, void *arg), void *arg,
		    int *bad_line)
{
	char line[256], k[PARSE_KEY_LEN], v[PARSE_KEY_LEN];
	FILE *f = fopen(path, "re");
	int n = 0, ret = 0;

	if (!f)
		return -errno;
	while (!ret && fgets(line, sizeof(line), f)) {
		n++;
		ret = parse_branch_line(line, k, v);
		if (ret < 0) {
			*bad_line = n;
			break;
		}
		ret = ret && !strcmp(k, key) ? fn(v, arg) : 0;
	}
	fclose(f);
	return ret;
}

struct match {
	const char *value;
	bool found;
};

static int match_value(const char *value, void *arg)
{
	struct match *m = arg;

	m->found = !strcmp(value, m->value);
	return m->found;
}

bool branch_has(const char *path, const char *key, const char *value)
{
	struct match m = { value, false };
	int bad_line;

	branch_for_each(path, key, match_value, &m, &bad_line);
	return m.found;
}

struct charging {
	char *word;
	int seen;
};

static int read_charging(const char *value, void *arg)
{
	struct charging *c = arg;

	snprintf(c->word, PARSE_KEY_LEN, "%s", value);
	return ++c->seen > 1 || strcmp(value, "exact") ? -EINVAL : 0;
}

int branch_charging(const char *path, bool *exact, char *word)
{
	struct charging c = { word, 0 };
	int bad_line = 0;
	int ret;

	word[0] = '\0';
	ret = branch_for_each(path, "charging", read_charging, &c, &bad_line);
	if (bad_line)
		snprintf(word, PARSE_KEY_LEN, "line %d malformed", bad_line);
	if (ret)
		return ret;
	*exact = c.seen == 1;
	return 0;
}
