/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asid_stress: charges, uncharges and VM lifetimes racing with cgroup
 * creation and removal, task moves, limit writes and SIGKILL, for a fixed
 * time; then everything must settle back to zero.
 *
 * Chargers are child processes (chargers.c), so that they can be moved
 * between cgroups and killed; the churn runs in threads of the supervisor
 * (churn.c); the end checks are in verify.c.  The seed only varies the
 * workload: the kernel's scheduling decides the interleaving, so a run is
 * not reproducible and is not meant to be.
 */
#ifndef _STRESS_STRESS_H
#define _STRESS_STRESS_H

#include <pthread.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cg.h"
#include "ctl.h"
#include "rng.h"

#define ST_MIDS		3	/* inner cgroups: top/a, top/a/b, top/c */
#define ST_LEAVES	12	/* leaves that come and go below them */
#define ST_MOD_CHARGERS	3	/* processes charging through the module */
#define ST_VM_CHARGERS	2	/* processes creating SEV VMs */
#define ST_WORKERS	(ST_MOD_CHARGERS + ST_VM_CHARGERS)
/* Small holdings: capacity is 12 + 4, and amounts stay far from F4. */
#define ST_MOD_HOLD	3	/* charges a module charger holds at most */
#define ST_MOD_AMOUNT	2	/* largest amount of one charge */
#define ST_VM_HOLD	2	/* VMs a VM charger holds at most */
#define ST_MSGS		8	/* unexpected errors kept for the report */
#define ST_TEXT_LEN	512	/* one observation or reason */
#define ST_MSG_LEN	240
/* How long children get to leave on their own once told to stop. */
#define ST_STOP_MS	10000
/* How long removed cgroups get to be freed at the end (dying.c). */
#define ST_DYING_MS	5000

/* The cgroups of the layout by slot: top, home, the mids, the leaves. */
#define ST_SLOT_TOP	0
#define ST_SLOT_HOME	1
#define ST_SLOT_MID	2
#define ST_SLOT_LEAF	(ST_SLOT_MID + ST_MIDS)
#define ST_SLOTS	(ST_SLOT_LEAF + ST_LEAVES)

enum st_kind {
	K_MODULE,	/* module charger (child) */
	K_VM,		/* VM charger (child) */
	K_CHURN,	/* mkdir and rmdir of leaves */
	K_MOVE,		/* chargers moved between cgroups */
	K_LIMIT,	/* max files rewritten */
	K_KILL,		/* chargers SIGKILLed and respawned */
	K_NR,
};

extern const char *const st_kind_name[K_NR];

/* Counters in memory shared with the children, updated atomically. */
struct st_stats {
	int stop;			/* set once: every worker leaves */
	uint64_t ops[K_NR];		/* operations attempted, per kind */
	uint64_t charges, uncharges, fd_closes;
	uint64_t charges_res[CTL_MAX_RES];
	uint64_t vms_created, vm_closes, sev_inits;
	uint64_t migrations, mirrors;	/* contexts moved, mirrors made */
	uint64_t inits_res[CTL_MAX_RES];
	uint64_t cgroups_created, cgroups_removed, rmdir_busy;
	uint64_t removed_charged;	/* leaves removed with charges in them */
	uint64_t moves, limit_writes, kills, spawns;
	uint64_t charge_errors;		/* charges, inits, moves refused */
	uint64_t unexpected;		/* errors nothing explains */
	uint32_t nmsg;
	char msg[ST_MSGS][ST_MSG_LEN];
};

struct st_leaf {
	char path[CG_PATH_LEN];
	bool exists;
};

/* What the sampler saw of one res (sampler.c); its thread alone writes. */
struct st_over {
	uint64_t samples;	/* readings of current, each judged */
	uint64_t max_judged;	/* of which against a baseline under max */
	uint64_t excused;	/* current above a max lowered below it */
	uint64_t over_samples;	/* readings with an overshoot */
	uint64_t max_over;	/* the largest overshoot */
	const char *vs;		/* over "capacity" or over "max" */
	char where[CG_PATH_LEN];	/* the cgroup it was seen in */
};

struct st_worker {
	enum st_kind kind;		/* K_MODULE or K_VM */
	int idx;
	unsigned int gen;		/* respawns so far */
	pid_t pid;			/* 0 while being replaced */
};

struct stress {
	struct ctl c;
	char root[CG_PATH_LEN];
	bool v2;			/* --hier v2, else a v1 mount */
	char top[CG_PATH_LEN];		/* <root>/asid_stress.<pid> */
	char home[CG_PATH_LEN];		/* top/home: a leaf that stays */
	char mid[ST_MIDS][CG_PATH_LEN];
	char final[CG_PATH_LEN];	/* <root>/asid_stress.<pid>.final */
	struct st_leaf leaf[ST_LEAVES];
	bool enabled_root;

	unsigned int seconds;
	uint64_t seed;
	/* The branch documents a charge that never stores above max. */
	bool exact;
	uint64_t elapsed_ms;

	int chg_fd;			/* /dev/asid_test, or -errno */
	int kvm_fd;			/* /dev/kvm, or -errno */
	int kvm_sev;			/* 0 if SEV VMs can be made, or -errno */
	int type[CTL_MAX_RES];		/* module type of each res, or -1 */
	bool kvm_res[CTL_MAX_RES];	/* res has a KVM INIT command */
	uint64_t cap[CTL_MAX_RES];
	int kmsg_fd;

	/*
	 * Per slot, counts of changes of a max or of the cgroup itself
	 * (rmdir, mkdir) begun and ended, and when the last one ended:
	 * the sampler judges a reading against max only while none is in
	 * progress (sampler.c).
	 */
	unsigned int begun[ST_SLOTS], ended[ST_SLOTS];
	uint64_t quiet_ms[ST_SLOTS];
	struct st_over over[CTL_MAX_RES];
	uint64_t sweeps;		/* sampler rounds over every slot */

	/* Dying cgroups when the run began (dying.c). */
	uint64_t dying0;
	int dying0_err;
	/*
	 * The branch's known defect at stress_no_dying_descendants, if it
	 * lists one (--known): a race decides whether a run shows it.
	 */
	char dying_known[16];
	char dying_sig[400];
	regex_t dying_re;

	struct st_stats *st;
	/* Guards leaf[].exists and worker[]; never held across a fork. */
	pthread_mutex_t lock;
	int nworkers;
	struct st_worker worker[ST_WORKERS];
};

static inline void st_add(uint64_t *counter, uint64_t n)
{
	__atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

static inline uint64_t st_get(const uint64_t *counter)
{
	return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

static inline bool st_stopping(const struct stress *s)
{
	return __atomic_load_n(&s->st->stop, __ATOMIC_RELAXED);
}

/* Count an error nothing explains and keep its text for the report. */
void st_unexpected(struct stress *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const char *st_errname(int err);
/* snprintf() into a CG_PATH_LEN buffer; -ENAMETOOLONG if it did not fit. */
int st_path(char *path, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void st_nap_us(unsigned int us);
uint64_t st_now_ms(void);
/* waitpid() for up to @timeout_ms.  Return: @pid, -ETIMEDOUT or -errno. */
pid_t st_reap(pid_t pid, int *status, int timeout_ms);

/* cgroups.c */
int st_make_layout(struct stress *s, char *why, size_t len);
/* A random existing cgroup a task may live in (a leaf or home). */
void st_pick_home(struct stress *s, struct rng *r, char *path);
/* A random cgroup whose max files exist: home, a mid, or a leaf; its slot. */
int st_pick_limited(struct stress *s, struct rng *r, char *path);
/* The path of the cgroup in @slot. */
const char *st_slot_path(const struct stress *s, int slot);
/* Around a max write, rmdir or mkdir of the cgroup in @slot. */
void st_change_begin(struct stress *s, int slot);
void st_change_end(struct stress *s, int slot);
/* Every cgroup of the layout that exists now: top first. */
int st_present(struct stress *s, char paths[][CG_PATH_LEN], int max);
/* Remove everything below top and top itself; 0 or the first -errno. */
int st_remove_layout(struct stress *s, char *why, size_t len);
void st_restore_root(struct stress *s);

/* chargers.c */
/* Fork @w's process and place it in a random cgroup.  Return: its pid. */
pid_t st_spawn(struct stress *s, struct st_worker *w);

/* churn.c */
int st_start_churn(struct stress *s, pthread_t *threads, int max);

/* sampler.c */
int st_start_sampler(struct stress *s, pthread_t *thread);
/* The overshoot the design allows in @res; see sampler.c. */
uint64_t st_over_bound(const struct stress *s, int ri);

/* dying.c */
/* Note the dying cgroups before the layout is made. */
void st_note_dying(struct stress *s);
/* Wait for the run's removed cgroups to be freed, layout still there. */
void st_wait_dying_layout(struct stress *s, char *obs, size_t len, bool *ok);
/* The same once everything is removed; the KTAP point. */
void st_check_dying(struct stress *s, const char *layout_obs, bool layout_ok);

/* verify.c */
int st_planned_points(const struct stress *s);
void st_verify(struct stress *s);

#endif /* _STRESS_STRESS_H */
