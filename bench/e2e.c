// SPDX-License-Identifier: GPL-2.0
/*
 * e2e: time the whole path KVM takes an ASID through, to put the in-kernel
 * pair cost of asid_bench in proportion: create a VM, KVM_SEV_INIT (or
 * KVM_SEV_ES_INIT) charges the cgroup, close the VM and wait until the
 * charge is gone again.  One CSV line per run.
 *
 *   e2e --variant NAME --smp N --rep R [--type sev|sev_es] [--count N]
 *       [--header] [--root DIR]
 *
 * It runs in a fresh child of the root with no limit.  VM destruction may
 * drop the last reference after close() returns, and there are only a few
 * ASIDs, so each round polls the child's current until it is 0 before the
 * next create; the poll is part of the timed round, as it is part of what
 * a VM's lifetime costs.  One untimed round first warms KVM up.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "count.h"
#include "cg.h"
#include "ctl.h"
#include "kvm.h"

#define DEFAULT_COUNT	200
#define RELEASE_TIMEOUT_NS	(10 * 1000000000ULL)
#define RELEASE_POLL_NS		20000

struct opts {
	const char *variant, *root, *type;
	long smp, rep, count;
	bool header;
};

static struct opts opt = {
	.root = "/sys/fs/cgroup", .type = "sev", .smp = -1, .rep = -1,
	.count = DEFAULT_COUNT,
};
static struct ctl ctl;
static char child[CG_PATH_LEN];

static void usage(void)
{
	fprintf(stderr,
		"usage: e2e --variant NAME --smp N --rep R [--type sev|sev_es]\n"
		"       [--count N] [--header] [--root DIR]\n");
	exit(2);
}

static void parse_opts(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, 'v' },
		{ "smp", required_argument, NULL, 's' },
		{ "rep", required_argument, NULL, 'r' },
		{ "type", required_argument, NULL, 't' },
		{ "count", required_argument, NULL, 'n' },
		{ "header", no_argument, NULL, 'H' },
		{ "root", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'v':
			opt.variant = optarg;
			break;
		case 's':
			opt.smp = bench_count(optarg);
			break;
		case 'r':
			opt.rep = bench_count(optarg);
			break;
		case 't':
			opt.type = optarg;
			break;
		case 'n':
			opt.count = bench_count(optarg);
			break;
		case 'H':
			opt.header = true;
			break;
		case 'R':
			opt.root = optarg;
			break;
		default:
			usage();
		}
	}
	if (!opt.variant || opt.smp < 1 || opt.rep < 0 || opt.count < 1 ||
	    !kvm_res_known(opt.type) || optind != argc)
		usage();
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Wait for the VM just closed to give its ASID back.  Return: 0 or -1. */
static int wait_released(void)
{
	struct timespec step = { 0, RELEASE_POLL_NS };
	uint64_t deadline = now_ns() + RELEASE_TIMEOUT_NS, cur;
	int ret;

	for (;;) {
		ret = ctl_get_current(&ctl, child, opt.type, &cur);
		if (ret) {
			fprintf(stderr, "# e2e: read %s current of %s: %d\n",
				opt.type, child, ret);
			return -1;
		}
		if (!cur)
			return 0;
		if (now_ns() > deadline) {
			fprintf(stderr, "# e2e: leak %s: %s current %" PRIu64
				" 10 s after close\n", opt.type, child, cur);
			return -1;
		}
		nanosleep(&step, NULL);
	}
}

/* One VM's ASID: create, init (the charge), close, wait for the uncharge. */
static int round_trip(int kvm)
{
	int vm = kvm_vm_create(kvm), ret;

	if (vm < 0) {
		fprintf(stderr, "# e2e: KVM_CREATE_VM: %s\n", strerror(-vm));
		return -1;
	}
	ret = kvm_sev_init(vm, opt.type);
	close(vm);
	if (ret) {
		fprintf(stderr, "# e2e: %s init: %s\n", opt.type,
			strerror(-ret));
		return -1;
	}
	return wait_released();
}

static int setup(void)
{
	int ret;

	cg_init(true);
	if (ctl_detect(&ctl, opt.root)) {
		fprintf(stderr, "# e2e: no controller at %s\n", opt.root);
		return -1;
	}
	snprintf(child, sizeof(child), "%s/asid_e2e.%d", opt.root, getpid());
	ret = cg_enable(opt.root, ctl_name(&ctl));
	if (!ret)
		ret = cg_mkdir(child);
	if (!ret) {
		ret = cg_move(child, 0);
		if (ret)
			cg_rmdir(child, 0);
	}
	if (ret)
		fprintf(stderr, "# e2e: set up %s: %d\n", child, ret);
	return ret ? -1 : 0;
}

/* Leave the child cgroup and remove it.  Return: 0 or -1. */
static int teardown(void)
{
	int ret = cg_move(opt.root, 0);

	if (!ret)
		ret = cg_rmdir(child, 5000);
	if (ret)
		fprintf(stderr, "# e2e: remove %s: %d\n", child, ret);
	return ret ? -1 : 0;
}

int main(int argc, char **argv)
{
	uint64_t start, elapsed;
	int kvm, ret = 0;

	parse_opts(argc, argv);
	if (setup())
		return 1;
	kvm = kvm_open();
	if (kvm < 0) {
		fprintf(stderr, "# e2e: open /dev/kvm: %s\n", strerror(-kvm));
		teardown();
		return 1;
	}

	ret = round_trip(kvm);
	start = now_ns();
	for (long i = 0; i < opt.count && !ret; i++)
		ret = round_trip(kvm);
	elapsed = now_ns() - start;
	close(kvm);

	if (teardown())
		ret = -1;
	if (ret)
		return 1;
	if (opt.header)
		printf("variant,smp,rep,type,count,elapsed_ns,ops_per_sec\n");
	printf("%s,%ld,%ld,%s,%ld,%" PRIu64 ",%.1f\n", opt.variant, opt.smp,
	       opt.rep, opt.type, opt.count, elapsed,
	       opt.count * 1e9 / elapsed);
	return 0;
}
