// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/asid_test wrappers; see charge.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "charge.h"

int chg_open(void)
{
	int fd = open(ASID_TEST_DEV, O_RDWR | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

int chg_info(int fd, uint32_t type, struct asid_test_info *info)
{
	memset(info, 0, sizeof(*info));
	info->type = type;
	if (ioctl(fd, ASID_TEST_INFO, info))
		return -errno;
	info->name[sizeof(info->name) - 1] = '\0';
	info->design[sizeof(info->design) - 1] = '\0';
	return 0;
}

int chg_type(int fd, const char *res)
{
	struct asid_test_info info;
	uint32_t n = 1;
	int ret;

	for (uint32_t t = 0; t < n; t++) {
		ret = chg_info(fd, t, &info);
		if (ret)
			return ret;
		n = info.nr_types;
		if (!strcmp(info.name, res))
			return t;
	}
	return -ENOENT;
}

int chg_charge(int fd, uint32_t type, uint64_t amount, uint32_t *handle)
{
	struct asid_test_charge c = { .type = type, .amount = amount };

	if (ioctl(fd, ASID_TEST_CHARGE, &c))
		return -errno;
	*handle = c.handle;
	return 0;
}

int chg_uncharge(int fd, uint32_t handle)
{
	return ioctl(fd, ASID_TEST_UNCHARGE, &handle) ? -errno : 0;
}

int chg_set_capacity(int fd, uint32_t type, uint64_t capacity)
{
	struct asid_test_capacity c = { .type = type, .capacity = capacity };

	return ioctl(fd, ASID_TEST_SET_CAPACITY, &c) ? -errno : 0;
}

int chg_total_usage(int fd, uint32_t type, uint64_t *usage)
{
	struct asid_test_usage u = { .type = type };

	if (ioctl(fd, ASID_TEST_TOTAL_USAGE, &u))
		return -errno;
	*usage = u.usage;
	return 0;
}

int chg_charge_raced(int fd, uint32_t type, uint64_t amount, uint32_t release,
		     const char *symbol, struct asid_test_raced_charge *r)
{
	memset(r, 0, sizeof(*r));
	r->type = type;
	r->amount = amount;
	r->release = release;
	snprintf(r->symbol, sizeof(r->symbol), "%s", symbol);
	return ioctl(fd, ASID_TEST_CHARGE_RACED, r) ? -errno : 0;
}

int chg_charge_watched(int fd, uint32_t type, uint64_t amount,
		       struct asid_test_watched_charge *w)
{
	memset(w, 0, sizeof(*w));
	w->type = type;
	w->amount = amount;
	return ioctl(fd, ASID_TEST_CHARGE_WATCHED, w) ? -errno : 0;
}

int chg_sample(int fd, struct asid_test_sample *s)
{
	return ioctl(fd, ASID_TEST_SAMPLE, s) ? -errno : 0;
}

int chg_bench(int fd, uint32_t type, uint64_t iterations, uint64_t *rejected)
{
	struct asid_test_bench b = { .type = type, .iterations = iterations };

	if (ioctl(fd, ASID_TEST_BENCH, &b))
		return -errno;
	*rejected = b.rejected;
	return 0;
}
