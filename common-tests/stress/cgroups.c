// SPDX-License-Identifier: GPL-2.0
/*
 * The stress test's cgroups, below <root>/asid_stress.<pid> ("top"):
 *
 *   top/home          a leaf that stays: chargers can always live there
 *   top/a, top/a/b,   inner cgroups with the controller enabled: limits
 *   top/c             here bound every leaf below them; on v2 they never
 *                     hold tasks (no internal processes), on v1 the mover
 *                     puts chargers there too
 *   <mid>/l<i>        leaves that the churn thread makes and removes
 *
 * and, beside top, <root>/asid_stress.<pid>.final for the ASID round.
 *
 * leaf[].exists says what the churn thread last did; a task move or a
 * limit write that races a removal gets ENOENT, which is expected.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "stress.h"

#define BACK_TO_V2_MS	10000

static int make_inner(struct stress *s, const char *cg, char *why, size_t len)
{
	int ret = cg_mkdir(cg);

	if (ret) {
		snprintf(why, len, "mkdir %s: %s", cg, st_errname(ret));
		return ret;
	}
	ret = cg_enable(cg, ctl_name(&s->c));
	if (ret)
		snprintf(why, len, "enable %s in %s: %s", ctl_name(&s->c), cg,
			 st_errname(ret));
	return ret;
}

/* Is the controller in the root's cgroup.controllers? */
static bool listed(void *arg)
{
	struct stress *s = arg;
	char buf[1024], *tok, *save;

	if (cg_read(s->root, "cgroup.controllers", buf, sizeof(buf)) < 0)
		return false;
	for (tok = strtok_r(buf, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save))
		if (!strcmp(tok, ctl_name(&s->c)))
			return true;
	return false;
}

int st_make_layout(struct stress *s, char *why, size_t len)
{
	static const char *const mids[ST_MIDS] = { "a", "a/b", "c" };
	const char *name = ctl_name(&s->c);
	int ret;

	if (!cg_enabled(s->root, name)) {
		/*
		 * A v1 hierarchy of the controller that was just unmounted
		 * (the fuzzer's) hands it back to v2 only once freed.
		 */
		cg_poll(listed, s, BACK_TO_V2_MS, 20);
		ret = cg_enable(s->root, name);
		if (ret) {
			snprintf(why, len, "enable %s at the root: %s", name,
				 st_errname(ret));
			return ret;
		}
		s->enabled_root = true;
	}
	/* Beside top, not in it: the ASID round wants a fresh cgroup. */
	if (st_path(s->top, "%s/asid_stress.%d", s->root, getpid()) ||
	    st_path(s->final, "%s/asid_stress.%d.final", s->root, getpid()) ||
	    st_path(s->home, "%s/home", s->top)) {
		snprintf(why, len, "--root is too long");
		s->top[0] = '\0';
		return -ENAMETOOLONG;
	}
	ret = make_inner(s, s->top, why, len);
	if (ret)
		return ret;
	ret = cg_mkdir(s->home);
	if (ret) {
		snprintf(why, len, "mkdir %s: %s", s->home, st_errname(ret));
		return ret;
	}
	for (int i = 0; i < ST_MIDS; i++) {
		if (st_path(s->mid[i], "%s/%s", s->top, mids[i])) {
			snprintf(why, len, "--root is too long");
			return -ENAMETOOLONG;
		}
		ret = make_inner(s, s->mid[i], why, len);
		if (ret)
			return ret;
	}
	/* Half the leaves to begin with; the churn thread does the rest. */
	for (int i = 0; i < ST_LEAVES; i++) {
		struct st_leaf *l = &s->leaf[i];

		ret = st_path(l->path, "%s/l%d", s->mid[i % ST_MIDS], i);
		if (!ret && !(i % 2))
			ret = cg_mkdir(l->path);
		if (ret) {
			snprintf(why, len, "mkdir %s: %s", l->path,
				 st_errname(ret));
			return ret;
		}
		l->exists = !(i % 2);
	}
	return 0;
}

const char *st_slot_path(const struct stress *s, int slot)
{
	if (slot >= ST_SLOT_LEAF)
		return s->leaf[slot - ST_SLOT_LEAF].path;
	if (slot >= ST_SLOT_MID)
		return s->mid[slot - ST_SLOT_MID];
	return slot == ST_SLOT_HOME ? s->home : s->top;
}

/* Pick one of home, the mids (if @mids) and the existing leaves. */
static int pick(struct stress *s, struct rng *r, bool mids, char *path)
{
	int idx[ST_LEAVES], n = 0, extra = 1 + (mids ? ST_MIDS : 0), slot;
	uint64_t k;

	pthread_mutex_lock(&s->lock);
	for (int i = 0; i < ST_LEAVES; i++)
		if (s->leaf[i].exists)
			idx[n++] = i;
	k = rng_below(r, n + extra);
	if (k < (uint64_t)n)
		slot = ST_SLOT_LEAF + idx[k];
	else if (k == (uint64_t)n)
		slot = ST_SLOT_HOME;
	else
		slot = ST_SLOT_MID + k - n - 1;
	snprintf(path, CG_PATH_LEN, "%s", st_slot_path(s, slot));
	pthread_mutex_unlock(&s->lock);
	return slot;
}

void st_pick_home(struct stress *s, struct rng *r, char *path)
{
	pick(s, r, false, path);
}

int st_pick_limited(struct stress *s, struct rng *r, char *path)
{
	return pick(s, r, true, path);
}

/*
 * Two threads may change one leaf at once (a max write and its rmdir), so
 * beginnings and ends are counted apart: equal counts mean none is in
 * progress.  The sampler reads ended, then begun (sampler.c).
 */
void st_change_begin(struct stress *s, int slot)
{
	__atomic_fetch_add(&s->begun[slot], 1, __ATOMIC_SEQ_CST);
}

void st_change_end(struct stress *s, int slot)
{
	__atomic_store_n(&s->quiet_ms[slot], st_now_ms(), __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&s->ended[slot], 1, __ATOMIC_SEQ_CST);
}

int st_present(struct stress *s, char paths[][CG_PATH_LEN], int max)
{
	const char *fixed[2 + ST_MIDS] = { s->top, s->home };
	int n = 0;

	for (int i = 0; i < ST_MIDS; i++)
		fixed[2 + i] = s->mid[i];
	for (int i = 0; i < 2 + ST_MIDS && n < max; i++)
		if (cg_exists(fixed[i]))
			snprintf(paths[n++], CG_PATH_LEN, "%s", fixed[i]);
	pthread_mutex_lock(&s->lock);
	for (int i = 0; i < ST_LEAVES && n < max; i++)
		if (s->leaf[i].exists)
			snprintf(paths[n++], CG_PATH_LEN, "%s", s->leaf[i].path);
	pthread_mutex_unlock(&s->lock);
	return n;
}

static int remove_one(const char *cg, int *first, char *why, size_t len)
{
	int ret = cg_exists(cg) ? cg_rmdir(cg, SETTLE_MS) : 0;

	if (ret && !*first) {
		*first = ret;
		snprintf(why, len, "rmdir %s: %s", cg, st_errname(ret));
	}
	return ret;
}

int st_remove_layout(struct stress *s, char *why, size_t len)
{
	int first = 0;

	if (!s->top[0])
		return 0;
	for (int i = 0; i < ST_LEAVES; i++)
		if (!remove_one(s->leaf[i].path, &first, why, len))
			s->leaf[i].exists = false;
	remove_one(s->mid[1], &first, why, len);	/* a/b before a */
	remove_one(s->mid[0], &first, why, len);
	remove_one(s->mid[2], &first, why, len);
	remove_one(s->home, &first, why, len);
	remove_one(s->final, &first, why, len);
	remove_one(s->top, &first, why, len);
	/* Whatever the table missed, so that nothing stays behind. */
	if (cg_exists(s->top)) {
		int ret = cg_rmdir_tree(s->top, SETTLE_MS);

		if (ret && !first) {
			first = ret;
			snprintf(why, len, "remove %s: %s", s->top,
				 st_errname(ret));
		}
	}
	return first;
}

void st_restore_root(struct stress *s)
{
	char buf[80];

	if (!s->enabled_root)
		return;
	snprintf(buf, sizeof(buf), "-%s", ctl_name(&s->c));
	cg_write_str(s->root, "cgroup.subtree_control", buf);
}
