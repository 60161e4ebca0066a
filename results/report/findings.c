// SPDX-License-Identifier: GPL-2.0
/*
 * findings: the status of every known defect on every branch, read from
 * this run's KTAP (Markdown table).
 *
 *   findings KNOWN_DEFECTS... -- NAME=FILE.ktap [NAME=FILE.ktap ...]
 *
 * A finding and its points come from the known-defects files (lines
 * "<finding> <point>", '#' comments).  A NAME may be given once per
 * hierarchy (v2, v1).  A cell says what the branch's kernel did at the
 * finding's points: "present" if one of them failed (as a TODO of that
 * finding or otherwise), "passes" if every one that ran passed, "not run"
 * if none ran.  Nothing is inferred from a branch's name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"
#include "table.h"

#define MAX_FINDINGS	32
#define MAX_POINTS	16	/* per finding */
#define MAX_BRANCHES	16
#define NAME_LEN	96

struct finding {
	char id[16];
	char points[MAX_POINTS][NAME_LEN];
	int nr_points;
	/* Per branch: points that ran, points that failed. */
	int ran[MAX_BRANCHES], failed[MAX_BRANCHES];
};

static struct finding findings[MAX_FINDINGS];
static int nr_findings;
static const char *branch_names[MAX_BRANCHES];
static int nr_branches;

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "findings: %s: %s\n", what, arg);
	exit(1);
}

static struct finding *finding_of(const char *id)
{
	int i;

	for (i = 0; i < nr_findings; i++)
		if (!strcmp(findings[i].id, id))
			return &findings[i];
	if (nr_findings == MAX_FINDINGS)
		die("too many findings", id);
	snprintf(findings[nr_findings].id, sizeof(findings[0].id), "%s", id);
	return &findings[nr_findings++];
}

static void add_point(struct finding *f, const char *point)
{
	int i;

	for (i = 0; i < f->nr_points; i++)
		if (!strcmp(f->points[i], point))
			return;
	if (f->nr_points == MAX_POINTS)
		die("too many points for", f->id);
	snprintf(f->points[f->nr_points++], NAME_LEN, "%s", point);
}

static void read_known(const char *path)
{
	char line[256], id[16], point[NAME_LEN];
	FILE *f = fopen(path, "r");

	if (!f)
		die("cannot read", path);
	while (fgets(line, sizeof(line), f))
		if (line[0] != '#' && sscanf(line, "%15s %95s", id, point) == 2)
			add_point(finding_of(id), point);
	fclose(f);
}

static void read_ktap(int branch, const char *path)
{
	char line[1024], name[NAME_LEN];
	struct ktap_result r;
	FILE *f = fopen(path, "r");
	int i, j;

	if (!f)
		die("cannot read", path);
	while (fgets(line, sizeof(line), f)) {
		if (!ktap_result(line, &r) || ktap_is_skip(&r))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)r.name_len, r.name);
		for (i = 0; i < nr_findings; i++)
			for (j = 0; j < findings[i].nr_points; j++)
				if (!strcmp(findings[i].points[j], name)) {
					findings[i].ran[branch]++;
					findings[i].failed[branch] += !r.ok || ktap_is_todo(&r);
				}
	}
	fclose(f);
}

static int cmp_finding(const void *a, const void *b)
{
	return strcmp(((const struct finding *)a)->id, ((const struct finding *)b)->id);
}

int main(int argc, char **argv)
{
	int i, b;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		read_known(argv[i]);
	qsort(findings, nr_findings, sizeof(findings[0]), cmp_finding);
	for (i++; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq)
			die("not NAME=FILE", argv[i]);
		*eq = '\0';
		for (b = 0; b < nr_branches; b++)
			if (!strcmp(branch_names[b], argv[i]))
				break;
		if (b == MAX_BRANCHES)
			die("too many branches at", argv[i]);
		if (b == nr_branches)
			branch_names[nr_branches++] = argv[i];
		read_ktap(b, eq + 1);
	}
	if (!nr_findings || !nr_branches) {
		fprintf(stderr, "usage: findings KNOWN_DEFECTS... -- NAME=FILE.ktap...\n");
		return 2;
	}

	table_head("finding", branch_names, nr_branches, "points");

	for (i = 0; i < nr_findings; i++) {
		struct finding *f = &findings[i];

		printf("| %s |", f->id);
		for (b = 0; b < nr_branches; b++) {
			if (!f->ran[b])
				printf(" not run |");
			else if (f->failed[b])
				printf(" **present** (%d of %d fail) |", f->failed[b], f->ran[b]);
			else
				printf(" passes (%d) |", f->ran[b]);
		}
		printf(" ");
		for (b = 0; b < f->nr_points; b++)
			printf("%s`%s`", b ? ", " : "", f->points[b]);
		printf(" |\n");
	}
	return 0;
}
