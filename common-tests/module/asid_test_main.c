// SPDX-License-Identifier: GPL-2.0
/*
 * asid_test: charge a cgroup controller for SEV ASIDs from user space.
 *
 * /dev/asid_test lets one test suite drive whichever controller design the
 * kernel was built with, through asid_test_adapter.h, without SEV hardware.
 * Every charge is made for the calling task, exactly as KVM makes it, and
 * belongs to the open file that made it: closing the file uncharges whatever
 * it still holds, so a test that crashes or is killed leaks nothing.
 *
 * ASID_TEST_BENCH times charge/uncharge pairs in a kernel loop, so that the
 * cost of each design is measured without a system call per pair.
 *
 * ASID_TEST_CHARGE_WATCHED makes one charge under a kprobe on
 * cgroup_file_notify(), to see what a charge shows while it notifies.
 * ASID_TEST_CHARGE_RACED makes one whose cancel step another uncharge
 * races, deterministically.
 *
 * ASID_TEST_SAMPLE reads a level's usage in a tight loop on the caller's
 * CPU while other CPUs charge it, to see what no read through cgroupfs is
 * fast enough to see: a usage above its max for a few instructions.
 */

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/cpumask.h>
#include <linux/errno.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/processor.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/xarray.h>

#include "asid_test_adapter.h"
#include "asid_test_uapi.h"

/* At some 100ns a pair, a run may take minutes but not hours. */
#define ASID_TEST_BENCH_MAX_ITERATIONS	1000000000ULL
/*
 * How often the benchmark may sleep and checks for a fatal signal.  A power
 * of two keeps the test to a mask; 4096 pairs take far longer than the check.
 */
#define ASID_TEST_BENCH_RESCHED		4096

/**
 * struct asid_test_file - State of one open /dev/asid_test.
 * @charges: struct asid_test_held indexed by handle.  Its own lock is all it
 *	     needs: xa_erase() hands each charge to a single caller, and no
 *	     lock is held across the controller, so that threads sharing a
 *	     file race in the controller, not here.
 */
struct asid_test_file {
	struct xarray charges;
};

/**
 * struct asid_test_held - One charge held by an open file.
 * @type: resource type charged.
 * @amount: amount charged.
 * @cookie: what the adapter needs to uncharge it.
 */
struct asid_test_held {
	unsigned int type;
	u64 amount;
	void *cookie;
};

/*
 * Fault injection, to prove that the stress test and the debug kernels catch
 * what they are for: at the @inject_at-th uncharge of a held charge, "leak"
 * skips it and "underflow" uncharges one unit more than was charged.
 */
static char *inject = "";
module_param(inject, charp, 0444);
MODULE_PARM_DESC(inject, "leak|underflow: break one uncharge on purpose");
static unsigned int inject_at = 100;
module_param(inject_at, uint, 0444);
MODULE_PARM_DESC(inject_at, "which uncharge to break (default 100)");
static atomic_t nr_put_held = ATOMIC_INIT(0);

static void asid_test_uncharge_held(struct asid_test_held *held)
{
	bool now = atomic_inc_return(&nr_put_held) == inject_at;

	if (now && !strcmp(inject, "leak")) {
		pr_warn("asid_test: injected leak: %llu of type %u not uncharged\n",
			held->amount, held->type);
		return;
	}
	if (now && !strcmp(inject, "underflow")) {
		pr_warn("asid_test: injected underflow: uncharging %llu of type %u\n",
			held->amount + 1, held->type);
		asid_adapter_uncharge(held->type, held->amount + 1, held->cookie);
		return;
	}
	asid_adapter_uncharge(held->type, held->amount, held->cookie);
}

static bool asid_test_valid_type(u32 type)
{
	return type < asid_adapter_nr_types();
}

/**
 * asid_test_held_new() - Ready a charge that is not yet made.
 * @type: a valid resource type.
 * @amount: how much it will charge.
 *
 * Return: the charge, with a ready cookie, or ERR_PTR(-ENOMEM).
 */
static struct asid_test_held *asid_test_held_new(u32 type, u64 amount)
{
	struct asid_test_held *held;
	int ret;

	held = kzalloc(sizeof(*held), GFP_KERNEL);
	if (!held)
		return ERR_PTR(-ENOMEM);
	held->type = type;
	held->amount = amount;

	ret = asid_adapter_cookie_init(&held->cookie);
	if (ret) {
		kfree(held);
		return ERR_PTR(ret);
	}
	return held;
}

/* Free a charge from asid_test_held_new() that holds nothing. */
static void asid_test_held_free(struct asid_test_held *held)
{
	asid_adapter_cookie_free(held->cookie);
	kfree(held);
}

/**
 * asid_test_put_held() - Uncharge a held charge and free it.
 * @held: charge no longer in any file's @charges.
 */
static void asid_test_put_held(struct asid_test_held *held)
{
	asid_test_uncharge_held(held);
	asid_test_held_free(held);
}

static long asid_test_info(void __user *arg)
{
	struct asid_test_info info;

	if (copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	if (!asid_test_valid_type(info.type))
		return -EINVAL;

	info.nr_types = asid_adapter_nr_types();
	strscpy_pad(info.name, asid_adapter_type_name(info.type), sizeof(info.name));
	strscpy_pad(info.design, asid_adapter_design, sizeof(info.design));

	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

/**
 * asid_test_hold() - Give a charge just made a handle in @tf.
 * @tf: the open file that will hold the charge.
 * @held: the charge, made and in no file.
 * @handle: where to store the handle, a positive integer.
 *
 * The controller is charged before a handle is allocated, so that a handle
 * never names a charge in progress; if no handle can be had, the charge is
 * undone.
 *
 * Return: 0, or -ENOMEM with the charge undone and @held freed.
 */
static int asid_test_hold(struct asid_test_file *tf,
			  struct asid_test_held *held, u32 *handle)
{
	int ret;

	ret = xa_alloc(&tf->charges, handle, held, xa_limit_31b, GFP_KERNEL);
	if (ret) {
		asid_adapter_uncharge(held->type, held->amount, held->cookie);
		asid_test_held_free(held);
	}
	return ret;
}

/* Undo asid_test_hold() when the handle could not reach the user. */
static void asid_test_unhold(struct asid_test_file *tf, u32 handle)
{
	struct asid_test_held *held;

	/* Another thread may have guessed the handle and uncharged. */
	held = xa_erase(&tf->charges, handle);
	if (held)
		asid_test_put_held(held);
}

/**
 * asid_test_charge() - Charge the caller's cgroup and remember the charge.
 * @tf: the open file that will hold the charge.
 * @arg: user's struct asid_test_charge.
 *
 * Return: 0 with the handle (a positive integer) in @arg, or a negative
 * errno: the controller's own when the charge is refused.
 */
static long asid_test_charge(struct asid_test_file *tf, void __user *arg)
{
	struct asid_test_charge __user *ureq = arg;
	struct asid_test_charge req;
	struct asid_test_held *held;
	u32 handle;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type))
		return -EINVAL;

	held = asid_test_held_new(req.type, req.amount);
	if (IS_ERR(held))
		return PTR_ERR(held);

	ret = asid_adapter_charge(held->type, held->amount, &held->cookie);
	if (ret) {
		asid_test_held_free(held);
		return ret;
	}

	ret = asid_test_hold(tf, held, &handle);
	if (ret)
		return ret;
	if (put_user(handle, &ureq->handle)) {
		asid_test_unhold(tf, handle);
		return -EFAULT;
	}
	return 0;
}

/**
 * struct asid_test_watch - A kprobe on cgroup_file_notify() for one charge.
 * @kp: the probe, registered for one ioctl.
 * @task: the task whose charge is watched, NULL outside the charge.
 * @type: the type it charges.
 * @notifications: calls @task made during the charge.
 * @usage_result: 0, or the adapter's error from sampling the usage.
 * @min_usage: lowest usage sampled at a call, U64_MAX before the first.
 * @max_usage: highest usage sampled at a call.
 *
 * Only handlers that run in @task write the counts, one at a time, while
 * @task is in the charge and not reading them: they need no lock.
 */
struct asid_test_watch {
	struct kprobe kp;
	struct task_struct *task;
	unsigned int type;
	u32 notifications;
	int usage_result;
	u64 min_usage;
	u64 max_usage;
};

static int asid_test_notify_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct asid_test_watch *w = container_of(kp, struct asid_test_watch, kp);
	u64 usage;

	/*
	 * cgroup_file_notify() also runs from its rate-limit timer, in
	 * softirq, in whichever task the timer interrupts.  A kprobe handler adds
	 * NMI or preemption counts to the probed context, never softirq ones.
	 */
	if (READ_ONCE(w->task) != current || in_serving_softirq())
		return 0;

	w->notifications++;
	if (w->usage_result)
		return 0;
	w->usage_result = asid_adapter_current_usage(w->type, 0, &usage);
	if (w->usage_result)
		return 0;
	w->min_usage = min(w->min_usage, usage);
	w->max_usage = max(w->max_usage, usage);
	return 0;
}

/**
 * asid_test_watch_charge() - Make a charge under a kprobe.
 * @held: a charge from asid_test_held_new(), charged on success.
 * @req: the request; its out fields but the handle are filled in.
 *
 * The probe is registered for this charge alone and removed before this
 * returns; unregister_kprobe() waits for handlers still running.
 *
 * Return: 0 with the charge's own result in @req->result, or the error
 * that kept the probe from being armed (nothing is then charged).
 */
static int asid_test_watch_charge(struct asid_test_held *held,
				  struct asid_test_watched_charge *req)
{
	struct asid_test_watch w = {
		.kp = {
			.symbol_name = "cgroup_file_notify",
			.pre_handler = asid_test_notify_pre,
		},
		.type = held->type,
		.min_usage = U64_MAX,
	};
	int ret;

	ret = register_kprobe(&w.kp);
	if (ret)
		return ret;
	/* Sampled the same way before, which also tells whether it can be. */
	w.usage_result = asid_adapter_current_usage(held->type, 0,
						    &req->usage_before);
	WRITE_ONCE(w.task, current);
	req->result = asid_adapter_charge(held->type, held->amount,
					  &held->cookie);
	WRITE_ONCE(w.task, NULL);
	unregister_kprobe(&w.kp);

	req->notifications = w.notifications;
	req->usage_result = w.usage_result;
	if (!w.notifications || w.usage_result) {
		req->min_usage = 0;
		req->max_usage = 0;
	} else {
		req->min_usage = w.min_usage;
		req->max_usage = w.max_usage;
	}
	if (w.usage_result)
		req->usage_before = 0;
	return 0;
}

/**
 * asid_test_charge_watched() - ASID_TEST_CHARGE under asid_test_watch_charge().
 * @tf: the open file that will hold the charge.
 * @arg: user's struct asid_test_watched_charge.
 *
 * Return: 0 with the charge's result, and the handle if it was made, in
 * @arg; or a negative errno, the probe's own if it could not be armed.
 */
static long asid_test_charge_watched(struct asid_test_file *tf,
				     void __user *arg)
{
	struct asid_test_watched_charge req;
	struct asid_test_held *held;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type))
		return -EINVAL;

	held = asid_test_held_new(req.type, req.amount);
	if (IS_ERR(held))
		return PTR_ERR(held);

	ret = asid_test_watch_charge(held, &req);
	if (ret) {
		asid_test_held_free(held);
		return ret;
	}

	req.handle = 0;
	if (req.result)
		asid_test_held_free(held);
	else if (asid_test_hold(tf, held, &req.handle))
		return -ENOMEM;

	if (copy_to_user(arg, &req, sizeof(req))) {
		if (req.handle)
			asid_test_unhold(tf, req.handle);
		return -EFAULT;
	}
	return 0;
}

/**
 * struct asid_test_race - A kprobe that uncharges a held charge once.
 * @kp: the probe, registered for one ioctl.
 * @task: the task whose charge is raced, NULL outside the charge.
 * @release: the held charge to uncharge, taken out of its file.
 * @raced: set when the handler uncharged @release.
 */
struct asid_test_race {
	struct kprobe kp;
	struct task_struct *task;
	struct asid_test_held *release;
	bool raced;
};

static int asid_test_race_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct asid_test_race *r = container_of(kp, struct asid_test_race, kp);

	if (READ_ONCE(r->task) != current || in_serving_softirq() || r->raced)
		return 0;
	/* Set first: the uncharge may enter @symbol again (kprobes skip it). */
	r->raced = true;
	asid_adapter_uncharge(r->release->type, r->release->amount,
			      r->release->cookie);
	return 0;
}

/**
 * asid_test_charge_raced() - ASID_TEST_CHARGE with a raced cancel step.
 * @tf: the open file that holds @release and will hold the new charge.
 * @arg: user's struct asid_test_raced_charge.
 *
 * Return: 0 with the charge's result, and the handle if it was made, in
 * @arg; or a negative errno, with nothing changed.
 */
static long asid_test_charge_raced(struct asid_test_file *tf, void __user *arg)
{
	struct asid_test_raced_charge req;
	struct asid_test_race r = { .kp.pre_handler = asid_test_race_pre };
	struct asid_test_held *held;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type) ||
	    strnlen(req.symbol, sizeof(req.symbol)) == sizeof(req.symbol))
		return -EINVAL;

	held = asid_test_held_new(req.type, req.amount);
	if (IS_ERR(held))
		return PTR_ERR(held);
	r.kp.symbol_name = req.symbol;
	ret = register_kprobe(&r.kp);
	if (ret) {
		asid_test_held_free(held);
		return ret;
	}
	r.release = xa_erase(&tf->charges, req.release);
	if (!r.release) {
		unregister_kprobe(&r.kp);
		asid_test_held_free(held);
		return -ENOENT;
	}

	WRITE_ONCE(r.task, current);
	req.result = asid_adapter_charge(held->type, held->amount,
					 &held->cookie);
	WRITE_ONCE(r.task, NULL);
	unregister_kprobe(&r.kp);

	req.raced = r.raced;
	if (r.raced)
		asid_test_held_free(r.release);
	else
		asid_test_put_held(r.release);

	req.handle = 0;
	if (req.result)
		asid_test_held_free(held);
	else if (asid_test_hold(tf, held, &req.handle))
		return -ENOMEM;

	if (copy_to_user(arg, &req, sizeof(req))) {
		if (req.handle)
			asid_test_unhold(tf, req.handle);
		return -EFAULT;
	}
	return 0;
}

static long asid_test_uncharge(struct asid_test_file *tf, void __user *arg)
{
	struct asid_test_held *held;
	u32 handle;

	if (get_user(handle, (u32 __user *)arg))
		return -EFAULT;

	held = xa_erase(&tf->charges, handle);
	if (!held)
		return -ENOENT;

	asid_test_put_held(held);
	return 0;
}

static long asid_test_set_capacity(void __user *arg)
{
	struct asid_test_capacity req;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type))
		return -EINVAL;

	return asid_adapter_set_capacity(req.type, req.capacity);
}

static long asid_test_total_usage(void __user *arg)
{
	struct asid_test_usage req;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type))
		return -EINVAL;

	ret = asid_adapter_total_usage(req.type, &req.usage);
	if (ret)
		return ret;

	return copy_to_user(arg, &req, sizeof(req)) ? -EFAULT : 0;
}

/**
 * asid_test_bench_loop() - Time @req->iterations charge/uncharge pairs.
 * @req: the benchmark to run; its out fields are filled in.
 * @cookie: a ready cookie, so that the loop never allocates.
 *
 * Each pair charges 1, as KVM does per ASID, to the current task's cgroup.
 * A rejected charge is counted and not uncharged.  With
 * ASID_TEST_BENCH_OVERSHOOT the usage of the cgroup @req->limit_up levels
 * above the charged one (the one whose max is @req->limit) is read after
 * each successful charge, if the design can tell it, and its excess over
 * @req->limit tracked; otherwise, and where the design cannot tell it,
 * max_overshoot stays 0.  Not the root's usage: an uncharge leaves the
 * levels from the bottom up, so the root can hold a unit more than the
 * limited level ever did.  The read is optional because it is work of its
 * own that not every design can do: without it every design runs the same
 * charge+uncharge loop.  With ASID_TEST_BENCH_EMPTY the controller is not
 * called at all, which measures what the loop itself costs.
 *
 * Every ASID_TEST_BENCH_RESCHED pairs the loop may sleep, so that a long
 * run does not starve the CPU, and stops if the task is being killed.  The
 * elapsed time is wall time and includes any such sleep.  The start and end
 * are stamped on one clock for every CPU, so that the caller can tell how
 * long the workers of a run ran together.
 *
 * Return: 0, or -EINTR if the task was killed.
 */
static int asid_test_bench_loop(struct asid_test_bench *req, void *cookie)
{
	bool empty = req->flags & ASID_TEST_BENCH_EMPTY;
	u64 rejected = 0, max_overshoot = 0;
	bool track;
	u64 start, i, usage;

	track = !empty && (req->flags & ASID_TEST_BENCH_OVERSHOOT) &&
		!asid_adapter_current_usage(req->type, req->limit_up, &usage);

	start = ktime_get_ns();
	for (i = 0; i < req->iterations; i++) {
		if (!(i & (ASID_TEST_BENCH_RESCHED - 1))) {
			cond_resched();
			if (fatal_signal_pending(current))
				return -EINTR;
		}
		if (empty) {
			barrier();
			continue;
		}
		if (asid_adapter_charge(req->type, 1, &cookie)) {
			rejected++;
			continue;
		}
		if (track &&
		    !asid_adapter_current_usage(req->type, req->limit_up, &usage) &&
		    usage > req->limit)
			max_overshoot = max(max_overshoot, usage - req->limit);
		asid_adapter_uncharge(req->type, 1, cookie);
	}
	req->end_ns = ktime_get_ns();
	req->start_ns = start;
	req->elapsed_ns = req->end_ns - start;
	req->rejected = rejected;
	req->max_overshoot = max_overshoot;
	return 0;
}

static long asid_test_bench(void __user *arg)
{
	struct asid_test_bench req;
	void *cookie;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type) ||
	    req.flags & ~(ASID_TEST_BENCH_EMPTY | ASID_TEST_BENCH_OVERSHOOT) ||
	    req.iterations > ASID_TEST_BENCH_MAX_ITERATIONS)
		return -EINVAL;

	ret = asid_adapter_cookie_init(&cookie);
	if (ret)
		return ret;
	ret = asid_test_bench_loop(&req, cookie);
	asid_adapter_cookie_free(cookie);
	if (ret)
		return ret;

	return copy_to_user(arg, &req, sizeof(req)) ? -EFAULT : 0;
}

/*
 * How often the sampler looks at the clock, may sleep and checks for a
 * fatal signal: a power of two keeps the test to a mask.
 */
#define ASID_TEST_SAMPLE_RESCHED	1024
/*
 * The longest pause between two readings, in cpu_relax() calls, less one.
 * Under QEMU's TCG each PAUSE also ends the vCPU's run of translated code,
 * which lets a busy host interleave the two vCPUs finely: with an empty
 * loop instead, the reader saw a tenth of the charges in flight or less.
 */
#define ASID_TEST_SAMPLE_JITTER		15

/**
 * asid_test_sample_stock() - One reading of the units charged ahead of use.
 * @type: a valid resource type.
 * @root_up: levels from the current task's cgroup to the root.
 * @stocked: where to store the units, if the reading holds.
 *
 * The root's usage less what the design's total-usage call counts in use,
 * kept only if the root's usage read the same before and after that call:
 * a charge or uncharge that moved it meanwhile would make the difference
 * wrong by its amount.
 *
 * Return: 1 with @stocked set, 0 if the root's usage moved, or the
 * adapter's negative errno (-EOPNOTSUPP: no total-usage call).
 */
static int asid_test_sample_stock(unsigned int type, unsigned int root_up,
				  u64 *stocked)
{
	u64 before, total, after;
	int ret;

	ret = asid_adapter_level_usage(type, root_up, &before);
	if (!ret)
		ret = asid_adapter_total_usage(type, &total);
	if (!ret)
		ret = asid_adapter_level_usage(type, root_up, &after);
	if (ret)
		return ret;
	if (before != after)
		return 0;
	*stocked = before > total ? before - total : 0;
	return 1;
}

/**
 * asid_test_sample_loop() - Read a level's usage for @req->duration_ns.
 * @req: what to sample, its out fields zeroed; they are filled in.
 *
 * Between two looks at the clock the loop only reads, as fast as it can:
 * a usage that another CPU's charge holds above the limit for a few
 * instructions is seen only by a reader that happens to read then.
 * Every ASID_TEST_SAMPLE_RESCHED readings it may sleep, so that a long run
 * does not starve its CPU, and stops if the task is being killed.
 *
 * Return: 0, -EINTR if the task was killed, or the adapter's error.
 */
static int asid_test_sample_loop(struct asid_test_sample *req)
{
	bool stock = req->flags & ASID_TEST_SAMPLE_STOCK;
	bool witness = req->flags & ASID_TEST_SAMPLE_WITNESS;
	bool above = false, witness_above = false;
	u64 start, i, usage, stocked;
	u32 jitter = 1, j;
	int ret;

	req->min_usage = U64_MAX;
	start = ktime_get_ns();
	for (i = 0; ; i++) {
		if (!(i & (ASID_TEST_SAMPLE_RESCHED - 1))) {
			if (i && ktime_get_ns() - start >= req->duration_ns)
				break;
			cond_resched();
			if (fatal_signal_pending(current))
				return -EINTR;
		}
		/*
		 * A pause of a pseudo-random length (xorshift32) between
		 * readings, so that the reader does not fall into step with a
		 * charger's loop and keep reading at the same point of it.
		 */
		jitter ^= jitter << 13;
		jitter ^= jitter >> 17;
		jitter ^= jitter << 5;
		for (j = jitter & ASID_TEST_SAMPLE_JITTER; j; j--)
			cpu_relax();
		ret = asid_adapter_level_usage(req->type, req->limit_up, &usage);
		if (ret)
			return ret;
		req->samples++;
		req->min_usage = min(req->min_usage, usage);
		req->max_usage = max(req->max_usage, usage);
		/* Each run of readings above the limit is one excursion seen. */
		if (usage > req->limit) {
			req->over_samples++;
			req->excursions += !above;
		}
		above = usage > req->limit;
		if (witness) {
			ret = asid_adapter_level_usage(req->type,
						       req->witness_up, &usage);
			if (ret)
				return ret;
			if (usage > req->witness_limit)
				req->witness_excursions += !witness_above;
			witness_above = usage > req->witness_limit;
		}
		if (stock) {
			ret = asid_test_sample_stock(req->type, req->root_up,
						     &stocked);
			if (ret < 0)
				return ret;
			if (ret) {
				req->stock_samples++;
				req->max_stocked = max(req->max_stocked, stocked);
			}
		}
		if (!req->duration_ns)
			break;
	}
	req->elapsed_ns = ktime_get_ns() - start;
	return 0;
}

static long asid_test_sample(void __user *arg)
{
	struct asid_test_sample req;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	if (!asid_test_valid_type(req.type) ||
	    req.flags & ~(ASID_TEST_SAMPLE_STOCK | ASID_TEST_SAMPLE_WITNESS) ||
	    req.duration_ns > ASID_TEST_SAMPLE_MAX_NS)
		return -EINVAL;

	req.samples = 0;
	req.max_usage = 0;
	req.over_samples = 0;
	req.excursions = 0;
	req.stock_samples = 0;
	req.max_stocked = 0;
	req.witness_excursions = 0;
	ret = asid_test_sample_loop(&req);
	if (ret)
		return ret;
	req.nr_cpu_ids = nr_cpu_ids;

	return copy_to_user(arg, &req, sizeof(req)) ? -EFAULT : 0;
}

static long asid_test_ioctl(struct file *file, unsigned int cmd,
			    unsigned long arg)
{
	struct asid_test_file *tf = file->private_data;
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case ASID_TEST_INFO:
		return asid_test_info(uarg);
	case ASID_TEST_CHARGE:
		return asid_test_charge(tf, uarg);
	case ASID_TEST_UNCHARGE:
		return asid_test_uncharge(tf, uarg);
	case ASID_TEST_SET_CAPACITY:
		return asid_test_set_capacity(uarg);
	case ASID_TEST_TOTAL_USAGE:
		return asid_test_total_usage(uarg);
	case ASID_TEST_BENCH:
		return asid_test_bench(uarg);
	case ASID_TEST_CHARGE_WATCHED:
		return asid_test_charge_watched(tf, uarg);
	case ASID_TEST_CHARGE_RACED:
		return asid_test_charge_raced(tf, uarg);
	case ASID_TEST_SAMPLE:
		return asid_test_sample(uarg);
	default:
		return -ENOTTY;
	}
}

static int asid_test_open(struct inode *inode, struct file *file)
{
	struct asid_test_file *tf;

	tf = kzalloc(sizeof(*tf), GFP_KERNEL);
	if (!tf)
		return -ENOMEM;
	xa_init_flags(&tf->charges, XA_FLAGS_ALLOC1);
	file->private_data = tf;
	return 0;
}

/* The last reference is gone, so no ioctl can race with this. */
static int asid_test_release(struct inode *inode, struct file *file)
{
	struct asid_test_file *tf = file->private_data;
	struct asid_test_held *held;
	unsigned long handle;

	xa_for_each(&tf->charges, handle, held)
		asid_test_put_held(held);
	xa_destroy(&tf->charges);
	kfree(tf);
	return 0;
}

static const struct file_operations asid_test_fops = {
	.owner		= THIS_MODULE,
	.open		= asid_test_open,
	.release	= asid_test_release,
	.unlocked_ioctl	= asid_test_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
	.llseek		= noop_llseek,
};

static struct miscdevice asid_test_dev = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "asid_test",
	.fops	= &asid_test_fops,
	.mode	= 0600,
};

module_misc_device(asid_test_dev);

MODULE_DESCRIPTION("Charge SEV ASID cgroup controllers from user space for testing");
MODULE_LICENSE("GPL");
