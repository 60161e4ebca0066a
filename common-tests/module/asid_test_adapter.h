/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asid_test adapter: what each cgroup controller design implements so that
 * asid_test_main.c can drive it without knowing which one it is.
 *
 * Resource types are the design's own enum values, 0..nr_types-1; the core
 * checks them before calling in, so the adapter never sees a bad type.
 *
 * A charge is remembered by a cookie, an opaque pointer that the core keeps
 * for the adapter: asid_adapter_cookie_init() readies it,
 * asid_adapter_charge() and asid_adapter_uncharge() may then be called on it
 * any number of times, in pairs, and asid_adapter_cookie_free() ends it.
 * Charging never allocates, so the benchmark can charge in a tight loop.
 */
#ifndef _ASID_TEST_ADAPTER_H
#define _ASID_TEST_ADAPTER_H

#include <linux/types.h>

/* Name of the design, as reported by ASID_TEST_INFO. */
extern const char *const asid_adapter_design;

/**
 * asid_adapter_nr_types() - Count the resource types of the design.
 *
 * Return: number of resource types; valid types are 0..count-1.
 */
unsigned int asid_adapter_nr_types(void);

/**
 * asid_adapter_type_name() - Name a resource type.
 * @type: a valid resource type.
 *
 * Return: the name the controller's interface files use, e.g. "sev".
 */
const char *asid_adapter_type_name(unsigned int type);

/**
 * asid_adapter_cookie_init() - Ready a cookie for charging.
 * @cookie: the cookie to ready.
 *
 * Context: Process context, may sleep.
 * Return: 0 or -ENOMEM.
 */
int asid_adapter_cookie_init(void **cookie);

/**
 * asid_adapter_cookie_free() - Free what asid_adapter_cookie_init() set up.
 * @cookie: a cookie that holds no charge.
 */
void asid_adapter_cookie_free(void *cookie);

/**
 * asid_adapter_charge() - Charge the current task's cgroup.
 * @type: a valid resource type.
 * @amount: how much to charge.
 * @cookie: a ready cookie that holds no charge; records the charged cgroup.
 *
 * Looks up and references the current task's cgroup exactly as the design's
 * SEV code does in sev_asid_new().
 *
 * Return: 0, or the controller's error (nothing is then charged or held).
 * -EOVERFLOW if @amount does not fit the design's counters.
 */
int asid_adapter_charge(unsigned int type, u64 amount, void **cookie);

/**
 * asid_adapter_uncharge() - Undo asid_adapter_charge().
 * @type: the type that was charged.
 * @amount: the amount that was charged.
 * @cookie: the cookie that holds the charge; it is ready to charge again.
 *
 * Uncharges the cgroup that was charged, whichever task calls this.
 */
void asid_adapter_uncharge(unsigned int type, u64 amount, void *cookie);

/**
 * asid_adapter_set_capacity() - Set the system-wide capacity of a type.
 * @type: a valid resource type.
 * @capacity: the new capacity.
 *
 * Return: what the controller returned, or -EOVERFLOW if @capacity does not
 * fit the design's counters, in which case nothing is changed.
 */
int asid_adapter_set_capacity(unsigned int type, u64 capacity);

/**
 * asid_adapter_total_usage() - Read the system-wide usage of a type.
 * @type: a valid resource type.
 * @usage: where to store the usage.
 *
 * Return: 0, or -EOPNOTSUPP if the design exports no such call.
 */
int asid_adapter_total_usage(unsigned int type, u64 *usage);

/**
 * asid_adapter_current_usage() - Read the usage of the current task's cgroup.
 * @type: a valid resource type.
 * @up: how many levels above that cgroup to read (0: the cgroup itself).
 * @usage: where to store the usage.
 *
 * Reads the counter that asid_adapter_charge() of the current task charges
 * (at @up 0, first), without a lock or a reference, so that a kprobe
 * handler that runs in the middle of that charge can sample it.  Must be
 * cheap: with ASID_TEST_BENCH_OVERSHOOT the benchmark reads the level that
 * holds the limit after every successful charge.
 *
 * Context: Any context, including a kprobe handler.
 * Return: 0, -EOPNOTSUPP if the design's counter cannot be read so, or
 * -ENOENT if there are not @up levels above the cgroup.
 */
int asid_adapter_current_usage(unsigned int type, unsigned int up, u64 *usage);

/**
 * asid_adapter_level_usage() - Read a level's usage for the in-kernel sampler.
 * @type: a valid resource type.
 * @up: how many levels above the current task's cgroup to read (0: its own).
 * @usage: where to store the usage.
 *
 * Reads the counter that the level's max is checked against, as the design
 * stores it, like asid_adapter_current_usage(), and also where the design
 * guards it with a lock of its own: without that lock, since every value a
 * reader can see is one the design stored, and a sampler that took the
 * lock would serialize with the charges it watches.
 *
 * Context: Process context.
 * Return: 0, or -ENOENT if there are not @up levels above the cgroup.
 */
int asid_adapter_level_usage(unsigned int type, unsigned int up, u64 *usage);

#endif /* _ASID_TEST_ADAPTER_H */
