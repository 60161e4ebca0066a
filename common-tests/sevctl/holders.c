// SPDX-License-Identifier: GPL-2.0
/*
 * Holder bookkeeping: one file HOLDER_DIR/<pid> per simulated VM,
 * "<vm> <res> <starttime> <cgroup>\n".  The starttime tells a live holder
 * from a process that got its pid later, so a holder killed behind
 * sevctl's back (kill -9, OOM) just drops out of the list.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sevctl.h"

static void holder_path(pid_t pid, char *path, size_t len)
{
	snprintf(path, len, HOLDER_DIR "/%d", (int)pid);
}

int holders_lock(void)
{
	int fd;

	if (mkdir(HOLDER_DIR, 0700) && errno != EEXIST)
		return -errno;
	fd = open(HOLDER_DIR "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	/* Kernels without CONFIG_FILE_LOCKING (tinyconfig) go unserialized. */
	if (flock(fd, LOCK_EX) && errno != ENOSYS) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/*
 * /proc/<pid>/stat: "pid (comm) state ppid ...", starttime is field 22.
 * comm may hold spaces and ')', so the fields start after the last ')'.
 * Return: 0, -ESRCH if gone or a zombie (its files are closed already).
 */
int proc_starttime(pid_t pid, unsigned long long *start)
{
	char path[64], buf[1024], *p;
	int fd, n, field;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -ESRCH;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -ESRCH;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ')
		return -EINVAL;
	p += 2;
	if (*p == 'Z' || *p == 'X')
		return -ESRCH;
	for (field = 3; field < 22 && p; field++) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	if (!p || sscanf(p, "%llu", start) != 1)
		return -EINVAL;
	return 0;
}

bool holder_alive(const struct holder *h)
{
	unsigned long long start;

	return !proc_starttime(h->pid, &start) && start == h->start;
}

int holder_save(const struct holder *h)
{
	char path[64], tmp[80];
	FILE *f;

	if (mkdir(HOLDER_DIR, 0700) && errno != EEXIST)
		return -errno;
	holder_path(h->pid, path, sizeof(path));
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	f = fopen(tmp, "we");
	if (!f)
		return -errno;
	fprintf(f, "%u %s %llu %s\n", h->vm, h->res, h->start, h->cg);
	if (fclose(f) || rename(tmp, path)) {
		int err = -errno;

		unlink(tmp);
		return err;
	}
	return 0;
}

void holder_forget(pid_t pid)
{
	char path[64];

	holder_path(pid, path, sizeof(path));
	unlink(path);
}

static int holder_read(pid_t pid, struct holder *h)
{
	char path[64], line[CG_PATH_LEN + 128], *nl;
	int off = 0;
	FILE *f;

	holder_path(pid, path, sizeof(path));
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	nl = strchr(line, '\n');
	if (nl)
		*nl = '\0';
	memset(h, 0, sizeof(*h));
	h->pid = pid;
	if (sscanf(line, "%u %63s %llu %n", &h->vm, h->res, &h->start,
		   &off) != 3 || !off || !line[off])
		return -EINVAL;
	snprintf(h->cg, sizeof(h->cg), "%s", line + off);
	return 0;
}

static int by_vm(const void *a, const void *b)
{
	const struct holder *x = a, *y = b;

	return (x->vm > y->vm) - (x->vm < y->vm);
}

static bool all_digits(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return false;
	return true;
}

int holders_load(struct holder *h, int max)
{
	struct dirent *de;
	int n = 0;
	DIR *d;

	d = opendir(HOLDER_DIR);
	if (!d)
		return errno == ENOENT ? 0 : -errno;
	while ((de = readdir(d)) && n < max) {
		pid_t pid;

		if (!all_digits(de->d_name))
			continue;
		pid = atoi(de->d_name);
		if (holder_read(pid, &h[n]) || !holder_alive(&h[n])) {
			holder_forget(pid);
			continue;
		}
		n++;
	}
	closedir(d);
	qsort(h, n, sizeof(h[0]), by_vm);
	return n;
}
