// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel splats in /dev/kmsg; see kmsg.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "file.h"
#include "kmsg.h"

/* One read(2) returns one record; the kernel caps a record at 8 KiB. */
#define KMSG_RECORD_LEN	8192
/* Bound the read loop in case the kernel logs as fast as we read. */
#define KMSG_MAX_RECORDS	100000
/* The kernel log; a host test of a reader may name a file instead. */
#ifndef KMSG_PATH
#define KMSG_PATH	"/dev/kmsg"
#endif
/* Where WARN_ONCE state is reset; a host test may name a file instead. */
#ifndef KMSG_WARN_ONCE_PATH
#define KMSG_WARN_ONCE_PATH	"/sys/kernel/debug/clear_warn_once"
#endif

/*
 * What starts or names a splat: WARN, BUG and oopses, panics, lockdep, RCU
 * lockdep, sanitizers, debugobjects, kmemleak, hung and soft-locked tasks,
 * and misc's own underflow message ("misc cgroup resource %s became less
 * than 0").  The one list.
 */
static const char *const headlines[] = {
	"WARNING:",
	"BUG:",
	"Oops",
	"general protection fault",
	"Kernel panic",
	"possible recursive locking",
	"possible circular locking",
	"inconsistent lock state",
	"suspicious RCU usage",
	"KASAN",
	"UBSAN",
	"ODEBUG",
	"suspected memory leak",
	"DEBUG_LOCKS_WARN_ON",
	"blocked for more than",
	"soft lockup",
	"became less than 0",
};

bool kmsg_is_splat(const char *text)
{
	for (size_t i = 0; i < sizeof(headlines) / sizeof(headlines[0]); i++)
		if (strstr(text, headlines[i]))
			return true;
	return false;
}

void kmsg_record_text(const char *record, char *text, size_t len)
{
	const char *start = strchr(record, ';');
	size_t n;

	start = start ? start + 1 : record;
	n = strcspn(start, "\n");
	if (n >= len)
		n = len - 1;
	memcpy(text, start, n);
	text[n] = '\0';
}

int kmsg_open(void)
{
	int fd = open(KMSG_PATH, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	if (lseek(fd, 0, SEEK_END) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	return fd;
}

/*
 * Read every record logged since kmsg_open() (or the last call) and call @fn
 * with the text of each one @match accepts.  Return: how many it accepted.
 */
static int kmsg_for_each_match(int fd, bool (*match)(const char *text, const void *key),
			       const void *key, void (*fn)(const char *text, void *arg),
			       void *arg)
{
	static char record[KMSG_RECORD_LEN + 1], text[KMSG_RECORD_LEN];
	int found = 0;

	for (int i = 0; i < KMSG_MAX_RECORDS; i++) {
		ssize_t n = read(fd, record, KMSG_RECORD_LEN);

		/* EPIPE: records were overwritten; the next read goes on. */
		if (n < 0 && (errno == EPIPE || errno == EINTR))
			continue;
		if (n <= 0)
			break;	/* EAGAIN: nothing more logged */
		record[n] = '\0';
		kmsg_record_text(record, text, sizeof(text));
		if (match(text, key)) {
			found++;
			if (fn)
				fn(text, arg);
		}
	}
	return found;
}

static bool is_splat(const char *text, const void *key)
{
	(void)key;
	return kmsg_is_splat(text);
}

static bool contains(const char *text, const void *needle)
{
	return strstr(text, needle);
}

int kmsg_for_each_splat(int fd, void (*fn)(const char *text, void *arg),
			void *arg)
{
	return kmsg_for_each_match(fd, is_splat, NULL, fn, arg);
}

int kmsg_count(int fd, const char *needle)
{
	return kmsg_for_each_match(fd, contains, needle, NULL, NULL);
}

int kmsg_mark(const char *what, const char *point)
{
	char line[KMSG_MARK_LEN];
	int n = snprintf(line, sizeof(line), "asid_suite: %s %s\n", what, point);

	if (n < 0 || n >= (int)sizeof(line))
		return -ENAMETOOLONG;
	return file_write(KMSG_PATH, O_APPEND, line, n);
}

int kmsg_clear_warn_once(void)
{
	return file_write(KMSG_WARN_ONCE_PATH, 0, "1", 1);
}
