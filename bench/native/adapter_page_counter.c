// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the page_counter anchor: memcg's hierarchical
 * counter, mm/page_counter.c, compiled unedited from a packaged tree, as
 * the SEV code would use it in misc's place.  Each cgroup holds one
 * struct page_counter per type, linked to its parent's (page_counter_init()
 * as memcg's css_alloc does); a charge is page_counter_try_charge(), which
 * adds to each level's usage and then checks that level's max, cancelling
 * the levels below on a refusal (add-then-check per level, as misc); an
 * uncharge is page_counter_uncharge(); max and capacity are
 * page_counter_set_max().  The cgroup is found and pinned as sev_asid_new()
 * finds a misc cgroup: a css reference on the task's cgroup, held while the
 * unit is charged.
 *
 * What memcg itself does around the counter is not here: it charges pages
 * out of a per-CPU stock of MEMCG_CHARGE_BATCH and reaches
 * page_counter_try_charge() only to refill it (misc-batched is that
 * design), and it reclaims on a refusal.  This times the bare counter.
 */
#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/page_counter.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <native_kernel.h>

#include "native.h"

/*
 * 6.12's page_counter_init() takes protection_support (build.sh detects
 * it): false, as for every counter but memcg's memory one (hugetlb_cgroup,
 * swap, kmem, tcpmem), so that the min/low propagation is skipped.  6.1
 * always runs propagate_protected_usage(), which with min and low 0 only
 * reads.
 */
#ifdef NATIVE_PAGE_COUNTER_PROTECTION
#define pc_init(counter, parent)	page_counter_init(counter, parent, false)
#else
#define pc_init(counter, parent)	page_counter_init(counter, parent)
#endif

enum { PC_SEV, PC_SEV_ES, PC_TYPES };

static const char *const pc_type_names[] = {
	[PC_SEV] = "sev",
	[PC_SEV_ES] = "sev_es",
};

static_assert(ARRAY_SIZE(pc_type_names) == PC_TYPES);
/* A unit is one page here; every capacity fits PAGE_COUNTER_MAX. */
static_assert(sizeof(unsigned long) == sizeof(u64));

struct pc_cg {
	struct cgroup_subsys_state css;
	struct page_counter res[PC_TYPES];
};

static struct pc_cg root_cg;

static struct pc_cg *css_pc(struct cgroup_subsys_state *css)
{
	return css ? container_of(css, struct pc_cg, css) : NULL;
}

static struct cgroup_subsys_state *
pc_css_alloc(struct cgroup_subsys_state *parent_css)
{
	struct pc_cg *parent = css_pc(parent_css), *cg;
	int i;

	if (!parent) {
		cg = &root_cg;
	} else {
		cg = kzalloc(sizeof(*cg), GFP_KERNEL);
		if (!cg)
			return ERR_PTR(-ENOMEM);
	}
	for (i = 0; i < PC_TYPES; i++)
		pc_init(&cg->res[i], parent ? &parent->res[i] : NULL);
	return &cg->css;
}

static void pc_css_free(struct cgroup_subsys_state *css)
{
	kfree(css_pc(css));
}

static struct cgroup_subsys page_counter_cgrp_subsys = {
	.css_alloc = pc_css_alloc,
	.css_free = pc_css_free,
	.id = native_anchor_cgrp_id,
	.name = "page_counter",
};

const char *const native_design = "page_counter";

unsigned int native_nr_types(void)
{
	return PC_TYPES;
}

const char *native_type_name(unsigned int type)
{
	return pc_type_names[type];
}

/*
 * The root's max.  misc checks its capacity at every level; a charge that
 * takes any level past it takes the root past it too.
 */
int native_set_capacity(unsigned int type, unsigned long long capacity)
{
	if (capacity > PAGE_COUNTER_MAX)
		return -EOVERFLOW;
	return page_counter_set_max(&root_cg.res[type], capacity);
}

void *native_cg_new(void *parent)
{
	return native_css_new(&page_counter_cgrp_subsys, parent);
}

void native_cg_free(void *css)
{
	native_css_free(&page_counter_cgrp_subsys, css);
}

/*
 * "max" or a number of units, as misc.max takes them (memcg's memory.max
 * takes bytes through page_counter_memparse(); a unit here is one page).
 * page_counter_set_max() refuses a max below the usage with -EBUSY, where
 * memcg would reclaim and retry.
 */
long native_cg_write_max(void *css, unsigned int type, const char *val)
{
	unsigned long max;
	char buf[64], *s;
	int ret;

	native_cat3(buf, sizeof(buf), val, "", "");
	s = strstrip(buf);
	if (!strcmp(s, "max")) {
		max = PAGE_COUNTER_MAX;
	} else {
		ret = kstrtoul(s, 0, &max);
		if (ret)
			return ret;
		max = min_t(unsigned long, max, PAGE_COUNTER_MAX);
	}
	ret = page_counter_set_max(&css_pc(css)->res[type], max);
	return ret ? ret : (long)strlen(val);
}

unsigned long long native_cg_usage(void *css, unsigned int type)
{
	return page_counter_read(&css_pc(css)->res[type]);
}

int native_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

void native_cookie_free(void *cookie)
{
}

int native_charge(unsigned int type, void **cookie)
{
	struct cgroup_subsys_state *css;
	struct page_counter *fail;

	css = task_get_css(current, native_anchor_cgrp_id);
	if (!page_counter_try_charge(&css_pc(css)->res[type], 1, &fail)) {
		css_put(css);
		return -EBUSY;
	}
	*cookie = css;
	return 0;
}

void native_uncharge(unsigned int type, void *cookie)
{
	struct cgroup_subsys_state *css = cookie;

	page_counter_uncharge(&css_pc(css)->res[type], 1);
	css_put(css);
}
