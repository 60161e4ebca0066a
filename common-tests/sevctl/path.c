// SPDX-License-Identifier: GPL-2.0
/*
 * Cgroup names as sevctl takes them: paths below the mount, "" for the
 * root.
 */
#define _GNU_SOURCE	/* strchrnul, pipe2 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sevctl.h"

static bool good_component(const char *p, size_t n)
{
	if (!n || n > NAME_MAX)
		return false;
	return !(n == 1 && p[0] == '.') && !(n == 2 && !strncmp(p, "..", 2));
}

int cgp_arg(const struct sevctl *s, const char *arg, char *rel,
	    bool must_exist)
{
	const char *p = arg, *end;
	char abs[CG_PATH_LEN];
	size_t n;

	while (*p == '/')
		p++;
	n = strlen(p);
	while (n && p[n - 1] == '/')
		n--;
	if (n + strlen(s->mount) + 2 > CG_PATH_LEN)
		return sc_err(s, "cgroup path '%s' is too long", arg);
	memcpy(rel, p, n);
	rel[n] = '\0';
	for (p = rel; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, '/');
		if (!good_component(p, end - p))
			return sc_err(s, "'%s' is not a cgroup path below %s (no empty, '.' or '..' parts)",
				      arg, s->mount);
	}
	if (!must_exist)
		return 0;
	cgp_abs(s, rel, abs);
	if (!cg_exists(abs))
		return sc_err(s, "no cgroup '%s' under %s", cgp_show(rel),
			      s->mount);
	return 0;
}

void cgp_abs(const struct sevctl *s, const char *rel, char *abs)
{
	snprintf(abs, CG_PATH_LEN, "%s%s%s", s->mount, *rel ? "/" : "", rel);
}

const char *cgp_show(const char *rel)
{
	return *rel ? rel : "/";
}

void cgp_parent(char *rel)
{
	char *slash = strrchr(rel, '/');

	if (slash)
		*slash = '\0';
	else
		rel[0] = '\0';
}

/* Is @name one of the comma-separated controllers of a v1 line? */
static bool has_controller(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p; p++) {
		if (!strncmp(p, name, n) && (p[n] == ',' || !p[n]))
			return true;
		p = strchrnul(p, ',');
		if (!*p)
			break;
	}
	return false;
}

/* /proc/self/cgroup: "<id>:<controllers>:<path>", v2's line is "0::<path>". */
int cgp_self(const struct sevctl *s, char *rel)
{
	char line[CG_PATH_LEN + 128], *ctrls, *path, *nl;
	int ret = -ENOENT;
	FILE *f = fopen("/proc/self/cgroup", "re");

	if (!f)
		return sc_err(s, "/proc/self/cgroup: %s", strerror(errno));
	while (ret && fgets(line, sizeof(line), f)) {
		ctrls = strchr(line, ':');
		path = ctrls ? strchr(ctrls + 1, ':') : NULL;
		if (!path)
			continue;
		*ctrls++ = '\0';
		*path++ = '\0';
		nl = strchr(path, '\n');
		if (nl)
			*nl = '\0';
		if (cg_is_v2() ? !strcmp(line, "0") && !*ctrls :
				 has_controller(ctrls, ctl_name(&s->ctl)))
			ret = 0;
	}
	fclose(f);
	if (ret)
		return sc_err(s, "/proc/self/cgroup has no line for the hierarchy at %s",
			      s->mount);
	return cgp_arg(s, path, rel, true);
}
