// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"

char *read_text_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f)
		return NULL;
	for (;;) {
		size_t got;

		if (cap - n < 4096) {
			char *nb = realloc(buf, cap ? cap * 2 : 8192);

			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
			cap = cap ? cap * 2 : 8192;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

static char *trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * Split one line (modified in place) into fields.  Returns the number of
 * fields; only the first max are stored.
 */
static int split(char *line, char **fields, int max)
{
	int n = 0, more;
	char *p = line, *start, *w;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '"') {
			/* Quoted: unescape in place ("" is one quote). */
			start = w = ++p;
			while (*p) {
				if (*p == '"' && p[1] == '"') {
					*w++ = '"';
					p += 2;
				} else if (*p == '"') {
					p++;
					break;
				} else {
					*w++ = *p++;
				}
			}
			while (*p && *p != ',')
				p++;	/* ignore junk after the closing quote */
			more = *p == ',';
			*w = '\0';
		} else {
			start = p;
			while (*p && *p != ',')
				p++;
			more = *p == ',';
			*p = '\0';
			start = trim(start);
		}
		if (n < max)
			fields[n] = start;
		n++;
		if (!more)
			return n;
		p++;
	}
}

static int blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			return 0;
	return 1;
}

static char **dup_fields(char **f, int n)
{
	char **r = calloc((size_t)n, sizeof(*r));
	int i;

	if (!r)
		return NULL;
	for (i = 0; i < n; i++) {
		r[i] = strdup(f[i] ? f[i] : "");
		if (!r[i]) {
			while (i--)
				free(r[i]);
			free(r);
			return NULL;
		}
	}
	return r;
}

#define MAX_FIELDS 64

int csv_parse(struct csv *c, const char *text)
{
	char *copy = strdup(text), *line, *next;
	char *fields[MAX_FIELDS];
	int cap = 0;

	if (!copy)
		return -1;
	c->exists = 1;
	for (line = copy; line; line = next) {
		int n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (blank(line) || *trim(line) == '#')
			continue;
		n = split(line, fields, MAX_FIELDS);
		if (!c->header) {
			if (n > MAX_FIELDS)
				n = MAX_FIELDS;
			c->header = dup_fields(fields, n);
			if (!c->header)
				goto oom;
			c->ncols = n;
			continue;
		}
		if (n != c->ncols) {
			c->nbad++;
			continue;
		}
		if (c->nrows == cap) {
			char ***nr = realloc(c->rows, sizeof(*nr) *
					     (size_t)(cap ? cap * 2 : 64));

			if (!nr)
				goto oom;
			c->rows = nr;
			cap = cap ? cap * 2 : 64;
		}
		c->rows[c->nrows] = dup_fields(fields, n);
		if (!c->rows[c->nrows])
			goto oom;
		c->nrows++;
	}
	free(copy);
	return 0;
oom:
	free(copy);
	return -1;
}

int csv_load(struct csv *c, const char *path)
{
	char *text;
	int r;

	memset(c, 0, sizeof(*c));
	text = read_text_file(path, NULL);
	if (!text)
		return 0;
	r = csv_parse(c, text);
	free(text);
	return r;
}

void csv_free(struct csv *c)
{
	int i, j;

	for (i = 0; i < c->nrows; i++) {
		for (j = 0; j < c->ncols; j++)
			free(c->rows[i][j]);
		free(c->rows[i]);
	}
	for (j = 0; j < c->ncols; j++)
		free(c->header[j]);
	free(c->rows);
	free(c->header);
	memset(c, 0, sizeof(*c));
}

int csv_col(const struct csv *c, const char *name)
{
	int i;

	for (i = 0; i < c->ncols; i++)
		if (!strcmp(c->header[i], name))
			return i;
	return -1;
}

int csv_num(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s)
		return -1;
	/* Decimal only: no hex, no inf/nan words. */
	for (const char *p = s; *p; p++)
		if (!strchr("0123456789+-.eE", *p))
			return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno || *end || end == s || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int csv_int(const char *s, int *out)
{
	double v;

	if (csv_num(s, &v) || v != floor(v) || v < -2147483648.0 ||
	    v > 2147483647.0)
		return -1;
	*out = (int)v;
	return 0;
}
