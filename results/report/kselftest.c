// SPDX-License-Identifier: GPL-2.0
/*
 * kselftest: the kernel's own cgroup selftests, side by side (Markdown).
 *
 *   kselftest NAME=FILE.ktap [NAME=FILE.ktap ...] > kselftest.md
 *
 * Each FILE is a branch's v2 boot; its "kselftest:<test>:<subtest>" and
 * "kselftest:<test>" points are what common-tests/kselftest/run.sh made of
 * that branch's selftests.  One row per point, one column per branch:
 * pass, skip (n) with the reasons numbered below the table, FAIL with its
 * cause, or "-" where the branch has no such point: the test is not in
 * its tree, or was not built (its own row says why).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "table.h"

#define MAX_BRANCHES	16
#define MAX_POINTS	256
#define MAX_REASONS	64
#define TEXT_LEN	256

static const char prefix[] = "kselftest:";

struct point {
	char name[96];
	int seen;		/* order of first appearance */
	char cell[MAX_BRANCHES][TEXT_LEN];
};

static struct point points[MAX_POINTS];
static int nr_points;
static char reasons[MAX_REASONS][TEXT_LEN];
static int nr_reasons;
static const char *branches[MAX_BRANCHES];
static int nr_branches;

static struct point *find_point(const char *name, size_t len)
{
	for (int i = 0; i < nr_points; i++)
		if (strlen(points[i].name) == len && !strncmp(points[i].name, name, len))
			return &points[i];
	if (nr_points == MAX_POINTS || len >= sizeof(points[0].name)) {
		fprintf(stderr, "kselftest: too many points or too long a name\n");
		exit(1);
	}
	memcpy(points[nr_points].name, name, len);
	points[nr_points].seen = nr_points;
	return &points[nr_points++];
}

/* Rows by test, its subtests as they came, then the test's own point. */
static int cmp_point(const void *a, const void *b)
{
	const struct point *p = a, *q = b;
	size_t lp = strcspn(p->name, ":"), lq = strcspn(q->name, ":");
	int c = strncmp(p->name, q->name, lp < lq ? lp : lq);

	if (c || lp != lq)
		return c ? c : (lp > lq) - (lp < lq);
	if (!p->name[lp] != !q->name[lq])
		return !p->name[lp] ? 1 : -1;
	return p->seen - q->seen;
}

/* The number of a skip reason, counting from 1; a new one is added. */
static int reason(const char *text)
{
	int i;

	for (i = 0; i < nr_reasons; i++)
		if (!strcmp(reasons[i], text))
			return i + 1;
	if (nr_reasons == MAX_REASONS)
		return 0;
	snprintf(reasons[nr_reasons], TEXT_LEN, "%.*s", TEXT_LEN - 1, text);
	return ++nr_reasons;
}

static void read_ktap(int b, const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		struct ktap_result r;
		const char *name, *cause;
		size_t len;
		char *cell;

		line[strcspn(line, "\r\n")] = '\0';
		if (!ktap_result(line, &r) || strncmp(r.name, prefix, strlen(prefix)))
			continue;
		/* The name is one word; "not ok" adds " (cause)" after it. */
		name = r.name + strlen(prefix);
		len = strcspn(name, " ");
		cell = find_point(name, len)->cell[b];
		cause = name + len + strspn(name + len, " ");
		if (ktap_is_skip(&r))
			snprintf(cell, TEXT_LEN, "skip (%d)", reason(r.directive + 4 + strspn(r.directive + 4, " ")));
		else if (r.ok)
			snprintf(cell, TEXT_LEN, "pass");
		else
			snprintf(cell, TEXT_LEN, "**FAIL** %.*s", (int)(r.name_len - (cause - r.name)), cause);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq || nr_branches == MAX_BRANCHES) {
			fprintf(stderr, "usage: kselftest NAME=FILE.ktap...\n");
			return 2;
		}
		*eq = '\0';
		branches[nr_branches] = argv[i];
		read_ktap(nr_branches++, eq + 1);
	}

	qsort(points, nr_points, sizeof(points[0]), cmp_point);
	table_head("point", branches, nr_branches, NULL);

	for (int i = 0; i < nr_points; i++) {
		printf("| `%s` |", points[i].name);
		for (int b = 0; b < nr_branches; b++)
			printf(" %s |", points[i].cell[b][0] ? points[i].cell[b] : "-");
		printf("\n");
	}
	if (nr_reasons)
		printf("\n");
	for (int i = 0; i < nr_reasons; i++)
		printf("- skip (%d): %s\n", i + 1, reasons[i]);
	return 0;
}
