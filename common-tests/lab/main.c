// SPDX-License-Identifier: GPL-2.0
/*
 * asid_lab: run the lab's exercises that name this build, as the sheet
 * tells a student to, and report each outcome the sheet states as a KTAP
 * point.
 *
 *   asid_lab --build NAME [--list] [--dir DIR] EXERCISES
 *
 * Each exercise's commands run in order, each with "sh -c" in
 * /sys/fs/cgroup (DIR, for the host tests); their output goes to the KTAP
 * as "# " lines, under the command.  Every check is the point
 * lab:<exercise>:<label>, observed as what the command gave and what the
 * sheet expects.  A command that exits
 * non-zero where no "exit" check follows it fails lab:<exercise>:commands,
 * the one point each exercise has besides its checks.  --list prints the
 * points this build would report, and runs nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exercise.h"
#include "ktap.h"

#define EXERCISES	16
#define OUTPUT_LEN	16384

static struct lab_exercise ex[EXERCISES];

/* Run @cmd; @out gets its stdout and stderr.  Return: its exit status. */
static int run(const char *cmd, char *out, size_t len)
{
	FILE *p;
	size_t n = 0, got;
	int status;

	fflush(stdout);
	p = popen(cmd, "r");
	if (!p) {
		snprintf(out, len, "popen failed");
		return -1;
	}
	/* 2>&1 is in the command (see below); keep what fits, drain the rest. */
	while ((got = fread(out + n, 1, len - 1 - n, p)) > 0) {
		n += got;
		if (n == len - 1) {
			char sink[512];

			while (fread(sink, 1, sizeof(sink), p) > 0)
				;
			break;
		}
	}
	out[n] = '\0';
	status = pclose(p);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void show(const char *out)
{
	char line[512];

	for (const char *p = out; *p; ) {
		size_t n = strcspn(p, "\n");

		snprintf(line, sizeof(line), "%.*s", (int)n, p);
		ktap_diag("  %s", line);
		p += n + (p[n] == '\n');
	}
}

/* Does a check of "exit" follow step @i before the next command? */
static bool exit_checked(const struct lab_exercise *e, int i, const char *build)
{
	for (int j = i + 1; j < e->nr_steps && e->step[j].is_check; j++)
		if (lab_step_on(e, &e->step[j], build) &&
		    !strcmp(e->step[j].key, "exit"))
			return true;
	return false;
}

static void check(const struct lab_exercise *e, const struct lab_step *s,
		  const char *out, int status)
{
	char point[3 * LAB_WORD_LEN], got[LAB_WORD_LEN], text[512];
	bool ok;

	snprintf(point, sizeof(point), "lab:%s:%s", e->name, s->label);
	if (!strcmp(s->key, "output")) {
		ok = lab_holds(out, s->op, s->value);
		snprintf(text, sizeof(text), "the output %s \"%s\"",
			 ok ? "has" : "lacks", s->value);
	} else if (lab_value(out, status, s->key, got, sizeof(got))) {
		ok = false;
		snprintf(text, sizeof(text), "no \"%s\" in the output, expected %s %s",
			 s->key, s->op, s->value);
	} else {
		ok = lab_holds(got, s->op, s->value);
		snprintf(text, sizeof(text), "%s %s, expected %s %s", s->key,
			 got, s->op, s->value);
	}
	ktap_observed(point, text);
	if (ok)
		ktap_pass(point);
	else
		ktap_fail(point);
}

static void exercise(const struct lab_exercise *e, const char *build)
{
	char cmd[LAB_CMD_LEN + 16], point[2 * LAB_WORD_LEN + 16];
	static char out[OUTPUT_LEN];
	int status = 0, failed = 0;

	out[0] = '\0';
	ktap_diag("lab %s on %s", e->name, build);
	for (int i = 0; i < e->nr_steps; i++) {
		const struct lab_step *s = &e->step[i];

		if (!lab_step_on(e, s, build))
			continue;
		if (s->is_check) {
			check(e, s, out, status);
			continue;
		}
		ktap_diag("$ %s", s->cmd);
		snprintf(cmd, sizeof(cmd), "( %s ) 2>&1", s->cmd);
		status = run(cmd, out, sizeof(out));
		show(out);
		if (status && !exit_checked(e, i, build)) {
			ktap_diag("line %d: exit status %d", s->line, status);
			failed++;
		}
	}
	snprintf(point, sizeof(point), "lab:%s:commands", e->name);
	ktap_observed(point, failed ? "a command failed where the sheet expects none to" :
		      "every command ran as the sheet says");
	if (failed)
		ktap_fail(point);
	else
		ktap_pass(point);
}

int main(int argc, char **argv)
{
	const char *build = NULL, *path = NULL, *dir = "/sys/fs/cgroup";
	bool list = false;
	char err[256];
	int nr, planned = 0;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--build") && i + 1 < argc)
			build = argv[++i];
		else if (!strcmp(argv[i], "--list"))
			list = true;
		else if (!strcmp(argv[i], "--dir") && i + 1 < argc)
			dir = argv[++i];
		else if (!path && argv[i][0] != '-')
			path = argv[i];
		else
			path = NULL, i = argc;
	}
	if (!build || !path) {
		fprintf(stderr, "usage: asid_lab --build NAME [--list] [--dir DIR] EXERCISES\n");
		return 2;
	}
	f = fopen(path, "re");
	if (!f) {
		perror(path);
		return 2;
	}
	nr = lab_read(f, path, ex, EXERCISES, err, sizeof(err));
	fclose(f);
	if (nr < 0) {
		fprintf(stderr, "asid_lab: %s\n", err);
		return 2;
	}
	for (int i = 0; i < nr; i++) {
		if (!lab_runs_on(&ex[i], build))
			continue;
		planned++;
		for (int j = 0; j < ex[i].nr_steps; j++)
			if (ex[i].step[j].is_check &&
			    lab_step_on(&ex[i], &ex[i].step[j], build)) {
				planned++;
				if (list)
					printf("lab:%s:%s\n", ex[i].name, ex[i].step[j].label);
			}
		if (list)
			printf("lab:%s:commands\n", ex[i].name);
	}
	if (list)
		return 0;
	if (chdir(dir)) {
		perror(dir);
		return 2;
	}
	ktap_start(planned);
	for (int i = 0; i < nr; i++)
		if (lab_runs_on(&ex[i], build))
			exercise(&ex[i], build);
	ktap_summary();
	return ktap_failures() ? 1 : 0;
}
