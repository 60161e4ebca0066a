// SPDX-License-Identifier: GPL-2.0
/*
 * repro: this native run against the previous one (repro.h).
 */
#include <stddef.h>
#include <string.h>

#include "repro.h"

static const struct npoint *twin(const struct points *ps,
				 const struct npoint *p, int v)
{
	return points_find(ps, v, p->shape, p->depth, p->threads, p->limit,
			   p->type);
}

struct share repro_share(const struct points *cur, const struct points *prev,
			 int threads)
{
	struct share s = { 0, 0, 0 };
	int i;

	for (i = 0; i < cur->n; i++) {
		const struct npoint *c = &cur->p[i], *p;

		if ((threads >= 0 && c->threads != threads) || !c->ns.n)
			continue;
		p = twin(prev, c, c->v);
		if (!p || !p->ns.ok) {
			s.uncompared++;
			continue;
		}
		s.compared++;
		s.inside += ci_inside(c->ns.med, p->ns);
	}
	return s;
}

int repro_flips(const struct points *cur, const struct points *prev,
		struct flip *out, int max, int *ranked)
{
	int i, j, n = 0;

	*ranked = 0;
	for (i = 0; i < prev->n; i++) {
		for (j = 0; j < prev->n; j++) {
			const struct npoint *a = &prev->p[i], *b = &prev->p[j];
			const struct npoint *ca, *cb;

			/* b: another variant at a's point, slower for sure */
			if (a->v == b->v || a->unstable || b->unstable ||
			    a->depth != b->depth || a->threads != b->threads ||
			    strcmp(a->shape, b->shape) ||
			    strcmp(a->limit, b->limit) ||
			    strcmp(a->type, b->type) ||
			    ci_overlap(a->ns, b->ns) || a->ns.med >= b->ns.med)
				continue;
			ca = twin(cur, a, a->v);
			cb = twin(cur, a, b->v);
			if (!ca || !cb || !ca->ns.n || !cb->ns.n)
				continue;
			(*ranked)++;
			if (ca->ns.med <= cb->ns.med)
				continue;
			if (n < max && out) {
				out[n].pa = a;
				out[n].pb = b;
				out[n].ca = ca;
				out[n].cb = cb;
				out[n].firm = !ci_overlap(ca->ns, cb->ns);
			}
			n++;
		}
	}
	return n;
}
