// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's exercises: reading them and judging their checks; see
 * exercise.h for the file's format.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exercise.h"

#define LINE_LEN	512
#define WORDS		(LAB_BRANCHES + 8)
/* Stands for the quoted VALUE of a check among its words. */
#define QUOTED		"\x01"

static const char *const ops[] = { "=", "!=", "<", "<=", ">", ">=", "has" };

static int __attribute__((format(printf, 5, 6)))
fail(char *err, size_t len, const char *path, int line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, len, "%s:%d: ", path, line);

	va_start(ap, fmt);
	if (n > 0 && (size_t)n < len)
		vsnprintf(err + n, len - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Split @s in place into words; returns how many, or -1 if over @max. */
static int words(char *s, char **w, int max)
{
	int n = 0;

	for (char *t = strtok(s, " \t\n"); t; t = strtok(NULL, " \t\n")) {
		if (n == max)
			return -1;
		w[n++] = t;
	}
	return n;
}

/*
 * Take a "..." out of @line into @val, leaving QUOTED in its place.
 * Return: 0 (also when there is none), or -1 if unclosed, too long or
 * not a word of its own.
 */
static int unquote(char *line, char *val, size_t len)
{
	char *open = strchr(line, '"'), *close;

	if (!open)
		return 0;
	close = strchr(open + 1, '"');
	if (!close || (size_t)(close - open - 1) >= len)
		return -1;
	/* A word of its own: blanks, or the line's end, on both sides. */
	if ((open > line && open[-1] != ' ' && open[-1] != '\t') ||
	    (close[1] && !strchr(" \t\n", close[1])))
		return -1;
	snprintf(val, len, "%.*s", (int)(close - open - 1), open + 1);
	open[0] = ' ';
	open[1] = QUOTED[0];
	memmove(open + 2, close + 1, strlen(close + 1) + 1);
	return 0;
}

static bool copy(char *dst, const char *src)
{
	size_t n = strlen(src);

	if (n >= LAB_WORD_LEN)
		return false;
	memcpy(dst, src, n + 1);
	return true;
}

static bool listed(const struct lab_builds *b, const char *build)
{
	for (int i = 0; i < b->nr; i++)
		if (!strcmp(b->name[i], build))
			return true;
	return false;
}

/*
 * Builds @w[0..n) into @b, each one of @all's if @all is given.
 * Return: NULL, or why not.
 */
static const char *builds(struct lab_builds *b, char **w, int n,
			  const struct lab_builds *all)
{
	if (n > LAB_BRANCHES)
		return "more builds than a line may name";
	for (int i = 0; i < n; i++) {
		if (!copy(b->name[i], w[i]))
			return "a build name is too long";
		if (all && !listed(all, w[i]))
			return "a build the exercise, or the command checked, does not run on";
	}
	b->nr = n;
	return NULL;
}

static bool known_op(const char *op)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return true;
	return false;
}

/* KEY and LABEL: letters, digits, "_", "." and "-", as KTAP point names take them. */
static bool word_ok(const char *w)
{
	static const char ok[] = "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-";

	return *w && strspn(w, ok) == strlen(w);
}

/* Do two lists name a build in common (an empty one names all)? */
static bool overlap(const struct lab_builds *a, const struct lab_builds *b)
{
	if (!a->nr || !b->nr)
		return true;
	for (int i = 0; i < a->nr; i++)
		if (listed(b, a->name[i]))
			return true;
	return false;
}

/*
 * "check KEY[/LABEL] OP VALUE [BUILD...]", @w without "check", of the
 * command @cmd; a VALUE in double quotes, which may hold spaces, is @quoted,
 * and QUOTED in @w.  A check runs where its command runs: its builds are
 * the command's if it names none, and among them if it does.
 */
static const char *parse_check(struct lab_exercise *e, struct lab_step *s,
			       const struct lab_step *cmd, char **w, int n,
			       const char *quoted)
{
	const char *why;
	char *slash;

	if (n < 3)
		return "a check is: check KEY[/LABEL] OP VALUE [BUILD...]";
	slash = strchr(w[0], '/');
	if (slash)
		*slash++ = '\0';
	if (!copy(s->key, w[0]) || !copy(s->label, slash ? slash : w[0]) ||
	    !word_ok(s->key) || !word_ok(s->label))
		return "KEY and LABEL are words of letters, digits, '_', '.' and '-'";
	if (!strcmp(s->label, "commands"))
		return "LABEL \"commands\" is the exercise's own point";
	if (!known_op(w[1]))
		return "OP is one of = != < <= > >= has";
	snprintf(s->op, sizeof(s->op), "%s", w[1]);
	if (!strcmp(s->key, "output") && strcmp(s->op, "has"))
		return "KEY output takes OP has";
	for (int i = 0; i < n; i++)
		if (i != 2 && !strcmp(w[i], QUOTED))
			return "a quoted VALUE is the word after OP";
	if (!strcmp(w[2], QUOTED) && (!*quoted ||
	    (strchr(quoted, ' ') && strcmp(s->op, "has"))))
		return "a quoted VALUE is not empty, and has spaces only with OP has";
	if (!copy(s->value, strcmp(w[2], QUOTED) ? w[2] : quoted))
		return "VALUE is too long";
	why = builds(&s->on, w + 3, n - 3, cmd->on.nr ? &cmd->on : &e->on);
	if (why)
		return why;
	if (!s->on.nr)
		s->on = cmd->on;
	for (int i = 0; i < e->nr_steps; i++)
		if (e->step[i].is_check && !strcmp(e->step[i].label, s->label) &&
		    overlap(&e->step[i].on, &s->on))
			return "a second check of the same LABEL on a build";
	return NULL;
}

/* The last command of @e so far, or NULL. */
static const struct lab_step *last_command(const struct lab_exercise *e)
{
	for (int i = e->nr_steps - 1; i >= 0; i--)
		if (!e->step[i].is_check)
			return &e->step[i];
	return NULL;
}

/* "$ COMMAND" or "$[BUILD...] COMMAND". */
static const char *parse_cmd(struct lab_exercise *e, struct lab_step *s,
			     char *line)
{
	char *cmd = line + 1, *w[WORDS];
	const char *why;
	int n;

	if (*cmd == '[') {
		char *close = strchr(cmd, ']');

		if (!close)
			return "no ']' after \"$[\"";
		*close = '\0';
		n = words(cmd + 1, w, WORDS);
		if (n < 0)
			return "more builds than a line may name";
		if (!n)
			return "\"$[]\" names no build";
		why = builds(&s->on, w, n, &e->on);
		if (why)
			return why;
		cmd = close + 1;
	}
	while (*cmd == ' ' || *cmd == '\t')
		cmd++;
	cmd[strcspn(cmd, "\n")] = '\0';
	if (!*cmd)
		return "no command after \"$\"";
	if (strlen(cmd) >= LAB_CMD_LEN)
		return "the command is too long";
	strcpy(s->cmd, cmd);
	return NULL;
}

int lab_read(FILE *f, const char *path, struct lab_exercise *ex, int max,
	     char *err, size_t errlen)
{
	char line[LINE_LEN], copy_of[LINE_LEN], *w[WORDS];
	char quoted[LAB_WORD_LEN] = "";
	struct lab_exercise *e = NULL;
	int nr = 0, lineno = 0, n;
	const char *why;

	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (!strchr(line, '\n')) {
			int c = getc(f);

			if (c != EOF)
				return fail(err, errlen, path, lineno, "line too long");
		}
		if (line[0] == '#' || line[strspn(line, " \t\n")] == '\0')
			continue;
		if (line[0] == '$' || (!strncmp(line, "check", 5) && (line[5] == ' ' || line[5] == '\t'))) {
			struct lab_step *s;
			const struct lab_step *cmd;

			if (!e)
				return fail(err, errlen, path, lineno, "a step before the first exercise");
			if (e->nr_steps == LAB_STEPS)
				return fail(err, errlen, path, lineno, "more than %d steps", LAB_STEPS);
			s = &e->step[e->nr_steps];
			memset(s, 0, sizeof(*s));
			s->line = lineno;
			if (line[0] == '$') {
				why = parse_cmd(e, s, line);
			} else {
				strcpy(copy_of, line);
				quoted[0] = '\0';
				if (unquote(copy_of, quoted, sizeof(quoted)))
					return fail(err, errlen, path, lineno,
						    "a quoted VALUE is one \"...\" that fits");
				n = words(copy_of, w, WORDS);
				cmd = last_command(e);
				why = n < 0 ? "more builds than a line may name" :
				      !cmd ? "a check before any command" :
				      parse_check(e, s, cmd, w + 1, n - 1, quoted);
				s->is_check = true;
			}
			if (why)
				return fail(err, errlen, path, lineno, "%s", why);
			e->nr_steps++;
			continue;
		}
		strcpy(copy_of, line);
		n = words(copy_of, w, WORDS);
		if (n < 0)
			return fail(err, errlen, path, lineno, "more builds than a line may name");
		if (strcmp(w[0], "exercise"))
			return fail(err, errlen, path, lineno,
				    "not \"exercise\", \"$\" or \"check\"");
		if (nr == max)
			return fail(err, errlen, path, lineno, "more than %d exercises", max);
		e = &ex[nr++];
		memset(e, 0, sizeof(*e));
		if (n < 3 || !copy(e->name, w[1]) || strchr(e->name, ':'))
			return fail(err, errlen, path, lineno,
				    "an exercise is: exercise NAME BUILD..., NAME one word without ':'");
		for (int i = 0; i < nr - 1; i++)
			if (!strcmp(ex[i].name, e->name))
				return fail(err, errlen, path, lineno, "a second exercise %s", e->name);
		why = builds(&e->on, w + 2, n - 2, NULL);
		if (why)
			return fail(err, errlen, path, lineno, "%s", why);
	}
	return nr;
}

bool lab_runs_on(const struct lab_exercise *e, const char *build)
{
	return listed(&e->on, build);
}

bool lab_step_on(const struct lab_exercise *e, const struct lab_step *s,
		 const char *build)
{
	return lab_runs_on(e, build) && (!s->on.nr || listed(&s->on, build));
}

int lab_value(const char *output, int status, const char *key, char *val,
	      size_t len)
{
	size_t klen = strlen(key);
	const char *p = output;

	if (!strcmp(key, "exit")) {
		snprintf(val, len, "%d", status);
		return 0;
	}
	if (!strcmp(key, "value")) {
		p += strspn(p, " \t\n");
		if (!*p)
			return -1;
		snprintf(val, len, "%.*s", (int)strcspn(p, " \t\n"), p);
		return 0;
	}
	for (; *p; p += strcspn(p, "\n"), p += *p == '\n') {
		const char *v = p + klen;

		if (strncmp(p, key, klen))
			continue;
		if (*v == ':')
			v++;
		if (*v != ' ' && *v != '\t')
			continue;
		v += strspn(v, " \t");
		if (*v == '\n' || !*v)
			continue;
		snprintf(val, len, "%.*s", (int)strcspn(v, " \t\n"), v);
		return 0;
	}
	return -1;
}

static bool number(const char *s, long long *v)
{
	char *end;

	errno = 0;
	*v = strtoll(s, &end, 10);
	return *s && !*end && !errno;
}

bool lab_holds(const char *got, const char *op, const char *want)
{
	long long g = 0, w = 0;
	bool numbers = number(got, &g) && number(want, &w);

	if (!strcmp(op, "has"))
		return strstr(got, want) != NULL;
	if (!strcmp(op, "="))
		return numbers ? g == w : !strcmp(got, want);
	if (!strcmp(op, "!="))
		return numbers ? g != w : strcmp(got, want) != 0;
	if (!numbers)
		return false;
	if (!strcmp(op, "<"))
		return g < w;
	if (!strcmp(op, "<="))
		return g <= w;
	if (!strcmp(op, ">"))
		return g > w;
	return !strcmp(op, ">=") && g >= w;
}
