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

struct points NP, PP;
int nth[MAXK], nnth, nmax_threads;

enum vkind vkind[MAXV];
int vseries[MAXV];
char vbase[MAXV][NAMELEN];
int vndef[MAXV];
char vdef[MAXV][MAXF][FIDLEN];
struct finding findings[MAXF];
int nfindings = -1;
const char *defects_dir;

int ref_variant = -1;
int npairs, pair_a[MAXV * MAXV], pair_b[MAXV * MAXV];

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

/*
 * Old outputs go first, so a section that is not measured leaves no stale
 * PNG; the names of earlier versions of the report too.
 */
static void clean_outputs(void)
{
	static const char *const outputs[] = {
		"native_throughput_leaf", "native_throughput_siblings",
		"native_depth_t*",
		"native_spurious", "model_leaf",
		"model_siblings", "frontier_spurious", "frontier_overshoot",
		"tcg_throughput_vs_threads_leaf",
		"tcg_throughput_vs_threads_siblings",
		"tcg_throughput_vs_threads_chain", "tcg_ns_per_pair_vs_depth*",
		"tcg_instructions_vs_depth", "tcg_rejections_at_limit",
		/* earlier versions' names */
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
	snprintf(path, sizeof(path), "%s/native-summary.csv", out_dir);
	unlink(path);
	plot_clean(out_dir, outputs, (int)(sizeof(outputs) / sizeof(outputs[0])));
}

/* Is name the directory of a branch under --defects? */
static int branch_dir(const char *name)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", defects_dir, name);
	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Kinds, series and defects of the variants. */
static void setup_kinds(void)
{
	char path[4096];
	int v;

	for (v = 0; v < D.nv; v++) {
		const char *plus = strchr(V(v), '+');

		snprintf(vbase[v], NAMELEN, "%.*s",
			 plus ? (int)(plus - V(v)) : NAMELEN - 1, V(v));
		vseries[v] = plus != NULL;
		if (defects_dir)
			vkind[v] = branch_dir(vbase[v]) ? VK_BRANCH : VK_ANCHOR;
		else
			vkind[v] = !strncmp(vbase[v], "misc", 4) ||
				   !strncmp(vbase[v], "encryption_ids", 14) ?
				   VK_BRANCH : VK_ANCHOR;
		vndef[v] = -1;
		if (!defects_dir || vkind[v] != VK_BRANCH)
			continue;
		snprintf(path, sizeof(path), "%s/%s/known-defects", defects_dir,
			 vbase[v]);
		vndef[v] = defects_read(path, vdef[v], MAXF);
	}
}

/* The ratio pairs of the TCG tables. */
static void setup_pairs(void)
{
	int v, i;

	npairs = 0;
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

/* The points of both native runs and the thread counts of this one. */
static int setup_points(void)
{
	int i;

	if (points_build(&NP, D.nat, D.nnat) || points_build(&PP, D.prev, D.nprev))
		return -1;
	nnth = points_threads(&NP, NULL, NULL, nth);
	nmax_threads = nnth ? nth[0] : 0;
	for (i = 0; i < NP.n; i++)
		if (!NP.p[i].oversub && NP.p[i].threads > nmax_threads)
			nmax_threads = NP.p[i].threads;
	return 0;
}

int report_begin(const struct report_opts *o)
{
	in_dir = o->in_dir;
	out_dir = o->out_dir;
	defects_dir = o->defects_dir;
	plot_failures = 0;
	if (mkdir_p(out_dir)) {
		fprintf(stderr, "benchreport: %s: %s\n", out_dir, strerror(errno));
		return 1;
	}
	clean_outputs();
	memset(&D, 0, sizeof(D));
	if (data_load(&D, in_dir) || setup_points()) {
		fprintf(stderr, "benchreport: out of memory\n");
		return 1;
	}
	ref_variant = -1;
	if (o->ref_name) {
		ref_variant = data_variant(&D, o->ref_name);
		if (ref_variant < 0)
			fprintf(stderr, "benchreport: --ref %s: no such variant in the "
				"data, using sorted pairs\n", o->ref_name);
	}
	nfindings = -1;
	if (o->findings_path) {
		nfindings = findings_read(o->findings_path, findings, MAXF);
		if (nfindings < 0)
			fprintf(stderr, "benchreport: --findings %s: cannot read it\n",
				o->findings_path);
	}
	setup_kinds();
	setup_pairs();
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
	points_free(&NP);
	points_free(&PP);
	printf("benchreport: wrote %s\n", path);
	if (plot_failures) {
		fprintf(stderr, "benchreport: %d %s not produced (see %s/gnuplot.log)\n",
			plot_failures, plural(plot_failures, "plot", "plots"), out_dir);
		return 3;
	}
	return 0;
}
