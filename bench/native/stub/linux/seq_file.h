/* SPDX-License-Identifier: GPL-2.0 */
/* Interface files are never read here; the show handlers only compile. */
#ifndef _NATIVE_LINUX_SEQ_FILE_H
#define _NATIVE_LINUX_SEQ_FILE_H
#include <linux/compiler.h>
struct cgroup_subsys_state;
struct cftype;
struct seq_file {
	struct cgroup_subsys_state *css;
	struct cftype *cft;
};
__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);
static inline struct cgroup_subsys_state *seq_css(struct seq_file *seq)
{
	return seq->css;
}
static inline struct cftype *seq_cft(struct seq_file *seq)
{
	return seq->cft;
}
#endif
