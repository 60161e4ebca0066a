// SPDX-License-Identifier: GPL-2.0
/*
 * The expected outcome of one write; see oracle.h for the model and where
 * it comes from.
 */
#define _GNU_SOURCE	/* strerrorname_np() */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "kmodel.h"
#include "oracle.h"

void oracle_init(struct oracle *o, const struct ctl *c, size_t page)
{
	memset(o, 0, sizeof(*o));
	o->c = c;
	o->page = page;
	/* misc keeps an unsigned long, encryption_ids an unsigned int. */
	o->maxnum = c->design == CTL_MISC ? UINT64_MAX : UINT_MAX;
	for (int i = 0; i < c->nres; i++)
		if (ctl_get_capacity(c, c->res[i], &o->cap[i]))
			o->cap[i] = 0;
}

static void reject(struct expect *e, int err, const char *why)
{
	e->verdict = V_REJECT;
	e->err = err;
	e->why = why;
}

static void accept(struct expect *e, int res, uint64_t value, const char *why)
{
	e->verdict = V_ACCEPT;
	e->res = res;
	e->value = value;
	e->why = why;
}

/* "max" or a number: both handlers compare "max" exactly, then kstrto*. */
static int parse_value(const char *s, uint64_t maxnum, uint64_t *v,
		       const char **why)
{
	int ret;

	if (!strcmp(s, "max")) {
		*v = maxnum;
		*why = "\"max\"";
		return 0;
	}
	ret = km_kstrtoull(s, v, why);
	if (ret)
		return ret;
	if (*v > maxnum) {
		*why = "kstrtouint: above UINT_MAX";
		return -ERANGE;
	}
	*why = "a number";
	return 0;
}

static int find_res(const struct oracle *o, const char *name)
{
	for (int i = 0; i < o->c->nres; i++)
		if (!strcmp(o->c->res[i], name))
			return i;
	return -1;
}

static void decide_misc(const struct oracle *o, char *text, struct expect *e)
{
	char *value = text, *key = km_strsep(&value, ' ');
	const char *why;
	uint64_t v;
	int res, ret;

	if (!value) {
		reject(e, EINVAL, "misc: no ' ' between key and value");
		return;
	}
	res = find_res(o, key);
	if (res < 0) {
		reject(e, EINVAL, "misc: unknown key");
		return;
	}
	ret = parse_value(value, o->maxnum, &v, &why);
	if (ret)
		reject(e, -ret, why);
	else if (!o->cap[res])
		reject(e, EINVAL, "misc: resource without capacity");
	else
		accept(e, res, v, why);
}

static void decide_enc(const struct oracle *o, int res, const char *text,
		       struct expect *e)
{
	const char *why;
	uint64_t v;
	int ret = parse_value(text, o->maxnum, &v, &why);

	if (ret)
		reject(e, -ret, why);
	else
		accept(e, res, v, why);
}

void oracle_decide(const struct oracle *o, const struct fuzz_input *in,
		   struct expect *e)
{
	static char copy[FUZZ_BUF_MAX + 1];
	char *text;

	memset(e, 0, sizeof(*e));
	/* rw_verify_area(): the end of the write must fit a loff_t. */
	if (in->len && in->off > LLONG_MAX - (long long)in->len) {
		reject(e, EINVAL, "vfs: offset + length past LLONG_MAX");
	} else if (in->len > o->page) {
		reject(e, E2BIG, "kernfs: more than a page");
	} else if (!in->len) {
		e->verdict = V_NOOP;
		e->why = "cgroup: 0-byte write";
	} else {
		/* kernfs NUL-terminates its copy: the handler sees a C string. */
		memcpy(copy, in->buf, in->len);
		copy[in->len] = '\0';
		text = km_strstrip(copy);
		if (o->c->design == CTL_MISC)
			decide_misc(o, text, e);
		else
			decide_enc(o, in->res, text, e);
	}
}

void oracle_describe(const struct oracle *o, const struct expect *e,
		     char *buf, size_t len)
{
	const char *name;

	switch (e->verdict) {
	case V_NOOP:
		snprintf(buf, len, "return 0, no change");
		break;
	case V_REJECT:
		name = strerrorname_np(e->err);
		snprintf(buf, len, "reject %s", name ? name : "?");
		break;
	case V_ACCEPT:
		if (e->value == o->maxnum)
			snprintf(buf, len, "accept %s=max", o->c->res[e->res]);
		else
			snprintf(buf, len, "accept %s=%llu", o->c->res[e->res],
				 (unsigned long long)e->value);
		break;
	}
}
