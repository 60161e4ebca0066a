// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Calibration: atomics vs spinlock, host and guest", from
 * calib.csv: ns per xadd pair and per spinlock pair on the host and in
 * the TCG guest.  Also builds caveat[], the distortion note that follows
 * every guest ratio in the other sections: TCG does not keep the relative
 * cost of atomics and locks, so a guest ratio alone would mislead.
 */
#include <math.h>
#include <stdio.h>

#include "report.h"
#include "sections.h"
#include "table.h"

static int cal_threads(int *out)
{
	int i, n = 0;

	for (i = 0; i < D.ncal; i++)
		n = add_distinct(out, n, D.cal[i].threads);
	return n;
}

static double cal_ratio(const char *where, int threads)
{
	return stats_ratio(cal_summary(&D, where, "spinlock_pair", threads).med,
			   cal_summary(&D, where, "xadd_pair", threads).med);
}

/*
 * Append to caveat[] (o chars so far) one thread count's host and guest
 * spinlock/xadd ratio and the distortion factor between them.  Returns
 * the new o, which is >= sizeof(caveat) once the text is cut off.
 */
static size_t caveat_point(size_t o, int threads, int first)
{
	double h = cal_ratio("host", threads), g = cal_ratio("guest", threads);
	double dist = stats_ratio(h, g);
	const char *ctx = threads == 1 ? "without contention" : "under contention";
	char b1[32], b2[32], b3[32];

	o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
		"%sHost %d-thread spinlock/xadd = %sx, guest = %sx",
		first ? "" : " ", threads, fmt_ratio(b1, sizeof(b1), h),
		fmt_ratio(b2, sizeof(b2), g));
	if (o >= sizeof(caveat))
		return o;
	if (isnan(dist))
		o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			": distortion not computable (a primitive is "
			NOT_MEASURED ").");
	else if (dist > 1.05)
		o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			": guest ratios understate the atomic design's "
			"advantage %s by about %sx.", ctx,
			fmt_ratio(b3, sizeof(b3), dist));
	else if (dist < 1 / 1.05)
		o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			": guest ratios overstate the atomic design's "
			"advantage %s by about %sx.", ctx,
			fmt_ratio(b3, sizeof(b3), 1 / dist));
	else
		o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			": TCG keeps this ratio within 5%% %s (factor %s).",
			ctx, fmt_ratio(b3, sizeof(b3), dist));
	return o;
}

void build_caveat(void)
{
	int th[MAXK], n, i;
	size_t o = 0;

	if (!input_ok(&D.in_cal)) {
		snprintf(caveat, sizeof(caveat),
			 "calib.csv " NOT_MEASURED ", so how much TCG distorts the "
			 "relative cost of atomics vs locks is unknown; guest ratios "
			 "cannot be related to the host.");
		return;
	}
	n = cal_threads(th);
	o += (size_t)snprintf(caveat + o, sizeof(caveat) - o,
			      "TCG changes the relative cost of atomics vs locks "
			      "(calib.csv, medians). ");
	for (i = 0; i < n && o < sizeof(caveat); i++)
		o = caveat_point(o, th[i], i == 0);
}

void section_calibration(void)
{
	int th[MAXK], n, i;
	char b[160];
	static const char *const where[] = { "host", "guest" };

	P("## TCG context: calibration, atomics vs spinlock, host and guest\n\n");
	if (!need_input(&D.in_cal))
		return;
	P("ns per pair of each primitive (median [min, max], n = repetitions); "
	  "the ratio is spinlock_pair / xadd_pair of the medians.\n\n");
	P("| where | threads | xadd_pair ns | spinlock_pair ns | spinlock/xadd |\n");
	P("|---|---|---|---|---|\n");
	n = cal_threads(th);
	for (i = 0; i < n; i++) {
		unsigned int w;

		for (w = 0; w < 2; w++) {
			char x[160], s[160];

			P("| %s | %d | %s | %s | %s |\n", where[w], th[i],
			  cell(x, sizeof(x), c_ns,
			       cal_summary(&D, where[w], "xadd_pair", th[i])),
			  cell(s, sizeof(s), c_ns,
			       cal_summary(&D, where[w], "spinlock_pair", th[i])),
			  fmt_ratio(b, sizeof(b), cal_ratio(where[w], th[i])));
		}
	}
	P("\n**Reading:** %s The distortion factor is host ratio / guest ratio; "
	  "it is printed next to every guest ratio in this report (marked †).\n\n",
	  caveat);
}
