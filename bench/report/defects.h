/* SPDX-License-Identifier: GPL-2.0 */
/*
 * defects: which findings each branch has, as its known-defects file
 * lists them (variants/<branch>/known-defects: "<finding> <point> <ERE>"
 * lines, '#' comments), and the findings' titles, as results/findings.md
 * heads them ("## F1: title").
 */
#ifndef BENCHREPORT_DEFECTS_H
#define BENCHREPORT_DEFECTS_H

#define MAXF		32	/* findings */
#define FIDLEN		16

struct finding {
	char id[FIDLEN];	/* "F1" */
	char title[256];	/* what findings.md says after "F1: " */
};

/*
 * The distinct finding ids of a known-defects file, in the order of
 * their first line, at most max.  Returns how many, or -1 if the file
 * cannot be read.
 */
int defects_read(const char *path, char (*ids)[FIDLEN], int max);
/* The same from the file's text. */
int defects_parse(const char *text, char (*ids)[FIDLEN], int max);
/* The "## <id>: <title>" headings of findings.md; -1 if unreadable. */
int findings_read(const char *path, struct finding *f, int max);
int findings_parse(const char *text, struct finding *f, int max);

#endif
