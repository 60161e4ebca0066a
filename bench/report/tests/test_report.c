// SPDX-License-Identifier: GPL-2.0
/*
 * Host tests of the report sections that read native.csv: Inputs, "Native
 * and TCG side by side", the MODEL and "The frontier", run on the small
 * synthetic input in tests/data-native (its numbers are round so that the
 * expected text can be worked out by hand) and on tests/data, which has
 * no native.csv.  Prints KTAP and "N passed, N failed"; exits non-zero if
 * anything failed.
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

static int passed, failed, number;

/* Results are kept until the end so that the plan can come first. */
static char out[64 * 1024];
static size_t out_len;

#define emit(...) \
	(out_len += (size_t)snprintf(out + out_len, sizeof(out) - out_len, \
				     __VA_ARGS__))

static void result(int ok, const char *name)
{
	emit("%sok %d %s\n", ok ? "" : "not ", ++number, name);
	if (ok)
		passed++;
	else
		failed++;
}

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

/*
 * Run the sections under test on in/, writing to outdir/name; returns
 * REPORT.md's text.  benchreport's own stdout line would come before the
 * KTAP plan, so stdout goes to /dev/null meanwhile.
 */
static char *run(const char *in, const char *outdir, const char *name)
{
	struct report_opts o;
	char dir[4096], path[4200];
	int saved, null;

	memset(&o, 0, sizeof(o));
	snprintf(dir, sizeof(dir), "%s/%s", outdir, name);
	o.in_dir = in;
	o.out_dir = dir;
	fflush(stdout);
	saved = dup(1);
	null = open("/dev/null", O_WRONLY);
	if (saved < 0 || null < 0 || dup2(null, 1) < 0)
		return NULL;
	close(null);
	if (!report_begin(&o)) {
		build_caveat();
		section_inputs();
		section_native();
		section_model();
		section_frontier();
		report_end();
	}
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	snprintf(path, sizeof(path), "%s/REPORT.md", dir);
	return slurp(path);
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

/* tests/data-native: the new figures, as worked out from its round numbers. */
static void test_with_native(const char *outdir)
{
	char *md = run("tests/data-native", outdir, "native");
	char *in = section(md, "## Inputs"), *nat, *mod, *fr, *dat;
	char path[4200];

	result(md != NULL, "native: REPORT.md written");
	has(in, "| native.csv | 60 rows, some malformed rows skipped |",
	    "inputs: native.csv row count and malformed rows");
	has(in, "1 in native.csv.", "inputs: native.csv malformed count");

	nat = section(md, "## Native and TCG side by side");
	has(nat, "| none | leaf d1, 1 thread | misc | 80.0 [80.0, 80.0] n=2 | "
	    "200.0 [200.0, 200.0] n=2 | 2.50 |",
	    "native section: native and TCG ns/pair side by side");
	has(nat, "| encryption_ids/misc | 0.50 / 1.50 ‡ | 1.33 / 2.25 ≠ |",
	    "native section: opposite sides of 1 and >25% marked");
	has(nat, "0.94 / 1.40 ‡", "native section: tight ratios compared");
	has(nat, "Measured natively only: misc-batched, misc-exact.",
	    "native section: variants of one run only are named");
	has(nat, "the native figure is the one the frontier",
	    "native section: says native is quoted");
	has(nat, "Left out here", "native section: says what is left out");

	mod = section(md, "## Beyond this machine (MODEL)");
	has(mod, "| misc | per-level atomics | native | 80.0 | 10.00 (2 depths) "
	    "| 1.0 | 150.0 |", "model: misc's inputs from native.csv");
	has(mod, "= 32.5 ns per shared-line RMW",
	    "model: contended cost from the 2-thread leaf");
	has(mod, "misc-batched = per-CPU stock", "model: the stock design");
	has(mod, "stock:  X(N,d) = N / u(d)", "model: stock formula shown");

	fr = section(md, "## The frontier");
	has(fr, "| misc | 12.5M [12.5M, 12.5M] n=2 (native) | 13.3M [13.3M, "
	    "13.3M] n=2 (native) | 1 | 1 | 30.000% [30.000%, 30.000%] n=2 "
	    "(native) | 10.0 (native) | 197.0 [197.0, 197.0] n=2 |",
	    "frontier: misc's row");
	has(fr, "exactness decides: the least overshoot, then the fewest "
	    "refusals at tight, leaf, 2 threads | misc-exact |",
	    "frontier: ASIDs pick the exact design with the fewest refusals");
	has(fr, "a bounded inexactness is accepted | misc-batched | 100M",
	    "frontier: high rate picks the fastest at 2 threads");
	has(fr, "What cannot be had at once", "frontier: impossibility note");
	snprintf(path, sizeof(path), "%s/native/data/frontier_misc-exact_refused.dat",
		 outdir);
	dat = slurp(path);
	has(dat ? dat : "", "5 1.66667e+07 \"misc-exact (native)\"",
	    "frontier: plotted point, refusal % and pairs/s at 2 threads");
	free(dat);
	free(fr);
	free(mod);
	free(nat);
	free(in);
	free(md);
}

static void test_without_native(const char *outdir)
{
	char *md = run("tests/data", outdir, "no-native");
	char *in = section(md, "## Inputs"), *nat, *mod, *fr;

	result(md != NULL, "no native: REPORT.md written");
	has(in, "| native.csv | missing |", "no native: inputs say missing");
	nat = section(md, "## Native and TCG side by side");
	has(nat, "native.csv: not measured in this run.",
	    "no native: native section not measured");
	mod = section(md, "## Beyond this machine (MODEL)");
	has(mod, "| misc | per-level atomics | TCG |",
	    "no native: model falls back to TCG, labelled");
	has(mod, "Contended cost on this host: native.csv not measured",
	    "no native: model derives no host contended cost");
	fr = section(md, "## The frontier");
	has(fr, "every figure below is TCG's", "no native: frontier says TCG");
	has(fr, "(TCG)", "no native: frontier figures labelled TCG");
	lacks(fr, "(native)", "no native: no figure labelled native");
	has(fr, "| encryption_ids | max overshoot 0",
	    "no native: ASIDs pick the variant without overshoot");
	free(fr);
	free(mod);
	free(nat);
	free(in);
	free(md);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: test_report OUTDIR (run from bench/report)\n");
		return 2;
	}
	test_with_native(argv[1]);
	test_without_native(argv[1]);
	printf("KTAP version 1\n");
	printf("# benchreport host tests: inputs, native, model, frontier sections\n");
	printf("1..%d\n", number);
	fputs(out, stdout);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
