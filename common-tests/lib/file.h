/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing a kernel file: one write(2), whose whole length the kernel must
 * take.  A cgroup interface file and /dev/kmsg each take one record per
 * write, so a buffered or split write would change what they see.
 */
#ifndef _LIB_FILE_H
#define _LIB_FILE_H

#include <stddef.h>

/*
 * file_write() - Write @len bytes of @buf to @path, opened O_WRONLY with
 * @flags added (O_APPEND, or 0), with one write(2).
 * Return: 0; -errno; -EIO if the kernel took fewer than @len bytes.
 */
int file_write(const char *path, int flags, const void *buf, size_t len);

#endif /* _LIB_FILE_H */
