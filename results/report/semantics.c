// SPDX-License-Identifier: GPL-2.0
/*
 * semantics: build the semantics matrix (Markdown) from the suite's KTAP.
 *
 *   semantics [--differ | --only PREFIX | --matrix TREES] NAME=FILE.ktap ...
 *
 * --matrix writes results/semantics.md whole: its heading and what it was
 * made from (TREES: the trees and their branches, as the Makefile names
 * them), then the table.
 *
 * --only keeps the points whose name starts with PREFIX (a section of the
 * report, e.g. "deleg_") and lists first, once each, those on which every
 * branch agrees, then the --differ table of the others.
 *
 * --differ prints only the points where the branches disagree, after a
 * line that counts those that agree; each cell keeps only what differs
 * (the words all cells share at the start and the end are dropped), so a
 * wide matrix reads at a glance.
 *
 * Each FILE holds one guest's output, the suite run on cgroup v2 or v1,
 * introduced by "# guest: suite on cgroup vN ..."; a NAME may be given
 * once per hierarchy.  A test
 * point is a KTAP result line; the "# observed <point>: <text>" line
 * before it says what the kernel did.  One row per point, one column per
 * branch; where v1 saw something else than v2, the cell shows both.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ktap.h"
#include "table.h"

#define MAX_BRANCHES	16
#define MAX_POINTS	1024
#define TEXT_LEN	256
#define SHORT_LEN	90	/* a --differ cell's text, at most */

struct cell {
	char status[32];	/* ok, FAIL, TODO F1, skip */
	char observed[TEXT_LEN];
};

struct point {
	char name[96];
	struct cell cell[MAX_BRANCHES][2];	/* [branch][v2 = 0, v1 = 1] */
};

static struct point points[MAX_POINTS];
static int nr_points;
static const char *only;		/* --only: a prefix of point names */
static const char *branch_names[MAX_BRANCHES];
static int nr_branches;

static struct point *find_point(const char *name)
{
	int i;

	for (i = 0; i < nr_points; i++)
		if (!strcmp(points[i].name, name))
			return &points[i];
	if (nr_points == MAX_POINTS) {
		fprintf(stderr, "semantics: more than %d points\n", MAX_POINTS);
		exit(1);
	}
	snprintf(points[nr_points].name, sizeof(points[0].name), "%s", name);
	return &points[nr_points++];
}

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}

static void read_ktap(int branch, const char *path)
{
	char line[1024], observed[TEXT_LEN] = "", name[sizeof(points[0].name)];
	struct ktap_result r;
	struct cell *c;
	int hier = 0;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		exit(1);
	}
	while (fgets(line, sizeof(line), f)) {
		chomp(line);
		if (strstr(line, "# guest: suite on cgroup v1"))
			hier = 1;
		else if (strstr(line, "# guest: suite on cgroup v2"))
			hier = 0;
		if (!strncmp(line, "# observed ", 11)) {
			char *text = strstr(line + 11, ": ");

			snprintf(observed, sizeof(observed), "%s", text ? text + 2 : "");
			continue;
		}
		if (!ktap_result(line, &r))
			continue;
		/* The kernel's own selftests have their table (kselftest.c). */
		if (!strncmp(r.name, "kselftest:", 10))
			continue;
		snprintf(name, sizeof(name), "%.*s", (int)r.name_len, r.name);
		if (only && strncmp(name, only, strlen(only))) {
			observed[0] = '\0';
			continue;
		}
		c = &find_point(name)->cell[branch][hier];
		/* The cell's status: ok, FAIL, "TODO Fn ...", or skip. */
		if (ktap_is_todo(&r))
			snprintf(c->status, sizeof(c->status), "%s", r.directive);
		else
			snprintf(c->status, sizeof(c->status), "%s",
				 ktap_is_skip(&r) ? "skip" : r.ok ? "ok" : "FAIL");
		snprintf(c->observed, sizeof(c->observed), "%s", observed);
		observed[0] = '\0';
	}
	fclose(f);
}

static void print_cell(const struct cell *v2, const struct cell *v1)
{
	if (!v2->status[0] && !v1->status[0]) {
		printf(" not run |");
		return;
	}
	printf(" %s%s%s%s", v2->status[0] ? v2->observed : "", v2->status[0] ? " (" : "",
	       v2->status, v2->status[0] ? ")" : "");
	if (v1->status[0] && (strcmp(v1->observed, v2->observed) ||
			      strcmp(v1->status, v2->status)))
		printf("; %s%s (%s)", strncmp(v1->observed, "v1:", 3) ? "v1: " : "",
		       v1->observed, v1->status);
	printf(" |");
}

/* One branch's v2 and v1 cells as one comparable text. */
static void cell_text(const struct point *p, int b, char *buf, size_t len)
{
	const struct cell *v2 = &p->cell[b][0], *v1 = &p->cell[b][1];

	if (!v2->status[0] && !v1->status[0])
		snprintf(buf, len, "not run");
	else
		snprintf(buf, len, "%s (%s)%s%s%s%s", v2->observed, v2->status,
			 v1->status[0] ? "; v1: " : "", v1->observed,
			 v1->status[0] ? " " : "", v1->status);
}

/* Length of the prefix all @n texts share, backed up to a word start. */
static size_t common_prefix(char texts[][2 * TEXT_LEN + 80], int n)
{
	size_t k = 0;
	int i;

	for (;; k++) {
		for (i = 1; i < n; i++)
			if (texts[i][k] != texts[0][k])
				break;
		if (i < n || !texts[0][k])
			break;
	}
	while (k > 0 && texts[0][k - 1] != ' ')
		k--;
	return k;
}

/* Length of the suffix all @n texts share (after @pre), from a word start. */
static size_t common_suffix(char texts[][2 * TEXT_LEN + 80], int n, size_t pre)
{
	size_t k = 0, len0 = strlen(texts[0]);
	int i;

	for (;; k++) {
		if (len0 - pre <= k)
			break;
		for (i = 1; i < n; i++) {
			size_t len = strlen(texts[i]);

			if (len - pre <= k || texts[i][len - 1 - k] != texts[0][len0 - 1 - k])
				break;
		}
		if (i < n)
			break;
	}
	while (k > 0 && texts[0][len0 - k] != ' ')
		k--;
	return k;
}

/* Does every branch show @p the same way (observation and result)? */
static int all_agree(const struct point *p)
{
	static char full[MAX_BRANCHES][2 * TEXT_LEN + 80];
	int b;

	for (b = 0; b < nr_branches; b++)
		cell_text(p, b, full[b], sizeof(full[b]));
	for (b = 1; b < nr_branches; b++)
		if (strcmp(full[b], full[0]))
			return 0;
	return 1;
}

/* Print @len bytes of @text, eliding its middle past SHORT_LEN. */
static void print_short(const char *text, int len)
{
	const int head = SHORT_LEN / 2 - 2, tail = SHORT_LEN - head - 3;

	if (len <= SHORT_LEN)
		printf("%.*s", len, text);
	else
		printf("%.*s...%.*s", head, text, tail, text + len - tail);
}

/*
 * The points where the branches disagree.  A cell is what differs in the
 * v2 observation (the words every branch shares at the start and the end
 * dropped, a long middle elided), its result, and the v1 result where it
 * is not the v2 one.
 */
static void print_differ(void)
{
	static char obs[MAX_BRANCHES][2 * TEXT_LEN + 80];
	int i, b, agree = 0;

	for (i = 0; i < nr_points; i++)
		agree += all_agree(&points[i]);
	printf("%d of %d points agree on every branch (same observation, same result);\n",
	       agree, nr_points);
	printf("the %d where they differ, each cell with only what differs in its v2 observation:\n\n",
	       nr_points - agree);
	table_head("point", branch_names, nr_branches, NULL);
	for (i = 0; i < nr_points; i++) {
		const struct point *p = &points[i];
		size_t pre, suf;

		if (all_agree(p))
			continue;
		for (b = 0; b < nr_branches; b++)
			snprintf(obs[b], sizeof(obs[b]), "%s",
				 p->cell[b][0].status[0] ? p->cell[b][0].observed : "");
		pre = common_prefix(obs, nr_branches);
		suf = common_suffix(obs, nr_branches, pre);
		printf("| `%s` |", p->name);
		for (b = 0; b < nr_branches; b++) {
			const struct cell *v2 = &p->cell[b][0], *v1 = &p->cell[b][1];

			printf(" ");
			if (!v2->status[0] && !v1->status[0]) {
				printf("not run |");
				continue;
			}
			if (only)	/* a section: few rows, whole cells */
				printf("%.*s", (int)(strlen(obs[b]) - pre - suf),
				       obs[b] + pre);
			else
				print_short(obs[b] + pre,
					    (int)(strlen(obs[b]) - pre - suf));
			printf(" (%s)", v2->status[0] ? v2->status : "v2 not run");
			if (v1->status[0] && strcmp(v1->status, v2->status))
				printf("; v1 %s", v1->status);
			printf(" |");
		}
		printf("\n");
	}
}

/* --only: the points every branch agrees on, one line each. */
static void print_agreed(void)
{
	char text[2 * TEXT_LEN + 80];
	int i;

	for (i = 0; i < nr_points; i++) {
		if (!all_agree(&points[i]))
			continue;
		cell_text(&points[i], 0, text, sizeof(text));
		printf("- `%s`, every branch: %s\n", points[i].name, text);
	}
	printf("\n");
}

/* The heading of results/semantics.md: what the matrix was made from. */
static void print_matrix_head(const char *trees)
{
	char day[16];
	time_t now = time(NULL);

	strftime(day, sizeof(day), "%F", gmtime(&now));
	printf("# Semantics matrix\n\n");
	printf("Generated by `make` on %s from this run's guest KTAP\n", day);
	printf("(build/out/BRANCH/HIER/suite.ktap); Debian packaged kernel trees, with the\n");
	printf("branches built from each: %s\n", trees);
	printf("-cpu EPYC -smp 2 under TCG,\n");
	printf("kvm_amd.sev_asid_sim=16,5 (sev capacity 12, sev_es capacity 4).\n");
	printf("Each cell: what the kernel did (result); \"v1:\" follows where cgroup v1 differed.\n");
	printf("TODO Fn marks a known defect, see findings.md.\n\n");
}

int main(int argc, char **argv)
{
	const char *trees = NULL;
	int i, b, differ = 0;

	if (argc > 2 && !strcmp(argv[1], "--matrix")) {
		trees = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc > 1 && !strcmp(argv[1], "--differ")) {
		differ = 1;
		argv++;
		argc--;
	} else if (argc > 2 && !strcmp(argv[1], "--only")) {
		only = argv[2];
		differ = 1;
		argv += 2;
		argc -= 2;
	}
	for (i = 1; i < argc; i++) {
		char *eq = strchr(argv[i], '=');

		if (!eq) {
			fprintf(stderr, "usage: semantics [--differ | --only PREFIX | --matrix TREES] NAME=FILE.ktap ...\n");
			return 2;
		}
		*eq = '\0';
		for (b = 0; b < nr_branches; b++)
			if (!strcmp(branch_names[b], argv[i]))
				break;
		if (b == MAX_BRANCHES) {
			fprintf(stderr, "semantics: more than %d branches\n", MAX_BRANCHES);
			return 1;
		}
		if (b == nr_branches)
			branch_names[nr_branches++] = argv[i];
		read_ktap(b, eq + 1);
	}
	if (only)
		print_agreed();
	if (differ) {
		print_differ();
		return 0;
	}
	if (trees)
		print_matrix_head(trees);


	table_head("point", branch_names, nr_branches, NULL);
	for (i = 0; i < nr_points; i++) {
		printf("| `%s` |", points[i].name);
		for (b = 0; b < nr_branches; b++)
			print_cell(&points[i].cell[b][0], &points[i].cell[b][1]);
		printf("\n");
	}
	return 0;
}
