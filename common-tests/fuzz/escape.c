// SPDX-License-Identifier: GPL-2.0
/*
 * Inputs as C literals for failure reports; see input.h.
 */
#include <stdio.h>
#include <string.h>

#include "input.h"

#define RUN_MIN	8

static size_t esc_byte(unsigned char ch, char *out)
{
	switch (ch) {
	case '\n':
		return (size_t)sprintf(out, "\\n");
	case '\t':
		return (size_t)sprintf(out, "\\t");
	case '\r':
		return (size_t)sprintf(out, "\\r");
	case '"':
		return (size_t)sprintf(out, "\\\"");
	case '\\':
		return (size_t)sprintf(out, "\\\\");
	}
	/* '|' would become '/' in a KTAP diagnostic; octal keeps it exact. */
	if (ch < 0x20 || ch >= 0x7f || ch == '|')
		return (size_t)sprintf(out, "\\%03o", ch);
	out[0] = (char)ch;
	out[1] = '\0';
	return 1;
}

void fuzz_escape(const void *buf, size_t len, char *out, size_t outlen)
{
	const unsigned char *p = buf;
	char piece[32], seg[64];
	size_t used = 0, i = 0, run;
	bool open = false;

	out[0] = '\0';
	while (i < len) {
		for (run = 1; i + run < len && p[i + run] == p[i]; run++)
			;
		seg[0] = '\0';
		esc_byte(p[i], piece);
		if (run >= RUN_MIN) {
			snprintf(seg, sizeof(seg), "%s\"%s\"x%zu", open ? "\" " :
				 used ? " " : "", piece, run);
			open = false;
		} else {
			run = 1;
			snprintf(seg, sizeof(seg), "%s%s", open ? "" :
				 used ? " \"" : "\"", piece);
			open = true;
		}
		/* Room for the segment, a closing quote and the cut mark. */
		if (used + strlen(seg) + 24 >= outlen) {
			snprintf(out + used, outlen - used, "%s...(%zu more)",
				 open ? "\"" : "", len - i);
			return;
		}
		strcpy(out + used, seg);
		used += strlen(seg);
		i += run;
	}
	if (!len)
		snprintf(out, outlen, "\"\"");
	else if (open)
		snprintf(out + used, outlen - used, "\"");
}
