// SPDX-License-Identifier: GPL-2.0
/*
 * Section "Native: machine and run", from native-meta.txt and
 * native-prev-meta.txt: what the native timings ran on, said plainly
 * (a virtual machine's vCPUs when the file names a hypervisor), and the
 * run's own facts as recorded.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "report.h"
#include "sections.h"

void say_machine(void)
{
	char cpus[512], cpu[256], *hv;
	int n;

	if (meta_get(in_dir, "native-meta.txt", "host cpus", cpus, sizeof(cpus))) {
		P("native-meta.txt: " NOT_MEASURED ", so the machine the native "
		  "timings come from is not recorded. ");
		return;
	}
	meta_get(in_dir, "native-meta.txt", "host cpu", cpu, sizeof(cpu));
	n = atoi(cpus);
	hv = strstr(cpus, "hypervisor ");
	if (!hv) {
		P("The native timings are of %d CPUs of this machine (%s; "
		  "native-meta.txt names no hypervisor). ", n, cpu[0] ? cpu : "-");
		return;
	}
	hv += strlen("hypervisor ");
	P("The native timings are of the vCPUs of a %d-vCPU virtual machine "
	  "(native-meta.txt: %s, hypervisor %.*s): the host is itself a VM, so "
	  "there is no hardware PMU and no bare-metal topology, and a worker's "
	  "CPU is a vCPU that the hypervisor schedules. ", n, cpu[0] ? cpu : "-",
	  (int)strcspn(hv, ",; "), hv);
}

void section_nmeta(void)
{
	char date[128];

	P("## Native: machine and run\n\n");
	say_machine();
	P("\n\n");
	if (!print_meta_file("native-meta.txt"))
		P("native-meta.txt: " NOT_MEASURED ".\n\n");
	if (!meta_get(in_dir, "native-prev-meta.txt", "date", date, sizeof(date)))
		P("The previous native run (native-prev.csv), which section "
		  "\"Native: reproducibility\" compares this one with, is of %s.\n\n",
		  date);
}
