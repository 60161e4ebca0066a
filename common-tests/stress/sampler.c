// SPDX-License-Identifier: GPL-2.0
/*
 * The sampler: a thread that, for as long as the run lasts, reads max and
 * current of every type in every cgroup of the layout, so that enforcement
 * is checked while it happens, not only in the end state.
 *
 * current above max is not by itself a fault: the limit writer lowers a
 * max below the usage on purpose, both designs accept that, and current
 * stays above max until uncharges bring it down.  Only an admitted charge
 * can be at fault, so the rule is the one a correct controller obeys: for
 * one cgroup under a max that does not change, the excess
 * (current - max, or 0) never rises, since nothing is admitted while
 * current + amount > max and uncharges only lower it.  So:
 *
 * - The limit writer and the leaf churn bracket every max write, rmdir
 *   and mkdir of a cgroup (st_change_begin()/_end()).  A reading is
 *   "steady" if no change was in progress or began while it was taken,
 *   and the last one ended GRACE_MS before it began.
 * - The first steady reading after a change sets the baseline: the
 *   excess then, which the lowering may have left.  Each later steady
 *   reading with no change since is judged: overshoot = excess - baseline,
 *   and the baseline follows the excess down.  A reading that is not
 *   steady is not judged against max, and a new baseline is taken.
 * - Apart from that, current above the capacity is an overshoot in every
 *   reading: no run changes the capacity, and each level checks it.
 *
 * Sound: a positive overshoot means the excess rose while the max and the
 * cgroup stayed the same, which only an admission past max can do (or a
 * charge in flight, below).  Not complete: a charge that overshoots
 * between a change and the next steady reading is not seen.  GRACE_MS:
 * encryption_ids compares a level's usage with its max and stores the new
 * usage a few instructions apart; a charge that read the old max just
 * before a write can store just after it.  The grace covers such a charge
 * on a vCPU that the host (TCG) stopped there.
 *
 * The bound (st_over_bound()): encryption_ids compares and stores under
 * one lock and stores only what passed, so no reading can see current
 * above max: 0.  misc adds to each level first, compares, and cancels a
 * refused charge: until it does, a reading sees it, by its amount.  Each
 * charger has at most one charge in flight, so misc's bound is the sum of
 * the largest amount of every charger that charges the type: module
 * chargers ST_MOD_AMOUNT, VM chargers 1, by an init or a context move
 * (3 x 2 + 2 x 1 = 8 units).  A misc branch that documents an exact
 * charge (its --branch file says "charging exact": misc-exact) stores only
 * sums within max: 0.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "stress.h"

#define GRACE_MS	10

/* The baseline of one res in one slot; the sampler's thread alone. */
struct base {
	unsigned int seq;	/* changes begun when it was taken */
	bool armed;
	uint64_t excess;
};

static struct base bases[ST_SLOTS][CTL_MAX_RES];

uint64_t st_over_bound(const struct stress *s, int ri)
{
	uint64_t n = 0;

	if (s->c.design != CTL_MISC || s->exact)
		return 0;
	if (s->chg_fd >= 0 && s->type[ri] >= 0)
		n += ST_MOD_CHARGERS * ST_MOD_AMOUNT;
	if (!s->kvm_sev && s->kvm_res[ri])
		n += ST_VM_CHARGERS;
	return n;
}

static uint64_t excess(uint64_t cur, uint64_t limit)
{
	return cur > limit ? cur - limit : 0;
}

static void note(struct stress *s, int ri, const char *cg, uint64_t over,
		 const char *vs)
{
	struct st_over *o = &s->over[ri];
	size_t n = strlen(s->root);

	o->over_samples++;
	if (over <= o->max_over)
		return;
	o->max_over = over;
	o->vs = vs;
	/* Relative to the root, as the other messages name cgroups. */
	snprintf(o->where, sizeof(o->where), "%s",
		 !strncmp(cg, s->root, n) && cg[n] == '/' ? cg + n + 1 : cg);
}

/* One reading of @ri in @slot: current @cur, max @max (or "max"). */
static void judge(struct stress *s, int slot, int ri, const char *cg,
		  uint64_t cur, uint64_t max, bool is_max, bool steady,
		  unsigned int seq)
{
	struct st_over *o = &s->over[ri];
	struct base *b = &bases[slot][ri];
	uint64_t over = s->cap[ri] ? excess(cur, s->cap[ri]) : 0;
	uint64_t e = excess(cur, max);
	const char *vs = "capacity";

	o->samples++;
	if (!steady || is_max || b->seq != seq)
		b->armed = false;
	b->seq = seq;
	if (steady && !is_max) {
		if (!b->armed) {
			b->armed = true;
			b->excess = e;
			o->excused += e > 0;
		} else if (e > b->excess) {
			o->max_judged++;
			if (e - b->excess > over) {
				over = e - b->excess;
				vs = "max";
			}
		} else {
			o->max_judged++;
			o->excused += e > 0;
			b->excess = e;
		}
	}
	if (over)
		note(s, ri, cg, over, vs);
}

static void sample(struct stress *s, int slot)
{
	const char *cg = st_slot_path(s, slot);
	uint64_t cur[CTL_MAX_RES], max[CTL_MAX_RES], now, quiet;
	unsigned int seq, done;
	bool is_max[CTL_MAX_RES], got[CTL_MAX_RES], steady;

	done = __atomic_load_n(&s->ended[slot], __ATOMIC_SEQ_CST);
	seq = __atomic_load_n(&s->begun[slot], __ATOMIC_SEQ_CST);
	quiet = __atomic_load_n(&s->quiet_ms[slot], __ATOMIC_SEQ_CST);
	now = st_now_ms();
	for (int r = 0; r < s->c.nres; r++) {
		int ret = ctl_get_max(&s->c, cg, s->c.res[r], &max[r],
				      &is_max[r]);

		if (!ret)
			ret = ctl_get_current(&s->c, cg, s->c.res[r], &cur[r]);
		got[r] = !ret;
		/* Leaves come and go; the other cgroups stay. */
		if (ret && !(slot >= ST_SLOT_LEAF &&
			     (ret == -ENOENT || ret == -ENODEV)))
			st_unexpected(s, "sample %s %s: %s", cg, s->c.res[r],
				      st_errname(ret));
	}
	steady = seq == done && now > quiet + GRACE_MS &&
		 __atomic_load_n(&s->begun[slot], __ATOMIC_SEQ_CST) == seq;
	for (int r = 0; r < s->c.nres; r++)
		if (got[r])
			judge(s, slot, r, cg, cur[r], max[r], is_max[r],
			      steady, seq);
}

static void *sampler(void *arg)
{
	struct stress *s = arg;

	while (!st_stopping(s)) {
		uint64_t start = st_now_ms();

		for (int slot = 0; slot < ST_SLOTS; slot++)
			sample(s, slot);
		s->sweeps++;
		/* Pause as long as a sweep took: half a CPU at most. */
		st_nap_us(1000 * (st_now_ms() - start) + 500);
	}
	return NULL;
}

int st_start_sampler(struct stress *s, pthread_t *thread)
{
	int ret = pthread_create(thread, NULL, sampler, s);

	if (ret)
		st_unexpected(s, "start the sampler thread: %s",
			      st_errname(ret));
	return -ret;
}
