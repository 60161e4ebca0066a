// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of benchreport's CSV parsing, statistics, ratio math,
 * data selection, intervals, native points, reproducibility, the model,
 * label layout, defects and meta files.  Prints KTAP and a last line
 * "N passed, N failed"; exits non-zero if anything failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci.h"
#include "csv.h"
#include "data.h"
#include "defects.h"
#include "labels.h"
#include "meta.h"
#include "model.h"
#include "paired.h"
#include "points.h"
#include "repro.h"
#include "stats.h"
#include "unit_test.h"

static int near(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b) + 1.0);
}

static void check_num(const char *name, double got, double want)
{
	if (!near(got, want))
		emit("# %s: got %.12g want %.12g\n", name, got, want);
	result(near(got, want), name);
}

static void check_str(const char *name, const char *got, const char *want)
{
	int ok = !strcmp(got, want);

	if (!ok)
		emit("# %s: got \"%s\" want \"%s\"\n", name, got, want);
	result(ok, name);
}

static void test_csv(void)
{
	struct csv c;
	double d;
	int i;

	memset(&c, 0, sizeof(c));
	result(!csv_parse(&c, "# comment\n\n a , b,c\r\n1, 2 ,3\r\n\n"
			  "\"x,y\",\"say \"\"hi\"\"\",z\nonly,two\n4,5,6,7\n"
			  "# another\n7,8,9"), "csv: parse returns 0");
	result(c.exists && c.ncols == 3, "csv: 3 header columns");
	check_str("csv: header trimmed", c.header[0], "a");
	result(c.nrows == 3, "csv: 3 rows (blank and comment lines skipped)");
	result(c.nbad == 2, "csv: 2 rows with a wrong field count counted");
	check_str("csv: field trimmed, CR stripped", c.rows[0][2], "3");
	check_str("csv: field trimmed inside", c.rows[0][1], "2");
	check_str("csv: quoted comma", c.rows[1][0], "x,y");
	check_str("csv: doubled quote", c.rows[1][1], "say \"hi\"");
	check_str("csv: last line without newline", c.rows[2][2], "9");
	result(csv_col(&c, "b") == 1 && csv_col(&c, "c") == 2,
	       "csv_col: finds columns");
	result(csv_col(&c, "nope") == -1, "csv_col: missing column is -1");
	csv_free(&c);

	memset(&c, 0, sizeof(c));
	result(!csv_parse(&c, "") && c.exists && !c.header && !c.nrows,
	       "csv: empty text has no header and no rows");
	csv_free(&c);
	memset(&c, 0, sizeof(c));
	result(!csv_parse(&c, "a,b\n") && c.ncols == 2 && !c.nrows,
	       "csv: header only");
	csv_free(&c);
	result(!csv_load(&c, "/nonexistent/benchreport/x.csv") && !c.exists,
	       "csv_load: missing file is not an error, exists = 0");

	{
		static const struct { const char *s; int ok; double v; } nums[] = {
			{ "12", 1, 12 }, { "1.5e3", 1, 1500 }, { "-3", 1, -3 },
			{ "0.25", 1, 0.25 }, { "", 0, 0 }, { "abc", 0, 0 },
			{ "0x10", 0, 0 }, { "nan", 0, 0 }, { "inf", 0, 0 },
			{ "1 2", 0, 0 }, { "1e999", 0, 0 }, { "3.", 1, 3 },
		};
		char name[64];

		for (i = 0; i < (int)(sizeof(nums) / sizeof(nums[0])); i++) {
			int r;

			d = -1;
			r = csv_num(nums[i].s, &d);
			snprintf(name, sizeof(name), "csv_num \"%s\"", nums[i].s);
			result(nums[i].ok ? (!r && d == nums[i].v) : r != 0, name);
		}
	}
	result(!csv_int("42", &i) && i == 42, "csv_int 42");
	result(csv_int("4.5", &i) != 0, "csv_int rejects 4.5");
	result(csv_int("99999999999", &i) != 0, "csv_int rejects overflow");
}

static void test_stats(void)
{
	double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
	double same[] = { 2, 2, 2, 2 }, ev2[] = { 10, 20 };
	double x[] = { 1, 2, 4, 8 }, y[] = { 13, 16, 22, 34 };
	double xs[] = { 3, 3 }, ys[] = { 1, 2 };
	struct summary s, a, b;
	char buf[128];

	check_num("median: odd count", stats_median(odd, 3), 3);
	check_num("median: even count = mean of the middle two",
		  stats_median(even, 4), 2.5);
	check_num("median: two values", stats_median(ev2, 2), 15);
	check_num("median: one value", stats_median(one, 1), 7);
	check_num("median: equal values", stats_median(same, 4), 2);
	check_num("median: empty is NAN", stats_median(NULL, 0), NAN);
	result(odd[0] == 5 && odd[1] == 1, "median: input left unsorted");
	s = stats_summarize(even, 4);
	result(s.n == 4 && s.min == 1 && s.max == 4 && s.med == 2.5,
	       "summarize: n, min, max, median");
	s = stats_summarize(NULL, 0);
	result(s.n == 0 && isnan(s.med) && isnan(s.min) && isnan(s.max),
	       "summarize: empty gives n = 0 and NANs");

	check_num("ratio: 3/2", stats_ratio(3, 2), 1.5);
	check_num("ratio: divide by 0 is NAN", stats_ratio(3, 0), NAN);
	check_num("ratio: missing numerator is NAN", stats_ratio(NAN, 2), NAN);
	check_num("ratio: missing denominator is NAN", stats_ratio(2, NAN), NAN);
	check_num("reldiff: 100 vs 101", stats_reldiff(100, 101), 1 / 100.5);
	check_num("reldiff: symmetric", stats_reldiff(101, 100), 1 / 100.5);
	check_num("reldiff: equal", stats_reldiff(5, 5), 0);
	check_num("reldiff: zeros", stats_reldiff(0, 0), 0);
	check_num("reldiff: missing", stats_reldiff(1, NAN), NAN);
	result(stats_reldiff(100, 101) <= 0.01 && stats_reldiff(100, 102.1) > 0.01,
	       "reldiff: 1% agreement boundary");
	check_num("slope: y = 10 + 3x over depths 1,2,4,8", stats_slope(x, y, 4), 3);
	check_num("slope: one point is NAN", stats_slope(x, y, 1), NAN);
	check_num("slope: one distinct x is NAN", stats_slope(xs, ys, 2), NAN);

	a = stats_summarize(odd, 3);	/* [1, 5] */
	b = stats_summarize(ev2, 2);	/* [10, 20] */
	result(!stats_overlap(a, b), "overlap: disjoint ranges");
	b = stats_summarize(even, 4);	/* [1, 4] */
	result(stats_overlap(a, b), "overlap: intersecting ranges");
	b = stats_summarize(NULL, 0);
	result(!stats_overlap(a, b), "overlap: missing side");

	check_num("pairs_per_sec: 2 threads x 1e6 iters in 1 s",
		  pairs_per_sec(2, 1e6, 1e9), 2e6);
	check_num("pairs_per_sec: 1 thread, 200000 iters, 65.4 ms",
		  pairs_per_sec(1, 200000, 65.4e6), 200000 / 0.0654);
	check_num("pairs_per_sec: zero time is NAN", pairs_per_sec(1, 1, 0), NAN);
	check_num("rejection_rate: 300 of 2 x 500", rejection_rate(300, 2, 500), 0.3);
	check_num("rejection_rate: no iterations is NAN",
		  rejection_rate(1, 1, 0), NAN);

	check_str("fmt_si: 2410", fmt_si(buf, sizeof(buf), 2410), "2.41k");
	check_str("fmt_si: 999.4", fmt_si(buf, sizeof(buf), 999.4), "999");
	check_str("fmt_si: 999.6 rounds up a prefix", fmt_si(buf, sizeof(buf), 999.6),
		  "1k");
	check_str("fmt_si: 3.07e6", fmt_si(buf, sizeof(buf), 3.07e6), "3.07M");
	check_str("fmt_si: NAN", fmt_si(buf, sizeof(buf), NAN), "-");
	check_str("fmt_ratio: 1.234", fmt_ratio(buf, sizeof(buf), 1.234), "1.23");
	check_str("fmt_ratio: 0.775", fmt_ratio(buf, sizeof(buf), 0.7751), "0.78");
	check_str("fmt_ratio: NAN", fmt_ratio(buf, sizeof(buf), NAN), "-");
	s = stats_summarize(even, 4);
	check_str("fmt_summary", fmt_summary(buf, sizeof(buf), "%.1f", s),
		  "2.5 [1.0, 4.0]");
	s = stats_summarize(NULL, 0);
	check_str("fmt_summary: missing", fmt_summary(buf, sizeof(buf), "%.1f", s),
		  "-");
	check_str("fmt_val: NAN", fmt_val(buf, sizeof(buf), "%.1f", NAN), "-");
}

static const char ik_text[] =
	"variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,"
	"elapsed_ns,ns_per_pair,rejected,max_overshoot\n"
	"misc,2,1,leaf,1,1,0,none,sev,1000,100000,100,0,0\n"
	"misc,2,2,leaf,1,1,0,none,sev,1000,300000,300,0,0\n"
	"misc,2,3,leaf,1,1,0,none,sev,1000,200000,200,0,0\n"
	"misc,2,4,leaf,1,1,0,none,sev,1000,400000,400,0,0\n"
	"encryption_ids,2,1,leaf,1,1,0,none,sev,1000,150000,150,0,0\n"
	"encryption_ids,2,1,leaf,1,2,0,tight,sev,1000,150000,150,500,0\n"
	"encryption_ids,2,2,leaf,1,2,0,tight,sev,1000,150000,150,700,3\n"
	"encryption_ids,4,1,leaf,1,4,1,none,sev,1000,150000,150,0,0\n"
	"misc,2,5,leaf,one,1,0,none,sev,1000,1,1,0,0\n"
	"misc,2,6,leaf,1,1,0,none,sev,0,1,1,0,0\n";

static void test_data(void)
{
	struct data d;
	struct sel s;
	struct summary m;
	int th[MAXK], n;
	const char *types[MAXK];

	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "inkernel", ik_text), "data: parse inkernel");
	data_finish(&d);
	result(d.nik == 8 && d.in_ik.bad == 2,
	       "data: 8 rows, non-numeric and zero-iteration rows skipped");
	result(d.nv == 2 && !strcmp(d.variants[0], "encryption_ids") &&
	       !strcmp(d.variants[1], "misc"), "data: variants sorted by name");
	result(d.ik[0].v == 1 && d.ik[4].v == 0,
	       "data: rows re-indexed after sorting");

	s = sel_any();
	s.v = data_variant(&d, "misc");
	s.shape = "leaf";
	s.limit = "none";
	m = ik_summary(&d, s, M_NS);
	result(m.n == 4 && m.med == 250 && m.min == 100 && m.max == 400,
	       "ik_summary: ns per pair, even count median");
	m = ik_summary(&d, s, M_TPUT);
	check_num("ik_summary: throughput median (1e7, 5e6, 3.33e6, 2.5e6)",
		  m.med, (5e6 + 1e7 / 3) / 2);
	s.v = data_variant(&d, "encryption_ids");
	s.limit = "tight";
	m = ik_summary(&d, s, M_REJ);
	check_num("ik_summary: rejection rate median (0.25, 0.35)", m.med, 0.3);
	m = ik_summary(&d, s, M_OVER);
	result(m.max == 3, "ik_summary: max overshoot");
	s = sel_any();
	n = ik_threads(&d, s, th);
	result(n == 3 && th[0] == 1 && th[1] == 2 && th[2] == 4,
	       "ik_threads: distinct, sorted");
	s.threads = 4;
	result(ik_oversub(&d, s), "ik_oversub: threads 4 flagged");
	s.threads = 1;
	result(!ik_oversub(&d, s), "ik_oversub: threads 1 not flagged");
	n = ik_types(&d, types);
	result(n == 1 && !strcmp(types[0], "sev"), "ik_types");
	s = sel_any();
	s.shape = "chain";
	m = ik_summary(&d, s, M_NS);
	result(m.n == 0 && isnan(m.med), "ik_summary: missing point is n = 0");

	result(!data_parse_text(&d, "icount",
				"variant,run,shape,depth,type,iters,"
				"instructions_per_pair\n"
				"misc,1,chain,1,sev,10,300\nmisc,2,chain,1,sev,10,303\n"),
	       "data: parse icount");
	m = ic_summary(&d, data_variant(&d, "misc"), 2, "chain", 1, "sev");
	result(m.n == 1 && m.med == 303, "ic_summary: run 2");
	m = ic_summary(&d, data_variant(&d, "misc"), -1, "chain", 1, "sev");
	result(m.n == 2 && m.med == 301.5, "ic_summary: both runs");

	result(!data_parse_text(&d, "calib", "where,primitive,threads,rep,iters\n"
				"host,xadd_pair,1,1,10\n") &&
	       d.in_cal.unusable[0] && d.ncal == 0,
	       "data: a missing column makes the file unusable");
	result(!data_parse_text(&d, "e2e", "variant,smp,rep,type,count,"
				"elapsed_ns,ops_per_sec\nmisc,2,1,sev,10,5,2000\n") &&
	       d.ne2e == 1 && d.e2e[0].ops == 2000, "data: parse e2e");
	data_free(&d);
}

static const char nat_text[] =
	"variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,"
	"elapsed_ns,ns_per_pair,rejected,max_overshoot\n"
	"misc-exact,2,1,leaf,1,1,0,none,sev,1000,40000,40,0,0\n"
	"misc-exact,2,2,leaf,1,1,0,none,sev,1000,60000,60,0,0\n"
	"misc,2,1,leaf,1,1,0,none,sev,1000,20000,20,0,0\n"
	"misc,2,1,chain,1,1,0,none,sev_es,1000,20000,20,0,0\n"
	"misc,2,1,chain,8,1,0,none,sev_es,1000,90000,90,0,0\n"
	"misc,2,1,leaf,1,2,0,tight,sev,1000,20000,20,500,1\n"
	"misc,2,2,leaf,1,x,0,tight,sev,1000,20000,20,500,1\n";

/* native.csv: inkernel.csv's columns in rows of their own, one variant list. */
static void test_native(void)
{
	const char *t[MAXK];
	struct data d;
	struct sel s;
	struct summary m;
	int th[MAXK], n;

	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "inkernel", ik_text) &&
	       !data_parse_text(&d, "native", nat_text), "native: parse");
	data_finish(&d);
	result(d.nnat == 6 && d.in_nat.rows == 6 && d.in_nat.bad == 1,
	       "native: 6 rows, a non-numeric thread count skipped");
	result(d.nik == 8, "native: inkernel.csv's rows stay apart");
	result(d.nv == 3 && !strcmp(d.variants[2], "misc-exact") &&
	       d.nat[0].v == 2 && d.nat[2].v == 1,
	       "native: one sorted variant list, native rows re-indexed");
	s = sel_any();
	s.v = data_variant(&d, "misc-exact");
	m = src_summary(&d, SRC_NATIVE, s, M_NS);
	result(m.n == 2 && m.med == 50, "src_summary: native median");
	result(!src_summary(&d, SRC_TCG, s, M_NS).n,
	       "src_summary: a native-only variant has no TCG rows");
	s.v = data_variant(&d, "misc");
	s.limit = "none";
	s.shape = "leaf";
	m = src_summary(&d, SRC_TCG, s, M_NS);
	result(m.n == 4 && m.med == 250, "src_summary: SRC_TCG is ik_summary");
	n = src_depths(&d, SRC_NATIVE, sel_any(), th);
	result(n == 2 && th[0] == 1 && th[1] == 8, "src_depths: native depths");
	s = sel_any();
	s.limit = "tight";
	n = src_threads(&d, SRC_NATIVE, s, th);
	result(n == 1 && th[0] == 2, "src_threads: native tight runs");
	m = src_summary(&d, SRC_NATIVE, s, M_REJ);
	check_num("src_summary: native rejection rate", m.med, 0.25);
	n = src_types(&d, SRC_NATIVE, t);
	result(n == 2 && !strcmp(t[0], "sev") && !strcmp(t[1], "sev_es"),
	       "src_types: native types sorted");
	check_str("src_name", src_name(SRC_NATIVE), "native");
	data_free(&d);

	memset(&d, 0, sizeof(d));
	result(!data_load(&d, "tests/data") && !d.in_nat.exists && !d.nnat &&
	       d.nik > 0 && !strcmp(d.in_nat.file, "native.csv"),
	       "native: a missing native.csv loads as not there");
	data_free(&d);
	memset(&d, 0, sizeof(d));
	result(!data_load(&d, "tests/data-native") && d.in_nat.exists &&
	       d.nnat == 60 && d.in_nat.bad == 1,
	       "native: tests/data-native/native.csv loads");
	data_free(&d);
}

static void test_ci(void)
{
	double v15[15], hw2[15], hw8[15], v6[] = { 6, 1, 5, 2, 4, 3 };
	double asym[] = { 1, 2, 3, 4, 10, 10, 10, 10, 10, 10, 10, 11, 30, 40, 50 };
	double cov;
	struct ci c, d;
	int k, i;

	check_num("binom: P(B <= 3), n = 15", ci_binom_cdf(15, 3), 576 / 32768.0);
	check_num("binom: P(B <= -1) = 0", ci_binom_cdf(15, -1), 0);
	check_num("binom: P(B <= n) = 1", ci_binom_cdf(15, 15), 1);
	result(ci_rank(15, &k, &cov) && k == 4, "ci_rank: n = 15 is [x(4), x(12)]");
	check_num("ci_rank: n = 15 covers 96.5%", cov, 1 - 2 * 576 / 32768.0);
	result(!ci_rank(5, &k, &cov) && k == 1, "ci_rank: n = 5 has no 95% interval");
	check_num("ci_rank: n = 5, [min, max] covers 93.75%", cov, 0.9375);
	result(ci_rank(6, &k, &cov) && k == 1, "ci_rank: n = 6 is [min, max]");
	check_num("ci_rank: n = 6 covers 1 - 2/64", cov, 1 - 2 / 64.0);
	result(ci_rank(8, &k, &cov) && k == 1, "ci_rank: n = 8 is still [min, max]");
	result(ci_rank(9, &k, &cov) && k == 2, "ci_rank: n = 9 is [x(2), x(8)]");
	result(ci_rank(1000, &k, &cov) && k >= 468 && k <= 470 && cov >= 0.95,
	       "ci_rank: n = 1000 near 500 - 1.96 sqrt(250), no underflow");

	for (i = 0; i < 15; i++) {
		v15[i] = (i * 7) % 15 + 1;	/* 1..15, shuffled */
		hw2[i] = 100 + (i - 7) * 0.5;
		hw8[i] = 100 + (i - 7) * 2.0;
	}
	c = ci_median(v15, 15);
	result(c.n == 15 && c.med == 8 && c.lo == 4 && c.hi == 12 && c.ok &&
	       c.klo == 4 && c.khi == 12, "ci_median: 1..15 is 8 [4, 12]");
	result(v15[0] == 1 && v15[1] == 8, "ci_median: input left unsorted");
	c = ci_median(hw2, 15);
	check_num("ci_halfwidth: +-2%", ci_halfwidth(c), 0.02);
	result(!ci_unstable(c), "ci_unstable: 2% is stable");
	c = ci_median(hw8, 15);
	check_num("ci_halfwidth: +-8%", ci_halfwidth(c), 0.08);
	result(ci_unstable(c), "ci_unstable: 8% is unstable");
	c = ci_median(hw2, 5);
	result(!c.ok && ci_unstable(c), "ci_unstable: n = 5 is unstable however narrow");
	c = ci_median(v6, 6);
	result(c.med == 3.5 && c.lo == 1 && c.hi == 6 && c.ok,
	       "ci_median: even n, mean of the middle two");
	c = ci_median(asym, 15);
	check_num("ci_halfwidth: the wider side, max(6, 1) / 10",
		  ci_halfwidth(c), 0.6);
	c = ci_median(NULL, 0);
	result(!c.n && isnan(c.med) && ci_unstable(c) && isnan(ci_halfwidth(c)),
	       "ci_median: nothing is not measured, unstable");
	c = ci_median(v6, 2);		/* [1, 6] */
	d = ci_median(v6 + 2, 2);	/* [2, 5] */
	result(ci_overlap(c, d), "ci_overlap: nested intervals");
	d.lo = 6;
	result(ci_overlap(c, d), "ci_overlap: touching intervals overlap");
	d.lo = 6.1;
	d.hi = 7;
	result(!ci_overlap(c, d), "ci_overlap: apart");
	result(!ci_overlap(c, ci_median(NULL, 0)), "ci_overlap: missing side");
	result(ci_inside(6, c) && !ci_inside(0.5, c), "ci_inside");
}

static const char nat_new[] =
	"variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,"
	"elapsed_ns,ns_per_pair,rejected,max_overshoot,attempts,spurious,"
	"stocked,overlap,discards,lock,cpus\n"
	"misc,2,1,leaf,1,1,0,none,sev,100,1000,10,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,2,leaf,1,1,0,none,sev,100,1100,11,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,3,leaf,1,1,0,none,sev,100,1200,12,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,4,leaf,1,1,0,none,sev,100,1300,13,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,5,leaf,1,1,0,none,sev,100,1400,14,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,6,leaf,1,1,0,none,sev,100,1500,15,0,0,100,0,0,1.0000,1,mcs,0\n"
	"misc,2,7,leaf,1,1,0,none,sev,100,9900,99,0,0,100,0,0,0.9000,1,mcs,0\n"
	"misc,2,1,leaf,1,2,0,tight,sev,100,5000,50,100,1,200,50,0,0.9600,0,mcs,0+1\n"
	"misc,2,2,leaf,1,2,0,tight,sev,100,5000,50,50,2,200,0,3,0.9700,0,mcs,0+1\n"
	"misc,2,3,leaf,1,2,0,tight,sev,100,5000,50,0,0,200,0,0,0.9800,0,mcs,0+1\n"
	"encryption_ids+tas,2,1,leaf,1,1,0,none,sev,1,1,x,0,0,1,0,0,1,0,tas,0\n";

/* native.csv's own columns, and the points they make. */
static void test_points(void)
{
	const struct npoint *p;
	struct points ps;
	struct data d;
	double dis;
	int st, tot, ex, rows, th[MAXK];

	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "native", nat_new) && d.in_nat.has_new,
	       "points: parse the new schema");
	data_finish(&d);
	result(d.nnat == 10 && d.in_nat.bad == 1,
	       "points: 10 rows, a non-numeric ns_per_pair skipped");
	result(d.nat[0].overlap == 1 && d.nat[0].discards == 1 &&
	       !strcmp(d.nat[0].lock, "mcs") && !strcmp(d.nat[7].cpus, "0+1") &&
	       d.nat[7].spurious == 50 && d.nat[8].stocked == 3,
	       "points: the new columns read");
	result(row_excluded(&d.nat[6]) && !row_excluded(&d.nat[0]),
	       "row_excluded: overlap 0.90 is out, 1.0 in");
	result(!points_build(&ps, d.nat, d.nnat) && ps.n == 2, "points: 2 points");
	p = points_find(&ps, data_variant(&d, "misc"), "leaf", 1, 1, "none", "sev");
	result(p && p->rows == 7 && p->excluded == 1 && p->ns.n == 6,
	       "points: the overlap-0.90 row counted and left out");
	result(p && p->discards == 7, "points: discards summed over every row");
	result(p && p->ns.med == 12.5 && p->ns.lo == 10 && p->ns.hi == 15 &&
	       p->ns.ok, "points: median 12.5 [10, 15] of the 6 kept rows");
	check_num("points: pairs/s median", p ? p->tput.med : NAN,
		  (1e9 / 12 + 1e9 / 13) / 2);
	check_num("points: half-width (15 - 12.5) / 12.5", p ? p->hw : NAN, 0.2);
	result(p && p->unstable, "points: 20% is unstable");
	p = points_find(&ps, data_variant(&d, "misc"), "leaf", 1, 2, "tight", NULL);
	result(p != NULL, "points_find: any type");
	check_num("points: refused = rejected / attempts, median of 0.5, 0.25, 0",
		  p ? p->refused.med : NAN, 0.25);
	check_num("points: spurious / attempts, median of 0.25, 0, 0",
		  p ? p->spur_att.med : NAN, 0);
	result(p && p->spur_rej.n == 2 && p->spur_rej.med == 0.25,
	       "points: spurious / refusals over the reps that refused");
	result(p && p->overshoot == 2 && p->stocked == 3,
	       "points: the largest overshoot and stocked");
	check_num("points: smallest overlap that entered", p ? p->min_overlap : NAN,
		  0.96);
	points_stability(&ps, 1, &st, &tot);
	result(st == 0 && tot == 1, "points_stability: 1 thread, 0 of 1");
	points_discards(&ps, -1, &ex, &dis, &rows);
	result(ex == 1 && dis == 7 && rows == 10, "points_discards: totals");
	result(points_threads(&ps, NULL, NULL, th) == 2 && th[1] == 2,
	       "points_threads");
	points_free(&ps);
	data_free(&d);

	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "native", nat_text) && !d.in_nat.has_new &&
	       d.nnat == 6 && isnan(d.nat[0].overlap) && !row_excluded(&d.nat[0]),
	       "points: an old-schema native.csv loads, overlap not recorded");
	data_free(&d);
}

/* Two variants at one point, 6 repetitions: a at base a, b at base b. */
static void two_points(struct data *d, const char *kind, double a, double b)
{
	char text[4096];
	size_t o;
	int r;

	o = (size_t)snprintf(text, sizeof(text), "%s",
			     "variant,smp,rep,shape,depth,threads,oversubscribed,"
			     "limit,type,iters,elapsed_ns,ns_per_pair,rejected,"
			     "max_overshoot\n");
	for (r = 0; r < 6; r++)
		o += (size_t)snprintf(text + o, sizeof(text) - o,
				      "a,2,%d,leaf,1,2,0,none,sev,1,1,%g,0,0\n"
				      "b,2,%d,leaf,1,2,0,none,sev,1,1,%g,0,0\n",
				      r + 1, a + r * a / 100, r + 1, b + r * b / 100);
	data_parse_text(d, kind, text);
}

/*
 * Two designs whose rows move together from one repetition to the next
 * (the machine changed, both felt it) and stay 2:1 in each: their paired
 * ratio is 2 exactly, its interval too, where their own medians spread.
 */
static void test_paired(void)
{
	char text[8192];
	size_t o;
	struct data d;
	struct ci r;
	int a, b;

	o = snprintf(text, sizeof(text), "%s", "variant,smp,rep,shape,depth,"
		     "threads,oversubscribed,limit,type,iters,elapsed_ns,"
		     "ns_per_pair,rejected,max_overshoot,attempts,spurious,"
		     "stocked,overlap,discards,lock,cpus,undetermined,"
		     "pingpong_ns\n");
	for (int rep = 1; rep <= 15; rep++) {
		double base = rep % 3 ? 100 : 300;

		o += snprintf(text + o, sizeof(text) - o,
			      "a,2,%d,leaf,1,2,0,none,sev,1,1,%g,0,0,1,0,0,1,0,"
			      "mcs,0+1,0,%g\nb,2,%d,leaf,1,2,0,none,sev,1,1,%g,0,0,"
			      "1,0,0,%s,0,mcs,0+1,0,%g\n", rep, 2 * base, base / 10,
			      rep, base, rep == 15 ? "0.5" : "1", base / 10);
	}
	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "native", text), "paired: parse");
	data_finish(&d);
	a = data_variant(&d, "a");
	b = data_variant(&d, "b");
	result(d.nat[0].pingpong_ns == 10 && d.nat[0].undetermined == 0,
	       "paired: pingpong_ns and undetermined read");
	r = paired_ratio(d.nat, d.nnat, a, b, "leaf", 1, 2, "none", "sev");
	result(r.n == 14 && r.med == 2 && r.lo == 2 && r.hi == 2,
	       "paired: ratio 2 in every repetition; a low-overlap row drops its pair");
	result(paired_verdict(r) && !strcmp(paired_verdict(r), "slower"),
	       "paired: interval above 1 is slower");
	r = paired_ratio(d.nat, d.nnat, b, a, "leaf", 1, 2, "none", "sev");
	result(paired_verdict(r) && !strcmp(paired_verdict(r), "faster"),
	       "paired: interval below 1 is faster");
	r = paired_ratio(d.nat, d.nnat, a, b, "leaf", 1, 1, "none", "sev");
	result(!r.n && !paired_verdict(r), "paired: no rows, no ratio");
	data_free(&d);
}

static void test_repro(void)
{
	struct points cur, prev;
	struct flip f[4];
	struct share s;
	struct data d;
	int n, ranked;

	memset(&d, 0, sizeof(d));
	two_points(&d, "native", 30, 20);
	two_points(&d, "native-prev", 10, 20);
	data_finish(&d);
	points_build(&cur, d.nat, d.nnat);
	points_build(&prev, d.prev, d.nprev);
	s = repro_share(&cur, &prev, -1);
	result(s.compared == 2 && s.inside == 1 && !s.uncompared,
	       "repro_share: b reproduced, a not");
	s = repro_share(&cur, &prev, 1);
	result(!s.compared, "repro_share: no point at 1 thread");
	n = repro_flips(&cur, &prev, f, 4, &ranked);
	result(n == 1 && ranked == 1, "repro_flips: the one ranking flips");
	result(n == 1 && f[0].pa->v == data_variant(&d, "a") && f[0].firm,
	       "repro_flips: a was faster, now slower for sure");
	points_free(&cur);
	points_free(&prev);
	data_free(&d);

	memset(&d, 0, sizeof(d));
	two_points(&d, "native", 20, 21);
	two_points(&d, "native-prev", 20, 30);
	data_finish(&d);
	points_build(&cur, d.nat, d.nnat);
	points_build(&prev, d.prev, d.nprev);
	n = repro_flips(&cur, &prev, f, 4, &ranked);
	result(!n && ranked == 1, "repro_flips: same order, closer, no flip");
	points_free(&cur);
	points_free(&prev);
	data_free(&d);
}

static void test_model(void)
{
	struct model_in atomic = { 10, 1, 6, NAN, 2, 0, 50 };
	struct model_in lock = { 20, 1, 2, 0, 2, 2, 50 };
	struct model_in held = { 20, 1, 2, 8, 2, 2, 50 };
	struct model_in stock = { 5, 1, 0, 0, 0, 0, NAN };
	enum model_bound b;

	check_num("model_r_line: min(2, rmw_shared)", model_r_line(6, NAN), 2);
	check_num("model_r_line: 1 shared RMW", model_r_line(1, NAN), 1);
	check_num("model_r_line: rmw_line wins", model_r_line(6, 3), 3);
	check_num("model: T(1) = t1", model_ns(&atomic, 1), 10);
	check_num("model: T(2) = t1 + 6 c", model_ns(&atomic, 2), 310);
	check_num("model: X(1) = 1 / t1", model_tput(&atomic, 1, &b), 1e8);
	result(b == MODEL_CPU, "model: 1 worker is CPU-bound");
	check_num("model: X(2) = 2 / T(2)", model_tput(&atomic, 2, &b), 2e9 / 310);
	result(b == MODEL_CPU, "model: atomic, 2 workers CPU-bound");
	check_num("model: X(8) capped by the line, 1 / (2 c)",
		  model_tput(&atomic, 8, &b), 1e7);
	result(b == MODEL_LINE, "model: atomic, 8 workers line-bound");
	check_num("model: cs = (t1 - e) / lock", model_cs(&lock), 9.5);
	check_num("model: lock, X(2) = 1 / (lock (c + cs))",
		  model_tput(&lock, 2, &b), 1e9 / 119);
	result(b == MODEL_LOCK, "model: lock-bound");
	check_num("model: stores of the lock holder: T(2) = t1 + (2 + 8) c",
		  model_ns(&held, 2), 520);
	check_num("model: ... and L_lock = 1 / (lock (c + cs) + 8 c)",
		  model_tput(&held, 2, &b), 1e9 / 519);
	result(b == MODEL_LOCK, "model: stores keep it lock-bound");
	check_num("model: cs without a lock is NAN", model_cs(&atomic), NAN);
	check_num("model: the lock holder's stores: T(2) = t1 + (2 + 8) c",
		  model_ns(&held, 2), 520);
	check_num("model: ... and L_lock = 1 / (lock (c + cs) + 8 c)",
		  model_tput(&held, 2, &b), 1e9 / 519);
	result(b == MODEL_LOCK, "model: the stores keep it lock-bound");
	check_num("model: stock, X(128) = 128 / t1, no c needed",
		  model_tput(&stock, 128, &b), 128e9 / 5);
	result(b == MODEL_CPU, "model: stock is never capped");
	atomic.c = NAN;
	check_num("model: shared RMWs without c: NAN beyond 1 worker",
		  model_tput(&atomic, 2, NULL), NAN);
	check_num("model: ... but 1 worker is t1", model_tput(&atomic, 1, NULL), 1e8);
	check_num("model_error: 8.4M predicted, 10M measured",
		  model_error(8.4e6, 1e7), -0.16);
	check_num("model_error: missing measurement", model_error(1, NAN), NAN);
}

static void test_model_inputs(void)
{
	struct data d;

	memset(&d, 0, sizeof(d));
	result(!data_parse_text(&d, "native-costs",
				"primitive,cpus,rep,iters,ns\n"
				"pingpong,2,1,1000,50\nxadd_private,1,1,1000,5\n"
				"xadd_shared,2,1,1000,55\npingpong,2,2,1000,0\n") &&
	       d.ncost == 3 && d.in_cost.bad == 1 && d.cost[0].ns == 50,
	       "native-costs.csv: rows, a 0 ns row malformed");
	result(!data_parse_text(&d, "native-ops",
				"variant,shape,depth,limit,type,rmw,rmw_shared,"
				"lock,percpu\nmisc,leaf,1,none,*,6,6,0,2\n"
				"misc,leaf,1,none,sev,2,3,0,0\n") &&
	       d.nops == 1 && d.in_ops.bad == 1 && d.ops[0].rmw_shared == 6 &&
	       isnan(d.ops[0].rmw_line),
	       "native-ops.csv: rows, more shared than all RMWs malformed");
	result(!data_parse_text(&d, "native-ops",
				"variant,shape,depth,limit,type,rmw,rmw_shared,"
				"lock,percpu,store_shared,rmw_line\n"
				"x,leaf,1,none,sev,6,6,0,2,8,3\n") &&
	       d.nops == 2 && d.ops[1].rmw_line == 3 && d.ops[1].store_shared == 8 &&
	       isnan(d.ops[0].store_shared),
	       "native-ops.csv: the optional store_shared and rmw_line");
	result(d.nv == 0, "native-ops.csv: its variants are not data variants");
	data_free(&d);
}

static void test_labels(void)
{
	double w1[] = { 0.5, 0.5, 0.5 }, w2[] = { 0.95, 0.99 }, w3[] = { 0.8, 0.1 };
	double w4[] = { 0.02, 0.0, 0.01 }, o[3];

	labels_spread(w1, o, 3, 0.1);
	result(near(o[0], 0.5) && near(o[1], 0.6) && near(o[2], 0.7),
	       "labels: equal heights pushed apart by the gap");
	labels_spread(w2, o, 2, 0.1);
	result(near(o[0], 0.9) && near(o[1], 1.0),
	       "labels: near the top pulled down under 1");
	labels_spread(w3, o, 2, 0.1);
	result(o[0] == 0.8 && o[1] == 0.1, "labels: far apart, left alone");
	labels_spread(w4, o, 3, 0.1);
	result(near(o[1], 0) && near(o[2], 0.1) && near(o[0], 0.2),
	       "labels: the order of the heights kept");
}

static void test_defects(void)
{
	char ids[8][FIDLEN];
	struct finding f[4];
	int n;

	n = defects_parse("# F9 in a comment\nF1 a:sev x$\nF1 a:sev_es y$\n"
			  "  O1 b z\nF10 c\nbad d\nF2\n", ids, 8);
	result(n == 4 && !strcmp(ids[0], "F1") && !strcmp(ids[1], "O1") &&
	       !strcmp(ids[2], "F10") && !strcmp(ids[3], "F2"),
	       "defects_parse: distinct ids in order, comments skipped");
	result(defects_parse("F1 x\nF2 y\nF3 z\n", ids, 2) == 2,
	       "defects_parse: at most max");
	result(defects_read("/nonexistent/known-defects", ids, 8) == -1,
	       "defects_read: a missing file is -1");
	n = findings_parse("# Findings\n## Status per branch\n"
			   "## F1: title one\n## O1:  two \r\n##F3: no\n"
			   "## F4 without colon\n", f, 4);
	result(n == 2 && !strcmp(f[0].id, "F1") && !strcmp(f[0].title, "title one") &&
	       !strcmp(f[1].id, "O1") && !strcmp(f[1].title, "two"),
	       "findings_parse: \"## <id>: <title>\" headings only");
}

static void test_meta(void)
{
	static const char text[] = "date: 2026\nhost cpus: 2 online; hypervisor "
				   "KVM\nhost cpu: AMD EPYC\n";
	char b[64];

	result(!meta_find(text, "host cpus", b, sizeof(b)) &&
	       !strcmp(b, "2 online; hypervisor KVM"), "meta_find: a value");
	result(!meta_find(text, "host cpu", b, sizeof(b)) &&
	       !strcmp(b, "AMD EPYC"), "meta_find: a key that prefixes another");
	result(meta_find(text, "seed", b, sizeof(b)) == -1 && !b[0],
	       "meta_find: a missing key");
}

int main(void)
{
	test_csv();
	test_stats();
	test_data();
	test_native();
	test_ci();
	test_points();
	test_paired();
	test_repro();
	test_model();
	test_model_inputs();
	test_labels();
	test_defects();
	test_meta();
	return unit_test_done("benchreport host tests: csv, stats, data, native, ci, "
			      "points, paired, repro, model, labels, defects, meta");
}
