/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * asid_test: a misc device that charges cgroup resources on behalf of the
 * calling task, so that one test suite can drive either controller design.
 *
 * Every charge belongs to the open file that made it; closing the file
 * uncharges whatever is still held.
 */
#ifndef _ASID_TEST_UAPI_H
#define _ASID_TEST_UAPI_H

#include <linux/const.h>
#include <linux/ioctl.h>
#include <linux/types.h>

#define ASID_TEST_DEV		"/dev/asid_test"
#define ASID_TEST_NAME_LEN	32

/* Resource types are the controller's own enum values, 0..nr_types-1. */
struct asid_test_info {
	__u32 type;				/* in */
	__u32 nr_types;				/* out */
	char name[ASID_TEST_NAME_LEN];		/* out: "sev", "sev_es", ... */
	char design[ASID_TEST_NAME_LEN];	/* out: "misc", "encryption_ids" */
};

struct asid_test_charge {
	__u32 type;		/* in */
	__u32 handle;		/* out: names the charge for UNCHARGE */
	__u64 amount;		/* in */
};

struct asid_test_capacity {
	__u32 type;		/* in */
	__u32 pad;
	__u64 capacity;		/* in */
};

struct asid_test_usage {
	__u32 type;		/* in */
	__u32 pad;
	__u64 usage;		/* out: usage of the whole system */
};

/* One benchmark run: @iterations charge+uncharge pairs in a kernel loop. */
struct asid_test_bench {
	__u32 type;		/* in */
	__u32 flags;		/* in: ASID_TEST_BENCH_* */
	__u64 iterations;	/* in */
	__u64 elapsed_ns;	/* out */
	__u64 rejected;		/* out: charges that returned an error */
	__u64 max_overshoot;	/* out: largest usage seen above @limit */
	__u64 limit;		/* in: what OVERSHOOT compares usage to */
};

#define ASID_TEST_BENCH_EMPTY		_BITUL(0)	/* loop without the controller */
#define ASID_TEST_BENCH_OVERSHOOT	_BITUL(1)	/* read usage, track max_overshoot */

#define ASID_TEST_IOC_MAGIC	0xA5
/* -EINVAL: type out of range. */
#define ASID_TEST_INFO		_IOWR(ASID_TEST_IOC_MAGIC, 0, struct asid_test_info)
/* Charge the calling task's cgroup; errors are the controller's own. */
#define ASID_TEST_CHARGE	_IOWR(ASID_TEST_IOC_MAGIC, 1, struct asid_test_charge)
/* -ENOENT: no such handle in this file. */
#define ASID_TEST_UNCHARGE	_IOW(ASID_TEST_IOC_MAGIC, 2, __u32)
/* Returns what the controller's set_capacity returned. */
#define ASID_TEST_SET_CAPACITY	_IOW(ASID_TEST_IOC_MAGIC, 3, struct asid_test_capacity)
/* -EOPNOTSUPP where the design exports no total-usage call. */
#define ASID_TEST_TOTAL_USAGE	_IOWR(ASID_TEST_IOC_MAGIC, 4, struct asid_test_usage)
#define ASID_TEST_BENCH		_IOWR(ASID_TEST_IOC_MAGIC, 5, struct asid_test_bench)

#endif /* _ASID_TEST_UAPI_H */
