/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The controller files of one cgroup, kept open: 100,000 writes under TCG
 * cannot afford an open() and close() per read.  A seq_file read at
 * offset 0 starts over, so pread(fd, .., 0) gives the current contents.
 */
#ifndef _FUZZ_FILES_H
#define _FUZZ_FILES_H

#include <stdbool.h>
#include <stdint.h>

#include "ctl.h"

#define FZ_TEXT_LEN	512

struct fz_file {
	char name[CTL_NAME_LEN];
	bool writable;			/* mode has S_IWUSR */
	int rfd, wfd;			/* wfd only for writable files */
	char text[FZ_TEXT_LEN];		/* as last read */
	char start[FZ_TEXT_LEN];	/* as read at setup */
};

/* A limit as read through ctl_get_max(). */
struct fz_limit {
	bool is_max;
	uint64_t v;
};

struct fz_cgroup {
	char path[CG_PATH_LEN];
	const char *label;		/* "child", "grandchild", ... */
	struct fz_cgroup *parent;	/* NULL: not snapshotted */
	int nfiles;
	struct fz_file f[CTL_MAX_FILES];
	int max_file[CTL_MAX_RES];	/* index in f[] of res i's max file */
	struct fz_limit model[CTL_MAX_RES];	/* what max should read */
	char start_max[CTL_MAX_RES][64];	/* ctl_read_max() at setup */
};

/*
 * fz_cg_open() - Open every controller file of @path (ctl_is_own_file),
 * read it once as its start contents, find each res's max file and read
 * each res's max into the model.  Return: 0 or -errno.
 */
int fz_cg_open(const struct ctl *c, struct fz_cgroup *g, const char *path,
	       const char *label, bool max_files);
void fz_cg_close(struct fz_cgroup *g);

/* Current contents of f[i] into @buf (FZ_TEXT_LEN).  Return: 0 or -errno. */
int fz_read(struct fz_cgroup *g, int i, char *buf);

/* Read the max of every res back into the model.  Return: 0 or -errno. */
int fz_load_model(const struct ctl *c, struct fz_cgroup *g);

#endif /* _FUZZ_FILES_H */
