// SPDX-License-Identifier: GPL-2.0
/*
 * asid_fuzz: a seeded fuzzer of the controller's writable files.
 *
 *   asid_fuzz --root <cgroup mount> --hier v2|v1 --seed <u64> --writes <n>
 *             [--limits-uint] [--verbose]
 *
 * --limits-uint: limits are unsigned int although the design is misc (its
 * first RFC), so "max" is UINT_MAX and a larger number is ERANGE.
 *
 * Makes <root>/asid_fuzz.<pid>/c/g (the controller enabled down to g on
 * v2), then writes --writes inputs of every class (gen.c) to the max files
 * of c and g, each checked against the oracle (oracle.c, check.c), and
 * /dev/kmsg after each for a splat.  At the end it writes the start values
 * back, checks that every controller file reads as at the start, removes
 * its cgroups and, on v2, takes the controller out of the root's
 * subtree_control again if it put it there, so that a v1 mount can follow.
 *
 * One seed gives the same writes in the same order: a failure report
 * names the write index, the file and the bytes, and --seed replays it.
 */
#define _GNU_SOURCE	/* strerrorname_np() */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "files.h"
#include "gen.h"
#include "kmsg.h"
#include "ktap.h"
#include "oracle.h"
#include "parse.h"
#include "report.h"
#include "rng.h"

#define RMDIR_TIMEOUT_MS	2000
#define ESC_LEN			480
#define DYING_TIMEOUT_MS	10000

struct fuzz {
	const char *root;
	bool v2, verbose;
	bool limits_uint;	/* --limits-uint: "max" is UINT_MAX */
	unsigned long long seed;
	unsigned long writes;
	struct ctl c;
	bool enabled_root;
	uint64_t dying_at_start;
	char top[CG_PATH_LEN], child[CG_PATH_LEN], grand[CG_PATH_LEN];
	bool made_top, made_child, made_grand;
	struct fz_cgroup rootg, topg, childg, grandg;
	struct fz_cgroup *targets[2];
	struct oracle o;
	struct gen g;
	int kfd;
	struct report rp;
};

static struct fuzz fz;

static const char *errname(int err)
{
	const char *name = strerrorname_np(err);

	return name ? name : "?";
}

static void usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --root <cgroup mount> --hier v2|v1 --seed <u64> --writes <n> [--limits-uint] [--verbose]\n",
		prog);
	exit(2);
}

static void parse_args(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "hier", required_argument, NULL, 'h' },
		{ "seed", required_argument, NULL, 's' },
		{ "writes", required_argument, NULL, 'w' },
		{ "verbose", no_argument, NULL, 'v' },
		/* misc's first RFC: unsigned int limits (limits_unsigned_int) */
		{ "limits-uint", no_argument, NULL, 'u' },
		{ NULL, 0, NULL, 0 },
	};
	const char *hier = NULL, *seed = NULL, *writes = NULL;
	char *end;
	int opt;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'r':
			fz.root = optarg;
			break;
		case 'h':
			hier = optarg;
			break;
		case 's':
			seed = optarg;
			break;
		case 'w':
			writes = optarg;
			break;
		case 'v':
			fz.verbose = true;
			break;
		case 'u':
			fz.limits_uint = true;
			break;
		default:
			usage(argv[0]);
		}
	}
	if (!fz.root || !hier || !seed || !writes ||
	    (strcmp(hier, "v2") && strcmp(hier, "v1")))
		usage(argv[0]);
	fz.v2 = !strcmp(hier, "v2");
	fz.rp.hier = fz.v2 ? "v2" : "v1";
	errno = 0;
	fz.seed = strtoull(seed, &end, 0);
	if (errno || *end || !*seed)
		usage(argv[0]);
	fz.writes = strtoul(writes, &end, 0);
	if (errno || *end || !*writes)
		usage(argv[0]);
}

static void final_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

static void final_fail(const char *fmt, ...)
{
	char buf[TALLY_MSG_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fz.rp.final.failed++;
	tally_note(&fz.rp.final, "%s", buf);
}

/*
 * Dying cgroups under the v2 root (cgroup.stat).  A removed cgroup keeps its
 * controller state until it is freed, and while any is left a v1 mount of
 * the controller fails with EBUSY (rebind_subsystems()).
 */
static uint64_t dying_count(void)
{
	char buf[512];
	uint64_t n = 0;

	if (cg_read(fz.root, "cgroup.stat", buf, sizeof(buf)) < 0 ||
	    parse_keyed_u64(buf, "nr_dying_descendants", &n))
		return 0;
	return n;
}

static bool dying_gone(void *arg)
{
	(void)arg;
	return dying_count() <= fz.dying_at_start;
}

static int make_cgroup(char *path, const char *parent, const char *name,
		       bool *made, bool enable)
{
	int ret;

	snprintf(path, CG_PATH_LEN, "%s/%s", parent, name);
	ret = cg_mkdir(path);
	if (ret)
		return ret;
	*made = true;
	return enable ? cg_enable(path, ctl_name(&fz.c)) : 0;
}

/* Every writable controller file of @g must be the max file of a res. */
static int count_writable(struct fz_cgroup *g)
{
	int n = 0;
	bool known;

	for (int i = 0; i < g->nfiles; i++) {
		if (!g->f[i].writable)
			continue;
		n++;
		known = false;
		for (int r = 0; r < fz.c.nres; r++)
			known |= g->max_file[r] == i;
		if (!known)
			final_fail("%s/%s is writable but is no max file",
				   g->label, g->f[i].name);
	}
	return n;
}

static int setup(void)
{
	const char *name;
	char top[64];
	int ret;

	/* Before anything else, so that a splat of the setup counts too. */
	fz.kfd = kmsg_open();
	if (fz.kfd < 0)
		ktap_diag("kmsg unavailable: %s", errname(-fz.kfd));
	cg_init(fz.v2);
	fz.dying_at_start = dying_count();
	ret = ctl_detect(&fz.c, fz.root);
	if (ret)
		return ret;
	name = ctl_name(&fz.c);
	if (fz.v2 && !cg_enabled(fz.root, name)) {
		ret = cg_enable(fz.root, name);
		if (ret)
			return ret;
		fz.enabled_root = true;
	}
	snprintf(top, sizeof(top), "asid_fuzz.%d", getpid());
	ret = make_cgroup(fz.top, fz.root, top, &fz.made_top, true);
	if (!ret)
		ret = make_cgroup(fz.child, fz.top, "c", &fz.made_child, true);
	if (!ret)
		ret = make_cgroup(fz.grand, fz.child, "g", &fz.made_grand,
				  false);
	if (ret)
		return ret;
	ret = ctl_find_res(&fz.c, fz.child);
	if (ret <= 0)
		return ret ? ret : -ENOENT;

	oracle_init(&fz.o, &fz.c, (size_t)sysconf(_SC_PAGESIZE));
	if (fz.limits_uint)
		fz.o.maxnum = UINT_MAX;
	gen_init(&fz.g, &fz.c, fz.o.page, fz.o.cap);
	ret = fz_cg_open(&fz.c, &fz.rootg, fz.root, "root", false);
	if (!ret)
		ret = fz_cg_open(&fz.c, &fz.topg, fz.top, "top", true);
	if (!ret)
		ret = fz_cg_open(&fz.c, &fz.childg, fz.child, "child", true);
	if (!ret)
		ret = fz_cg_open(&fz.c, &fz.grandg, fz.grand, "grandchild",
				 true);
	if (ret)
		return ret;
	fz.childg.parent = &fz.topg;
	fz.grandg.parent = &fz.childg;
	fz.targets[0] = &fz.childg;
	fz.targets[1] = &fz.grandg;
	fz.rp.cgroups = 2;
	fz.rp.files = count_writable(&fz.childg) + count_writable(&fz.grandg);
	ktap_diag("fuzz: %s on %s, design %s, %d resources, page %zu",
		  fz.rp.hier, fz.root, name, fz.c.nres, fz.o.page);
	return 0;
}

struct splat_ctx {
	unsigned long idx;
	struct tally *t;
};

static void on_splat(const char *text, void *arg)
{
	struct splat_ctx *s = arg;

	tally_note(s->t, "kernel splat after write %lu: %s", s->idx, text);
	tally_note(&fz.rp.final, "kernel splat after write %lu: %s", s->idx,
		   text);
}

static int check_splats(unsigned long idx, struct tally *t)
{
	struct splat_ctx s = { idx, t };

	if (fz.kfd < 0)
		return 0;
	return kmsg_for_each_splat(fz.kfd, on_splat, &s);
}

static ssize_t do_write(struct fz_file *f, const struct fuzz_input *in,
			int *err)
{
	ssize_t n;

	errno = 0;
	if (in->seek) {
		if (lseek(f->wfd, in->off, SEEK_SET) < 0) {
			*err = errno;
			return -2;
		}
		n = write(f->wfd, in->buf, in->len);
	} else {
		n = pwrite(f->wfd, in->buf, in->len, in->off);
	}
	*err = n < 0 ? errno : 0;
	return n;
}

static void describe_input(const struct fz_cgroup *tgt,
			   const struct fz_file *f,
			   const struct fuzz_input *in, char *buf, size_t len)
{
	char esc[ESC_LEN];

	fuzz_escape(in->buf, in->len, esc, sizeof(esc));
	snprintf(buf, len, "%s/%s %s %lld len %zu %s", tgt->label, f->name,
		 in->seek ? "lseek+write at" : "pwrite at", in->off, in->len,
		 esc);
}

static void fuzz_one(struct rng *r, unsigned long idx)
{
	static struct fuzz_input in;
	char what[ESC_LEN + 128], msg[512], got[48], want[64];
	struct fz_cgroup *tgt;
	struct fz_file *f;
	struct expect e;
	struct tally *t;
	ssize_t ret;
	bool ok;
	int err;

	in.cls = gen_pick_class(r);
	tgt = fz.targets[rng_below(r, 2)];
	in.res = (int)rng_below(r, fz.c.nres);
	gen_input(&fz.g, r, &in);
	oracle_decide(&fz.o, &in, &e);
	f = &tgt->f[tgt->max_file[in.res]];
	t = &fz.rp.cls[in.cls];

	ret = do_write(f, &in, &err);
	t->tried++;
	if (ret == -2) {
		t->failed++;
		describe_input(tgt, f, &in, what, sizeof(what));
		tally_note(t, "write %lu: %s: lseek failed: %s", idx, what,
			   errname(err));
		return;
	}
	if (ret >= 0)
		t->accepted++;
	else
		t->rejected++;
	ok = check_write(&fz.o, tgt, &in, &e, ret, err, msg, sizeof(msg));
	if (!ok || fz.verbose)
		describe_input(tgt, f, &in, what, sizeof(what));
	if (!ok) {
		t->failed++;
		tally_note(t, "write %lu: %s: %s", idx, what, msg);
	}
	if (check_splats(idx, t)) {
		fz.rp.final.failed++;
		if (ok)
			t->failed++;
	}
	if (fz.verbose) {
		check_outcome(ret, err, got, sizeof(got));
		oracle_describe(&fz.o, &e, want, sizeof(want));
		printf("# write %lu %s: %s: %s, expected %s (%s)%s\n", idx,
		       gen_class_name(in.cls), what, got, want, e.why,
		       ok ? "" : " FAIL");
	}
}

/* Every controller file reads as it did at the start. */
static void compare_start(struct fz_cgroup *g)
{
	char now[FZ_TEXT_LEN], what[CG_PATH_LEN + 64], text[160];

	for (int i = 0; i < g->nfiles; i++) {
		if (fz_read(g, i, now) || strcmp(now, g->f[i].start)) {
			snprintf(what, sizeof(what), "%s/%s", g->label,
				 g->f[i].name);
			fuzz_escape(now, strlen(now), text, sizeof(text));
			final_fail("%s reads %s after the restore", what,
				   text);
		}
	}
}

static void restore(void)
{
	struct fz_cgroup *g;
	int ret;

	for (int t = 0; t < 2; t++) {
		g = fz.targets[t];
		for (int r = 0; r < fz.c.nres; r++) {
			ret = ctl_write_max(&fz.c, g->path, fz.c.res[r],
					    g->start_max[r]);
			if (ret)
				final_fail("restoring %s: %s", g->label,
					   errname(-ret));
		}
	}
	compare_start(&fz.rootg);
	compare_start(&fz.topg);
	compare_start(&fz.childg);
	compare_start(&fz.grandg);
}

static void remove_cgroup(const char *path, bool made)
{
	int ret = made ? cg_rmdir(path, RMDIR_TIMEOUT_MS) : 0;

	if (ret)
		final_fail("rmdir %s: %s", path, errname(-ret));
}

static void cleanup(void)
{
	char buf[80];
	int ret;

	fz_cg_close(&fz.grandg);
	fz_cg_close(&fz.childg);
	fz_cg_close(&fz.topg);
	fz_cg_close(&fz.rootg);
	remove_cgroup(fz.grand, fz.made_grand);
	remove_cgroup(fz.child, fz.made_child);
	remove_cgroup(fz.top, fz.made_top);
	if (fz.enabled_root) {
		snprintf(buf, sizeof(buf), "-%s", ctl_name(&fz.c));
		ret = cg_write_str(fz.root, "cgroup.subtree_control", buf);
		if (ret)
			final_fail("%s in the root's subtree_control: %s", buf,
				   errname(-ret));
	}
	if (fz.v2 && fz.made_top &&
	    !cg_poll(dying_gone, NULL, DYING_TIMEOUT_MS, 20))
		final_fail("removed cgroups still dying after %d ms",
			   DYING_TIMEOUT_MS);
}

int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rng r;
	double secs;
	int ret;

	parse_args(argc, argv);
	fz.kfd = -1;
	fz.rp.seed = fz.seed;
	ktap_start(report_planned());
	printf("# fuzz: seed %llu\n", fz.seed);
	ret = setup();
	if (ret) {
		final_fail("setup failed: %s", errname(-ret));
	} else {
		rng_seed(&r, fz.seed);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		for (unsigned long i = 0; i < fz.writes; i++)
			fuzz_one(&r, i);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		fz.rp.writes = fz.writes;
		secs = (double)(t1.tv_sec - t0.tv_sec) +
		       (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		ktap_diag("fuzz: %lu writes in %.2f s, %.0f writes/s",
			  fz.writes, secs, secs > 0 ? fz.writes / secs : 0.0);
		restore();
	}
	if (check_splats(fz.writes, &fz.rp.final))
		fz.rp.final.failed++;
	cleanup();
	if (fz.kfd >= 0)
		close(fz.kfd);
	report_summary(&fz.rp);
	ret = report_points(&fz.rp);
	ktap_summary();
	return ret ? 1 : 0;
}
