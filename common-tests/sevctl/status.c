// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl status: per resource type, the capacity and usage of the whole
 * system, then current and max (and, on misc, the refusal count of
 * misc.events) of every cgroup that has the controller's files.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "sevctl.h"

#define STATUS_MAX_CG	512

struct cg_list {
	int n;
	char *rel[STATUS_MAX_CG];
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add every cgroup below @rel, depth first, children sorted by name. */
static void walk(const struct sevctl *s, const char *rel, struct cg_list *l)
{
	char abs[CG_PATH_LEN], *names[STATUS_MAX_CG];
	struct dirent *de;
	int n = 0;
	DIR *d;

	cgp_abs(s, rel, abs);
	d = opendir(abs);
	if (!d)
		return;
	while ((de = readdir(d)) && n < STATUS_MAX_CG)
		if (de->d_type == DT_DIR && strcmp(de->d_name, ".") &&
		    strcmp(de->d_name, ".."))
			names[n++] = strdup(de->d_name);
	closedir(d);
	qsort(names, n, sizeof(names[0]), by_name);
	for (int i = 0; i < n; i++) {
		char child[CG_PATH_LEN];

		if (!names[i])
			continue;
		snprintf(child, sizeof(child), "%s%s%s", rel, *rel ? "/" : "",
			 names[i]);
		free(names[i]);
		if (l->n == STATUS_MAX_CG || strlen(child) + 1 >= CG_PATH_LEN)
			continue;
		l->rel[l->n++] = strdup(child);
		walk(s, child, l);
	}
}

/* Does @rel have the file (v2: is the controller enabled in its parent)? */
static bool has_file(const struct sevctl *s, const char *rel,
		     enum ctl_file f, const char *res)
{
	char abs[CG_PATH_LEN], name[CTL_NAME_LEN];

	cgp_abs(s, rel, abs);
	return !ctl_file(&s->ctl, f, res, name, sizeof(name)) &&
	       cg_has_file(abs, name);
}

static void print_root(const struct sevctl *s, const char *res)
{
	char cap[24] = "?", used[24] = "?";
	uint64_t v;

	if (!ctl_get_capacity(&s->ctl, res, &v))
		parse_fmt_count(v, cap, sizeof(cap));
	if (!sc_root_usage(s, res, &v))
		parse_fmt_count(v, used, sizeof(used));
	printf("%s: capacity %s, used %s\n", res, cap, used);
}

static void print_cg(const struct sevctl *s, const char *rel, const char *res,
		     int width, bool events)
{
	char abs[CG_PATH_LEN], cur[24] = "-", max[24] = "-", ev[24] = "-";
	uint64_t v;

	cgp_abs(s, rel, abs);
	if (!ctl_get_current(&s->ctl, abs, res, &v))
		parse_fmt_count(v, cur, sizeof(cur));
	if (ctl_read_max(&s->ctl, abs, res, max, sizeof(max)))
		strcpy(max, "-");
	if (events && !ctl_get_events(&s->ctl, abs, res, &v))
		parse_fmt_count(v, ev, sizeof(ev));
	printf("  %-*s %8s %8s", width, rel, cur, max);
	if (events)
		printf(" %8s", ev);
	printf("\n");
}

int cmd_status(struct sevctl *s, int argc, char **argv)
{
	bool events, one = argc == 2;
	char rel[CG_PATH_LEN];
	struct cg_list l = { 0 };
	int width = 6;

	if (argc > 2)
		return sc_usage(s, "status [<cgroup>]");
	if (sc_setup(s))
		return 1;
	if (one && cgp_arg(s, argv[1], rel, true))
		return 1;
	if (!s->ctl.nres)
		return sc_err(s, "%s has no resource type with a capacity",
			      ctl_name(&s->ctl));
	if (!one)
		walk(s, "", &l);
	else if (*rel)
		l.rel[l.n++] = strdup(rel);
	for (int i = 0; i < l.n; i++)
		if (l.rel[i] && (int)strlen(l.rel[i]) > width)
			width = strlen(l.rel[i]);
	/* misc as first merged (5.13) has no misc.events: no column then. */
	events = false;
	for (int i = 0; i < l.n && ctl_has(&s->ctl, CTL_F_EVENTS); i++)
		events |= l.rel[i] && has_file(s, l.rel[i], CTL_F_EVENTS,
						 s->ctl.res[0]);

	printf("%s controller, cgroup %s, at %s\n", ctl_name(&s->ctl),
	       cg_is_v2() ? "v2" : "v1", s->mount);
	for (int r = 0; r < s->ctl.nres; r++) {
		const char *res = s->ctl.res[r];
		int shown = 0;

		print_root(s, res);
		for (int i = 0; i < l.n; i++) {
			if (!l.rel[i] ||
			    (!one && !has_file(s, l.rel[i], CTL_F_MAX, res)))
				continue;
			if (!shown++) {
				printf("  %-*s %8s %8s", width, "cgroup",
				       "current", "max");
				printf(events ? " %8s\n" : "\n", "refused");
			}
			print_cg(s, l.rel[i], res, width, events);
		}
		if (!shown && !one)
			printf("  (no cgroup below the root has %s files)\n",
			       ctl_name(&s->ctl));
	}
	for (int i = 0; i < l.n; i++)
		free(l.rel[i]);
	return 0;
}
