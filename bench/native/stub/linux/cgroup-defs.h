/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cgroup core's types, as far as a controller sees them.
 *
 * struct cgroup_subsys_state and struct cgroup_file keep the size and the
 * field offsets they have on x86_64 without lockdep (200 and 56 bytes; 6.12
 * adds nr_descendants, 208): the fields no controller touches are padding
 * of the right size.  So res[] of a struct misc_cg or encryption_id_cgroup
 * lands at the offset it has in the guest kernels, and the cache lines the
 * charge path shares (css.parent, css.refcnt, res[].usage) are the same.
 * build.sh defines NATIVE_CSS_NR_DESCENDANTS when the tree's css has it.
 */
#ifndef _NATIVE_LINUX_CGROUP_DEFS_H
#define _NATIVE_LINUX_CGROUP_DEFS_H
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/build_bug.h>
#include <linux/percpu-refcount.h>

struct cgroup;
struct cgroup_subsys;
struct cftype;
struct seq_file;
struct kernfs_node;
struct kernfs_open_file;

/* The controllers this tree can hold (generated from cgroup_subsys.h). */
enum cgroup_subsys_id {
	misc_cgrp_id,
	encryption_ids_cgrp_id,
	/* bench/native's anchors (adapter_page_counter.c, ...) */
	native_anchor_cgrp_id,
	CGROUP_SUBSYS_COUNT,
};

/* bits in struct cgroup_subsys_state flags field */
enum {
	CSS_NO_REF	= (1 << 0), /* no reference counting for this css */
	CSS_ONLINE	= (1 << 1),
	CSS_RELEASED	= (1 << 2),
	CSS_VISIBLE	= (1 << 3),
	CSS_DYING	= (1 << 4),
};

/* cftype->flags */
enum {
	CFTYPE_ONLY_ON_ROOT	= (1 << 0),
	CFTYPE_NOT_ON_ROOT	= (1 << 1),
	CFTYPE_NS_DELEGATABLE	= (1 << 2),
	CFTYPE_NO_PREFIX	= (1 << 3),
	CFTYPE_WORLD_WRITABLE	= (1 << 4),
	CFTYPE_DEBUG		= (1 << 5),
};

/* work_struct (32 bytes) and rcu_work (56) of a !LOCKDEP kernel. */
struct native_work_struct {
	atomic_long_t data;
	struct list_head entry;
	void (*func)(struct native_work_struct *work);
};

struct native_rcu_work {
	struct native_work_struct work;
	struct rcu_head rcu;
	void *wq;
};

struct cgroup_subsys_state {
	struct cgroup *cgroup;
	struct cgroup_subsys *ss;
	struct percpu_ref refcnt;
	struct list_head sibling;
	struct list_head children;
	struct list_head rstat_css_node;
	int id;
	unsigned int flags;
	u64 serial_nr;
	atomic_t online_cnt;
	struct native_work_struct destroy_work;
	struct native_rcu_work destroy_rwork;
	struct cgroup_subsys_state *parent;
#ifdef NATIVE_CSS_NR_DESCENDANTS
	int nr_descendants;
#endif
};

static_assert(offsetof(struct cgroup_subsys_state, refcnt) == 16);
static_assert(offsetof(struct cgroup_subsys_state, parent) == 192);

/* struct timer_list (40 bytes) */
struct native_timer_list {
	struct hlist_node entry;
	unsigned long expires;
	void (*function)(struct native_timer_list *);
	u32 flags;
};

struct cgroup_file {
	/* do not access any fields from outside cgroup core */
	struct kernfs_node *kn;
	unsigned long notified_at;
	struct native_timer_list notify_timer;
};

static_assert(sizeof(struct cgroup_file) == 56);

/*
 * What a controller reads of a cgroup here: its parent, for
 * cgroup_is_descendant().  native_css_link() makes one for each css.
 */
struct cgroup {
	struct cgroup *parent;
};

struct css_set {
	struct cgroup_subsys_state *subsys[CGROUP_SUBSYS_COUNT];
};

#define MAX_CFTYPE_NAME		64

struct cftype {
	char name[MAX_CFTYPE_NAME];
	unsigned long private;
	size_t max_write_len;
	unsigned int flags;
	unsigned int file_offset;
	struct cgroup_subsys *ss;
	u64 (*read_u64)(struct cgroup_subsys_state *css, struct cftype *cft);
	s64 (*read_s64)(struct cgroup_subsys_state *css, struct cftype *cft);
	int (*seq_show)(struct seq_file *sf, void *v);
	int (*write_u64)(struct cgroup_subsys_state *css, struct cftype *cft,
			 u64 val);
	int (*write_s64)(struct cgroup_subsys_state *css, struct cftype *cft,
			 s64 val);
	ssize_t (*write)(struct kernfs_open_file *of,
			 char *buf, size_t nbytes, loff_t off);
};

struct cgroup_subsys {
	struct cgroup_subsys_state *(*css_alloc)(struct cgroup_subsys_state *parent_css);
	int (*css_online)(struct cgroup_subsys_state *css);
	void (*css_offline)(struct cgroup_subsys_state *css);
	void (*css_released)(struct cgroup_subsys_state *css);
	void (*css_free)(struct cgroup_subsys_state *css);
	int id;
	const char *name;
	struct cftype *dfl_cftypes;
	struct cftype *legacy_cftypes;
};

extern struct cgroup_subsys misc_cgrp_subsys;
extern struct cgroup_subsys encryption_ids_cgrp_subsys;
#endif
