// SPDX-License-Identifier: GPL-2.0
/*
 * Section "End to end: KVM_CREATE_VM + KVM_SEV_INIT + close", from
 * e2e.csv: ops/s per variant and type, and the share of one op that the
 * controller's charge+uncharge takes (its ns per pair from inkernel.csv),
 * which says whether the controller matters to a real VM launch at all.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "meta.h"
#include "report.h"
#include "sections.h"
#include "table.h"

/* ops/s over the repetitions of variant v and type; smp may be NULL. */
static struct summary e2e_ops(int v, const char *type, int *smp, int *nsmp)
{
	double x[4096];
	int r, j, n = 0;

	for (r = 0; r < D.ne2e && n < 4096; r++) {
		const struct e2e_row *e = &D.e2e[r];

		if (e->v != v || strcmp(e->type, type))
			continue;
		x[n++] = e->ops;
		if (!smp)
			continue;
		for (j = 0; j < *nsmp && smp[j] != e->smp; j++)
			;
		if (j == *nsmp && *nsmp < MAXK)
			smp[(*nsmp)++] = e->smp;
	}
	return stats_summarize(x, n);
}

/* The controller's part of an op: leaf, depth 1, 1 thread, limit none. */
static struct summary e2e_controller_ns(int v, const char *type)
{
	struct sel s = sel_any();

	s.v = v;
	s.shape = "leaf";
	s.depth = 1;
	s.threads = 1;
	s.limit = "none";
	s.type = type;
	return ik_summary(&D, s, M_NS);
}

/* The distinct types of e2e.csv, sorted; returns how many. */
static int e2e_types(const char **et)
{
	int net = 0, i, j;

	for (i = 0; i < D.ne2e; i++) {
		for (j = 0; j < net && strcmp(et[j], D.e2e[i].type); j++)
			;
		if (j == net && net < MAXK) {
			for (j = net; j > 0 && strcmp(et[j - 1], D.e2e[i].type) > 0; j--)
				et[j] = et[j - 1];
			et[j] = D.e2e[i].type;
			net++;
		}
	}
	return net;
}

/* The guest kernel trees of meta.txt's "guest:" line: "6.1" and "6.1.192". */
struct tree {
	char ver[16], full[32];
};

static int guest_trees(struct tree *t, int max)
{
	char g[1024];
	const char *s;
	int n = 0;

	if (meta_get(in_dir, "meta.txt", "guest", g, sizeof(g)))
		return 0;
	for (s = strstr(g, "linux-source-"); s && n < max;
	     s = strstr(s, "linux-source-")) {
		s += strlen("linux-source-");
		snprintf(t[n].ver, sizeof(t[n].ver), "%.*s",
			 (int)strcspn(s, " ,"), s);
		s += strcspn(s, " ,");
		while (*s == ' ')
			s++;
		snprintf(t[n++].full, sizeof(t[0].full), "%.*s",
			 (int)strcspn(s, " ,"), s);
	}
	return n;
}

/* Does name have "-ver" as a part of its own ("misc-6.12", "misc-6.12-fixed")? */
static int names_tree(const char *name, const char *ver)
{
	const char *s;
	size_t k = strlen(ver);

	for (s = strchr(name, '-'); s; s = strchr(s + 1, '-'))
		if (!strncmp(s + 1, ver, k) &&
		    (!s[k + 1] || s[k + 1] == '-' || s[k + 1] == '+'))
			return 1;
	return 0;
}

/* The guest kernel variant v ran: the tree its name says, else the first. */
static const struct tree *guest_kernel(int v, const struct tree *t, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (names_tree(V(v), t[i].ver))
			return &t[i];
	return n ? &t[0] : NULL;
}
/* Has variant v any e2e row? */
static int has_e2e(int v)
{
	int r;

	for (r = 0; r < D.ne2e; r++)
		if (D.e2e[r].v == v)
			return 1;
	return 0;
}

/*
 * Which guest kernel each variant's e2e rows ran: an op is mostly the
 * guest kernel's own work, so ops/s of two kernels compare the kernels.
 */
static void say_kernels(const struct tree *t, int nt)
{
	int i, v, n;

	if (!nt) {
		P("The guest kernel of each variant is not recorded (meta.txt has "
		  "no guest line). ");
		return;
	}
	for (i = 0; i < nt; i++) {
		n = 0;
		for (v = 0; v < D.nv; v++) {
			if (guest_kernel(v, t, nt) != &t[i] || !has_e2e(v))
				continue;
			P("%s%s", n++ ? ", " : "", V(v));
		}
		if (n)
			P(" %s a %s guest kernel (%s). ", plural(n, "runs", "run"),
			  t[i].ver, t[i].full);
	}
	if (nt > 1)
		P("An op is mostly the guest kernel's own work, so ops/s between "
		  "variants of different guest kernels compare the kernels, not "
		  "the controllers. ");
}

static void e2e_row(int v, const char *type, const struct tree *t, int nt)
{
	const struct tree *k = guest_kernel(v, t, nt);
	char b1[160], b2[64], b3[64], b4[64], b5[64];
	int smp[MAXK], nsmp = 0;
	struct summary ops = e2e_ops(v, type, smp, &nsmp), c;
	double op_ns, share;

	if (!ops.n)
		return;
	c = e2e_controller_ns(v, type);
	op_ns = 1e9 / ops.med;
	share = 100.0 * stats_ratio(c.med, op_ns);
	P("| %s | %s | %s | %s | %s | %s | %s | %s |\n", V(v),
	  k ? k->full : "-", type, int_list(b5, sizeof(b5), smp, nsmp),
	  cell(b1, sizeof(b1), c_si, ops),
	  fmt_val(b2, sizeof(b2), "%.1f", op_ns / 1000.0),
	  fmt_val(b3, sizeof(b3), "%.1f", c.med),
	  isnan(share) ? "-" : fmt_val(b4, sizeof(b4), "%.4f%%", share));
}

/* Every variant's ops/s of one type, the controller's share, and the ratios. */
static void e2e_say_type(const char *type)
{
	struct summary m[MAXV];
	char b1[64], b2[64];
	int v, said = 0;

	for (v = 0; v < D.nv; v++) {
		double share;

		m[v] = e2e_ops(v, type, NULL, NULL);
		if (!m[v].n)
			continue;
		share = 100.0 * stats_ratio(e2e_controller_ns(v, type).med,
					    1e9 / m[v].med);
		P("%s%s (type %s) completes %s ops/s", said ? "; " : "",
		  V(v), type, fmt_si(b1, sizeof(b1), m[v].med));
		if (!isnan(share))
			P(", of which the controller's charge+uncharge "
			  "accounts for %s%%",
			  fmt_val(b2, sizeof(b2), "%.4f", share));
		said = 1;
	}
	say_ratios(m, "; ops/s ");
	P(". ");
}

void section_e2e(void)
{
	const char *et[MAXK];
	struct tree t[8];
	int net, i, v, nt = guest_trees(t, 8);

	P("## TCG context: end to end, KVM_CREATE_VM + KVM_SEV_INIT + close\n\n");
	if (!need_input(&D.in_e2e))
		return;
	net = e2e_types(et);
	P("ops/s per repetition (median [min, max], n = repetitions). One op = "
	  "1e9 / median ops/s. Controller share = the in-kernel charge+uncharge "
	  "ns per pair at shape leaf, depth 1, 1 thread, limit none, same type "
	  "(median) / one op's ns.\n\n");
	P("| variant | guest kernel | type | guest smp | ops/s | one op (us) | "
	  "controller pair (ns) | controller share |\n"
	  "|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < net; i++)
		for (v = 0; v < D.nv; v++)
			e2e_row(v, et[i], t, nt);
	P("\n**Reading:** ");
	say_kernels(t, nt);
	for (i = 0; i < net; i++)
		e2e_say_type(et[i]);
	P("\n\n");
	print_caveat();
}
