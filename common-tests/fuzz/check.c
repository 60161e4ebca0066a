// SPDX-License-Identifier: GPL-2.0
/*
 * Judge one write; see check.h.
 */
#define _GNU_SOURCE	/* strerrorname_np() */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

struct msgbuf {
	char *buf;
	size_t len, used;
};

static void say(struct msgbuf *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(struct msgbuf *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (m->used + 1 >= m->len)
		return;
	if (m->used)
		m->used += snprintf(m->buf + m->used, m->len - m->used, "; ");
	if (m->used + 1 >= m->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(m->buf + m->used, m->len - m->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		m->used += (size_t)n;
	if (m->used >= m->len)
		m->used = m->len - 1;
}

void check_outcome(ssize_t ret, int err, char *buf, size_t len)
{
	const char *name = strerrorname_np(err);

	if (ret < 0)
		snprintf(buf, len, "error %s", name ? name : "?");
	else
		snprintf(buf, len, "returned %zd", ret);
}

static bool outcome_ok(const struct expect *e, const struct fuzz_input *in,
		       ssize_t ret, int err)
{
	switch (e->verdict) {
	case V_REJECT:
		return ret < 0 && err == e->err;
	case V_ACCEPT:
		return ret >= 0 && (size_t)ret == in->len;
	default:
		return ret == 0;
	}
}

static void fmt_limit(const struct fz_limit *l, char *buf, size_t len)
{
	if (l->is_max)
		snprintf(buf, len, "max");
	else
		snprintf(buf, len, "%llu", (unsigned long long)l->v);
}

static bool same_limit(const struct fz_limit *a, const struct fz_limit *b)
{
	return a->is_max == b->is_max && (a->is_max || a->v == b->v);
}

/* Compare every file of @g but @skip with its last text, then keep the new. */
static void compare_files(struct fz_cgroup *g, int skip, struct msgbuf *m,
			  bool *ok)
{
	char now[FZ_TEXT_LEN], was[160], is[160];
	struct fz_file *f;
	int ret;

	for (int i = 0; i < g->nfiles; i++) {
		f = &g->f[i];
		ret = fz_read(g, i, now);
		if (ret) {
			say(m, "%s/%s unreadable: %s", g->label, f->name,
			    strerrorname_np(-ret));
			*ok = false;
			continue;
		}
		if (i != skip && strcmp(now, f->text)) {
			fuzz_escape(f->text, strlen(f->text), was, sizeof(was));
			fuzz_escape(now, strlen(now), is, sizeof(is));
			say(m, "%s/%s changed from %s to %s", g->label,
			    f->name, was, is);
			*ok = false;
		}
		memcpy(f->text, now, sizeof(now));
	}
}

/* After an accepted write: every res in the written file reads the model. */
static void compare_values(const struct oracle *o, struct fz_cgroup *g,
			   int file, struct msgbuf *m, bool *ok)
{
	const struct ctl *c = o->c;
	struct fz_limit now;
	char want[32], got[32];
	int ret;

	for (int r = 0; r < c->nres; r++) {
		if (g->max_file[r] != file)
			continue;
		ret = ctl_get_max(c, g->path, c->res[r], &now.v, &now.is_max);
		if (ret) {
			say(m, "%s max of %s unreadable: %s", g->label,
			    c->res[r], strerrorname_np(-ret));
			*ok = false;
		} else if (!same_limit(&now, &g->model[r])) {
			fmt_limit(&g->model[r], want, sizeof(want));
			fmt_limit(&now, got, sizeof(got));
			say(m, "%s max of %s reads %s, expected %s", g->label,
			    c->res[r], got, want);
			*ok = false;
		}
	}
}

bool check_write(const struct oracle *o, struct fz_cgroup *tgt,
		 const struct fuzz_input *in, const struct expect *e,
		 ssize_t ret, int err, char *msg, size_t len)
{
	struct msgbuf m = { msg, len, 0 };
	bool ok = outcome_ok(e, in, ret, err);
	bool changes = ok && e->verdict == V_ACCEPT;
	int file = changes ? tgt->max_file[e->res] : -1;
	char want[64], got[64];

	msg[0] = '\0';
	if (!ok) {
		oracle_describe(o, e, want, sizeof(want));
		check_outcome(ret, err, got, sizeof(got));
		say(&m, "expected %s (%s), %s", want, e->why, got);
	}
	if (changes) {
		tgt->model[e->res].is_max = e->value == o->maxnum;
		tgt->model[e->res].v = e->value;
	}
	compare_files(tgt, file, &m, &ok);
	if (tgt->parent)
		compare_files(tgt->parent, -1, &m, &ok);
	if (changes)
		compare_values(o, tgt, file, &m, &ok);
	if (!ok) {
		fz_load_model(o->c, tgt);
		if (tgt->parent)
			fz_load_model(o->c, tgt->parent);
	}
	return ok;
}
