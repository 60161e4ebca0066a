// SPDX-License-Identifier: GPL-2.0
/* paired: see paired.h. */
#include <stdlib.h>
#include <string.h>

#include "paired.h"

#define MAXREP	1024

static int at(const struct ik_row *r, int v, const char *shape, int depth,
	      int threads, const char *limit, const char *type)
{
	return r->v == v && r->depth == depth && r->threads == threads &&
	       !strcmp(r->shape, shape) && !strcmp(r->limit, limit) &&
	       (!type || !strcmp(r->type, type)) && !row_excluded(r);
}

struct ci paired_ratio(const struct ik_row *rows, int n, int a, int b,
		       const char *shape, int depth, int threads,
		       const char *limit, const char *type)
{
	static double na[MAXREP], nb[MAXREP], ratio[MAXREP];
	int i, k = 0;

	for (i = 0; i < MAXREP; i++)
		na[i] = nb[i] = 0;
	for (i = 0; i < n; i++) {
		const struct ik_row *r = &rows[i];

		if (r->rep < 0 || r->rep >= MAXREP)
			continue;
		if (at(r, a, shape, depth, threads, limit, type))
			na[r->rep] = r->ns;
		else if (at(r, b, shape, depth, threads, limit, type))
			nb[r->rep] = r->ns;
	}
	for (i = 0; i < MAXREP; i++)
		if (na[i] > 0 && nb[i] > 0)
			ratio[k++] = na[i] / nb[i];
	return ci_median(ratio, k);
}

const char *paired_verdict(struct ci r)
{
	if (!r.n || !r.ok)
		return NULL;
	if (r.hi < 1)
		return "faster";
	if (r.lo > 1)
		return "slower";
	return NULL;
}
