// SPDX-License-Identifier: GPL-2.0
/*
 * The churn: threads of the supervisor that make and remove leaves, move
 * chargers between cgroups, rewrite limits and SIGKILL chargers, each
 * with short random pauses so that all of them interleave with the
 * charging.  Errors that the race itself explains are expected: ENOENT
 * or ENODEV for a leaf just removed, ESRCH for a charger just killed,
 * EBUSY for rmdir of a populated leaf or (v2) a move into an inner cgroup.
 * Each max write and each rmdir and mkdir of a leaf is bracketed for the
 * sampler (st_change_begin()/_end(), sampler.c).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stress.h"

struct churn_arg {
	struct stress *s;
	enum st_kind kind;
	struct rng r;
};

static struct churn_arg args[K_NR];

/*
 * The cgroup was removed under us: before the open (ENOENT) or between
 * the open and the write (kernfs answers ENODEV on a removed node).
 */
static bool gone(int err)
{
	return err == -ENOENT || err == -ENODEV;
}

/* Did @cg hold a charge just now?  For the statistics only. */
static bool holds_charges(struct stress *s, const char *cg)
{
	uint64_t v;

	for (int r = 0; r < s->c.nres; r++)
		if (!ctl_get_current(&s->c, cg, s->c.res[r], &v) && v)
			return true;
	return false;
}

static void *churn_leaves(void *arg)
{
	struct churn_arg *a = arg;
	struct stress *s = a->s;
	struct st_stats *st = s->st;

	while (!st_stopping(s)) {
		int i = rng_below(&a->r, ST_LEAVES), slot = ST_SLOT_LEAF + i;
		struct st_leaf *l = &s->leaf[i];
		bool exists;
		int ret;

		pthread_mutex_lock(&s->lock);
		exists = l->exists;
		pthread_mutex_unlock(&s->lock);
		st_add(&st->ops[K_CHURN], 1);
		if (exists) {
			/* Charges may stay in it: they outlive the cgroup. */
			bool charged = holds_charges(s, l->path);

			st_change_begin(s, slot);
			ret = rmdir(l->path) ? -errno : 0;
			st_change_end(s, slot);
			if (!ret) {
				if (charged)
					st_add(&st->removed_charged, 1);
				pthread_mutex_lock(&s->lock);
				l->exists = false;
				pthread_mutex_unlock(&s->lock);
				st_add(&st->cgroups_removed, 1);
			} else if (ret == -EBUSY) {
				st_add(&st->rmdir_busy, 1);	/* populated */
			} else {
				st_unexpected(s, "rmdir %s: %s", l->path,
					      st_errname(ret));
			}
		} else {
			st_change_begin(s, slot);
			ret = cg_mkdir(l->path);
			st_change_end(s, slot);
			if (!ret) {
				pthread_mutex_lock(&s->lock);
				l->exists = true;
				pthread_mutex_unlock(&s->lock);
				st_add(&st->cgroups_created, 1);
			} else {
				st_unexpected(s, "mkdir %s: %s", l->path,
					      st_errname(ret));
			}
		}
		st_nap_us(rng_below(&a->r, 2000));
	}
	return NULL;
}

/*
 * The move is made with the lock held, so that the killer cannot reap
 * the pid and fork a new process meanwhile: a pid we move is a charger
 * or its zombie, never a recycled pid.
 */
static void *churn_moves(void *arg)
{
	struct churn_arg *a = arg;
	struct stress *s = a->s;
	struct st_stats *st = s->st;
	char cg[CG_PATH_LEN];

	while (!st_stopping(s)) {
		struct st_worker *w = &s->worker[rng_below(&a->r, s->nworkers)];
		uint64_t k = rng_below(&a->r, 16);
		bool inner = false;
		int ret;

		/*
		 * Mostly leaves and home; now and then the root or a mid,
		 * which v2 refuses (no internal processes) and v1 allows.
		 */
		if (!k) {
			snprintf(cg, sizeof(cg), "%s", s->root);
		} else if (k == 1) {
			snprintf(cg, sizeof(cg), "%s",
				 s->mid[rng_below(&a->r, ST_MIDS)]);
			inner = true;
		} else {
			st_pick_home(s, &a->r, cg);
		}
		pthread_mutex_lock(&s->lock);
		if (!w->pid) {
			pthread_mutex_unlock(&s->lock);
			st_nap_us(100);
			continue;
		}
		st_add(&st->ops[K_MOVE], 1);
		ret = cg_move(cg, w->pid);
		pthread_mutex_unlock(&s->lock);
		if (!ret)
			st_add(&st->moves, 1);
		else if (!gone(ret) && ret != -ESRCH &&
			 !(inner && s->v2 && ret == -EBUSY))
			st_unexpected(s, "move %s %d to %s: %s",
				      st_kind_name[w->kind], w->idx, cg,
				      st_errname(ret));
		st_nap_us(rng_below(&a->r, 1000));
	}
	return NULL;
}

static void *churn_limits(void *arg)
{
	struct churn_arg *a = arg;
	struct stress *s = a->s;
	struct st_stats *st = s->st;
	char cg[CG_PATH_LEN], value[32];

	while (!st_stopping(s)) {
		int ri = rng_below(&a->r, s->c.nres);
		int ret, slot;

		slot = st_pick_limited(s, &a->r, cg);
		/* "max" often enough that the chargers are not starved. */
		if (rng_below(&a->r, 5) < 2)
			snprintf(value, sizeof(value), "max");
		else
			snprintf(value, sizeof(value), "%llu",
				 (unsigned long long)rng_below(&a->r,
							       s->cap[ri] + 2));
		st_add(&st->ops[K_LIMIT], 1);
		/* The sampler must not judge a max that is being lowered. */
		st_change_begin(s, slot);
		ret = ctl_write_max(&s->c, cg, s->c.res[ri], value);
		st_change_end(s, slot);
		if (!ret)
			st_add(&st->limit_writes, 1);
		else if (!gone(ret))
			st_unexpected(s, "max %s %s in %s: %s", s->c.res[ri],
				      value, cg, st_errname(ret));
		st_nap_us(rng_below(&a->r, 2000));
	}
	return NULL;
}

static void *churn_kills(void *arg)
{
	struct churn_arg *a = arg;
	struct stress *s = a->s;
	struct st_stats *st = s->st;

	for (;;) {
		struct st_worker *w;
		pid_t pid;

		st_nap_us(5000 + rng_below(&a->r, 40000));
		if (st_stopping(s))
			break;
		w = &s->worker[rng_below(&a->r, s->nworkers)];
		pthread_mutex_lock(&s->lock);
		pid = w->pid;
		pthread_mutex_unlock(&s->lock);
		if (!pid)
			continue;
		st_add(&st->ops[K_KILL], 1);
		if (kill(pid, SIGKILL)) {
			st_unexpected(s, "kill %s %d: %s", st_kind_name[w->kind],
				      w->idx, st_errname(-errno));
			continue;
		}
		st_add(&st->kills, 1);
		if (st_reap(pid, NULL, ST_STOP_MS) < 0) {
			/* Stuck: the final reap reports it once more. */
			st_unexpected(s, "%s %d (pid %d) did not die in %d ms",
				      st_kind_name[w->kind], w->idx, pid,
				      ST_STOP_MS);
			continue;
		}
		pthread_mutex_lock(&s->lock);
		w->pid = 0;
		w->gen++;
		pthread_mutex_unlock(&s->lock);
		if (st_stopping(s))
			break;
		pid = st_spawn(s, w);
		if (pid < 0) {
			st_unexpected(s, "respawn %s %d: %s",
				      st_kind_name[w->kind], w->idx,
				      st_errname(pid));
			continue;
		}
		pthread_mutex_lock(&s->lock);
		w->pid = pid;
		pthread_mutex_unlock(&s->lock);
	}
	return NULL;
}

int st_start_churn(struct stress *s, pthread_t *threads, int max)
{
	static void *(*const fns[K_NR])(void *) = {
		[K_CHURN] = churn_leaves,
		[K_MOVE] = churn_moves,
		[K_LIMIT] = churn_limits,
		[K_KILL] = churn_kills,
	};
	int n = 0;

	for (int k = 0; k < K_NR && n < max; k++) {
		struct churn_arg *a = &args[k];

		if (!fns[k])
			continue;
		/* Movers and killers need someone to move and kill. */
		if ((k == K_MOVE || k == K_KILL) && !s->nworkers)
			continue;
		a->s = s;
		a->kind = k;
		rng_seed(&a->r, s->seed);
		rng_seed(&a->r, rng_next(&a->r) ^ ((uint64_t)k << 56));
		if (pthread_create(&threads[n], NULL, fns[k], a)) {
			st_unexpected(s, "start the %s thread", st_kind_name[k]);
			continue;
		}
		n++;
	}
	return n;
}
