/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgroup file system helpers.  A cgroup is named by its directory path.
 * Every call returns 0 (or a count) on success and -errno on failure,
 * so that callers can report the errno the kernel gave.
 */
#ifndef _LIB_CG_H
#define _LIB_CG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define CG_PATH_LEN	512
#define CG_SNAP_MAX	64

/* How long counts may take to settle after a VM fd is closed. */
#define SETTLE_MS	3000

/* Choose v2 (cgroup.subtree_control exists) or v1 behaviour. */
void cg_init(bool v2);
bool cg_is_v2(void);

/* Read @cg/@file into @buf, NUL-terminated.  Return: bytes or -errno. */
int cg_read(const char *cg, const char *file, char *buf, size_t len);

/* One write(2) of @len bytes to @cg/@file.  Return: 0 or -errno. */
int cg_write(const char *cg, const char *file, const void *buf, size_t len);
int cg_write_str(const char *cg, const char *file, const char *str);

bool cg_has_file(const char *cg, const char *file);
bool cg_exists(const char *cg);

int cg_mkdir(const char *cg);
/* rmdir, retrying EBUSY for up to @timeout_ms (exiting tasks, VM threads). */
int cg_rmdir(const char *cg, int timeout_ms);
/* Remove @cg and everything below it, deepest first. */
int cg_rmdir_tree(const char *cg, int timeout_ms);

/* v2: write "+@ctl" to @cg/cgroup.subtree_control; v1: nothing to do. */
int cg_enable(const char *cg, const char *ctl);
/* v2: is @ctl listed in @cg/cgroup.subtree_control?  v1: true. */
bool cg_enabled(const char *cg, const char *ctl);

/*
 * cg_proc_cgroups() - The /proc/cgroups line of controller @name: its
 * num_cgroups (live and dying cgroups of its hierarchy) and whether it is
 * enabled; either pointer may be NULL.
 * Return: 0, -ENOENT if @name has no line, or -errno.
 */
int cg_proc_cgroups(const char *name, unsigned int *num, bool *enabled);

/* Move @pid (0: the caller) into @cg by writing cgroup.procs. */
int cg_move(const char *cg, pid_t pid);

/* Call @fn for every regular file in @cg; stops at the first non-zero. */
int cg_for_each_file(const char *cg, int (*fn)(const char *name, void *arg),
		     void *arg);

/* The contents of every readable, stable file of one cgroup. */
struct cg_snap {
	int n;
	char name[CG_SNAP_MAX][64];
	char *text[CG_SNAP_MAX];
};

int cg_snapshot(const char *cg, struct cg_snap *s);
/* Return: NULL if equal, else the name of the first file that differs. */
const char *cg_snap_diff(const struct cg_snap *a, const struct cg_snap *b);
void cg_snap_free(struct cg_snap *s);

void cg_sleep_ms(int ms);
/*
 * Call @done every @step_ms until it returns true or @timeout_ms passed.
 * Return: true if @done returned true.
 */
bool cg_poll(bool (*done)(void *arg), void *arg, int timeout_ms, int step_ms);

#endif /* _LIB_CG_H */
