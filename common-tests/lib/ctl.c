// SPDX-License-Identifier: GPL-2.0
/*
 * The controller abstraction; see ctl.h.
 *
 * misc (Linux 6.1, Documentation/admin-guide/cgroup-v2.rst "Misc"):
 *   root:     misc.capacity  "<res> <capacity>" for each res with capacity
 *   non-root: misc.max       "<res> max|<n>", written as "<res> <value>"
 *             misc.current   "<res> <usage>"
 *             misc.events    "<res>.max <count>"
 *   misc 6.12 also: misc.current on the root, misc.peak "<res> <max usage>"
 *             on every cgroup, misc.events.local "<res>.max <count>"
 *             (this cgroup's own refusals) on non-root cgroups
 * encryption_ids (v4, cgroup-v1/encryption_ids.rst):
 *   root:     encryption_ids.<res>.stat     "total <n>\nused <n>\n"
 *   non-root: encryption_ids.<res>.max      "max" or "<n>"
 *             encryption_ids.<res>.current  "<n>"
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ctl.h"
#include "parse.h"

#define MISC_PREFIX	"misc."
#define ENC_PREFIX	"encryption_ids."
#define ENC_STAT	".stat"

const char *ctl_name(const struct ctl *c)
{
	switch (c->design) {
	case CTL_MISC:
		return "misc";
	case CTL_ENC_IDS:
		return "encryption_ids";
	default:
		return "none";
	}
}

static bool has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

struct scan {
	bool misc, enc;
};

static int scan_one(const char *name, void *arg)
{
	struct scan *s = arg;

	if (has_prefix(name, MISC_PREFIX))
		s->misc = true;
	if (has_prefix(name, ENC_PREFIX))
		s->enc = true;
	return 0;
}

/* Is @word a whitespace-separated word of @text? */
static bool has_word(const char *text, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		bool start = p == text || p[-1] == ' ' || p[-1] == '\n' ||
			     p[-1] == '\t';
		bool end = !p[n] || p[n] == ' ' || p[n] == '\n' ||
			   p[n] == '\t';

		if (start && end)
			return true;
	}
	return false;
}

static bool proc_cgroups_has(const char *name)
{
	bool enabled = false;

	return !cg_proc_cgroups(name, NULL, &enabled) && enabled;
}

int ctl_detect(struct ctl *c, const char *root)
{
	struct scan s = { false, false };
	char buf[1024];

	memset(c, 0, sizeof(*c));
	snprintf(c->root, sizeof(c->root), "%s", root);
	cg_for_each_file(root, scan_one, &s);
	if (!s.misc && !s.enc &&
	    cg_read(root, "cgroup.controllers", buf, sizeof(buf)) >= 0) {
		s.misc = has_word(buf, "misc");
		s.enc = has_word(buf, "encryption_ids");
	}
	if (!s.misc && !s.enc) {
		s.misc = proc_cgroups_has("misc");
		s.enc = proc_cgroups_has("encryption_ids");
	}
	if (s.enc)
		c->design = CTL_ENC_IDS;
	else if (s.misc)
		c->design = CTL_MISC;
	return c->design == CTL_NONE ? -ENOENT : 0;
}

static void add_res(struct ctl *c, const char *res)
{
	for (int i = 0; i < c->nres; i++)
		if (!strcmp(c->res[i], res))
			return;
	if (c->nres < CTL_MAX_RES)
		snprintf(c->res[c->nres++], CTL_NAME_LEN, "%s", res);
}

static int add_keys(struct ctl *c, const char *cg, const char *file)
{
	char buf[4096], keys[CTL_MAX_RES][PARSE_KEY_LEN];
	int n = cg_read(cg, file, buf, sizeof(buf));

	if (n < 0)
		return n;
	n = parse_keys(buf, keys, CTL_MAX_RES);
	for (int i = 0; i < n; i++)
		add_res(c, keys[i]);
	return n < 0 ? n : 0;
}

static int add_stat_res(const char *name, void *arg)
{
	struct ctl *c = arg;
	char res[CTL_NAME_LEN];
	size_t n;

	if (!has_prefix(name, ENC_PREFIX) || !has_suffix(name, ENC_STAT))
		return 0;
	n = strlen(name) - strlen(ENC_PREFIX) - strlen(ENC_STAT);
	if (!n || n >= sizeof(res))
		return 0;
	memcpy(res, name + strlen(ENC_PREFIX), n);
	res[n] = '\0';
	add_res(c, res);
	return 0;
}

/* Sort the types by name, so that points come in the same order always. */
static void sort_res(struct ctl *c)
{
	char tmp[CTL_NAME_LEN];

	for (int i = 1; i < c->nres; i++)
		for (int j = i; j > 0 && strcmp(c->res[j - 1], c->res[j]) > 0; j--) {
			memcpy(tmp, c->res[j], sizeof(tmp));
			memcpy(c->res[j], c->res[j - 1], sizeof(tmp));
			memcpy(c->res[j - 1], tmp, sizeof(tmp));
		}
}

int ctl_find_res(struct ctl *c, const char *child)
{
	int ret;

	c->nres = 0;
	if (c->design == CTL_ENC_IDS) {
		ret = cg_for_each_file(c->root, add_stat_res, c);
		sort_res(c);
		return ret ? ret : c->nres;
	}
	/*
	 * misc.events came after 5.13; misc.events.local, misc.peak and the
	 * root's misc.current later, in different releases (all by 6.12).
	 * Tell each by a non-root cgroup, and the root's current by the root
	 * itself, once the controller is enabled there (v2).
	 */
	if (child) {
		c->events = cg_has_file(child, MISC_PREFIX "events");
		c->events_local = cg_has_file(child, MISC_PREFIX "events.local");
		c->peak = cg_has_file(child, MISC_PREFIX "peak");
		c->root_current = cg_has_file(c->root, MISC_PREFIX "current");
	}
	add_keys(c, c->root, MISC_PREFIX "capacity");
	if (!c->nres && child) {
		ret = add_keys(c, child, MISC_PREFIX "current");
		if (ret)
			return ret;
	}
	sort_res(c);
	return c->nres;
}

bool ctl_has(const struct ctl *c, enum ctl_file f)
{
	if (f == CTL_F_EVENTS)
		return c->design == CTL_MISC && c->events;
	if (f == CTL_F_EVENTS_LOCAL)
		return c->design == CTL_MISC && c->events_local;
	if (f == CTL_F_PEAK)
		return c->design == CTL_MISC && c->peak;
	if (f == CTL_F_USAGE)
		return c->design == CTL_ENC_IDS;
	return c->design != CTL_NONE;
}

bool ctl_on_root(const struct ctl *c, enum ctl_file f)
{
	switch (f) {
	case CTL_F_CAPACITY:
	case CTL_F_USAGE:
	case CTL_F_PEAK:
		return ctl_has(c, f);
	case CTL_F_CURRENT:
		return c->design == CTL_MISC && c->root_current;
	default:
		return false;
	}
}

int ctl_file(const struct ctl *c, enum ctl_file f, const char *res,
	     char *name, size_t len)
{
	static const char *const misc_files[] = {
		[CTL_F_MAX] = "max", [CTL_F_CURRENT] = "current",
		[CTL_F_EVENTS] = "events", [CTL_F_CAPACITY] = "capacity",
		[CTL_F_PEAK] = "peak", [CTL_F_EVENTS_LOCAL] = "events.local",
	};
	static const char *const enc_files[] = {
		[CTL_F_MAX] = "max", [CTL_F_CURRENT] = "current",
		[CTL_F_CAPACITY] = "stat", [CTL_F_USAGE] = "stat",
	};

	if (!ctl_has(c, f))
		return -ENOENT;
	if (c->design == CTL_MISC)
		snprintf(name, len, MISC_PREFIX "%s", misc_files[f]);
	else
		snprintf(name, len, ENC_PREFIX "%s.%s", res, enc_files[f]);
	return 0;
}

bool ctl_is_own_file(const struct ctl *c, const char *name)
{
	return has_prefix(name, c->design == CTL_MISC ? MISC_PREFIX :
							ENC_PREFIX);
}

static int add_name(char names[][CTL_NAME_LEN], int n, int max,
		    const struct ctl *c, enum ctl_file f, const char *res)
{
	char name[CTL_NAME_LEN];

	if (n >= max || ctl_file(c, f, res, name, sizeof(name)))
		return n;
	for (int i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return n;
	snprintf(names[n], CTL_NAME_LEN, "%s", name);
	return n + 1;
}

int ctl_expected_files(const struct ctl *c, bool root,
		       char names[][CTL_NAME_LEN], int max)
{
	static const enum ctl_file at_root[] = { CTL_F_CAPACITY, CTL_F_USAGE,
						 CTL_F_CURRENT, CTL_F_PEAK };
	static const enum ctl_file below[] = { CTL_F_MAX, CTL_F_CURRENT,
					       CTL_F_EVENTS, CTL_F_PEAK,
					       CTL_F_EVENTS_LOCAL };
	const enum ctl_file *kinds = root ? at_root : below;
	int nkinds = root ? 4 : 5, n = 0;

	for (int r = 0; r < c->nres; r++)
		for (int k = 0; k < nkinds; k++)
			if (!root || ctl_on_root(c, kinds[k]))
				n = add_name(names, n, max, c, kinds[k],
					     c->res[r]);
	return n;
}

int ctl_read_file(const struct ctl *c, const char *cg, enum ctl_file f,
		  const char *res, char *buf, size_t len)
{
	char name[CTL_NAME_LEN];
	int ret = ctl_file(c, f, res, name, sizeof(name));

	if (ret)
		return ret;
	ret = cg_read(cg, name, buf, len);
	return ret < 0 ? ret : 0;
}

int ctl_read_max(const struct ctl *c, const char *cg, const char *res,
		 char *val, size_t len)
{
	char buf[1024];
	int ret = ctl_read_file(c, cg, CTL_F_MAX, res, buf, sizeof(buf));
	char *end;

	if (ret)
		return ret;
	if (c->design == CTL_MISC)
		return parse_keyed(buf, res, val, len);
	end = buf + strlen(buf);
	while (end > buf && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	if (strlen(buf) >= len)
		return -E2BIG;
	strcpy(val, buf);
	return 0;
}

int ctl_get_max(const struct ctl *c, const char *cg, const char *res,
		uint64_t *v, bool *is_max)
{
	char val[64];
	int ret = ctl_read_max(c, cg, res, val, sizeof(val));

	return ret ? ret : parse_limit(val, v, is_max);
}

int ctl_write_max_raw(const struct ctl *c, const char *cg, const char *res,
		      const void *buf, size_t len)
{
	char name[CTL_NAME_LEN];
	int ret = ctl_file(c, CTL_F_MAX, res, name, sizeof(name));

	return ret ? ret : cg_write(cg, name, buf, len);
}

void ctl_max_line(const struct ctl *c, const char *res, const char *value,
		  char *line, size_t len)
{
	if (c->design == CTL_MISC)
		snprintf(line, len, "%s%s%s", res, value ? " " : "",
			 value ? value : "");
	else
		snprintf(line, len, "%s", value ? value : "");
}

int ctl_write_max(const struct ctl *c, const char *cg, const char *res,
		  const char *value)
{
	char line[256];

	ctl_max_line(c, res, value, line, sizeof(line));
	return ctl_write_max_raw(c, cg, res, line, strlen(line));
}

/*
 * misc prints a res in misc.capacity only while its capacity is not 0, and
 * in misc.current and misc.events only while capacity or value is not 0:
 * an absent key reads as 0 only while the capacity of @res is 0.  Absent
 * under a capacity is not a count: -ENOENT, for the caller to report.
 */
static int misc_count(const struct ctl *c, const char *text, const char *key,
		      const char *res, uint64_t *v)
{
	uint64_t cap;
	int ret = parse_keyed_u64(text, key, v);

	if (ret != -ENOENT)
		return ret;
	ret = ctl_get_capacity(c, res, &cap);
	if (ret)
		return ret;
	*v = 0;
	return cap ? -ENOENT : 0;
}

int ctl_get_current(const struct ctl *c, const char *cg, const char *res,
		    uint64_t *v)
{
	char buf[1024];
	int ret = ctl_read_file(c, cg, CTL_F_CURRENT, res, buf, sizeof(buf));

	if (ret)
		return ret;
	if (c->design == CTL_MISC)
		return misc_count(c, buf, res, res, v);
	return parse_u64(buf, v);
}

int ctl_get_capacity(const struct ctl *c, const char *res, uint64_t *v)
{
	char buf[1024];
	int ret = ctl_read_file(c, c->root, CTL_F_CAPACITY, res, buf,
				sizeof(buf));

	if (ret)
		return ret;
	if (c->design == CTL_MISC) {
		/* Absent from misc.capacity: the capacity is 0. */
		ret = parse_keyed_u64(buf, res, v);
		if (ret == -ENOENT)
			*v = 0;
		return ret == -ENOENT ? 0 : ret;
	}
	return parse_keyed_u64(buf, "total", v);
}

int ctl_get_root_usage(const struct ctl *c, const char *res, uint64_t *v)
{
	char buf[1024];
	int ret = ctl_read_file(c, c->root, CTL_F_USAGE, res, buf,
				sizeof(buf));

	return ret ? ret : parse_keyed_u64(buf, "used", v);
}

/* "<res>.max <count>" from misc.events or misc.events.local. */
static int misc_events(const struct ctl *c, const char *cg, enum ctl_file f,
		       const char *res, uint64_t *v)
{
	char buf[1024], key[CTL_NAME_LEN + 8];
	int ret = ctl_read_file(c, cg, f, res, buf, sizeof(buf));

	if (ret)
		return ret;
	snprintf(key, sizeof(key), "%s.max", res);
	return misc_count(c, buf, key, res, v);
}

int ctl_get_events(const struct ctl *c, const char *cg, const char *res,
		   uint64_t *v)
{
	return misc_events(c, cg, CTL_F_EVENTS, res, v);
}

int ctl_get_events_local(const struct ctl *c, const char *cg,
			 const char *res, uint64_t *v)
{
	return misc_events(c, cg, CTL_F_EVENTS_LOCAL, res, v);
}

int ctl_get_peak(const struct ctl *c, const char *cg, const char *res,
		 uint64_t *v)
{
	char buf[1024];
	int ret = ctl_read_file(c, cg, CTL_F_PEAK, res, buf, sizeof(buf));

	return ret ? ret : misc_count(c, buf, res, res, v);
}

bool ctl_lists(const struct ctl *c, const char *cg, enum ctl_file f,
	       const char *res)
{
	char buf[1024], key[CTL_NAME_LEN + 8], val[64];

	if (ctl_read_file(c, cg, f, res, buf, sizeof(buf)))
		return false;
	if (c->design != CTL_MISC)
		return true;
	if (f == CTL_F_EVENTS || f == CTL_F_EVENTS_LOCAL)
		snprintf(key, sizeof(key), "%s.max", res);
	else
		snprintf(key, sizeof(key), "%s", res);
	return !parse_keyed(buf, key, val, sizeof(val));
}
