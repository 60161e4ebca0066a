/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wrappers for /dev/asid_test (asid_test_uapi.h).  Every call returns 0,
 * a file descriptor or a type index on success and -errno on failure; the
 * errno of CHARGE and SET_CAPACITY is the controller's own.
 */
#ifndef _LIB_CHARGE_H
#define _LIB_CHARGE_H

#include <stdint.h>

#include "asid_test_uapi.h"

int chg_open(void);
int chg_info(int fd, uint32_t type, struct asid_test_info *info);
/* Index of the type whose name is @res, or -ENOENT. */
int chg_type(int fd, const char *res);
/* Charge the caller's cgroup; *handle names the charge. */
int chg_charge(int fd, uint32_t type, uint64_t amount, uint32_t *handle);
int chg_uncharge(int fd, uint32_t handle);
int chg_set_capacity(int fd, uint32_t type, uint64_t capacity);
int chg_total_usage(int fd, uint32_t type, uint64_t *usage);
/*
 * ASID_TEST_CHARGE_RACED: charge @amount, and uncharge the held @release at
 * the first entry of @symbol during that charge (or after it).  Return: 0
 * with @r filled in, or -errno (nothing changed).
 */
int chg_charge_raced(int fd, uint32_t type, uint64_t amount, uint32_t release,
		     const char *symbol, struct asid_test_raced_charge *r);
/*
 * ASID_TEST_CHARGE_WATCHED: charge @amount of @type, watched; *w gets the
 * result (w->result, the controller's -errno) and, if it was made, the
 * handle.  Returns -errno only if the ioctl itself failed.
 */
int chg_charge_watched(int fd, uint32_t type, uint64_t amount,
		       struct asid_test_watched_charge *w);
/*
 * ASID_TEST_SAMPLE: @s's in fields set by the caller, the out fields filled
 * in.  Return: 0 or -errno.
 */
int chg_sample(int fd, struct asid_test_sample *s);
/*
 * ASID_TEST_BENCH of @iterations charge+uncharge pairs of @type, nothing
 * tracked; *rejected gets the charges refused.  Return: 0 or -errno.
 */
int chg_bench(int fd, uint32_t type, uint64_t iterations, uint64_t *rejected);

#endif /* _LIB_CHARGE_H */
