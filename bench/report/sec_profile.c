// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Profile (perf report)": for every perf-<variant>.txt in the
 * input directory, in name order, its first 10 sample lines verbatim.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "report.h"
#include "sections.h"

static int cmp_cstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A perf report sample line: blanks, a number, '%'. */
static int perf_sample_line(const char *l)
{
	while (*l == ' ' || *l == '\t')
		l++;
	if (!isdigit((unsigned char)*l))
		return 0;
	while (isdigit((unsigned char)*l) || *l == '.')
		l++;
	return *l == '%';
}

/* The perf-<variant>.txt names in in_dir, malloc'ed, sorted; at most max. */
static int perf_files(char **names, int max)
{
	DIR *dir = opendir(in_dir);
	struct dirent *e;
	int n = 0;

	if (!dir)
		return 0;
	while ((e = readdir(dir)) && n < max) {
		size_t l = strlen(e->d_name);

		if (l > 9 && !strncmp(e->d_name, "perf-", 5) &&
		    !strcmp(e->d_name + l - 4, ".txt"))
			names[n++] = strdup(e->d_name);
	}
	closedir(dir);
	qsort(names, (size_t)n, sizeof(names[0]), cmp_cstr);
	return n;
}

/* "### <variant>" and the file's first 10 sample lines. */
static void perf_show(const char *name)
{
	char path[4096], *text, *line, *next;
	int shown = 0;

	snprintf(path, sizeof(path), "%s/%s", in_dir, name);
	P("### %.*s\n\n", (int)(strlen(name) - 9), name + 5);
	text = read_text_file(path, NULL);
	if (text) {
		for (line = text; line && shown < 10; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			line[strcspn(line, "\r")] = '\0';
			if (!perf_sample_line(line))
				continue;
			if (!shown)
				P("Top 10 sample lines of `%s`, verbatim:\n\n```\n",
				  name);
			P("%s\n", line);
			shown++;
		}
		free(text);
	}
	if (shown)
		P("```\n\n");
	else
		P("`%s` has no sample lines: " NOT_MEASURED ".\n\n", name);
}

void section_profile(void)
{
	char *names[256];
	int n, i;

	P("## TCG context: profile (perf report)\n\n");
	n = perf_files(names, 256);
	if (!n) {
		P("perf-<variant>.txt: " NOT_MEASURED ".\n\n");
		return;
	}
	for (i = 0; i < n; i++) {
		if (!names[i])
			continue;
		perf_show(names[i]);
		free(names[i]);
	}
}
