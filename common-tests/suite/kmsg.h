/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel splats in /dev/kmsg.  The runner opens it at its end before a test
 * point and afterwards reads what the kernel logged in between, so that a
 * WARN or lockdep report fails the point that caused it.
 */
#ifndef _SUITE_KMSG_H
#define _SUITE_KMSG_H

#include <stdbool.h>
#include <stddef.h>

/* Open /dev/kmsg past its last record.  Return: the fd, or -errno. */
int kmsg_open(void);

/*
 * kmsg_for_each_splat() - Read every record logged since kmsg_open() and
 * call @fn with the message text of each splat headline.
 * Return: the number of splat records.
 */
int kmsg_for_each_splat(int fd, void (*fn)(const char *text, void *arg),
			void *arg);

/*
 * kmsg_record_text() - The message of one /dev/kmsg record
 * ("<prio>,<seq>,<usec>,<flags>;<text>\n KEY=value\n..."): what follows the
 * first ';', up to the end of its line; dictionary lines are left out.
 */
void kmsg_record_text(const char *record, char *text, size_t len);

/* Does @text carry a kernel splat headline ("WARNING:", "BUG:", ...)? */
bool kmsg_is_splat(const char *text);

/* Records logged since kmsg_open() whose message contains @needle. */
int kmsg_count(int fd, const char *needle);

#endif /* _SUITE_KMSG_H */
