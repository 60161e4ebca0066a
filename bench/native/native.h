/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The boundary between the driver (driver.c, built against the C library)
 * and the kernel side (the controller, its adapter and the stubs, built
 * against stub/ and the tree's headers with -nostdinc).  Only C types that
 * mean the same on both sides cross it; a cgroup is an opaque pointer, its
 * struct cgroup_subsys_state.
 */
#ifndef _NATIVE_H
#define _NATIVE_H

/* --- adapter_<design>.c: the calls of common-tests/module/design_<design>.h */

/* "misc" or "encryption_ids" */
extern const char *const native_design;

unsigned int native_nr_types(void);
const char *native_type_name(unsigned int type);

/* The controller's own set-capacity call. */
int native_set_capacity(unsigned int type, unsigned long long capacity);

/*
 * A new cgroup below @parent (NULL: the root, once), made by the
 * controller's css_alloc callback and then linked as the cgroup core's
 * init_and_link_css() does: ss, parent (with a reference on it), a
 * percpu_ref of its own, CSS_NO_REF for the root.
 */
void *native_cg_new(void *parent);
/* Unlink (drop the reference on the parent) and call css_free. */
void native_cg_free(void *css);

/*
 * Write the controller's max interface file of @css for @type (misc.max
 * "sev 1", encryption_ids sev.max "1") through its own cftype->write
 * handler.  Return: the handler's result, bytes written or -errno.
 */
long native_cg_write_max(void *css, unsigned int type, const char *val);

/*
 * A cgroup's usage counter of @type, what its max is checked against.  Its
 * current file shows the same, except misc-batched's, which subtracts the
 * units that per-CPU stocks hold charged to the cgroup's subtree.
 */
unsigned long long native_cg_usage(void *css, unsigned int type);

/* As asid_adapter_cookie_init()/_free()/_charge()/_uncharge(): */
int native_cookie_init(void **cookie);
void native_cookie_free(void *cookie);
/* Charge 1 of @type to the calling thread's cgroup, as sev_asid_new() does. */
int native_charge(unsigned int type, void **cookie);
/* Uncharge what native_charge() charged, as sev_asid_free() does. */
void native_uncharge(unsigned int type, void *cookie);

/* --- stub/native_rt.c: the runtime behind the stubs */

/*
 * Set up per-CPU areas for @nr_cpus CPUs; @ref_atomic: new css refcounts
 * start in atomic mode instead of percpu mode; @virt_spin_lock: the value
 * of virt_spin_lock_key (the qspinlock slow path's test-and-set fallback).
 */
void native_rt_init(int nr_cpus, int ref_atomic, int virt_spin_lock);
/*
 * The calling thread is now CPU @cpu (and no longer the one it was) and its
 * task is in cgroup @css.
 */
void native_thread_enter(int cpu, void *css);
/* The calling thread, about to end, plays no CPU any more. */
void native_thread_exit(void);
/* A css's reference count: its percpu counters summed, plus the atomic one. */
long long native_css_refs(void *css);
/*
 * Remove cgroup @css as the cgroup core does before freeing it: mark it
 * dying and call its controller's css_offline, if it has one.  Its
 * children must have been offlined first.
 */
void native_css_offline(void *css);

/* --- stub/native_libc.c */

/* How many WARN*() have fired, in any thread. */
unsigned long native_warn_count(void);

#endif
