// SPDX-License-Identifier: GPL-2.0
/*
 * Tallies, summary lines and KTAP points; see report.h.
 */
#include <stdarg.h>
#include <stdio.h>

#include "gen.h"
#include "ktap.h"
#include "report.h"

void tally_note(struct tally *t, const char *fmt, ...)
{
	va_list ap;

	if (t->nmsg >= TALLY_MSGS)
		return;
	va_start(ap, fmt);
	vsnprintf(t->msg[t->nmsg++], TALLY_MSG_LEN, fmt, ap);
	va_end(ap);
}

void report_summary(const struct report *rp)
{
	unsigned long acc = 0, rej = 0;

	for (int i = 0; i < FC_NR; i++) {
		acc += rp->cls[i].accepted;
		rej += rp->cls[i].rejected;
	}
	printf("# fuzz-summary hier=%s seed=%llu writes=%lu accepted=%lu rejected=%lu files=%d cgroups=%d\n",
	       rp->hier, rp->seed, rp->writes, acc, rej, rp->files,
	       rp->cgroups);
	for (int i = 0; i < FC_NR; i++) {
		const struct tally *t = &rp->cls[i];

		printf("# fuzz-class hier=%s class=%s tried=%lu accepted=%lu rejected=%lu failed=%lu\n",
		       rp->hier, gen_class_name(i), t->tried, t->accepted,
		       t->rejected, t->failed);
	}
	fflush(stdout);
}

static void point(const char *name, const struct tally *t,
		  const char *observed, bool skip)
{
	for (int i = 0; i < t->nmsg; i++)
		ktap_diag("%s: FAIL: %s", name, t->msg[i]);
	if (t->failed > (unsigned long)t->nmsg)
		ktap_diag("%s: %lu more failures not shown", name,
			  t->failed - t->nmsg);
	ktap_observed(name, observed);
	if (t->failed)
		ktap_fail(name);
	else if (skip)
		ktap_skip(name, "no write of this class");
	else
		ktap_pass(name);
}

int report_planned(void)
{
	return FC_NR + 1;
}

int report_points(const struct report *rp)
{
	char name[96], obs[160];

	for (int i = 0; i < FC_NR; i++) {
		const struct tally *t = &rp->cls[i];

		snprintf(name, sizeof(name), "fuzz_%s_%s", rp->hier,
			 gen_class_name(i));
		snprintf(obs, sizeof(obs),
			 "%lu writes, %lu accepted, %lu rejected, %lu failed",
			 t->tried, t->accepted, t->rejected, t->failed);
		point(name, t, obs, !t->tried);
	}
	snprintf(name, sizeof(name), "fuzz_%s_restored_no_splat", rp->hier);
	point(name, &rp->final, rp->final.failed ?
	      "values not restored, cleanup failed or kernel splat" :
	      "values restored, cgroups removed, no kernel splat", false);
	return ktap_failures();
}
