// SPDX-License-Identifier: GPL-2.0
/*
 * sections: REPORT.md from the first section to the last, in the order
 * of sections.h: the native run, then the TCG context.
 */
#include "sections.h"

void write_sections(void)
{
	build_caveat();

	section_intro();
	section_summary();
	section_inputs();
	section_nmeta();
	section_nthroughput();
	section_ndepth();
	section_anchors();
	section_exactness();
	section_stability();
	section_paired();
	section_repro();
	section_model();
	section_frontier();

	section_meta();
	section_calibration();
	section_overhead();
	section_throughput();
	section_depth();
	section_icount();
	section_rejections();
	section_native();
	section_e2e();
	section_profile();
}
