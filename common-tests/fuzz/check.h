/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Did one write do what the oracle said?  The return value and errno of
 * the write, then every controller file of the target cgroup and of its
 * parent: a rejected or empty write must leave every file byte for byte
 * as it was, an accepted one must change only the max of the resource it
 * named, to the value it denoted.
 *
 * "As it was" is the text last read, not a second read before the write:
 * the fuzzer is the only writer, and every file of the two cgroups is read
 * after every write, so the last read is the state before the next one.
 */
#ifndef _FUZZ_CHECK_H
#define _FUZZ_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "files.h"
#include "input.h"
#include "oracle.h"

/*
 * check_write() - Judge the write of @in to @tgt that returned @ret
 * (errno @err if negative) against @e.
 * Return: true if it matched; else @msg says what did not.  Either way
 * the cached texts and the model end up as the kernel shows them, so
 * that one failure is not reported again for every later write.
 */
bool check_write(const struct oracle *o, struct fz_cgroup *tgt,
		 const struct fuzz_input *in, const struct expect *e,
		 ssize_t ret, int err, char *msg, size_t len);

/* "error EINVAL" or "returned 5" */
void check_outcome(ssize_t ret, int err, char *buf, size_t len);

#endif /* _FUZZ_CHECK_H */
