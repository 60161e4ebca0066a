// SPDX-License-Identifier: GPL-2.0
/*
 * Delegation: who may write which file.  A subtree is delegated to an
 * unprivileged uid the way Documentation/admin-guide/cgroup-v2.rst
 * ("Delegation") describes: the directory and its cgroup.procs,
 * cgroup.subtree_control and cgroup.threads (v1: cgroup.procs, tasks) are
 * chowned to the delegatee.  The limit files of the delegated root and of
 * every ancestor stay root's: they are the host's policy for the subtree.
 *
 * The delegatee is a child process that root moves into the delegated
 * cgroup D; then, as DELEG_UID (and, on v2, again inside a cgroup
 * namespace rooted at D, which the suite's nsdelegate mount makes a
 * delegation boundary even for root), it runs a short script of
 * operations and records the errno of each.  The point compares them to
 * what cgroup-v2.rst documents, and prints every one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "charge.h"
#include "suite.h"

#define DELEG_UID	1000
#define DELEG_GID	1000
#define MAX_ACTS	12
#define HOLD_MS		5000

enum who {
	AS_UID,			/* DELEG_UID, in the init cgroup namespace */
	AS_UID_IN_NS,		/* DELEG_UID, in a cgroup namespace at D */
	AS_ROOT_IN_NS,		/* uid 0, in a cgroup namespace at D */
};

static const char *const who_name[] = {
	[AS_UID] = "uid 1000",
	[AS_UID_IN_NS] = "uid 1000 in a cgroup ns",
	[AS_ROOT_IN_NS] = "root in a cgroup ns",
};

enum op {
	OP_MKDIR,		/* mkdir cg */
	OP_ENABLE,		/* +controller in cg/cgroup.subtree_control */
	OP_MAX,			/* write val to cg's max of the point's res */
	OP_CAPACITY,		/* write val to the root's capacity file */
	OP_MOVE,		/* the delegatee itself into cg */
	OP_CHARGE,		/* one unit of the point's res, through the module */
	OP_HOLD,		/* let the parent look, then go on */
};

struct act {
	enum op op;
	const char *cg;		/* a path */
	const char *label;	/* cg as the observation names it */
	const char *val;
	int want;		/* 0 or the errno cgroup-v2.rst implies */
};

/* What the delegatee did, in memory shared with the suite. */
struct deleg_log {
	int got[MAX_ACTS];
	int ran;
	char cgroup[256];	/* its /proc/self/cgroup at the end */
};

struct deleg {
	struct point *p;
	const char *d;		/* the delegated cgroup */
	const char *c;		/* D/C, made by the delegatee */
	const char *base;	/* D's parent: the host's side */
	int nacts;
	struct act acts[MAX_ACTS];
	struct deleg_log *log;
	/* Called by the suite while the delegatee holds at OP_HOLD. */
	void (*at_hold)(struct deleg *dl);
};

/* ---- the delegatee ---- */

static int do_act(const struct deleg *dl, const struct act *a, int chg_fd,
		  uint32_t *handle)
{
	const struct ctl *c = dl->p->c;
	char file[CTL_NAME_LEN], line[128];
	int ret;

	switch (a->op) {
	case OP_MKDIR:
		return mkdir(a->cg, 0755) ? -errno : 0;
	case OP_ENABLE:
		return cg_enable(a->cg, ctl_name(c));
	case OP_MAX:
		return ctl_write_max(c, a->cg, dl->p->res, a->val);
	case OP_CAPACITY:
		ret = ctl_file(c, CTL_F_CAPACITY, dl->p->res, file,
			       sizeof(file));
		if (ret)
			return ret;
		ctl_max_line(c, dl->p->res, a->val, line, sizeof(line));
		return cg_write_str(dl->p->s->root, file, line);
	case OP_MOVE:
		return cg_move(a->cg, 0);
	case OP_CHARGE:
		return chg_fd < 0 ? chg_fd :
				    chg_charge(chg_fd, dl->p->type, 1, handle);
	case OP_HOLD:
		return 0;
	}
	return -EINVAL;
}

static int become(enum who who)
{
	if (who != AS_UID && unshare(CLONE_NEWCGROUP))
		return -errno;
	if (who == AS_ROOT_IN_NS)
		return 0;
	if (setgroups(0, NULL) || setresgid(DELEG_GID, DELEG_GID, DELEG_GID) ||
	    setresuid(DELEG_UID, DELEG_UID, DELEG_UID))
		return -errno;
	return 0;
}

/* In the child: enter D as root, become @who, run the script. */
static void delegatee(struct deleg *dl, enum who who, int ready, int go)
{
	struct deleg_log *log = dl->log;
	uint32_t handle = 0;
	int chg_fd = -ENODEV;
	char c;

	/* Opened while still root: the device is root's, the charge is not. */
	for (int i = 0; i < dl->nacts; i++)
		if (dl->acts[i].op == OP_CHARGE)
			chg_fd = chg_open();
	if (cg_move(dl->d, 0) || become(who))
		_exit(10);
	for (int i = 0; i < dl->nacts; i++) {
		log->got[i] = do_act(dl, &dl->acts[i], chg_fd, &handle);
		log->ran = i + 1;
		if (dl->acts[i].op == OP_HOLD &&
		    (write(ready, "x", 1) != 1 || read(go, &c, 1) != 1))
			_exit(11);
	}
	if (cg_read("/proc/self", "cgroup", log->cgroup,
		    sizeof(log->cgroup)) < 0)
		snprintf(log->cgroup, sizeof(log->cgroup), "unreadable");
	log->cgroup[strcspn(log->cgroup, "\n")] = '\0';
	_exit(0);
}

/* ---- the suite's side ---- */

static void add(struct deleg *dl, enum op op, const char *cg,
		const char *label, const char *val, int want)
{
	dl->acts[dl->nacts++] = (struct act){ op, cg, label, val, want };
}

/* chown D and the files cgroup-v2.rst names to the delegatee. */
static bool delegate(struct point *p, const char *d)
{
	static const char *const files[] = { "", "cgroup.procs",
		"cgroup.subtree_control", "cgroup.threads", "tasks" };
	char path[CG_PATH_LEN + 32];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (i && !cg_has_file(d, files[i]))
			continue;	/* v2 has no tasks, v1 no threads */
		snprintf(path, sizeof(path), "%s%s%s", d, i ? "/" : "", files[i]);
		if (chown(path, DELEG_UID, DELEG_GID)) {
			pt_fail(p, "chown %s: %s", path, pt_err(-errno));
			return false;
		}
	}
	return true;
}

static bool nsdelegate_mounted(struct point *p)
{
	FILE *f = fopen("/proc/mounts", "r");
	bool found = false;
	char line[512];

	if (!f) {
		pt_fail(p, "/proc/mounts: %s", pt_err(-errno));
		return false;
	}
	while (fgets(line, sizeof(line), f)) {
		char dev[64], dir[256], type[32], opts[256];

		if (sscanf(line, "%63s %255s %31s %255s", dev, dir, type,
			   opts) == 4 && !strcmp(type, "cgroup2") &&
		    !strcmp(dir, p->s->root) && strstr(opts, "nsdelegate"))
			found = true;
	}
	fclose(f);
	if (!found)
		pt_fail(p, "%s is not mounted with nsdelegate", p->s->root);
	return found;
}

/*
 * Make D (delegated) below the point's base and name D/C, which the
 * delegatee makes itself.
 */
static bool deleg_init(struct deleg *dl, struct point *p, bool need_ns)
{
	static char c[CG_PATH_LEN];

	memset(dl, 0, sizeof(*dl));
	dl->p = p;
	dl->base = p->base;
	dl->d = pt_cg(p, "D");
	if (!dl->d || !delegate(p, dl->d) || (need_ns && !nsdelegate_mounted(p)))
		return false;
	snprintf(c, sizeof(c), "%s/C", dl->d);
	dl->c = c;
	dl->log = mmap(NULL, sizeof(*dl->log), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (dl->log == MAP_FAILED) {
		pt_fail(p, "mmap: %s", pt_err(-errno));
		return false;
	}
	return true;
}

static const char *op_text(const struct act *a, char *buf, size_t len)
{
	static const char *const verb[] = {
		[OP_MKDIR] = "mkdir", [OP_ENABLE] = "enable in",
		[OP_MAX] = "max of", [OP_CAPACITY] = "capacity",
		[OP_MOVE] = "move into", [OP_CHARGE] = "charge 1",
		[OP_HOLD] = "hold",
	};

	snprintf(buf, len, "%s%s%s", verb[a->op], a->label ? " " : "",
		 a->label ? a->label : "");
	return buf;
}

/*
 * The delegatee's cgroup as /proc/self/cgroup showed it, without the
 * hierarchy and the suite's own path: "D/C", or "ns /C" as a cgroup
 * namespace at D sees it.
 */
static const char *where(const char *line)
{
	static char buf[128];
	const char *path = strrchr(line, ':'), *d;

	path = path ? path + 1 : line;
	d = strstr(path, "/D/");
	if (!d && (d = strstr(path, "/D")) && d[2])
		d = NULL;
	if (d)
		snprintf(buf, sizeof(buf), "%.100s", d + 1);
	else
		snprintf(buf, sizeof(buf), "ns %.100s", path);
	return buf;
}

static bool wait_byte(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char c;

	return poll(&pfd, 1, HOLD_MS) == 1 && read(fd, &c, 1) == 1;
}

/* Fork the delegatee, let it run, compare every errno with its want. */
static bool deleg_run(struct deleg *dl, enum who who)
{
	struct point *p = dl->p;
	int ready[2], go[2], status;
	char what[64];
	pid_t pid;

	pt_obs(p, "as %s", who_name[who]);
	if (pipe(ready) || pipe(go)) {
		pt_fail(p, "pipe: %s", pt_err(-errno));
		return false;
	}
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		pt_fail(p, "fork: %s", pt_err(-errno));
		return false;
	}
	if (!pid) {
		close(ready[0]);
		close(go[1]);
		delegatee(dl, who, ready[1], go[0]);
	}
	pt_track_pid(p, pid);
	close(ready[1]);
	close(go[0]);
	if (dl->at_hold) {
		if (wait_byte(ready[0]))
			dl->at_hold(dl);
		else
			pt_fail(p, "the delegatee did not reach its hold");
		if (write(go[1], "g", 1) != 1)
			pt_fail(p, "could not release the delegatee");
	}
	close(go[1]);
	close(ready[0]);
	waitpid(pid, &status, 0);
	p->npids = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		pt_fail(p, "the delegatee could not become %s (status %#x)",
			who_name[who], status);
		return false;
	}
	for (int i = 0; i < dl->nacts; i++) {
		const struct act *a = &dl->acts[i];

		op_text(a, what, sizeof(what));
		if (i >= dl->log->ran) {
			pt_fail(p, "%s: not run", what);
			continue;
		}
		if (a->op == OP_HOLD)
			continue;
		pt_obs_add(p, "%s %s", what, pt_err(dl->log->got[i]));
		if (dl->log->got[i] != -a->want)
			pt_fail(p, "as %s: %s: %s, cgroup-v2.rst implies %s",
				who_name[who], what, pt_err(dl->log->got[i]),
				pt_err(-a->want));
	}
	pt_obs_add(p, "ended in %s", where(dl->log->cgroup));
	return true;
}

static void deleg_done(struct deleg *dl)
{
	if (dl->log && dl->log != MAP_FAILED)
		munmap(dl->log, sizeof(*dl->log));
	/* The delegatee made C: the runner checks and removes it too. */
	if (cg_exists(dl->c))
		pt_track_cg(dl->p, dl->c);
}

/*
 * The delegatee's own cgroup C: make it, move itself there (v2 enables a
 * controller only in a cgroup without tasks of its own), enable the
 * controller for it.
 */
static void add_make_child(struct deleg *dl)
{
	add(dl, OP_MKDIR, dl->c, "D/C", NULL, 0);
	add(dl, OP_MOVE, dl->c, "D/C", NULL, 0);
	if (cg_is_v2())
		add(dl, OP_ENABLE, dl->d, "D", NULL, 0);
}

static bool expect_max(struct point *p, const char *cg, const char *want)
{
	char val[64];
	int ret = ctl_read_max(p->c, cg, p->res, val, sizeof(val));

	if (ret) {
		pt_fail(p, "read max of %s: %s", pt_rel(p, cg), pt_err(ret));
		return false;
	}
	if (strcmp(val, want)) {
		pt_fail(p, "max of %s is %s, want %s", pt_rel(p, cg), val, want);
		return false;
	}
	return true;
}

static enum result limits_case(struct point *p, enum who who)
{
	struct deleg dl;
	int denied = who == AS_ROOT_IN_NS ? EPERM : EACCES;

	if (!deleg_init(&dl, p, who != AS_UID) || !pt_set_max(p, dl.d, NULL, "2"))
		goto out;
	add_make_child(&dl);
	add(&dl, OP_MAX, dl.c, "D/C", "3", 0);
	add(&dl, OP_MAX, dl.d, "D", "max", denied);
	/* Root in a cgroup ns is still root outside it: no check there. */
	if (who != AS_ROOT_IN_NS) {
		add(&dl, OP_MAX, dl.base, "D's parent", "1", EACCES);
		add(&dl, OP_CAPACITY, NULL, "of the root", "1", EACCES);
	}
	if (deleg_run(&dl, who)) {
		expect_max(p, dl.c, "3");
		expect_max(p, dl.d, "2");
		expect_max(p, dl.base, "max");
	}
out:
	deleg_done(&dl);
	return pt_result(p);
}

CASE(case_deleg_limits)
{
	return limits_case(p, AS_UID);
}

CASE(case_deleg_ns_limits)
{
	return limits_case(p, AS_UID_IN_NS);
}

CASE(case_deleg_ns_root_limits)
{
	return limits_case(p, AS_ROOT_IN_NS);
}

static enum result move_case(struct point *p, enum who who)
{
	/* nsdelegate: a move across the namespace's root is ENOENT. */
	int denied = who == AS_ROOT_IN_NS ? ENOENT : EACCES;
	struct deleg dl;

	if (!deleg_init(&dl, p, who != AS_UID))
		goto out;
	add(&dl, OP_MKDIR, dl.c, "D/C", NULL, 0);
	add(&dl, OP_MOVE, dl.c, "D/C", NULL, 0);
	add(&dl, OP_MOVE, dl.base, "D's parent", NULL, denied);
	add(&dl, OP_MOVE, p->s->root, "the root", NULL, denied);
	if (deleg_run(&dl, who)) {
		const char *want = who == AS_UID ? strstr(dl.c, "/asid_suite.") :
						   "/C";

		if (!want || !strstr(dl.log->cgroup, want) ||
		    strcmp(strstr(dl.log->cgroup, want), want))
			pt_fail(p, "the delegatee ended in \"%s\", not D/C",
				dl.log->cgroup);
	}
out:
	deleg_done(&dl);
	return pt_result(p);
}

CASE(case_deleg_move_out)
{
	return move_case(p, AS_UID);
}

CASE(case_deleg_ns_move_out)
{
	return move_case(p, AS_ROOT_IN_NS);
}

/* While the delegatee holds 1 in D/C: it counts in C, D and D's parent. */
static void check_counts_up(struct deleg *dl)
{
	struct point *p = dl->p;
	char buf[128];

	pt_expect_current(p, dl->c, NULL, 1);
	pt_expect_current(p, dl->d, NULL, 1);
	pt_expect_current(p, dl->base, NULL, 1);
	pt_obs_add(p, "held: D/C %s", pt_counts(p, dl->c, buf, sizeof(buf)));
}

CASE(case_deleg_charge_counts_up)
{
	struct deleg dl;

	if (!deleg_init(&dl, p, false) || !pt_set_max(p, dl.d, NULL, "1"))
		goto out;
	dl.at_hold = check_counts_up;
	add_make_child(&dl);
	add(&dl, OP_MAX, dl.c, "D/C", "max", 0);
	add(&dl, OP_CHARGE, NULL, NULL, NULL, 0);
	/* D's limit of 1, set by root, binds the delegatee's own cgroup. */
	add(&dl, OP_CHARGE, NULL, NULL, NULL, EBUSY);
	add(&dl, OP_HOLD, NULL, NULL, NULL, 0);
	deleg_run(&dl, AS_UID);
	pt_wait_current(p, dl.c, NULL, 0);
	pt_expect_current(p, dl.base, NULL, 0);
out:
	deleg_done(&dl);
	return pt_result(p);
}

/* "<file> <mode> <uid>" of the controller's files in @cg, for the record. */
struct mode_walk {
	struct point *p;
	const char *cg;
	const char *label;
	uid_t owner;		/* every controller file's owner */
	char text[PT_TEXT_LEN / 2];
};

static int note_mode(const char *name, void *arg)
{
	struct mode_walk *w = arg;
	char path[CG_PATH_LEN + CTL_NAME_LEN];
	struct stat st;
	size_t n = strlen(w->text);

	if (!ctl_is_own_file(w->p->c, name))
		return 0;
	snprintf(path, sizeof(path), "%s/%s", w->cg, name);
	if (stat(path, &st)) {
		pt_fail(w->p, "stat %s: %s", path, pt_err(-errno));
		return 0;
	}
	/* "misc.max" is "max", "encryption_ids.sev.max" "sev.max". */
	snprintf(w->text + n, sizeof(w->text) - n, "%s%s %03o", n ? ", " : "",
		 name + strlen(ctl_name(w->p->c)) + 1, st.st_mode & 0777);
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		pt_fail(w->p, "%s/%s is writable by group or others (%03o)",
			w->label, name, st.st_mode & 0777);
	if (st.st_uid != w->owner)
		pt_fail(w->p, "%s/%s is owned by uid %u, want %u", w->label,
			name, st.st_uid, w->owner);
	return 0;
}

static void note_modes(struct point *p, const char *cg, const char *label,
		       uid_t owner)
{
	struct mode_walk w = { .p = p, .cg = cg, .label = label,
			       .owner = owner };

	cg_for_each_file(cg, note_mode, &w);
	if (!w.text[0])
		pt_fail(p, "%s has no %s files", label, ctl_name(p->c));
	pt_obs_add(p, "%s (uid %u): %s", label, owner, w.text);
}

/*
 * Every file mode and owner the design creates: root's in the root and in
 * D, the delegatee's in the cgroup it made and enabled the controller for.
 */
CASE(case_deleg_file_modes)
{
	struct deleg dl;

	if (!deleg_init(&dl, p, false))
		goto out;
	add_make_child(&dl);
	if (deleg_run(&dl, AS_UID)) {
		note_modes(p, p->s->root, "root", 0);
		note_modes(p, dl.d, "D", 0);
		note_modes(p, dl.c, "D/C", DELEG_UID);
	}
out:
	deleg_done(&dl);
	return pt_result(p);
}
