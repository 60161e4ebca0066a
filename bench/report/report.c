// SPDX-License-Identifier: GPL-2.0
/*
 * report: the run's shared state, the REPORT.md stream, and what happens
 * before the first section and after the last.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plot.h"
#include "report.h"

struct data D;
const char *in_dir, *out_dir;

const char *types[MAXK];
int ntypes;
const char *ptype;
const char *ntype;

int ref_variant = -1;
int npairs, pair_a[MAXV * MAXV], pair_b[MAXV * MAXV];
enum design design[MAXV];

char caveat[4096];
int plot_failures;

static FILE *md;
/* REPORT.md is written here and renamed, so a failed run leaves the old one. */
static char md_tmp[4096];

void P(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(md, fmt, ap);
	va_end(ap);
}

const char *V(int v)
{
	return D.variants[v];
}

const char *plural(int n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

int input_ok(const struct input *in)
{
	return in->exists && in->rows > 0 && !in->unusable[0];
}

int need_input(const struct input *in)
{
	if (input_ok(in))
		return 1;
	P("%s: " NOT_MEASURED ".\n\n", in->file);
	return 0;
}

/* native.csv's type: the plotted one if measured there, else its first. */
static const char *pick_ntype(void)
{
	const char *nt[MAXK];
	int i, n = src_types(&D, SRC_NATIVE, nt);

	for (i = 0; i < n; i++)
		if (!strcmp(nt[i], ptype))
			return ptype;
	return n ? nt[0] : ptype;
}

const char *src_type(enum src w)
{
	return w == SRC_NATIVE ? ntype : ptype;
}

struct summary quoted(struct sel s, enum metric m, enum src *w)
{
	struct summary x;

	s.type = ntype;
	x = src_summary(&D, SRC_NATIVE, s, m);
	*w = SRC_NATIVE;
	if (x.n)
		return x;
	s.type = ptype;
	*w = SRC_TCG;
	return src_summary(&D, SRC_TCG, s, m);
}

static int mkdir_p(const char *path)
{
	char tmp[4096];
	size_t i;

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (i = 1; tmp[i]; i++) {
		if (tmp[i] != '/')
			continue;
		tmp[i] = '\0';
		if (mkdir(tmp, 0777) && errno != EEXIST)
			return -1;
		tmp[i] = '/';
	}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		return -1;
	return 0;
}

/* Old outputs go first, so a section that is not measured leaves no stale PNG. */
static void clean_outputs(void)
{
	static const char *const outputs[] = {
		"throughput_vs_threads_leaf", "throughput_vs_threads_siblings",
		"throughput_vs_threads_chain", "ns_per_pair_vs_depth",
		"instructions_vs_depth", "rejections_at_limit", "model_throughput",
		"frontier",
	};
	char path[4096];

	snprintf(path, sizeof(path), "%s/data", out_dir);
	mkdir(path, 0777);
	snprintf(path, sizeof(path), "%s/gnuplot.log", out_dir);
	unlink(path);
	plot_clean(out_dir, outputs, (int)(sizeof(outputs) / sizeof(outputs[0])));
}

/* Designs from the names unless --design says otherwise, and the ratio pairs. */
static void setup_variants(const struct report_opts *o)
{
	int v, i;

	npairs = 0;
	for (v = 0; v < D.nv; v++) {
		design[v] = !strncmp(V(v), "misc-batched", 12) ? DESIGN_STOCK :
			    !strncmp(V(v), "misc", 4) ? DESIGN_ATOMIC :
			    !strncmp(V(v), "encryption_ids", 14) ? DESIGN_LOCK :
			    DESIGN_NONE;
		for (i = 0; i < o->ndesign; i++)
			if (!strcmp(o->design_v[i], V(v)))
				design[v] = o->design_d[i];
	}
	if (ref_variant >= 0) {
		for (v = 0; v < D.nv; v++)
			if (v != ref_variant) {
				pair_a[npairs] = v;
				pair_b[npairs++] = ref_variant;
			}
		return;
	}
	for (v = 0; v < D.nv; v++)
		for (i = v + 1; i < D.nv; i++) {
			pair_a[npairs] = v;
			pair_b[npairs++] = i;
		}
}

int report_begin(const struct report_opts *o)
{
	in_dir = o->in_dir;
	out_dir = o->out_dir;
	if (mkdir_p(out_dir)) {
		fprintf(stderr, "benchreport: %s: %s\n", out_dir, strerror(errno));
		return 1;
	}
	clean_outputs();
	if (data_load(&D, in_dir)) {
		fprintf(stderr, "benchreport: out of memory\n");
		return 1;
	}
	if (o->ref_name) {
		ref_variant = data_variant(&D, o->ref_name);
		if (ref_variant < 0)
			fprintf(stderr, "benchreport: --ref %s: no such variant in the "
				"data, using sorted pairs\n", o->ref_name);
	}
	setup_variants(o);
	ntypes = ik_types(&D, types);
	ptype = ntypes ? types[0] : "-";
	ntype = pick_ntype();

	snprintf(md_tmp, sizeof(md_tmp), "%s/REPORT.md.tmp", out_dir);
	md = fopen(md_tmp, "w");
	if (!md) {
		fprintf(stderr, "benchreport: %s: %s\n", md_tmp, strerror(errno));
		return 1;
	}
	return 0;
}

int report_end(void)
{
	char path[4096];

	if (fclose(md)) {
		fprintf(stderr, "benchreport: %s: %s\n", md_tmp, strerror(errno));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/REPORT.md", out_dir);
	if (rename(md_tmp, path)) {
		fprintf(stderr, "benchreport: %s: %s\n", path, strerror(errno));
		return 1;
	}
	data_free(&D);
	printf("benchreport: wrote %s\n", path);
	if (plot_failures) {
		fprintf(stderr, "benchreport: %d %s not produced (see %s/gnuplot.log)\n",
			plot_failures, plural(plot_failures, "plot", "plots"), out_dir);
		return 3;
	}
	return 0;
}
