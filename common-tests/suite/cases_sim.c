// SPDX-License-Identifier: GPL-2.0
/*
 * The test-only SEV ASID simulation (variants/common/<base>/0001-*.patch)
 * must say so in the kernel's taint: with kvm_amd.sev_asid_sim=<max>,<min>
 * in effect (max not 0) the kernel carries TAINT_TEST, bit 18 of
 * /proc/sys/kernel/tainted (include/linux/panic.h in 6.1 and 6.12), so
 * that no report from such a kernel passes for one from real hardware.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "suite.h"

#define TAINT_TEST_BIT	18

/*
 * The simulation parameter as the kernel took it: its sysfs file (kvm_amd
 * is built in; "16,5", or empty when not given), else the command line.
 * Return: 1 if ASIDs are simulated, 0 if not; @how says where from.
 */
static int sim_active(char *how, size_t len)
{
	static const char *const keys[] = { "kvm_amd.sev_asid_sim=",
					     "kvm-amd.sev_asid_sim=" };
	unsigned int max = 0, min = 0;
	char buf[4096], *v;
	int n;

	if (cg_read("/sys/module/kvm_amd/parameters", "sev_asid_sim", buf,
		    sizeof(buf)) >= 0) {
		n = sscanf(buf, "%u,%u", &max, &min);
		snprintf(how, len, "sev_asid_sim parameter \"%.*s\"",
			 (int)strcspn(buf, "\n"), buf);
		return n == 2 && max;
	}
	if (cg_read("/proc", "cmdline", buf, sizeof(buf)) < 0) {
		snprintf(how, len, "no sev_asid_sim parameter file, no /proc/cmdline");
		return 0;
	}
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		v = strstr(buf, keys[k]);
		if (!v)
			continue;
		v += strlen(keys[k]);
		n = sscanf(v, "%u,%u", &max, &min);
		snprintf(how, len, "command line %s%.*s", keys[k],
			 (int)strcspn(v, " \n"), v);
		return n == 2 && max;
	}
	snprintf(how, len, "no sev_asid_sim parameter file or command line option");
	return 0;
}

CASE(case_sim_taint)
{
	char how[256], buf[64];
	uint64_t taint;
	int ret;

	if (!sim_active(how, sizeof(how))) {
		pt_obs(p, "SEV ASIDs not simulated (%s)", how);
		return pt_skip(p, "SEV ASIDs are not simulated: %s", how);
	}
	ret = cg_read("/proc/sys/kernel", "tainted", buf, sizeof(buf));
	if (ret >= 0)
		ret = parse_u64(buf, &taint);
	if (ret < 0) {
		pt_obs(p, "simulated (%s), /proc/sys/kernel/tainted unreadable: %s",
		       how, pt_err(ret));
		pt_fail(p, "read /proc/sys/kernel/tainted: %s%s", pt_err(ret),
			ret == -ENOENT ? " (a kernel without CONFIG_PROC_SYSCTL?)" :
					 "");
		return FAIL;
	}
	pt_obs(p, "simulated (%s), tainted %" PRIu64 " (0x%" PRIx64
	       "): TAINT_TEST %s", how, taint, taint,
	       taint >> TAINT_TEST_BIT & 1 ? "set" : "not set");
	if (!(taint >> TAINT_TEST_BIT & 1))
		pt_fail(p, "SEV ASIDs are simulated but the kernel lacks TAINT_TEST (bit %d of %" PRIu64 ")",
			TAINT_TEST_BIT, taint);
	return pt_result(p);
}
