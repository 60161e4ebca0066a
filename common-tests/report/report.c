// SPDX-License-Identifier: GPL-2.0
/*
 * report: expand a Markdown template into results/REPORT.md from this
 * run's data.  Nothing in the output is typed by hand except the template's
 * prose and the cited history; every figure comes from a file named here.
 *
 *   report [--ktap NAME=FILE]... [--csv FILE] TEMPLATE > REPORT.md
 *
 * Directives, anywhere in a line, also in included files:
 *   {{summary}}            per build: points passed, failed, TODO, skipped
 *   {{include FILE}}       FILE without its first heading line
 *   {{section FILE HEAD}}  the part of FILE from the heading starting with
 *                          HEAD (e.g. "## 4.") to the next heading as deep
 *   {{obs NAME POINT}}     what build NAME observed at POINT, and the result
 *   {{bench overshoot}}    largest usage above the limit seen per variant
 *   {{bench ratio}}        ns per pair at chain depth 8, 2 threads, -smp 2,
 *                          median per variant and its ratio to the fastest
 *   {{bench rejected}}     share of charges refused at a tight limit, leaf,
 *                          2 threads, -smp 2, median [min, max] per variant
 *   {{bench perf}}         a pointer to the perf profiles
 * The first --ktap given for a NAME is what {{obs}} reads (give v2 first).
 * An {{obs}} whose point the run does not have is an error: the report
 * must not cite a test that did not run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ktap.h"

#define MAX_KTAP	32
#define LINE_LEN	4096

struct ktap {
	char name[64];
	const char *path;
};

static struct ktap ktaps[MAX_KTAP];
static int nr_ktaps;
static const char *csv_path;
static int errors;

static void chomp(char *s)
{
	s[strcspn(s, "\r\n")] = '\0';
}


static void summary(void)
{
	printf("| build | run | passed | failed | TODO (known defects) | skipped |\n");
	printf("|---|---|---|---|---|---|\n");
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

/* The benchmark's in-kernel CSV, as bench/run-bench.sh writes it. */
struct row {
	char variant[64], shape[32], limit[16], type[16];
	int smp, depth, threads;
	double ns_per_pair, max_overshoot, rejected_share;
};

static int read_row(FILE *f, struct row *r)
{
	char line[LINE_LEN];

	while (fgets(line, sizeof(line), f)) {
		char *fld[32];
		int n = 0;

		chomp(line);
		for (char *p = strtok(line, ","); p && n < 32; p = strtok(NULL, ","))
			fld[n++] = p;
		/* Later columns (overlap, discards, ...) are not read here. */
		if (n < 14 || !strcmp(fld[0], "variant"))
			continue;
		snprintf(r->variant, sizeof(r->variant), "%s", fld[0]);
		r->smp = atoi(fld[1]);
		snprintf(r->shape, sizeof(r->shape), "%s", fld[3]);
		r->depth = atoi(fld[4]);
		r->threads = atoi(fld[5]);
		snprintf(r->limit, sizeof(r->limit), "%s", fld[7]);
		snprintf(r->type, sizeof(r->type), "%s", fld[8]);
		r->ns_per_pair = atof(fld[11]);
		r->max_overshoot = atof(fld[13]);
		r->rejected_share = atof(fld[12]) /
				    (atof(fld[9]) * (r->threads > 0 ? r->threads : 1));
		return 1;
	}
	return 0;
}

#define MAX_VARIANTS	16
#define MAX_SAMPLES	64

struct series {
	char variant[64];
	double v[MAX_SAMPLES];
	int n;
	double max;
};

static struct series *series_of(struct series *s, int *n, const char *variant)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(s[i].variant, variant))
			return &s[i];
	if (*n == MAX_VARIANTS)
		return NULL;
	memset(&s[*n], 0, sizeof(s[0]));
	snprintf(s[*n].variant, sizeof(s[0].variant), "%s", variant);
	return &s[(*n)++];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(struct series *s)
{
	qsort(s->v, s->n, sizeof(s->v[0]), cmp_double);
	return s->n % 2 ? s->v[s->n / 2] : (s->v[s->n / 2 - 1] + s->v[s->n / 2]) / 2;
}

static void bench(const char *what)
{
	struct series s[MAX_VARIANTS];
	int n = 0;
	struct row r;
	FILE *f;

	if (!strcmp(what, "perf")) {
		printf("the perf profiles in [bench/REPORT.md](bench/REPORT.md#profile-perf-report)");
		return;
	}
	f = csv_path ? fopen(csv_path, "r") : NULL;
	if (!f) {
		fprintf(stderr, "report: {{bench %s}}: no benchmark CSV\n", what);
		printf("**(no benchmark data in this run)**");
		errors++;
		return;
	}
	while (read_row(f, &r)) {
		struct series *v = series_of(s, &n, r.variant);

		if (!v)
			continue;
		if (!strcmp(what, "overshoot")) {
			if (r.max_overshoot > v->max)
				v->max = r.max_overshoot;
			v->n++;
		} else if (!strcmp(what, "ratio") && !strcmp(r.shape, "chain") &&
			   r.depth == 8 && r.threads == 2 && r.smp == 2 &&
			   !strcmp(r.limit, "none") && !strcmp(r.type, "sev") &&
			   v->n < MAX_SAMPLES) {
			v->v[v->n++] = r.ns_per_pair;
		} else if (!strcmp(what, "rejected") && !strcmp(r.shape, "leaf") && r.threads == 2 &&
			   r.smp == 2 && !strcmp(r.limit, "tight") && !strcmp(r.type, "sev") &&
			   v->n < MAX_SAMPLES) {
			v->v[v->n++] = 100 * r.rejected_share;
		}
	}
	fclose(f);
	if (!strcmp(what, "overshoot")) {
		for (int i = 0; i < n; i++)
			printf("%s%s %.0f over %d rows", i ? "; " : "", s[i].variant, s[i].max, s[i].n);
		printf(" (max_overshoot in bench/csv/inkernel.csv)");
		return;
	}
	if (!strcmp(what, "rejected")) {
		for (int i = 0; i < n; i++) {
			double mid;

			if (!s[i].n)
				continue;
			mid = median(&s[i]);	/* sorts v[]: min and max follow */
			printf("%s%s %.1f%% [%.1f%%, %.1f%%] n=%d", i ? "; " : "", s[i].variant,
			       mid, s[i].v[0], s[i].v[s[i].n - 1], s[i].n);
		}
		printf(" (shape leaf, limit tight, 2 threads, -smp 2: median [min, max];"
		       " bench/csv/inkernel.csv)");
		return;
	}
	if (strcmp(what, "ratio")) {
		fprintf(stderr, "report: {{bench %s}}: unknown\n", what);
		errors++;
		return;
	}
	double best = 0;

	for (int i = 0; i < n; i++)
		if (s[i].n && (!best || median(&s[i]) < best))
			best = median(&s[i]);
	for (int i = 0; i < n; i++)
		if (s[i].n)
			printf("%s%s %.0f ns/pair (%.2fx, n=%d)", i ? "; " : "", s[i].variant,
			       median(&s[i]), median(&s[i]) / best, s[i].n);
	printf(" (chain depth 8, 2 threads, -smp 2, median; bench/csv/inkernel.csv)");
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
		else if (!strcmp(word, "bench"))
			bench(arg1);
		else {
			fprintf(stderr, "report: unknown directive {{%s}}\n", open + 2);
			errors++;
		}
		p = close + 2;
	}
	fputs(p, stdout);
}

static int usage(void)
{
	fprintf(stderr, "usage: report [--ktap NAME=FILE]... [--csv FILE] TEMPLATE...\n");
	return 2;
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (i + 1 >= argc)
			return usage();
		if (!strcmp(argv[i], "--csv")) {
			csv_path = argv[i + 1];
		} else if (!strcmp(argv[i], "--ktap") && nr_ktaps < MAX_KTAP) {
			char *eq = strchr(argv[i + 1], '=');

			if (!eq || eq - argv[i + 1] >= (int)sizeof(ktaps[0].name))
				return usage();
			memcpy(ktaps[nr_ktaps].name, argv[i + 1], eq - argv[i + 1]);
			ktaps[nr_ktaps].path = eq + 1;
			nr_ktaps++;
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
