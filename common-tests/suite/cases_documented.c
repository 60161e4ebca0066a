// SPDX-License-Identifier: GPL-2.0
/*
 * The optional interface files a design documents, pinned per branch.
 *
 * ctl.c finds out from the files a kernel shows which optional ones it has
 * (misc.events, misc.events.local, misc.peak, misc.current on the root),
 * and the cases that need one skip where it is absent.  So a kernel that
 * lost a file, or grew one its design does not document, would pass them
 * all; this point compares what the kernel shows with the list the branch
 * documents (variants/<branch>/files, given with --files).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "suite.h"

struct optional_file {
	const char *word;	/* as variants/<branch>/files names it */
	bool (*shown)(const struct ctl *c);
};

static bool shows_events(const struct ctl *c)
{
	return c->design == CTL_MISC && c->events;
}

static bool shows_events_local(const struct ctl *c)
{
	return c->design == CTL_MISC && c->events_local;
}

static bool shows_peak(const struct ctl *c)
{
	return c->design == CTL_MISC && c->peak;
}

static bool shows_root_current(const struct ctl *c)
{
	return c->design == CTL_MISC && c->root_current;
}

static const struct optional_file optional_files[] = {
	{ "events", shows_events },
	{ "events_local", shows_events_local },
	{ "peak", shows_peak },
	{ "root_current", shows_root_current },
};

#define NR_OPTIONAL ((int)(sizeof(optional_files) / sizeof(optional_files[0])))

/* Set listed[i] for each optional file @path names; -errno if unreadable. */
static int read_documented(const char *path, bool listed[NR_OPTIONAL],
			   char *unknown, size_t len)
{
	char word[64];
	FILE *f = fopen(path, "re");
	int i, c;

	if (!f)
		return -errno;
	unknown[0] = '\0';
	while (fscanf(f, " %63s", word) == 1) {
		if (word[0] == '#') {
			while ((c = fgetc(f)) != EOF && c != '\n')
				;
			continue;
		}
		for (i = 0; i < NR_OPTIONAL; i++)
			if (!strcmp(word, optional_files[i].word))
				break;
		if (!strcmp(word, CAPACITY_BUSY) || !strcmp(word, LIMITS_UINT) ||
		    !strcmp(word, REFUSALS_UNLOGGED) || !strcmp(word, STOCKED_CHARGES))
			continue;	/* a behaviour, see suite_documents() */
		if (i < NR_OPTIONAL)
			listed[i] = true;
		else if (!unknown[0])
			snprintf(unknown, len, "%s", word);
	}
	fclose(f);
	return 0;
}

bool suite_documents(const struct suite *s, const char *word)
{
	char w[64];
	bool found = false;
	FILE *f = s->documented ? fopen(s->documented, "re") : NULL;

	while (f && !found && fscanf(f, " %63s", w) == 1)
		found = !strcmp(w, word);
	if (f)
		fclose(f);
	return found;
}

CASE(case_documented_files)
{
	bool listed[NR_OPTIONAL] = { false };
	char shown[128] = "", documented[128] = "", unknown[64];
	int i, ret;

	if (!p->s->documented) {
		pt_obs(p, "no --files list given");
		pt_fail(p, "the branch's documented files were not given (--files)");
		return FAIL;
	}
	ret = read_documented(p->s->documented, listed, unknown, sizeof(unknown));
	if (ret) {
		pt_obs(p, "%s unreadable: %s", p->s->documented, strerror(-ret));
		pt_fail(p, "cannot read %s", p->s->documented);
		return FAIL;
	}
	if (unknown[0])
		pt_fail(p, "%s names \"%s\", not an optional file", p->s->documented,
			unknown);
	for (i = 0; i < NR_OPTIONAL; i++) {
		bool is_shown = optional_files[i].shown(p->c);

		if (is_shown)
			snprintf(shown + strlen(shown), sizeof(shown) - strlen(shown),
				 " %s", optional_files[i].word);
		if (listed[i])
			snprintf(documented + strlen(documented),
				 sizeof(documented) - strlen(documented), " %s",
				 optional_files[i].word);
		if (is_shown != listed[i])
			pt_fail(p, "%s: the kernel %s it, the design %s it",
				optional_files[i].word, is_shown ? "shows" : "lacks",
				listed[i] ? "documents" : "does not document");
	}
	pt_obs(p, "shows:%s; documented:%s", shown[0] ? shown : " none",
	       documented[0] ? documented : " none");
	return pt_result(p);
}
