// SPDX-License-Identifier: GPL-2.0
/*
 * Section "TCG context: machine and command": the lines of meta.txt as a
 * list, "key: value" kept as written, a command (a key containing
 * "command" or "cmd") as a code block so that it can be copied.  The
 * native run's native-meta.txt is listed the same way (sec_nmeta.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "report.h"
#include "sections.h"

/* One line of a meta file as a list item; returns 0 for a blank line. */
static int meta_line(const char *line)
{
	const char *colon, *val;
	char key[128];
	size_t k;

	if (!*line)
		return 0;
	colon = strchr(line, ':');
	if (!colon) {
		P("- `%s`\n", line);
		return 1;
	}
	k = (size_t)(colon - line);
	snprintf(key, sizeof(key), "%.*s", (int)k, line);
	for (val = colon + 1; *val == ' '; val++)
		;
	for (k = 0; key[k]; k++)
		key[k] = (char)tolower((unsigned char)key[k]);
	if (strstr(key, "command") || strstr(key, "cmd"))
		P("- %.*s:\n\n  ```\n  %s\n  ```\n\n",
		  (int)(colon - line), line, val);
	else
		P("- %.*s: %s\n", (int)(colon - line), line, val);
	return 1;
}

int print_meta_file(const char *file)
{
	char path[4096], *text, *line, *next;
	int n = 0;

	snprintf(path, sizeof(path), "%s/%s", in_dir, file);
	text = read_text_file(path, NULL);
	if (text) {
		for (line = text; line; line = next) {
			next = strchr(line, '\n');
			if (next)
				*next++ = '\0';
			line[strcspn(line, "\r")] = '\0';
			n += meta_line(line);
		}
		free(text);
	}
	if (n)
		P("\n");
	return n;
}

void section_meta(void)
{
	P("## TCG context: machine and command\n\n");
	if (!print_meta_file("meta.txt"))
		P("meta.txt: " NOT_MEASURED " (no machine facts recorded).\n\n");
}
