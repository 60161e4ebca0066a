// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of benchreport's CSV parsing, statistics, ratio math,
 * data selection and MODEL formulas.  Prints KTAP and a last line
 * "N passed, N failed"; exits non-zero if anything failed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "data.h"
#include "model.h"
#include "stats.h"

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

static void test_model(void)
{
	struct model_params p = { 60, 150, 32 };
	enum model_bound b;
	double t64 = (31.0 / 63) * 60 + (32.0 / 63) * 150;

	check_num("model: t(1) = 0", model_transfer_ns(&p, 1), 0);
	check_num("model: t(32) = t_intra", model_transfer_ns(&p, 32), 60);
	check_num("model: p(64) = 32/63", model_cross_share(&p, 64), 32.0 / 63);
	check_num("model: t(64) mixes intra and cross", model_transfer_ns(&p, 64),
		  t64);
	check_num("model: u(4) = c1 + 3 s", model_uncontended_ns(300, 50, 4), 450);
	check_num("model: u(1) = c1 without a slope",
		  model_uncontended_ns(300, NAN, 1), 300);
	check_num("model: atomic, 1 CPU = 1 / u",
		  model_atomic(&p, 1, 1, 500, NULL), 1e9 / 500);
	check_num("model: atomic, 128 CPUs bound by the line",
		  model_atomic(&p, 128, 4, 500, &b),
		  1e9 / (2 * model_transfer_ns(&p, 128)));
	result(b == MODEL_BOUND_SERIAL, "model: atomic bound is serial at 128");
	check_num("model: atomic, 8 CPUs at depth 4 CPU-bound",
		  model_atomic(&p, 8, 4, 500, &b), 8e9 / (500 + 8 * 60));
	result(b == MODEL_BOUND_CPU, "model: atomic bound is per-CPU at 8, d 4");
	check_num("model: lock, 16 CPUs serialized",
		  model_lock(&p, 16, 4, 500, 475, &b), 1e9 / (475 + 10 * 60));
	result(b == MODEL_BOUND_SERIAL, "model: lock bound is serial");
	check_num("model: lock, 1 CPU = 1 / u",
		  model_lock(&p, 1, 1, 500, 475, NULL), 1e9 / 500);
	check_num("model: missing input is NAN",
		  model_lock(&p, 8, 1, NAN, 1, NULL), NAN);
	check_num("model: stock, 64 CPUs = N / u",
		  model_stock(64, 500, &b), 64e9 / 500);
	result(b == MODEL_BOUND_CPU, "model: stock is never serialized");
	check_num("model: stock, missing input is NAN",
		  model_stock(8, NAN, NULL), NAN);
}

int main(void)
{
	test_csv();
	test_stats();
	test_data();
	test_native();
	test_model();
	printf("KTAP version 1\n");
	printf("# benchreport host tests: csv, stats, ratios, data, native, model\n");
	printf("1..%d\n", number);
	fputs(out, stdout);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
