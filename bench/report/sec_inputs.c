// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Inputs": whether inkernel.csv, icount.csv, calib.csv, e2e.csv
 * and native.csv were found and usable, and how many malformed rows each had
 * (from the struct input that data_load() filled in).  The malformed
 * counts also go to stderr, so that a run that skipped rows is noticed.
 */
#include <stdio.h>

#include "report.h"
#include "sections.h"

static void input_line(const struct input *in)
{
	P("| %s | ", in->file);
	if (!in->exists)
		P("missing |\n");
	else if (in->unusable[0])
		P("unusable: %s |\n", in->unusable);
	else if (!in->rows)
		P("empty (no data rows)%s |\n", in->bad ? ", all rows malformed" : "");
	else
		P("%d rows%s |\n", in->rows, in->bad ? ", some malformed rows skipped" : "");
	if (in->bad)
		fprintf(stderr, "benchreport: %s: %d malformed rows skipped\n",
			in->file, in->bad);
}

void section_inputs(void)
{
	P("## Inputs\n\n| file | status |\n|---|---|\n");
	input_line(&D.in_ik);
	input_line(&D.in_ic);
	input_line(&D.in_cal);
	input_line(&D.in_e2e);
	input_line(&D.in_nat);
	P("\nMalformed rows (wrong field count, non-numeric or out-of-range values): "
	  "%d in inkernel.csv, %d in icount.csv, %d in calib.csv, %d in e2e.csv, "
	  "%d in native.csv.\n\n", D.in_ik.bad, D.in_ic.bad, D.in_cal.bad,
	  D.in_e2e.bad, D.in_nat.bad);
	if (!input_ok(&D.in_nat))
		P("native.csv (bench/native: each branch's controller compiled for the "
		  "host) is " NOT_MEASURED ": the native comparison says so, and the "
		  "frontier and the MODEL fall back to the TCG figures, labelled.\n\n");
}
