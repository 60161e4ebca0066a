// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the whole report, every section as benchreport writes
 * them, on three inputs:
 *
 *   tests/data-ci      synthetic, round numbers worked out by hand (see the
 *                      comments at the top of its CSVs): anchors, the tas
 *                      series, a row left out for a low overlap, unstable
 *                      points, a previous run with one flipped ranking,
 *                      costs and operation counts, known defects;
 *   tests/data-native  a native.csv of the old schema (2 repetitions, no
 *                      overlap column) next to TCG rows;
 *   tests/data         no native run at all.
 *
 * Prints KTAP and "N passed, N failed"; exits non-zero if anything failed.
 *
 *   test_report OUTDIR      (run from bench/report)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "sections.h"
#include "unit_test.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *b;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	if (b)
		b[n] = '\0';
	fclose(f);
	return b;
}

/* outdir/name/file, read; "" if it is not there. */
static char *output(const char *outdir, const char *name, const char *file)
{
	char path[4200], *t;

	snprintf(path, sizeof(path), "%s/%s/%s", outdir, name, file);
	t = slurp(path);
	return t ? t : strdup("");
}

/*
 * Write the report of in/ into outdir/name as benchreport does and return
 * REPORT.md's text.  benchreport's own stdout line would come before the
 * KTAP plan, so stdout goes to /dev/null meanwhile.
 */
static char *run(const char *in, const char *outdir, const char *name,
		 const char *defects, const char *findings)
{
	struct report_opts o;
	char dir[4096];
	int saved, null;

	memset(&o, 0, sizeof(o));
	snprintf(dir, sizeof(dir), "%s/%s", outdir, name);
	o.in_dir = in;
	o.out_dir = dir;
	o.defects_dir = defects;
	o.findings_path = findings;
	fflush(stdout);
	saved = dup(1);
	null = open("/dev/null", O_WRONLY);
	if (saved < 0 || null < 0 || dup2(null, 1) < 0)
		return NULL;
	close(null);
	if (!report_begin(&o)) {
		write_sections();
		write_native_summary();
		report_end();
	}
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	return output(outdir, name, "REPORT.md");
}

/* The text of the section headed exactly hdr, up to the next "## "; "" if none. */
static char *section(const char *md, const char *hdr)
{
	const char *s = md ? strstr(md, hdr) : NULL, *e;
	char *x;

	if (!s)
		return strdup("");
	e = strstr(s + strlen(hdr), "\n## ");
	if (!e)
		e = s + strlen(s);
	x = malloc((size_t)(e - s) + 1);
	if (!x)
		return strdup("");
	memcpy(x, s, (size_t)(e - s));
	x[e - s] = '\0';
	return x;
}

static void has(const char *text, const char *want, const char *name)
{
	int ok = strstr(text, want) != NULL;

	if (!ok)
		emit("# %s: \"%s\" not found\n", name, want);
	result(ok, name);
}

static void lacks(const char *text, const char *bad, const char *name)
{
	int ok = strstr(text, bad) == NULL;

	if (!ok)
		emit("# %s: \"%s\" found\n", name, bad);
	result(ok, name);
}

/* Is a before b in text (both present)? */
static void before(const char *text, const char *a, const char *b,
		   const char *name)
{
	const char *x = strstr(text, a), *y = strstr(text, b);

	result(x && y && x < y, name);
}

static void ci_summary(const char *md)
{
	char *s = section(md, "## Summary");

	has(s, "The native timings are of the vCPUs of a 2-vCPU virtual machine "
	    "(native-meta.txt: AMD EPYC, hypervisor KVM): the host is itself a "
	    "VM, so there is no hardware PMU and no bare-metal topology",
	    "summary: the machine is a VM's vCPUs");
	has(s, "| `misc` | 100M [98M, 102M] n=15 | 6.67M [6.54M, 6.8M] n=15 | "
	    "x20.00 | x2.00 |", "summary: headline with intervals, TCG factor");
	has(s, "| `page_counter-6.1` (anchor) | 125M [123M, 128M] n=15 |",
	    "summary: an anchor is a headline row");
	has(s, "at 1 thread 66 of 66 points (100.0%) are stable (target 95%: "
	    "**met**); at 2 threads 64 of 66 points (97.0%) are stable (target "
	    "80%: **met**)", "summary: stability shares per thread count");
	has(s, "every row records its workers' overlap; the smallest that "
	    "entered a statistic is 0.9600. 23 runs were redone",
	    "summary: overlap recorded, runs redone");
	has(s, "1 of 1971 rows stayed below and are left out",
	    "summary: the low-overlap row left out");
	has(s, "99.2% (130 of 131) fall inside the previous run's intervals "
	    "(1 thread 100.0% (66 of 66), 2 threads 98.5% (64 of 65); target "
	    "80%: **met**); 1 of the previous run's 274 rankings",
	    "summary: reproducibility shares");
	has(s, "flips (target 0: **not met**)", "summary: the flip fails its target");
	has(s, "leaf: validated (within 25% at every measured N > 1) for "
	    "`encryption_ids`, `misc`, `misc-batched`, `page_counter-6.1`; left "
	    "out, the error too large: `encryption_ids+tas` +68% at N=2; left out "
	    "for want of an input, no operation counts (native-ops.csv): "
	    "`percpu_counter-6.1`; siblings",
	    "summary: the model's verdicts");
	has(s, "| ASIDs: a few charges per minute |", "summary: ASIDs pick row");
	has(s, "**tie** (intervals overlap): `encryption_ids` 0% [0%, 0%], "
	    "`misc-batched` 0% [0%, 0%]; decided instead by the known defects "
	    "(known-defects files): `encryption_ids` 3, `misc-batched` 0.",
	    "summary: ASIDs tie, decided by the defects");
	has(s, "Out for overshooting: `misc` 1", "summary: overshoot rules misc out");
	has(s, "| `misc-batched` | Most pairs/s: `misc-batched`; its ns per pair "
	    "over each other candidate's, paired by repetition: "
	    "`encryption_ids` 0.025 [0.025, 0.025], `misc` 0.017 [0.017, 0.017]: "
	    "apart from every other.",
	    "summary: high-rate pick rests on paired ratios apart");
	lacks(s, "misc-6.12", "summary: a TCG-only branch is no candidate");
	free(s);
}

static void ci_native(const char *md)
{
	char *s;

	s = section(md, "## Inputs");
	has(s, "| native-ops.csv | native: the model's operation counts | 9 rows, "
	    "1 malformed row skipped |", "inputs: native-ops.csv");
	has(s, "| native-prev.csv | native: the previous run | 1965 rows",
	    "inputs: native-prev.csv");
	free(s);
	s = section(md, "## Native: throughput vs threads");
	has(s, "- 2 threads: `misc-batched` > `percpu_counter-6.1` (anchor) > "
	    "`encryption_ids` > `misc` ≈ `page_counter-6.1` (anchor) > "
	    "`encryption_ids+tas`.", "throughput: ranking, ties by interval");
	has(s, "| `misc-batched` | 200M [196M, 204M] n=15 | 400M [370M, 435M] "
	    "n=15 ⚠ ±8.0% | 2.00 |", "throughput: an unstable point marked");
	has(s, "not ranked (unstable): `misc-batched`",
	    "throughput: an unstable point is not ranked");
	has(s, "](native_throughput_leaf.png)", "throughput: leaf figure");
	free(s);
	s = section(md, "## Native: ns per pair vs depth");
	has(s, "| 19.5 [19.3, 19.7] n=5 ⚠ n<6 | 1.9 |",
	    "depth: n = 5 has no 95% interval");
	has(s, "| `misc` | 10.0 [9.8, 10.2] n=15 | 20.0 [19.6, 20.4] n=15 | 40.0 "
	    "[39.2, 40.8] n=15 | 80.0 [78.4, 81.6] n=15 | 10.0 |",
	    "depth: misc's row and per-level cost");
	free(s);
	s = section(md, "## Native: the kernel's own counters (anchors)");
	has(s, "| `misc` | 0.80 apart | 1.00 tie | 0.40 apart | 0.02 apart |",
	    "anchors: controller against anchor, apart or tie");
	has(s, "At 2 threads, faster than every anchor (intervals apart): "
	    "`misc-batched`", "anchors: reading");
	free(s);
	s = section(md, "## Native: exactness at the tight and batch limits");
	has(s, "| `misc-batched` | leaf | 2 | 25% [24.5%, 25.5%] n=15 | 20% [20%, "
	    "20%] n=15 | - | 5% [4.9%, 5.1%] n=15 | 0 | 62 |",
	    "exactness: refusals, spurious, overshoot, stocked at batch");
	has(s, "| `misc` | leaf | 2 | 60% [58.8%, 61.2%] n=15 | 16.7% [16.7%, "
	    "16.7%] n=15 | - | 10% [9.8%, 10.2%] n=15 | 1 | 0 |",
	    "exactness: misc at tight");
	has(s, "Stocked units (any point): `misc-batched` 62.",
	    "exactness: stocked units read");
	free(s);
	s = section(md, "## Native: stability and discards");
	has(s, "| `misc` | 331 | 1 | 23 | 0.9600 |",
	    "stability: rows, left out, redone, smallest overlap");
	has(s, "- `misc-batched`: limit none: siblings 2t ±8.0%",
	    "stability: unstable point listed");
	has(s, "- `percpu_counter-6.1` (anchor): limit none: chain8 2t n=5",
	    "stability: n < 6 listed");
	free(s);
	s = section(md, "## Native: reproducibility");
	has(s, "| leaf d1, 2 threads, none | `misc` vs `encryption_ids` | 100.0 "
	    "[98.0, 102.0] vs 200.0 [196.0, 204.0] | 300.0 [294.0, 306.0] vs "
	    "200.0 [196.0, 204.0] | apart: a firm flip |",
	    "repro: the flipped ranking");
	has(s, "| `misc` | 2 | 20M [19.6M, 20.4M] n=15 | 6.67M [6.54M, 6.8M] n=15 "
	    "| **no** |", "repro: side by side, not inside");
	has(s, "native-prev.csv, of 2026-12-06 10:00:00 UTC",
	    "repro: the previous run's date");
	free(s);
}

static void ci_model(const char *md)
{
	char *s = section(md, "## Native: model");

	has(s, "| c | pingpong: one-way cache-line transfer between two CPUs | "
	    "50.0 [49.0, 51.0] n=15 |", "model: c measured");
	has(s, "c + a, is 55.0 ns", "model: cross-check against xadd_shared");
	has(s, "| `encryption_ids+tas` | leaf | 2 | 2 | 0 | 2 | 2 | 2 |",
	    "model: a series reads its branch's counts");
	has(s, "| `encryption_ids` | leaf | 2 | 10M [9.8M, 10.2M] n=15 | 8.4M | "
	    "-16% | lock |", "model: lock-bound prediction and error");
	has(s, "| `misc` | leaf | 2 | 6.67M [6.54M, 6.8M] n=15 | 6.45M | -3% | "
	    "CPU |", "model: atomic prediction and error");
	has(s, "`encryption_ids+tas`, leaf: **left out** of the projection: error "
	    "+68% at N=2; the c that would fit: 190.0 ns (measured 50.0)",
	    "model: left out, with the c that would fit");
	has(s, "`misc-batched`, siblings: **left out** of the projection: N=2 "
	    "measured unstable ⚠ ±8.0%", "model: an unstable point validates nothing");
	has(s, "(anchor), leaf: **left out** of the projection: no operation counts",
	    "model: no counts, no model");
	has(s, "| `misc` | line | 100M | 6.45M | 10M | 10M |",
	    "model: projection capped by the line");
	has(s, "| `misc-batched` | CPU | 200M | 400M | 800M | 1.6G | - |",
	    "model: the stock design scales, up to capacity / batch CPUs");
	has(s, "at most capacity / batch = 12 CPUs at this sev capacity",
	    "model: the stock design's reach is said");
	has(s, "](model_leaf.png)", "model: projection figure");
	free(s);
}

static void ci_frontier(const char *md, const char *outdir)
{
	char *s = section(md, "## Native: the frontier"), *gp, *dat;

	has(s, "| `misc-batched` | 400M [392M, 408M] n=15 | 0% [0%, 0%] n=15 | 5% "
	    "[4.9%, 5.1%] n=15 | 0 | none |", "frontier: misc-batched's row");
	has(s, "| `percpu_counter-6.1` (anchor) | 333M [327M, 340M] n=15 | 1% "
	    "[0.98%, 1.02%] n=15 | 1% [0.98%, 1.02%] n=15 | 0 | not a controller |",
	    "frontier: an anchor's row");
	has(s, "| variant | F1 | F2 | F4 | F5 | F6 | O1 |",
	    "defects: the findings of findings.md");
	has(s, "| `encryption_ids` | **yes** |  | **yes** | **yes** |  |  |",
	    "defects: a branch's findings");
	has(s, "| `encryption_ids+tas` | **yes** |  | **yes** | **yes** |",
	    "defects: a series has its branch's");
	has(s, "| `page_counter-6.1` (anchor) | not a controller |",
	    "defects: an anchor is not a controller");
	has(s, "- **F5**: `enc_id_cg_set_capacity()` WARNs on its documented "
	    "error path", "defects: titles from findings.md");
	has(s, "](frontier_spurious.png)", "frontier: spurious figure");
	has(s, "](frontier_overshoot.png)", "frontier: overshoot figure");
	free(s);
	gp = output(outdir, "ci", "frontier_spurious.gp");
	has(gp, "set label \"page_counter-6.1 (anchor)\" at graph 1.04",
	    "frontier plot: names in the label column");
	has(gp, "set arrow from first 10, first 6.66667e+06 to graph 1.035",
	    "frontier plot: a leader line from the point");
	free(gp);
	dat = output(outdir, "ci", "data/frontier_spurious_misc.dat");
	has(dat, "10 6.66667e+06 9.8 10.2 6.53595e+06 6.80272e+06",
	    "frontier plot: misc with intervals on both axes");
	free(dat);
	dat = output(outdir, "ci", "data/native_throughput_siblings_s1u.dat");
	has(dat, "# misc-batched", "dot plot: unstable dot in its own series");
	free(dat);
}

static void ci_tcg(const char *md, const char *outdir)
{
	char *s = section(md, "## TCG context: native and TCG side by side"), *csv;

	has(s, "| none | leaf d1, 1 thread | misc | 10.0 [9.8, 10.2] n=15 | 200.0 "
	    "[198.0, 202.0] n=3 | x20.00 |", "side by side: TCG distortion per design");
	has(s, "| encryption_ids/misc | 2.00 / 1.50 (x0.75)",
	    "side by side: distortion factor of a ratio");
	free(s);
	s = section(md, "## TCG context: end to end");
	has(s, "| misc-6.12 | 6.12.118 | sev |", "e2e: the guest kernel column");
	has(s, "misc-6.12 runs a 6.12 guest kernel (6.12.118)",
	    "e2e: says misc-6.12 runs a 6.12 guest");
	free(s);
	before(md, "## Native: the frontier", "## TCG context: machine and command",
	       "order: native sections before the TCG context");
	has(md, "## TCG context: rejections at the limit", "TCG sections relabelled");
	csv = output(outdir, "ci", "native-summary.csv");
	has(csv, "variant,shape,depth,threads,limit,type,n,excluded_low_overlap,"
	    "discards,min_overlap,median_ns_per_pair,ci_lo,ci_hi,ci_coverage_pct,"
	    "halfwidth_pct,unstable,median_pairs_per_s,pairs_per_s_ci_lo,"
	    "pairs_per_s_ci_hi,refused_pct,spurious_pct,spurious_of_refused_pct,"
	    "max_overshoot,stocked_max\n", "native-summary.csv: header");
	has(csv, "\nmisc,leaf,1,2,none,sev,15,1,23,0.9600,300,294,306,96.5,2.00,0,"
	    "6.66667e+06,6.53595e+06,6.80272e+06,0,0,,0,0\n",
	    "native-summary.csv: a point left a row out");
	has(csv, "\nmisc-batched,siblings,1,2,none,sev,15,0,0,0.9600,5,4.6,5.4,96.5,"
	    "8.00,1,", "native-summary.csv: an unstable point");
	has(csv, "\nmisc-batched,leaf,1,2,batch,sev,15,0,0,0.9600,10,9.8,10.2,96.5,"
	    "2.00,0,2e+08,1.96078e+08,2.04082e+08,25,5,20,0,62\n",
	    "native-summary.csv: exactness figures");
	free(csv);
}

static void test_ci_data(const char *outdir)
{
	char *md = run("tests/data-ci", outdir, "ci", "tests/data-ci/variants",
		       "tests/data-ci/findings.md");

	result(md[0] != '\0', "data-ci: REPORT.md written");
	ci_summary(md);
	ci_native(md);
	ci_model(md);
	ci_frontier(md, outdir);
	ci_tcg(md, outdir);
	free(md);
}

/* An old-schema native.csv: every point has n = 2, no overlap recorded. */
static void test_old_native(const char *outdir)
{
	char *md = run("tests/data-native", outdir, "native", NULL, NULL), *s;

	has(md, "native.csv lacks the columns attempts, spurious, stocked, "
	    "overlap, discards, lock and cpus", "old schema: said so");
	has(md, "| `misc` | ⚠ unstable (n=2, no 95% interval): no headline",
	    "old schema: n = 2 is no headline");
	has(md, "the model is withdrawn: native-costs.csv not measured in this run",
	    "old schema: no costs, the model is withdrawn");
	has(md, "native-prev.csv: not measured in this run (a first run)",
	    "old schema: no previous run");
	has(md, "_No plot (`frontier_spurious.png`): nothing measured to draw._",
	    "old schema: no spurious refusals to plot");
	has(md, "n=2 ⚠ n<6 | - | - | 1 | - |",
	    "old schema: no spurious column, no --defects: no defect ids");
	has(md, "Known defects: not given", "old schema: defect table not given");
	s = section(md, "## TCG context: native and TCG side by side");
	has(s, "| encryption_ids/misc |", "old schema: side by side still compares");
	free(s);
	free(md);
}

static void test_no_native(const char *outdir)
{
	char *md = run("tests/data", outdir, "no-native", NULL, NULL), *s;

	s = section(md, "## Summary");
	has(s, "native.csv: not measured in this run: this report has no figures "
	    "of its own", "no native: the summary says so");
	free(s);
	has(md, "| native.csv | native: the figures | missing |",
	    "no native: inputs say missing");
	s = section(md, "## Native: model");
	has(s, "native.csv: not measured in this run.", "no native: no model");
	free(s);
	s = section(md, "## TCG context: throughput vs threads");
	has(s, "](tcg_throughput_vs_threads_leaf.png)",
	    "no native: TCG context still plotted");
	free(s);
	free(md);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_report OUTDIR (run from bench/report)\n");
		return 2;
	}
	test_ci_data(argv[1]);
	test_old_native(argv[1]);
	test_no_native(argv[1]);
	return unit_test_done("benchreport host tests: the whole report on "
			      "tests/data-ci, tests/data-native, tests/data");
}
