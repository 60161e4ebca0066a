// SPDX-License-Identifier: GPL-2.0
/*
 * benchreport: REPORT.md, gnuplot data/scripts and PNGs from the benchmark
 * CSVs of the two SEV ASID cgroup controller designs.
 *
 *   benchreport --in DIR --out DIR [--ref VARIANT]
 *               [--design VARIANT=atomic|lock|stock]...
 *
 * Everything in the report is computed from the files in --in; a missing
 * or empty file makes its section say "not measured in this run".  This
 * file is the command line only: the sections are the sec_*.c files
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
		"                   [--design VARIANT=atomic|lock|stock]...\n"
		"  --in      directory with inkernel.csv, icount.csv, calib.csv,\n"
		"            e2e.csv, native.csv, meta.txt, perf-<variant>.txt (any may\n"
		"            be missing)\n"
		"  --out     results directory: REPORT.md, *.png, *.gp, data/*.dat\n"
		"  --ref     ratios are VARIANT_X/VARIANT for every other variant\n"
		"            (default: A/B for every pair A < B in sorted order)\n"
		"  --design  which MODEL a variant gets (default: a name starting\n"
		"            with \"misc-batched\" is stock, with \"misc\" atomic, with\n"
		"            \"encryption_ids\" lock)\n"
		"exit status: 0, 1 on an I/O error, 2 on bad usage, 3 when REPORT.md\n"
		"was written but a plot could not be produced\n");
}

/* "VARIANT=atomic|lock|stock"; returns 0, or -1 if arg is not that. */
static int parse_design(struct report_opts *o, char *arg)
{
	static const struct { const char *name; enum design d; } designs[] = {
		{ "atomic", DESIGN_ATOMIC }, { "lock", DESIGN_LOCK },
		{ "stock", DESIGN_STOCK },
	};
	char *eq = strchr(arg, '=');
	unsigned int k;

	if (!eq || o->ndesign == MAXV)
		return -1;
	for (k = 0; k < sizeof(designs) / sizeof(designs[0]); k++) {
		if (strcmp(eq + 1, designs[k].name))
			continue;
		*eq = '\0';
		o->design_v[o->ndesign] = arg;
		o->design_d[o->ndesign++] = designs[k].d;
		return 0;
	}
	return -1;
}

/* Returns -1 to go on, else the exit status (--help, bad usage). */
static int parse_args(struct report_opts *o, int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--in") && i + 1 < argc) {
			o->in_dir = argv[++i];
		} else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
			o->out_dir = argv[++i];
		} else if (!strcmp(argv[i], "--ref") && i + 1 < argc) {
			o->ref_name = argv[++i];
		} else if (!strcmp(argv[i], "--design") && i + 1 < argc) {
			if (parse_design(o, argv[++i])) {
				usage(stderr);
				return 2;
			}
		} else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			usage(stdout);
			return 0;
		} else {
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
	build_caveat();

	section_intro();
	section_meta();
	section_inputs();
	section_calibration();
	section_overhead();
	section_throughput();
	section_depth();
	section_icount();
	section_rejections();
	section_native();
	section_e2e();
	section_model();
	section_frontier();
	section_profile();

	return report_end();
}
