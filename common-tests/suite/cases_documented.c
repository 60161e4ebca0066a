// SPDX-License-Identifier: GPL-2.0
/*
 * The optional interface files a design documents, pinned per branch.
 *
 * ctl.c finds out from the files a kernel shows which optional ones it has
 * (misc.events, misc.events.local, misc.peak, misc.current on the root),
 * and the cases that need one skip where it is absent.  So a kernel that
 * lost a file, or grew one its design does not document, would pass them
 * all; this point compares what the kernel shows with the list the branch
 * documents (the "documents" lines of variants/<branch>/branch, --branch).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "branch.h"
#include "parse.h"
#include "suite.h"

struct optional_file {
	const char *word;	/* as a "documents" line names it */
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

struct documented {
	bool listed[NR_OPTIONAL];
	char unknown[PARSE_KEY_LEN];
};

/* Mark the optional file @word names; keep the first unknown word. */
static int note_documented(const char *word, void *arg)
{
	struct documented *d = arg;
	int i;

	if (!strcmp(word, CAPACITY_BUSY) || !strcmp(word, LIMITS_UINT) ||
	    !strcmp(word, REFUSALS_UNLOGGED) || !strcmp(word, STOCKED_CHARGES))
		return 0;	/* a behaviour, see suite_documents() */
	for (i = 0; i < NR_OPTIONAL; i++)
		if (!strcmp(word, optional_files[i].word))
			break;
	if (i < NR_OPTIONAL)
		d->listed[i] = true;
	else if (!d->unknown[0])
		snprintf(d->unknown, sizeof(d->unknown), "%s", word);
	return 0;
}

bool suite_documents(const struct suite *s, const char *word)
{
	return s->branch && branch_has(s->branch, "documents", word);
}

CASE(case_documented_files)
{
	struct documented d = { { false }, "" };
	bool *listed = d.listed;
	char shown[128] = "", documented[128] = "";
	const char *path = p->s->branch;
	int i, ret, bad_line = 0;

	if (!path) {
		pt_obs(p, "no --branch file given");
		pt_fail(p, "the branch's documented files were not given (--branch)");
		return FAIL;
	}
	ret = branch_for_each(path, "documents", note_documented, &d, &bad_line);
	if (ret && bad_line) {
		pt_obs(p, "%s: line %d malformed", path, bad_line);
		pt_fail(p, "%s: line %d is not \"<key> <value>\"", path, bad_line);
		return FAIL;
	} else if (ret) {
		pt_obs(p, "%s unreadable: %s", path, strerror(-ret));
		pt_fail(p, "cannot read %s", path);
		return FAIL;
	}
	if (d.unknown[0])
		pt_fail(p, "%s documents \"%s\", not an optional file", path, d.unknown);
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
