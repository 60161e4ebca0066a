/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sevctl: a guest tool to show and drive the SEV ASID controller by hand,
 * for demonstrations in an interactive shell.  Interface files are reached
 * only through ctl.h; simulated VMs are real KVM_SEV_INIT / KVM_SEV_ES_INIT
 * VMs kept open by detached holder processes.
 *
 * Every command returns the process exit status: 0, or 1 after printing
 * exactly one error line on stderr (2 for a usage error).
 */
#ifndef _SEVCTL_H
#define _SEVCTL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "cg.h"
#include "ctl.h"

#define SEVCTL_MOUNT	"/sys/fs/cgroup"

struct sevctl {
	const char *mount;	/* the cgroup mount, --root */
	const char *cmd;	/* the command, for error lines */
	struct ctl ctl;
};

/* "sevctl <cmd>: <text>" on stderr; returns 1 for "return sc_err(...)". */
int sc_err(const struct sevctl *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "sevctl <cmd>: usage: sevctl <usage>" on stderr; returns 2. */
int sc_usage(const struct sevctl *s, const char *usage);

/* Find the controller under the mount and its resource types. */
int sc_setup(struct sevctl *s);
bool sc_has_res(const struct sevctl *s, const char *res);
/* The known types as one "sev, sev_es" string, for error lines. */
const char *sc_res_list(const struct sevctl *s);

/* Root usage: the root stat file, else the test module's total usage. */
int sc_root_usage(const struct sevctl *s, const char *res, uint64_t *used);

/*
 * Cgroups are named relative to the mount, "" being the root (shown as
 * "/").  cgp_arg() normalizes a user's argument ("demo", "/demo/", "/")
 * and rejects empty, "." and ".." components; with @must_exist it also
 * checks the directory.  It prints the error line itself.
 */
int cgp_arg(const struct sevctl *s, const char *arg, char *rel,
	    bool must_exist);
void cgp_abs(const struct sevctl *s, const char *rel, char *abs);
const char *cgp_show(const char *rel);
/* Strip the last component: "a/b" -> "a", "a" -> "". */
void cgp_parent(char *rel);
/* The caller's cgroup in the mounted hierarchy, from /proc/self/cgroup. */
int cgp_self(const struct sevctl *s, char *rel);

/* ---- holders: one detached process per simulated VM ---- */

#define HOLDER_DIR	"/tmp/sevctl"
#define HOLDER_MAX	256

struct holder {
	pid_t pid;
	unsigned int vm;		/* the demo's VM number */
	unsigned long long start;	/* /proc/<pid>/stat starttime */
	char res[CTL_NAME_LEN];
	char cg[CG_PATH_LEN];		/* where the VM is charged, shown form */
};

/*
 * Serialize commands that add or remove holders (where the kernel has
 * flock()).  Return: fd or -errno.
 */
int holders_lock(void);
/*
 * holders_load() - The live holders, sorted by VM number.  A record whose
 * process is gone, a zombie or a different process now is removed.
 * Return: number of holders, or -errno.
 */
int holders_load(struct holder *h, int max);
int holder_save(const struct holder *h);
void holder_forget(pid_t pid);
bool holder_alive(const struct holder *h);
int proc_starttime(pid_t pid, unsigned long long *start);

/* ---- commands ---- */

int cmd_status(struct sevctl *s, int argc, char **argv);
int cmd_mkcg(struct sevctl *s, int argc, char **argv);
int cmd_limit(struct sevctl *s, int argc, char **argv);
int cmd_launch(struct sevctl *s, int argc, char **argv);
int cmd_list(struct sevctl *s, int argc, char **argv);
int cmd_destroy(struct sevctl *s, int argc, char **argv);
int cmd_capacity(struct sevctl *s, int argc, char **argv);
int cmd_race(struct sevctl *s, int argc, char **argv);
int cmd_mirror(struct sevctl *s, int argc, char **argv);
int cmd_move(struct sevctl *s, int argc, char **argv);

#endif /* _SEVCTL_H */
