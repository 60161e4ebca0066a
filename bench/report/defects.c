// SPDX-License-Identifier: GPL-2.0
/*
 * defects: known-defects files and findings.md headings (defects.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "defects.h"

/* A finding id: capital letters, then digits ("F1", "O1"). */
static int is_id(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && isupper((unsigned char)s[i]))
		i++;
	if (!i || i == n || n >= FIDLEN)
		return 0;
	while (i < n && isdigit((unsigned char)s[i]))
		i++;
	return i == n;
}

int defects_parse(const char *text, char (*ids)[FIDLEN], int max)
{
	const char *line = text, *e;
	int n = 0, i;

	for (; line && *line; line = e ? e + 1 : NULL) {
		const char *s = line;
		size_t k;

		e = strchr(line, '\n');
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '#')
			continue;
		k = strcspn(s, " \t\r\n");
		if (!is_id(s, k))
			continue;
		for (i = 0; i < n; i++)
			if (!strncmp(ids[i], s, k) && !ids[i][k])
				break;
		if (i < n)
			continue;
		if (n == max)
			break;
		memcpy(ids[n], s, k);
		ids[n++][k] = '\0';
	}
	return n;
}

int defects_read(const char *path, char (*ids)[FIDLEN], int max)
{
	char *text = read_text_file(path, NULL);
	int n;

	if (!text)
		return -1;
	n = defects_parse(text, ids, max);
	free(text);
	return n;
}

int findings_parse(const char *text, struct finding *f, int max)
{
	const char *line = text, *e;
	int n = 0;

	for (; line && *line && n < max; line = e ? e + 1 : NULL) {
		const char *id, *colon;
		size_t len;

		e = strchr(line, '\n');
		if (strncmp(line, "## ", 3))
			continue;
		id = line + 3;
		colon = strchr(id, ':');
		if (!colon || (e && colon > e) || !is_id(id, (size_t)(colon - id)))
			continue;
		memcpy(f[n].id, id, (size_t)(colon - id));
		f[n].id[colon - id] = '\0';
		for (colon++; *colon == ' '; colon++)
			;
		len = e ? (size_t)(e - colon) : strlen(colon);
		while (len && (colon[len - 1] == '\r' || colon[len - 1] == ' '))
			len--;
		if (len >= sizeof(f[n].title))
			len = sizeof(f[n].title) - 1;
		memcpy(f[n].title, colon, len);
		f[n++].title[len] = '\0';
	}
	return n;
}

int findings_read(const char *path, struct finding *f, int max)
{
	char *text = read_text_file(path, NULL);
	int n;

	if (!text)
		return -1;
	n = findings_parse(text, f, max);
	free(text);
	return n;
}
