/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The controller under test, "misc" or "encryption_ids", seen through its
 * interface files.  This is the only code that knows their names and
 * syntax; everything else asks for "the max of res X in cgroup Y".
 *
 * All getters return 0 or -errno.  -ENOENT from a getter means that the
 * file or the key is not there; ctl_has() tells whether the design has
 * such a file at all.  misc omits a res from misc.capacity, misc.current
 * and misc.events while the value (and the capacity) is 0, so the count
 * getters read an absent misc key as 0; ctl_read_file() shows the raw text.
 *
 * Later misc (6.12) adds misc.peak (every cgroup), misc.events.local
 * (non-root) and misc.current on the root too; each is noted separately,
 * from the files a kernel shows, since they came in different releases.
 */
#ifndef _LIB_CTL_H
#define _LIB_CTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cg.h"

#define CTL_MAX_RES	8
#define CTL_NAME_LEN	64
#define CTL_MAX_FILES	(3 * CTL_MAX_RES)

enum ctl_design {
	CTL_NONE,
	CTL_MISC,		/* misc.{capacity,max,current,events,...} */
	CTL_ENC_IDS,		/* encryption_ids.<res>.{stat,max,current} */
};

enum ctl_file {
	CTL_F_MAX,		/* non-root, read-write */
	CTL_F_CURRENT,		/* non-root */
	CTL_F_EVENTS,		/* non-root, misc only */
	CTL_F_CAPACITY,		/* root */
	CTL_F_USAGE,		/* root, encryption_ids only */
	CTL_F_PEAK,		/* every cgroup, misc 6.12 only */
	CTL_F_EVENTS_LOCAL,	/* non-root, misc 6.12 only */
};

struct ctl {
	enum ctl_design design;
	char root[CG_PATH_LEN];
	int nres;
	bool events;		/* misc.events exists (misc after 5.13) */
	bool events_local;	/* misc.events.local exists (misc 6.12) */
	bool peak;		/* misc.peak exists (misc 6.12) */
	bool root_current;	/* the root shows misc.current (misc 6.12) */
	char res[CTL_MAX_RES][CTL_NAME_LEN];
};

/*
 * ctl_detect() - Tell the design from what @root holds: controller files,
 * else cgroup.controllers (v2), else /proc/cgroups.
 * Return: 0, or -ENOENT if neither controller is there.
 */
int ctl_detect(struct ctl *c, const char *root);

/* Controller name, as cgroup.subtree_control and /proc/cgroups spell it. */
const char *ctl_name(const struct ctl *c);

/*
 * ctl_find_res() - List the resource types: misc: the keys of the root
 * capacity file, else of @child's current file; encryption_ids: the
 * <res> of every encryption_ids.<res>.stat at the root.  With @child (a
 * non-root cgroup with the controller), also note which of misc.events,
 * misc.events.local and misc.peak exist, and whether the root shows
 * misc.current.
 * Return: number of types, or -errno.
 */
int ctl_find_res(struct ctl *c, const char *child);

/* Does the design have this kind of file? */
bool ctl_has(const struct ctl *c, enum ctl_file f);

/* Does the design show this kind of file on the root cgroup? */
bool ctl_on_root(const struct ctl *c, enum ctl_file f);

/*
 * ctl_file() - Name of the file of kind @f for @res.
 * Return: 0, or -ENOENT if the design has no such file.
 */
int ctl_file(const struct ctl *c, enum ctl_file f, const char *res,
	     char *name, size_t len);

/* Is @name one of the controller's files (its prefix)? */
bool ctl_is_own_file(const struct ctl *c, const char *name);

/*
 * ctl_expected_files() - The files the design documents for the root
 * (@root true) or for a non-root cgroup, for every known resource type.
 * Return: number of names.
 */
int ctl_expected_files(const struct ctl *c, bool root,
		       char names[][CTL_NAME_LEN], int max);

/* The max of @res in @cg as text ("max", "5") and parsed. */
int ctl_read_max(const struct ctl *c, const char *cg, const char *res,
		 char *val, size_t len);
int ctl_get_max(const struct ctl *c, const char *cg, const char *res,
		uint64_t *v, bool *is_max);

/*
 * ctl_write_max() - Set the max of @res in @cg to @value ("max", "5", any
 * text to try).  misc writes "<res> <value>" to misc.max, encryption_ids
 * writes "<value>" to encryption_ids.<res>.max; a NULL @value leaves the
 * value out.  Return: 0 or the -errno of the write.
 */
int ctl_write_max(const struct ctl *c, const char *cg, const char *res,
		  const char *value);

/*
 * ctl_max_line() - The text ctl_write_max() would write: "<res> <value>"
 * for misc, "<value>" for encryption_ids (NULL @value: no value).
 */
void ctl_max_line(const struct ctl *c, const char *res, const char *value,
		  char *line, size_t len);

/* Write @buf exactly as given to the max file that holds @res. */
int ctl_write_max_raw(const struct ctl *c, const char *cg, const char *res,
		      const void *buf, size_t len);

int ctl_get_current(const struct ctl *c, const char *cg, const char *res,
		    uint64_t *v);
int ctl_get_capacity(const struct ctl *c, const char *res, uint64_t *v);
/* Root usage; -ENOENT where the design has no root usage file. */
int ctl_get_root_usage(const struct ctl *c, const char *res, uint64_t *v);
/* "max" events of @res in @cg; -ENOENT where the design has none. */
int ctl_get_events(const struct ctl *c, const char *cg, const char *res,
		   uint64_t *v);
/* The same from misc.events.local: this cgroup's own events only. */
int ctl_get_events_local(const struct ctl *c, const char *cg,
			 const char *res, uint64_t *v);
/* Peak (historical maximum) usage of @res in @cg; -ENOENT where none. */
int ctl_get_peak(const struct ctl *c, const char *cg, const char *res,
		 uint64_t *v);

/*
 * ctl_lists() - Does @cg have the file of kind @f for @res, and (misc)
 * does that file have a line for @res?
 */
bool ctl_lists(const struct ctl *c, const char *cg, enum ctl_file f,
	       const char *res);

/* Raw text of a controller file of @cg, for diagnostics. */
int ctl_read_file(const struct ctl *c, const char *cg, enum ctl_file f,
		  const char *res, char *buf, size_t len);

#endif /* _LIB_CTL_H */
