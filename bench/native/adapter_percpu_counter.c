// SPDX-License-Identifier: GPL-2.0
/*
 * Native adapter for the percpu_counter anchors: the kernel's approximate
 * scalable counter, lib/percpu_counter.c, compiled unedited from a
 * packaged tree, as the SEV code could use it in misc's place.  Each
 * cgroup holds, per type, one struct percpu_counter and a plain max.
 *
 * percpu_counter (6.1 and 6.12): a charge walks from the task's cgroup to
 * the root; at each level percpu_counter_add_batch(+1), then
 * __percpu_counter_compare() of the counter with that level's max, and if
 * it is above, that level and the ones below are given back with
 * percpu_counter_add_batch(-1) and the charge is refused: add-then-check
 * per level, as misc.  The compare reads only the shared count while it
 * is further than batch * num_online_cpus() from the max and sums every
 * CPU's delta under the counter's spinlock (percpu_counter_sum()) when it
 * is nearer: approximate far from the limit, exact near it.
 *
 * percpu_counter_limited (6.12 only, adapter_percpu_counter_limited.c):
 * the same walk with __percpu_counter_limited_add(+1, max) at each level,
 * which adds only if the total stays within max: lock-free (this CPU's
 * delta) while that is certain from the shared count and the slack, else
 * under the spinlock with the deltas summed.  The lock-free test reads the
 * shared count without the lock, so an add racing with another CPU's
 * locked add (which sums the deltas, this one's not yet made, and folds
 * its own into the count) can still take the total past max; the driver
 * sees it as an overshoot of 1 at its batch limit.  It came in 6.7 for tmpfs's
 * block quota (shmem: percpu_counter_limited_add() to charge,
 * percpu_counter_sub() to uncharge): the kernel's own scalable counter
 * with a limit.  A level that refuses has added nothing; the levels below
 * are given back.
 *
 * An uncharge is percpu_counter_add_batch(-1) per level, leaf first.  The
 * cgroup is found and pinned as sev_asid_new() finds a misc cgroup: a css
 * reference on the task's cgroup, held while the unit is charged.
 */
#include <linux/build_bug.h>
#include <linux/cgroup.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/percpu_counter.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <native_kernel.h>

#include "native.h"

/*
 * The batch: each CPU may hold up to PCC_BATCH - 1 units (either sign; one
 * more through __percpu_counter_limited_add()) in its delta before folding
 * it into the shared count under the lock.  32 is misc-batched's
 * MISC_CHARGE_BATCH (STOCK_BATCH in driver.h), so the anchor and that
 * branch leave the same slack per CPU, and it is what percpu_counter_batch
 * (the kernel's default, max(32, 2 * online CPUs)) is up to 16 CPUs.  The limit test's slack is PCC_BATCH * num_online_cpus():
 * 64 on 2 CPUs, so a small max (the tight and batch limits) is always
 * compared exactly, under the level's lock, and the root's capacity
 * approximately only while its usage stays more than the slack below it.
 * With more CPUs the slack grows: at 32 CPUs it is 1024, more than the
 * driver's SEV capacities, and every charge then sums every CPU under the
 * root's lock.
 */
#define PCC_BATCH	32

/*
 * A level without a limit ("max"): as large as the counter is allowed to
 * be compared with.  percpu_counter's own rule (percpu_counter_limited_add)
 * is that count, limit and amount stay far from S64_MIN and S64_MAX; with
 * S64_MAX, count - max could overflow in __percpu_counter_compare().
 */
#define PCC_MAX		(S64_MAX / 2)

enum { PCC_SEV, PCC_SEV_ES, PCC_TYPES };

static const char *const pcc_type_names[] = {
	[PCC_SEV] = "sev",
	[PCC_SEV_ES] = "sev_es",
};

static_assert(ARRAY_SIZE(pcc_type_names) == PCC_TYPES);

struct pcc_res {
	struct percpu_counter usage;
	s64 max;
};

struct pcc_cg {
	struct cgroup_subsys_state css;
	struct pcc_res res[PCC_TYPES];
};

static struct pcc_cg root_cg;

static struct pcc_cg *css_pcc(struct cgroup_subsys_state *css)
{
	return css ? container_of(css, struct pcc_cg, css) : NULL;
}

static struct pcc_cg *parent_pcc(struct pcc_cg *cg)
{
	return css_pcc(cg->css.parent);
}

static void pcc_destroy(struct pcc_cg *cg)
{
	int i;

	for (i = 0; i < PCC_TYPES; i++)
		percpu_counter_destroy(&cg->res[i].usage);
}

static struct cgroup_subsys_state *
pcc_css_alloc(struct cgroup_subsys_state *parent_css)
{
	struct pcc_cg *cg;
	int i;

	if (!parent_css) {
		cg = &root_cg;
	} else {
		cg = kzalloc(sizeof(*cg), GFP_KERNEL);
		if (!cg)
			return ERR_PTR(-ENOMEM);
	}
	for (i = 0; i < PCC_TYPES; i++) {
		if (percpu_counter_init(&cg->res[i].usage, 0, GFP_KERNEL)) {
			pcc_destroy(cg);
			if (cg != &root_cg)
				kfree(cg);
			return ERR_PTR(-ENOMEM);
		}
		cg->res[i].max = PCC_MAX;
	}
	return &cg->css;
}

static void pcc_css_free(struct cgroup_subsys_state *css)
{
	struct pcc_cg *cg = css_pcc(css);

	pcc_destroy(cg);
	kfree(cg);
}

static struct cgroup_subsys percpu_counter_cgrp_subsys = {
	.css_alloc = pcc_css_alloc,
	.css_free = pcc_css_free,
	.id = native_anchor_cgrp_id,
	.name = "percpu_counter",
};

#ifdef NATIVE_PCC_LIMITED
const char *const native_design = "percpu_counter_limited";
#else
const char *const native_design = "percpu_counter";
#endif

unsigned int native_nr_types(void)
{
	return PCC_TYPES;
}

const char *native_type_name(unsigned int type)
{
	return pcc_type_names[type];
}

/*
 * The root's max.  misc checks its capacity at every level; a charge that
 * takes any level past it takes the root past it too.
 */
int native_set_capacity(unsigned int type, unsigned long long capacity)
{
	if (capacity > PCC_MAX)
		return -EOVERFLOW;
	WRITE_ONCE(root_cg.res[type].max, capacity);
	return 0;
}

void *native_cg_new(void *parent)
{
	return native_css_new(&percpu_counter_cgrp_subsys, parent);
}

void native_cg_free(void *css)
{
	native_css_free(&percpu_counter_cgrp_subsys, css);
}

/* "max" or a number of units, as misc.max takes them; set as misc sets it. */
long native_cg_write_max(void *css, unsigned int type, const char *val)
{
	unsigned long max;
	char buf[64], *s;
	int ret;

	native_cat3(buf, sizeof(buf), val, "", "");
	s = strstrip(buf);
	if (!strcmp(s, "max")) {
		max = PCC_MAX;
	} else {
		ret = kstrtoul(s, 0, &max);
		if (ret)
			return ret;
		max = min_t(unsigned long, max, PCC_MAX);
	}
	WRITE_ONCE(css_pcc(css)->res[type].max, max);
	return strlen(val);
}

/*
 * The exact usage, what the limit test compares with near the limit:
 * percpu_counter_sum(), the shared count plus every CPU's delta, under the
 * counter's spinlock.  The driver reads each limited level after every
 * admitted charge of a tight or batch run, inside the timed loop, so there
 * this adds a lock round per read that misc's plain load of its usage does
 * not cost.  Without the lock the read is not exact: a fold (the count
 * taking a CPU's delta under the lock: count first, then the delta) seen
 * half done counts that delta twice, up to PCC_BATCH - 1 too much, which
 * the driver would report as overshoot.  EXTRA_CFLAGS=
 * -DNATIVE_PCC_READ_LOCKLESS builds that lockless read, for timing only.
 */
static s64 pcc_read(struct percpu_counter *fbc)
{
#ifdef NATIVE_PCC_READ_LOCKLESS
	s64 ret = READ_ONCE(fbc->count);
	int cpu;

	for_each_online_cpu(cpu)
		ret += READ_ONCE(*per_cpu_ptr(fbc->counters, cpu));
	return ret;
#else
	return percpu_counter_sum(fbc);
#endif
}

unsigned long long native_cg_usage(void *css, unsigned int type)
{
	return pcc_read(&css_pcc(css)->res[type].usage);
}

int native_cookie_init(void **cookie)
{
	*cookie = NULL;
	return 0;
}

void native_cookie_free(void *cookie)
{
}

/* Take one unit at @res; false (and nothing taken) if it is above max. */
static bool pcc_try_add(struct pcc_res *res)
{
#ifdef NATIVE_PCC_LIMITED
	return __percpu_counter_limited_add(&res->usage, READ_ONCE(res->max),
					    1, PCC_BATCH);
#else
	percpu_counter_add_batch(&res->usage, 1, PCC_BATCH);
	if (__percpu_counter_compare(&res->usage, READ_ONCE(res->max),
				     PCC_BATCH) > 0) {
		percpu_counter_add_batch(&res->usage, -1, PCC_BATCH);
		return false;
	}
	return true;
#endif
}

int native_charge(unsigned int type, void **cookie)
{
	struct cgroup_subsys_state *css;
	struct pcc_cg *cg, *i, *j;

	css = task_get_css(current, native_anchor_cgrp_id);
	cg = css_pcc(css);
	for (i = cg; i; i = parent_pcc(i)) {
		if (!pcc_try_add(&i->res[type]))
			goto refused;
	}
	*cookie = css;
	return 0;

refused:
	for (j = cg; j != i; j = parent_pcc(j))
		percpu_counter_add_batch(&j->res[type].usage, -1, PCC_BATCH);
	css_put(css);
	return -EBUSY;
}

void native_uncharge(unsigned int type, void *cookie)
{
	struct cgroup_subsys_state *css = cookie;
	struct pcc_cg *i;

	for (i = css_pcc(css); i; i = parent_pcc(i))
		percpu_counter_add_batch(&i->res[type].usage, -1, PCC_BATCH);
	css_put(css);
}
