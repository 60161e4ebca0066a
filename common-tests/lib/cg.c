// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup file system helpers; see cg.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cg.h"
#include "file.h"

static bool v2;

void cg_init(bool is_v2)
{
	v2 = is_v2;
}

bool cg_is_v2(void)
{
	return v2;
}

static void join(char *out, const char *cg, const char *file)
{
	snprintf(out, CG_PATH_LEN, "%s/%s", cg, file);
}

int cg_read(const char *cg, const char *file, char *buf, size_t len)
{
	char path[CG_PATH_LEN];
	size_t got = 0;
	ssize_t n;
	int fd;

	join(path, cg, file);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while (got < len - 1) {
		n = read(fd, buf + got, len - 1 - got);
		if (n < 0) {
			int err = -errno;

			close(fd);
			return err;
		}
		if (!n)
			break;
		got += n;
	}
	buf[got] = '\0';
	close(fd);
	return got;
}

int cg_write(const char *cg, const char *file, const void *buf, size_t len)
{
	char path[CG_PATH_LEN];

	join(path, cg, file);
	return file_write(path, 0, buf, len);
}

int cg_write_str(const char *cg, const char *file, const char *str)
{
	return cg_write(cg, file, str, strlen(str));
}

/* /proc/cgroups: "<name> <hierarchy> <num_cgroups> <enabled>". */
int cg_proc_cgroups(const char *name, unsigned int *num, bool *enabled)
{
	char line[256], sub[64];
	unsigned int hier, n, on;
	int ret = -ENOENT;
	FILE *f = fopen("/proc/cgroups", "re");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%63s %u %u %u", sub, &hier, &n, &on) == 4 &&
		    !strcmp(sub, name)) {
			if (num)
				*num = n;
			if (enabled)
				*enabled = on;
			ret = 0;
		}
	fclose(f);
	return ret;
}

bool cg_has_file(const char *cg, const char *file)
{
	char path[CG_PATH_LEN];

	join(path, cg, file);
	return !access(path, F_OK);
}

bool cg_exists(const char *cg)
{
	struct stat st;

	return !stat(cg, &st) && S_ISDIR(st.st_mode);
}

int cg_mkdir(const char *cg)
{
	return mkdir(cg, 0755) ? -errno : 0;
}

int cg_rmdir(const char *cg, int timeout_ms)
{
	int waited = 0;

	for (;;) {
		if (!rmdir(cg) || errno == ENOENT)
			return 0;
		if (errno != EBUSY || waited >= timeout_ms)
			return -errno;
		cg_sleep_ms(10);
		waited += 10;
	}
}

int cg_rmdir_tree(const char *cg, int timeout_ms)
{
	char path[CG_PATH_LEN];
	struct dirent *de;
	int ret = 0, r;
	DIR *d;

	d = opendir(cg);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR || !strcmp(de->d_name, ".") ||
		    !strcmp(de->d_name, ".."))
			continue;
		join(path, cg, de->d_name);
		r = cg_rmdir_tree(path, timeout_ms);
		if (r && !ret)
			ret = r;
	}
	closedir(d);
	r = cg_rmdir(cg, timeout_ms);
	return ret ? ret : r;
}

int cg_enable(const char *cg, const char *ctl)
{
	char buf[80];

	if (!v2)
		return 0;
	snprintf(buf, sizeof(buf), "+%s", ctl);
	return cg_write_str(cg, "cgroup.subtree_control", buf);
}

bool cg_enabled(const char *cg, const char *ctl)
{
	char buf[1024], *tok, *save;

	if (!v2)
		return true;
	if (cg_read(cg, "cgroup.subtree_control", buf, sizeof(buf)) < 0)
		return false;
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strcmp(tok, ctl))
			return true;
	return false;
}

int cg_move(const char *cg, pid_t pid)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%d", pid ? pid : getpid());
	return cg_write_str(cg, "cgroup.procs", buf);
}

int cg_for_each_file(const char *cg, int (*fn)(const char *name, void *arg),
		     void *arg)
{
	struct dirent *de;
	int ret = 0;
	DIR *d;

	d = opendir(cg);
	if (!d)
		return -errno;
	while (!ret && (de = readdir(d)))
		if (de->d_type == DT_REG)
			ret = fn(de->d_name, arg);
	closedir(d);
	return ret;
}

/* Files whose contents move on their own (pressure, time accounting). */
static bool volatile_file(const char *name)
{
	size_t n = strlen(name);

	return !strcmp(name, "cgroup.stat") || !strcmp(name, "cpu.stat") ||
	       (n > 9 && !strcmp(name + n - 9, ".pressure"));
}

struct snap_arg {
	const char *cg;
	struct cg_snap *s;
};

static int snap_one(const char *name, void *arg)
{
	struct snap_arg *a = arg;
	struct cg_snap *s = a->s;
	char buf[4096];
	int n;

	if (volatile_file(name) || s->n == CG_SNAP_MAX)
		return 0;
	n = cg_read(a->cg, name, buf, sizeof(buf));
	if (n < 0)
		snprintf(buf, sizeof(buf), "<unreadable: %s>", strerror(-n));
	snprintf(s->name[s->n], sizeof(s->name[0]), "%s", name);
	s->text[s->n] = strdup(buf);
	if (!s->text[s->n])
		return -ENOMEM;
	s->n++;
	return 0;
}

int cg_snapshot(const char *cg, struct cg_snap *s)
{
	struct snap_arg a = { cg, s };

	s->n = 0;
	return cg_for_each_file(cg, snap_one, &a);
}

static const char *snap_find(const struct cg_snap *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->name[i], name))
			return s->text[i];
	return NULL;
}

const char *cg_snap_diff(const struct cg_snap *a, const struct cg_snap *b)
{
	const char *t;

	for (int i = 0; i < a->n; i++) {
		t = snap_find(b, a->name[i]);
		if (!t || strcmp(t, a->text[i]))
			return a->name[i];
	}
	for (int i = 0; i < b->n; i++)
		if (!snap_find(a, b->name[i]))
			return b->name[i];
	return NULL;
}

void cg_snap_free(struct cg_snap *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->text[i]);
	s->n = 0;
}

void cg_sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

bool cg_poll(bool (*done)(void *arg), void *arg, int timeout_ms, int step_ms)
{
	for (int waited = 0;; waited += step_ms) {
		if (done(arg))
			return true;
		if (waited >= timeout_ms)
			return false;
		cg_sleep_ms(step_ms);
	}
}
