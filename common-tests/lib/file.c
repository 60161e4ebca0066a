// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a kernel file; see file.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "file.h"

int file_write(const char *path, int flags, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	ssize_t n;
	int err = 0;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	if (n < 0)
		err = -errno;
	else if ((size_t)n != len)
		err = -EIO;
	close(fd);
	return err;
}
