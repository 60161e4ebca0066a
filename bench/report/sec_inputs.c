// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Inputs": whether each CSV was found and usable, and how many
 * malformed rows it had (from the struct input that data_load() filled
 * in), native files first.  The malformed counts also go to stderr, so
 * that a run that skipped rows is noticed.
 */
#include <stdio.h>

#include "report.h"
#include "sections.h"

static void input_line(const struct input *in, const char *what)
{
	P("| %s | %s | ", in->file, what);
	if (!in->exists)
		P("missing |\n");
	else if (in->unusable[0])
		P("unusable: %s |\n", in->unusable);
	else if (!in->rows)
		P("empty (no data rows)%s |\n", in->bad ? ", all rows malformed" : "");
	else
		P("%d rows, %d malformed %s skipped |\n", in->rows, in->bad,
		  plural(in->bad, "row", "rows"));
	if (in->bad)
		fprintf(stderr, "benchreport: %s: %d malformed rows skipped\n",
			in->file, in->bad);
}

void section_inputs(void)
{
	P("## Inputs\n\n| file | what | status |\n|---|---|---|\n");
	input_line(&D.in_nat, "native: the figures");
	input_line(&D.in_prev, "native: the previous run");
	input_line(&D.in_cost, "native: the model's parameters");
	input_line(&D.in_ops, "native: the model's operation counts");
	input_line(&D.in_ik, "TCG context: the guests' matrix");
	input_line(&D.in_ic, "TCG context: instructions");
	input_line(&D.in_cal, "TCG context: calibration");
	input_line(&D.in_e2e, "TCG context: end to end");
	P("\nA malformed row has a wrong field count, a non-numeric or "
	  "out-of-range value.");
	if (input_ok(&D.in_nat) && !D.in_nat.has_new)
		P(" native.csv lacks the columns attempts, spurious, stocked, "
		  "overlap, discards, lock and cpus (an older schema): overlap, "
		  "spurious refusals and stocked units are not recorded, and every "
		  "row enters the statistics.");
	P("\n\n");
}
