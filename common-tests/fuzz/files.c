// SPDX-License-Identifier: GPL-2.0
/*
 * Open controller files of one cgroup; see files.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.h"

struct scan {
	const struct ctl *c;
	struct fz_cgroup *g;
};

static int add_file(const char *name, void *arg)
{
	struct scan *s = arg;
	struct fz_cgroup *g = s->g;
	struct fz_file *f;
	char path[CG_PATH_LEN + CTL_NAME_LEN];
	struct stat st;

	if (!ctl_is_own_file(s->c, name))
		return 0;
	if (g->nfiles == CTL_MAX_FILES)
		return -E2BIG;
	f = &g->f[g->nfiles];
	snprintf(f->name, sizeof(f->name), "%s", name);
	snprintf(path, sizeof(path), "%s/%s", g->path, name);
	if (stat(path, &st))
		return -errno;
	f->writable = st.st_mode & S_IWUSR;
	f->rfd = open(path, O_RDONLY | O_CLOEXEC);
	if (f->rfd < 0)
		return -errno;
	f->wfd = -1;
	if (f->writable) {
		f->wfd = open(path, O_WRONLY | O_CLOEXEC);
		if (f->wfd < 0) {
			close(f->rfd);
			return -errno;
		}
	}
	g->nfiles++;
	return 0;
}

/* Sorted by name, so that reports come out the same every run. */
static void sort_files(struct fz_cgroup *g)
{
	struct fz_file tmp;

	for (int i = 1; i < g->nfiles; i++)
		for (int j = i; j > 0 && strcmp(g->f[j - 1].name,
						g->f[j].name) > 0; j--) {
			tmp = g->f[j];
			g->f[j] = g->f[j - 1];
			g->f[j - 1] = tmp;
		}
}

int fz_read(struct fz_cgroup *g, int i, char *buf)
{
	ssize_t n = pread(g->f[i].rfd, buf, FZ_TEXT_LEN - 1, 0);

	if (n < 0) {
		buf[0] = '\0';
		return -errno;
	}
	buf[n] = '\0';
	return 0;
}

int fz_load_model(const struct ctl *c, struct fz_cgroup *g)
{
	int ret;

	for (int r = 0; r < c->nres; r++) {
		ret = ctl_get_max(c, g->path, c->res[r], &g->model[r].v,
				  &g->model[r].is_max);
		if (ret)
			return ret;
	}
	return 0;
}

int fz_cg_open(const struct ctl *c, struct fz_cgroup *g, const char *path,
	       const char *label, bool max_files)
{
	struct scan s = { c, g };
	char name[CTL_NAME_LEN];
	int ret;

	memset(g, 0, sizeof(*g));
	snprintf(g->path, sizeof(g->path), "%s", path);
	g->label = label;
	ret = cg_for_each_file(path, add_file, &s);
	if (ret)
		return ret;
	sort_files(g);
	for (int i = 0; i < g->nfiles; i++) {
		ret = fz_read(g, i, g->f[i].text);
		if (ret)
			return ret;
		memcpy(g->f[i].start, g->f[i].text, FZ_TEXT_LEN);
	}
	if (!max_files)
		return 0;
	for (int r = 0; r < c->nres; r++) {
		g->max_file[r] = -1;
		ret = ctl_file(c, CTL_F_MAX, c->res[r], name, sizeof(name));
		if (ret)
			return ret;
		for (int i = 0; i < g->nfiles; i++)
			if (!strcmp(g->f[i].name, name))
				g->max_file[r] = i;
		if (g->max_file[r] < 0 || !g->f[g->max_file[r]].writable)
			return -ENOENT;
		ret = ctl_read_max(c, path, c->res[r], g->start_max[r],
				   sizeof(g->start_max[r]));
		if (ret)
			return ret;
	}
	return fz_load_model(c, g);
}

void fz_cg_close(struct fz_cgroup *g)
{
	for (int i = 0; i < g->nfiles; i++) {
		close(g->f[i].rfd);
		if (g->f[i].wfd >= 0)
			close(g->f[i].wfd);
	}
	g->nfiles = 0;
}
