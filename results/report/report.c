// SPDX-License-Identifier: GPL-2.0
/*
 * report: expand a Markdown template into results/REPORT.md from this
 * run's data.  Nothing in the output is typed by hand except the template's
 * prose and the cited history; every figure comes from a file named here.
 *
 *   report [--ktap NAME=FILE]... [--lab EXERCISES] TEMPLATE > REPORT.md
 *
 * Directives, anywhere in a line, also in included files:
 *   {{summary}}            per build: points passed, failed, TODO, skipped
 *   {{include FILE}}       FILE without its first heading line
 *   {{section FILE HEAD}}  the part of FILE from the heading starting with
 *                          HEAD (e.g. "## 4.") to the next heading as deep
 *   {{obs NAME POINT}}     what build NAME observed at POINT, and the result
 *   {{lab NAME}}           exercise NAME of the --lab file (common-tests/lab/
 *                          exercises): its builds, commands and outcomes
 * Benchmark figures are the bench report's own ({{section}} of
 * results/bench/REPORT.md), which quotes native medians with intervals.
 * The first --ktap given for a NAME is what {{obs}} reads (give v2 first).
 * An {{obs}} whose point the run does not have is an error: the report
 * must not cite a test that did not run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"
#include "ktap.h"
#include "table.h"

#define MAX_KTAP	32
#define LINE_LEN	4096
#define MAX_LAB		16

struct ktap {
	char name[64];
	const char *path;
};

static struct ktap ktaps[MAX_KTAP];
static struct lab_exercise lab_ex[MAX_LAB];
static int nr_lab;
static int nr_ktaps;
static int errors;

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}


static void summary(void)
{
	static const char *const cols[] = { "run", "passed", "failed",
					    "TODO (known defects)", "skipped" };

	table_head("build", cols, 5, NULL);

	for (int i = 0; i < nr_ktaps; i++) {
		FILE *f = fopen(ktaps[i].path, "r");
		char line[LINE_LEN];
		int pass = 0, fail = 0, todo = 0, skip = 0;

		if (!f) {
			printf("| %s | %s | not run | | | |\n", ktaps[i].name, ktaps[i].path);
			errors++;
			continue;
		}
		while (fgets(line, sizeof(line), f)) {
			struct ktap_result r;

			if (!ktap_result(line, &r))
				continue;
			if (ktap_is_todo(&r))
				todo++;
			else if (ktap_is_skip(&r))
				skip++;
			else if (r.ok)
				pass++;
			else
				fail++;
		}
		fclose(f);
		printf("| %s | `%s` | %d | %d | %d | %d |\n",
		       ktaps[i].name, ktaps[i].path, pass, fail, todo, skip);
	}
}

static void expand(char *line);

/* Depth of the heading the text being printed sits under. */
static int outer_depth;

/* "## x" is a heading of depth 2; anything else, 0. */
static int heading_depth(const char *line)
{
	int d = (int)strspn(line, "#");

	return d && d <= 6 && line[d] == ' ' ? d : 0;
}

/*
 * Print a line of an included file; its relative links (images) are relative
 * to that file, so prefix them with its directory below results/.
 */
static void put_line(const char *line, const char *path)
{
	const char *slash = strrchr(path, '/'), *dir = path, *p;
	int dlen;

	if (!strncmp(dir, "results/", 8))
		dir += 8;
	dlen = slash && slash >= dir ? (int)(slash - dir) : 0;
	while (dlen && (p = strstr(line, "](")) && p[2] != '#' && strncmp(p + 2, "http", 4)) {
		fwrite(line, 1, p + 2 - line, stdout);
		printf("%.*s/", dlen, dir);
		line = p + 2;
	}
	fputs(line, stdout);
}

/*
 * Print FILE from the heading starting with HEAD (NULL: after line 1).
 * Its headings are shifted to nest under the heading of the directive,
 * so that an included report reads as a subsection.
 */
static void include(const char *path, const char *head)
{
	FILE *f = fopen(path, "r");
	char line[LINE_LEN];
	int in = !head, depth = 0, first = 1, fence = 0, shift = 0, shifted = 0;
	int outer = outer_depth;

	if (!f) {
		fprintf(stderr, "report: %s: cannot open\n", path);
		printf("*(%s was not produced by this run)*\n", path);
		errors++;
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		int d = fence ? 0 : heading_depth(line);

		if (!strncmp(line, "```", 3))
			fence = !fence;

		if (!head && first) {	/* drop the file's own title */
			first = 0;
			if (d)
				continue;
		}
		if (head && !in && d && !strncmp(line, head, strlen(head))) {
			in = 1;
			depth = d;
		} else if (head && in && d && d <= depth) {
			break;
		}
		if (!in)
			continue;
		if (d && !shifted) {
			shift = outer + 1 - d;
			shifted = 1;
		}
		if (d && d + shift >= 1 && d + shift <= 6) {
			outer_depth = d + shift;
			printf("%.*s", outer_depth, "######");
			put_line(line + d, path);
			continue;
		}
		if (strstr(line, "{{"))
			expand(line);	/* e.g. {{obs}} in chargepath.md */
		else
			put_line(line, path);
	}
	fclose(f);
	outer_depth = outer;
}

static void obs(const char *name, const char *point)
{
	for (int i = 0; i < nr_ktaps; i++) {
		FILE *f;
		char line[LINE_LEN], observed[LINE_LEN] = "";
		char prefix[256];

		if (strcmp(ktaps[i].name, name))
			continue;
		f = fopen(ktaps[i].path, "r");
		if (!f)
			break;
		snprintf(prefix, sizeof(prefix), "# observed %s: ", point);
		while (fgets(line, sizeof(line), f)) {
			struct ktap_result r;

			chomp(line);
			if (!strncmp(line, prefix, strlen(prefix))) {
				snprintf(observed, sizeof(observed), "%s", line + strlen(prefix));
				continue;
			}
			if (!ktap_result(line, &r) || r.name_len != strlen(point) ||
			    strncmp(r.name, point, r.name_len))
				continue;
			printf("%s (%s%s%s)", observed[0] ? observed : "no observation",
			       r.ok ? "ok" : "not ok", *r.directive ? ", " : "", r.directive);
			fclose(f);
			return;
		}
		fclose(f);
		break;
	}
	fprintf(stderr, "report: {{obs %s %s}}: no such point in this run\n", name, point);
	printf("**(no point %s for %s in this run)**", point, name);
	errors++;
}

/*
 * {{lab NAME}}: exercise NAME of the --lab file as the sheet shows it: the
 * builds it runs on, its commands as a student types them, and a table of
 * the outcome of each check on each build in this run (the lab boot's
 * KTAP, given as --ktap BUILD=FILE).
 */
static void lab(const char *name)
{
	const struct lab_exercise *e = NULL;
	char point[3 * LAB_WORD_LEN];
	const char *cols[LAB_BRANCHES];

	for (int i = 0; i < nr_lab; i++)
		if (!strcmp(lab_ex[i].name, name))
			e = &lab_ex[i];
	if (!e) {
		fprintf(stderr, "report: {{lab %s}}: no such exercise\n", name);
		errors++;
		return;
	}
	printf("On");
	for (int b = 0; b < e->on.nr; b++)
		printf("%s `%s`", b ? (b + 1 == e->on.nr ? " and" : ",") : "",
		       e->on.name[b]);
	printf(" (`make shell BRANCH=<branch>`):\n\n```\n");
	for (int i = 0; i < e->nr_steps; i++) {
		const struct lab_step *s = &e->step[i];

		if (s->is_check)
			continue;
		printf("%s", s->cmd);
		for (int b = 0; b < s->on.nr; b++)
			printf("%s%s", b ? ", " : "   # on ", s->on.name[b]);
		printf("\n");
	}
	printf("```\n\n");
	for (int b = 0; b < e->on.nr; b++)
		cols[b] = e->on.name[b];
	table_head("outcome", cols, e->on.nr, NULL);
	for (int i = 0; i < e->nr_steps; i++) {
		const struct lab_step *s = &e->step[i];
		bool first = true;

		if (!s->is_check)
			continue;
		/* A label checked on other builds by an earlier line has its row. */
		for (int j = 0; j < i; j++)
			if (e->step[j].is_check && !strcmp(e->step[j].label, s->label))
				first = false;
		if (!first)
			continue;
		snprintf(point, sizeof(point), "lab:%s:%s", e->name, s->label);
		printf("| `%s` |", s->label);
		for (int b = 0; b < e->on.nr; b++) {
			bool checked = false;

			for (int j = i; j < e->nr_steps; j++)
				checked |= e->step[j].is_check &&
					   !strcmp(e->step[j].label, s->label) &&
					   lab_step_on(e, &e->step[j], e->on.name[b]);
			printf(" ");
			if (checked)
				obs(e->on.name[b], point);
			else
				printf("—");
			printf(" |");
		}
		printf("\n");
	}
	printf("\nEach cell: what the kernel printed, then whether that is the outcome this sheet\n"
	       "states (ok) or not (not ok), which says nothing of whether the behaviour is\n"
	       "good; — where the exercise does not check it on that kernel.\n");
}

/* Expand the directives of one template line. */
static void expand(char *line)
{
	char *p = line, *open;

	while ((open = strstr(p, "{{"))) {
		char *close = strstr(open, "}}");
		char arg1[512] = "", arg2[512] = "", word[32] = "";

		if (!close)
			break;
		fwrite(p, 1, open - p, stdout);
		*close = '\0';
		sscanf(open + 2, "%31s %511s %511[^\n]", word, arg1, arg2);
		if (!strcmp(word, "summary"))
			summary();
		else if (!strcmp(word, "include"))
			include(arg1, NULL);
		else if (!strcmp(word, "section"))
			include(arg1, arg2);
		else if (!strcmp(word, "obs"))
			obs(arg1, arg2);
		else if (!strcmp(word, "lab"))
			lab(arg1);
		else {
			fprintf(stderr, "report: unknown directive {{%s}}\n", open + 2);
			errors++;
		}
		p = close + 2;
	}
	fputs(p, stdout);
}

static int read_lab(const char *path)
{
	FILE *f = fopen(path, "r");
	char err[256];

	if (!f) {
		perror(path);
		return -1;
	}
	nr_lab = lab_read(f, path, lab_ex, MAX_LAB, err, sizeof(err));
	fclose(f);
	if (nr_lab < 0)
		fprintf(stderr, "report: %s\n", err);
	return nr_lab < 0 ? -1 : 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: report [--ktap NAME=FILE]... [--lab EXERCISES] TEMPLATE...\n");
	return 2;
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (i + 1 >= argc)
			return usage();
		if (!strcmp(argv[i], "--ktap") && nr_ktaps < MAX_KTAP) {
			char *eq = strchr(argv[i + 1], '=');

			if (!eq || eq - argv[i + 1] >= (int)sizeof(ktaps[0].name))
				return usage();
			memcpy(ktaps[nr_ktaps].name, argv[i + 1], eq - argv[i + 1]);
			ktaps[nr_ktaps].path = eq + 1;
			nr_ktaps++;
		} else if (!strcmp(argv[i], "--lab")) {
			if (read_lab(argv[i + 1]))
				return 1;
		} else {
			return usage();
		}
	}
	if (i == argc)
		return usage();
	for (; i < argc; i++) {
		FILE *f = fopen(argv[i], "r");
		char line[LINE_LEN];

		if (!f) {
			perror(argv[i]);
			return 1;
		}
		while (fgets(line, sizeof(line), f)) {
			if (heading_depth(line))
				outer_depth = heading_depth(line);
			expand(line);
		}
		fclose(f);
	}
	if (errors)
		fprintf(stderr, "report: %d error(s)\n", errors);
	return errors ? 1 : 0;
}
