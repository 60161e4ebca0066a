// SPDX-License-Identifier: GPL-2.0
/*
 * meta: "key: value" files (meta.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "meta.h"

int meta_find(const char *text, const char *key, char *out, size_t len)
{
	size_t k = strlen(key);
	const char *l;

	out[0] = '\0';
	for (l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		const char *v, *e;

		if (strncmp(l, key, k) || l[k] != ':')
			continue;
		for (v = l + k + 1; *v == ' '; v++)
			;
		e = v + strcspn(v, "\r\n");
		snprintf(out, len, "%.*s", (int)(e - v), v);
		return 0;
	}
	return -1;
}

int meta_get(const char *dir, const char *file, const char *key, char *out,
	     size_t len)
{
	char path[4096], *text;
	int r;

	out[0] = '\0';
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	text = read_text_file(path, NULL);
	if (!text)
		return -1;
	r = meta_find(text, key, out, len);
	free(text);
	return r;
}

int meta_exists(const char *dir, const char *file)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return !access(path, R_OK);
}
