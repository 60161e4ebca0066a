// SPDX-License-Identifier: GPL-2.0
/*
 * benchreport: REPORT.md, native-summary.csv, gnuplot data/scripts and
 * PNGs from the benchmark CSVs of the SEV ASID cgroup controller designs.
 *
 *   benchreport --in DIR --out DIR [--ref VARIANT]
 *               [--defects VARIANTS_DIR] [--findings FINDINGS_MD]
 *
 * Everything in the report is computed from the files in --in (and the
 * known-defects files and findings.md for the defect table); a missing or
 * empty file makes its section say "not measured in this run".  This file
 * is the command line only: the sections are the sec_*.c files
 * (sections.h), the state they share is report.h.
 */
#include <stdio.h>
#include <string.h>

#include "report.h"
#include "sections.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: benchreport --in DIR --out DIR [--ref VARIANT]\n"
		"                   [--defects VARIANTS_DIR] [--findings FINDINGS_MD]\n"
		"  --in        directory with native.csv, native-prev.csv,\n"
		"              native-costs.csv, native-ops.csv, native-meta.txt,\n"
		"              native-prev-meta.txt and, as TCG context, inkernel.csv,\n"
		"              icount.csv, calib.csv, e2e.csv, meta.txt,\n"
		"              perf-<variant>.txt (any may be missing)\n"
		"  --out       results directory: REPORT.md, native-summary.csv,\n"
		"              *.png, *.gp, data/*.dat\n"
		"  --ref       TCG ratios are VARIANT_X/VARIANT for every other variant\n"
		"              (default: A/B for every pair A < B in sorted order)\n"
		"  --defects   the variants directory: VARIANTS_DIR/<branch>/known-defects\n"
		"              says which findings a branch has; a variant without a\n"
		"              directory there is an anchor\n"
		"  --findings  results/findings.md: the findings' titles (\"## F1: ...\")\n"
		"exit status: 0, 1 on an I/O error, 2 on bad usage, 3 when REPORT.md\n"
		"was written but a plot could not be produced\n");
}

/* Returns -1 to go on, else the exit status (--help, bad usage). */
static int parse_args(struct report_opts *o, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (i + 1 == argc) {
			usage(stderr);
			return 2;
		}
		if (!strcmp(a, "--in"))
			o->in_dir = argv[++i];
		else if (!strcmp(a, "--out"))
			o->out_dir = argv[++i];
		else if (!strcmp(a, "--ref"))
			o->ref_name = argv[++i];
		else if (!strcmp(a, "--defects"))
			o->defects_dir = argv[++i];
		else if (!strcmp(a, "--findings"))
			o->findings_path = argv[++i];
		else {
			usage(stderr);
			return 2;
		}
	}
	if (!o->in_dir || !o->out_dir) {
		usage(stderr);
		return 2;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct report_opts o = { 0 };
	int ret;

	ret = parse_args(&o, argc, argv);
	if (ret >= 0)
		return ret;
	if (report_begin(&o))
		return 1;
	write_sections();
	ret = write_native_summary();
	return report_end() == 1 || ret ? 1 : plot_failures ? 3 : 0;
}
