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
	__u32 limit_up;		/* in: levels from the charged cgroup to the limited one */
	__u32 pad2;
	__u64 start_ns;		/* out: ktime_get_ns() at the loop's start */
	__u64 end_ns;		/* out: and at its end; one clock for every CPU */
};

#define ASID_TEST_BENCH_EMPTY		_BITUL(0)	/* loop without the controller */
#define ASID_TEST_BENCH_OVERSHOOT	_BITUL(1)	/* read usage, track max_overshoot */

/*
 * One charge as ASID_TEST_CHARGE makes it, watched: for the length of the
 * charge a kprobe on cgroup_file_notify() counts the calls the calling task
 * makes and samples, at each, the usage of the cgroup being charged.  A test
 * of the order in which a refused charge notifies and cancels.  Where the
 * design's usage cannot be sampled so, usage_result is -EOPNOTSUPP and the
 * usages are 0; calls are counted all the same.
 */
struct asid_test_watched_charge {
	__u32 type;		/* in */
	__u32 handle;		/* out: names the charge if @result is 0 */
	__u64 amount;		/* in */
	__s32 result;		/* out: 0, or the controller's negative errno */
	__s32 usage_result;	/* out: 0, or -EOPNOTSUPP: no usages */
	__u32 notifications;	/* out: cgroup_file_notify() calls made */
	__u32 pad;
	__u64 usage_before;	/* out: usage of the cgroup before the charge */
	__u64 min_usage;	/* out: lowest sampled at a notification */
	__u64 max_usage;	/* out: highest sampled at a notification */
};

/*
 * One charge as ASID_TEST_CHARGE makes it, raced by an uncharge: a held
 * charge of the same file (@release) is uncharged from a kprobe at the
 * first entry of @symbol the calling task makes during the charge (a
 * design's cancel step: misc_cg_cancel_charge, misc_cg_uncharge_hierarchy),
 * as another task's uncharge could land there.  If the charge never
 * reaches @symbol, @release is uncharged after it.  Either way @release is
 * gone when the ioctl returns.
 */
struct asid_test_raced_charge {
	__u32 type;		/* in */
	__u32 handle;		/* out: names the charge if @result is 0 */
	__u64 amount;		/* in */
	__u32 release;		/* in: a held charge of this file */
	__s32 result;		/* out: 0, or the controller's negative errno */
	__u32 raced;		/* out: 1 if @release was uncharged at @symbol */
	__u32 pad;
	char symbol[64];	/* in: NUL-terminated function name */
};

/*
 * The in-kernel sampler.  For @duration_ns the calling task reads, in a
 * loop on its CPU with short pauses of pseudo-random length between the
 * readings, the usage of the cgroup @limit_up levels above its
 * own: the counter that the level's max is checked against, as the design
 * stores it (misc-batched: with the units stocked for it), read without the
 * design's lock where it has one, and compares it with @limit.  While other
 * CPUs charge that level at its max, a design that stores a charge before
 * checking it shows up as readings above @limit; one that checks before it
 * stores never does.  A duration of 0 takes one reading.
 *
 * With ASID_TEST_SAMPLE_WITNESS each reading also reads a second level,
 * the witness (@witness_up levels above the caller's cgroup), and counts
 * the runs of readings above @witness_limit: the charged cgroup of a
 * charger that is refused above it holds its charge only while the charge
 * is in flight, so its excursions count the charges the sampler saw in
 * flight, on every design, whatever the host let the two CPUs run.
 *
 * With ASID_TEST_SAMPLE_STOCK each reading also takes the units charged
 * ahead of use: the usage of the root (@root_up levels above the caller's
 * cgroup) less what the design's total-usage call (misc_cg_res_total_usage)
 * says is in use, counted only when the root's usage read the same before
 * and after that call.  -EOPNOTSUPP where the design exports no such call.
 */
struct asid_test_sample {
	__u32 type;		/* in */
	__u32 flags;		/* in: ASID_TEST_SAMPLE_* */
	__u64 duration_ns;	/* in: at most ASID_TEST_SAMPLE_MAX_NS */
	__u64 limit;		/* in: what the usage is compared to */
	__u32 limit_up;		/* in: levels from the caller's cgroup to the sampled one */
	__u32 root_up;		/* in: levels from the caller's cgroup to the root (STOCK) */
	__u64 samples;		/* out: readings of the usage */
	__u64 min_usage;	/* out: lowest usage read */
	__u64 max_usage;	/* out: highest usage read */
	__u64 over_samples;	/* out: readings above @limit */
	__u64 excursions;	/* out: runs of consecutive readings above @limit */
	__u64 stock_samples;	/* out: STOCK: readings the root's usage held still across */
	__u64 max_stocked;	/* out: STOCK: the most units charged ahead in one */
	__u64 elapsed_ns;	/* out */
	__u32 nr_cpu_ids;	/* out: the kernel's nr_cpu_ids */
	__u32 witness_up;	/* in: WITNESS: levels from the caller's cgroup to the witness */
	__u64 witness_limit;	/* in: WITNESS: what the witness's usage is compared to */
	__u64 witness_excursions;	/* out: WITNESS: runs of its readings above @witness_limit */
};

#define ASID_TEST_SAMPLE_STOCK		_BITUL(0)	/* also sample the stocked units */
#define ASID_TEST_SAMPLE_WITNESS	_BITUL(1)	/* also sample a witness level */
#define ASID_TEST_SAMPLE_MAX_NS		60000000000ULL	/* one minute */

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
/* -errno of register_kprobe() if the probe cannot be armed. */
#define ASID_TEST_CHARGE_WATCHED \
	_IOWR(ASID_TEST_IOC_MAGIC, 6, struct asid_test_watched_charge)
/* -ENOENT: no such @release; -errno of register_kprobe() (nothing changed). */
#define ASID_TEST_CHARGE_RACED \
	_IOWR(ASID_TEST_IOC_MAGIC, 7, struct asid_test_raced_charge)
/* -ENOENT: not @limit_up (or @root_up) levels above the caller's cgroup. */
#define ASID_TEST_SAMPLE	_IOWR(ASID_TEST_IOC_MAGIC, 8, struct asid_test_sample)

#endif /* _ASID_TEST_UAPI_H */
