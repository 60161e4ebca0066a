// SPDX-License-Identifier: GPL-2.0
/*
 * Dying cgroups: a removed cgroup is "dying" until the last reference to
 * it goes, and a charge that outlives its cgroup holds one (misc through
 * the misc_cg it charged, encryption_ids through the css it took).  Once
 * every charge of the run is released, every cgroup the run removed must
 * be freed within ST_DYING_MS: the layout's top has no dying descendant
 * left, and after the layout is removed the root has no more than when the
 * run began (the fuzzer's may still be going when it begins).
 *
 * v2 counts them in cgroup.stat "nr_dying_descendants".  v1 has no
 * cgroup.stat; /proc/cgroups counts the cgroups of the controller's
 * hierarchy, live and dying ("num_cgroups": a cgroup leaves it when it is
 * freed), so there the count must come back to what was there at the
 * start plus the layout's cgroups still present.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ktap.h"
#include "parse.h"
#include "stress.h"

#define POLL_STEP_MS	20

static int v1_cgroups(const struct stress *s, uint64_t *v)
{
	unsigned int num;
	int ret = cg_proc_cgroups(ctl_name(&s->c), &num, NULL);

	if (!ret)
		*v = num;
	return ret;
}

/* v2: dying descendants of @cg; v1: every cgroup of the hierarchy. */
static int count(const struct stress *s, const char *cg, uint64_t *v)
{
	char buf[1024];
	int ret;

	if (!s->v2)
		return v1_cgroups(s, v);
	ret = cg_read(cg, "cgroup.stat", buf, sizeof(buf));
	return ret < 0 ? ret : parse_keyed_u64(buf, "nr_dying_descendants", v);
}

void st_note_dying(struct stress *s)
{
	s->dying0_err = count(s, s->root, &s->dying0);
}

struct wait_arg {
	const struct stress *s;
	const char *cg;
	uint64_t want;		/* at most this many */
	uint64_t got;
	int err;
};

static bool settled(void *arg)
{
	struct wait_arg *w = arg;

	w->err = count(w->s, w->cg, &w->got);
	return !w->err && w->got <= w->want;
}

/* Poll for up to ST_DYING_MS; describe the outcome in @obs. */
static bool wait_for(struct wait_arg *w, const char *what, char *obs,
		     size_t len)
{
	uint64_t start = st_now_ms();
	bool ok = cg_poll(settled, w, ST_DYING_MS, POLL_STEP_MS);

	if (w->err)
		snprintf(obs, len, "%s unreadable: %s", what,
			 st_errname(w->err));
	else
		snprintf(obs, len, "%s %" PRIu64 ", want at most %" PRIu64
			 " (%" PRIu64 " ms)", what, w->got, w->want,
			 st_now_ms() - start);
	return ok;
}

void st_wait_dying_layout(struct stress *s, char *obs, size_t len, bool *ok)
{
	static char cgs[ST_SLOTS][CG_PATH_LEN];
	struct wait_arg w = { s, s->top, 0, 0, 0 };

	if (s->v2) {
		*ok = wait_for(&w, "top's nr_dying_descendants", obs, len);
		return;
	}
	if (s->dying0_err) {
		snprintf(obs, len, "/proc/cgroups unreadable at the start: %s",
			 st_errname(s->dying0_err));
		*ok = false;
		return;
	}
	w.want = s->dying0 + st_present(s, cgs, ST_SLOTS);
	*ok = wait_for(&w, "num_cgroups with the layout", obs, len);
}

void st_check_dying(struct stress *s, const char *layout_obs, bool layout_ok)
{
	const char *name = "stress_no_dying_descendants";
	struct wait_arg w = { s, s->root, s->dying0, 0, 0 };
	char end[160], obs[ST_TEXT_LEN];
	bool ok;

	if (s->dying0_err) {
		snprintf(end, sizeof(end), "unreadable at the start: %s",
			 st_errname(s->dying0_err));
		ok = false;
	} else {
		ok = wait_for(&w, s->v2 ? "root's nr_dying_descendants" :
				  "num_cgroups after removal", end, sizeof(end));
	}
	snprintf(obs, sizeof(obs), "%s; %s", layout_obs, end);
	if (!layout_ok || !ok)
		ktap_diag("%s: FAIL: removed cgroups not freed within %d ms",
			  name, ST_DYING_MS);
	ktap_observed(name, obs);
	if (layout_ok && ok) {
		if (s->dying_known[0])
			ktap_diag("%s: known defect %s did not show in this run (a race decides)",
				  name, s->dying_known);
		ktap_pass(name);
	} else if (!s->dying_known[0]) {
		ktap_fail(name);
	} else if (regexec(&s->dying_re, obs, 0, NULL, 0)) {
		ktap_diag("%s: known defect %s: the observation does not match its signature /%s/",
			  name, s->dying_known, s->dying_sig);
		ktap_fail(name);
	} else {
		ktap_todo(name, s->dying_known);
	}
}
