// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl list and destroy.  Destroying a VM is ending its holder: the exit
 * closes the VM fd, KVM destroys the VM and sev_asid_free() uncharges.
 * destroy waits for both, the holder gone and the root usage down, before
 * it reports, so that the usage it prints is the one after the release.
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "parse.h"
#include "sevctl.h"

#define DESTROY_TIMEOUT_MS	10000

int cmd_list(struct sevctl *s, int argc, char **argv)
{
	static struct holder h[HOLDER_MAX];
	int n;

	(void)argv;
	if (argc != 1)
		return sc_usage(s, "list");
	n = holders_load(h, HOLDER_MAX);
	if (n < 0)
		return sc_err(s, HOLDER_DIR ": %s", strerror(-n));
	if (!n) {
		printf("no VMs running\n");
		return 0;
	}
	printf("%4s %7s  %-8s %s\n", "VM", "PID", "RES", "CGROUP");
	for (int i = 0; i < n; i++)
		printf("%4u %7d  %-8s %s\n", h[i].vm, (int)h[i].pid, h[i].res,
		       h[i].cg);
	return 0;
}

/*
 * A mirror (sevctl mirror) is recorded as "mirror:<vm>": KVM keeps VM <vm>
 * alive, and its ASID charged, until the mirror ends.
 */
static bool is_mirror(const struct holder *h)
{
	return !strncmp(h->res, "mirror:", 7);
}

static bool mirror_of(const struct holder *m, const struct holder *src)
{
	unsigned int vm;

	return is_mirror(m) && sscanf(m->res + 7, "%u", &vm) == 1 && vm == src->vm;
}

static bool targeted(struct holder **t, const struct holder *h)
{
	for (; *t; t++)
		if (*t == h)
			return true;
	return false;
}

struct res_wait {
	const char *res;
	uint64_t before, killed;
	bool known;
};

static bool holders_gone(void *arg)
{
	struct holder **t = arg;

	for (; *t; t++)
		if (holder_alive(*t))
			return false;
	return true;
}

struct usage_arg {
	const struct sevctl *s;
	struct res_wait *w;
	int n;
};

static bool usage_down(void *arg)
{
	struct usage_arg *a = arg;
	uint64_t used;

	for (int i = 0; i < a->n; i++) {
		struct res_wait *w = &a->w[i];

		if (!w->known || !w->killed)
			continue;
		if (sc_root_usage(a->s, w->res, &used) ||
		    used + w->killed > w->before)
			return false;
	}
	return true;
}

/* Root usage of every type, and below it the cgroups the VMs were in. */
static void print_usage(const struct sevctl *s, struct holder **t)
{
	char cap[24] = "?", used[24] = "?", cur[24], max[24];
	char rel[CG_PATH_LEN], abs[CG_PATH_LEN];
	uint64_t v;

	for (int r = 0; r < s->ctl.nres; r++) {
		const char *res = s->ctl.res[r];

		strcpy(cap, "?");
		strcpy(used, "?");
		if (!ctl_get_capacity(&s->ctl, res, &v))
			parse_fmt_count(v, cap, sizeof(cap));
		if (!sc_root_usage(s, res, &v))
			parse_fmt_count(v, used, sizeof(used));
		printf("%s: capacity %s, used %s\n", res, cap, used);
		for (int i = 0; t[i]; i++) {
			bool seen = false;

			for (int j = 0; j < i; j++)
				seen |= !strcmp(t[j]->cg, t[i]->cg) &&
					!strcmp(t[j]->res, t[i]->res);
			if (seen || strcmp(t[i]->res, res) ||
			    !strcmp(t[i]->cg, "/"))
				continue;
			snprintf(rel, sizeof(rel), "%s", t[i]->cg);
			cgp_abs(s, rel, abs);
			strcpy(cur, "-");
			strcpy(max, "-");
			if (!ctl_get_current(&s->ctl, abs, res, &v))
				parse_fmt_count(v, cur, sizeof(cur));
			if (ctl_read_max(&s->ctl, abs, res, max, sizeof(max)))
				strcpy(max, "-");
			printf("  %s: current %s, max %s\n", t[i]->cg, cur, max);
		}
	}
}

int cmd_destroy(struct sevctl *s, int argc, char **argv)
{
	static struct holder h[HOLDER_MAX];
	static struct holder *t[HOLDER_MAX + 1];
	struct res_wait w[CTL_MAX_RES] = { 0 };
	struct usage_arg ua = { s, w, 0 };
	uint64_t pid = 0;
	int n, nt = 0, lock;
	bool all;

	if (argc != 2)
		return sc_usage(s, "destroy <pid>|all");
	all = !strcmp(argv[1], "all");
	if (!all && (parse_u64(argv[1], &pid) || !pid || pid > INT32_MAX))
		return sc_err(s, "'%s' is neither a holder pid nor 'all'",
			      argv[1]);
	if (sc_setup(s))
		return 1;
	lock = holders_lock();
	if (lock < 0)
		return sc_err(s, HOLDER_DIR ": %s", strerror(-lock));
	n = holders_load(h, HOLDER_MAX);
	if (n < 0) {
		close(lock);
		return sc_err(s, HOLDER_DIR ": %s", strerror(-n));
	}
	for (int i = 0; i < n; i++)
		if (all || h[i].pid == (pid_t)pid)
			t[nt++] = &h[i];
	t[nt] = NULL;
	if (!all && !nt) {
		close(lock);
		return sc_err(s, "%" PRIu64 " is not a running VM holder (see: sevctl list)",
			      pid);
	}

	for (int i = 0; i < n; i++) {
		const struct holder *m = &h[i];

		if (!is_mirror(m) || targeted(t, m))
			continue;
		for (int j = 0; t[j]; j++)
			if (mirror_of(m, t[j])) {
				close(lock);
				return sc_err(s, "vm %u has a mirror, vm %u (pid %d), which keeps its ASID: destroy that first, or all",
					      t[j]->vm, m->vm, (int)m->pid);
			}
	}
	for (int r = 0; r < s->ctl.nres; r++) {
		w[r].res = s->ctl.res[r];
		w[r].known = !sc_root_usage(s, w[r].res, &w[r].before);
		for (int i = 0; i < nt; i++)
			w[r].killed += !strcmp(t[i]->res, w[r].res);
	}
	ua.n = s->ctl.nres;
	for (int i = 0; i < nt; i++)
		if (kill(t[i]->pid, SIGKILL) && errno != ESRCH) {
			close(lock);
			return sc_err(s, "kill %d: %s", (int)t[i]->pid,
				      strerror(errno));
		}
	if (!cg_poll(holders_gone, t, DESTROY_TIMEOUT_MS, 10)) {
		close(lock);
		return sc_err(s, "holders still alive after %d s",
			      DESTROY_TIMEOUT_MS / 1000);
	}
	for (int i = 0; i < nt; i++)
		holder_forget(t[i]->pid);
	if (!cg_poll(usage_down, &ua, DESTROY_TIMEOUT_MS, 10)) {
		close(lock);
		return sc_err(s, "the holders are gone but the root usage did not drop within %d s",
			      DESTROY_TIMEOUT_MS / 1000);
	}
	close(lock);
	if (!nt)
		printf("no VMs running\n");
	for (int i = 0; i < nt; i++) {
		const char *r = t[i]->res;

		/* A mirror (sevctl mirror) or a VM moved out (sevctl move) has none. */
		if (is_mirror(t[i]) || !strcmp(r, "moved"))
			printf("destroyed vm %u (pid %d), %s: no ASID of its own\n",
			       t[i]->vm, (int)t[i]->pid,
			       is_mirror(t[i]) ? "a mirror" : "moved out");
		else
			printf("destroyed vm %u (pid %d), %s ASID released\n",
			       t[i]->vm, (int)t[i]->pid, r);
	}
	print_usage(s, t);
	return 0;
}
