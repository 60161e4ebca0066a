/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lab's exercises (common-tests/lab/exercises): what each one runs,
 * on which branches, and the outcome it states.  Read by the guest runner
 * (asid_lab) and by results/report/report.c, which prints them in the lab
 * sheet; pure parsing and comparison, no I/O but the file read.
 *
 * The file, line by line ('#' starts a comment line):
 *   exercise NAME BRANCH...     an exercise, run on those builds
 *   $ COMMAND                   a shell command, run in /sys/fs/cgroup
 *   $[BRANCH...] COMMAND        the same, on those of the exercise's only
 *   check KEY[/LABEL] OP VALUE [BRANCH...]
 *                               an outcome of the command before it, on
 *                               those builds (default: all the exercise's)
 * KEY is a word of the command's output: the line that starts with it
 * (":" after it allowed) gives its value, the word after it.  Three keys
 * are the command's own: "exit" (its exit status), "value" (the first word
 * it printed) and "output" (all of it, for OP "has").  OP is one of
 * = != < <= > >= (numbers; = and != also compare words) or "has" (VALUE,
 * in double quotes if it has spaces, occurs in the output).  A check runs
 * where its command runs.  It is the point "lab:NAME:LABEL", LABEL
 * defaulting to KEY; one build gets each point once; "commands" is the
 * exercise's own point (every command ran as the sheet says).
 */
#ifndef _LAB_EXERCISE_H
#define _LAB_EXERCISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define LAB_WORD_LEN	64
#define LAB_CMD_LEN	256
#define LAB_BRANCHES	8
#define LAB_STEPS	40

struct lab_builds {
	char name[LAB_BRANCHES][LAB_WORD_LEN];
	int nr;			/* 0: every build of the exercise */
};

struct lab_step {
	bool is_check;
	int line;
	struct lab_builds on;
	char cmd[LAB_CMD_LEN];		/* a command */
	char key[LAB_WORD_LEN];		/* a check: KEY OP VALUE, as point LABEL */
	char label[LAB_WORD_LEN];
	char op[4];
	char value[LAB_WORD_LEN];
};

struct lab_exercise {
	char name[LAB_WORD_LEN];
	struct lab_builds on;
	struct lab_step step[LAB_STEPS];
	int nr_steps;
};

/*
 * lab_read() - Read up to @max exercises from @f.
 * Return: how many, or -1 with "<path>:<line>: <why>" in @err.
 */
int lab_read(FILE *f, const char *path, struct lab_exercise *ex, int max,
	     char *err, size_t errlen);

/* Does @e run on @build; does its step @s? */
bool lab_runs_on(const struct lab_exercise *e, const char *build);
bool lab_step_on(const struct lab_exercise *e, const struct lab_step *s,
		 const char *build);

/*
 * lab_value() - What a check reads from a command's @output and @status:
 * KEY's value, "exit" the status, "value" the first word.
 * Return: 0, or -1 if the output has no such key.
 */
int lab_value(const char *output, int status, const char *key, char *val,
	      size_t len);

/* lab_holds() - Does @got @op @want hold ("has": @want occurs in @got)? */
bool lab_holds(const char *got, const char *op, const char *want);

#endif /* _LAB_EXERCISE_H */
