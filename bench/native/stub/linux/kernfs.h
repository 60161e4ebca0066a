/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An open interface file is its css and its cftype: of_css() and of_cft()
 * return what the kernel finds through of->kn.  The driver writes misc.max
 * and <type>.max through the controller's own cftype->write this way.
 */
#ifndef _NATIVE_LINUX_KERNFS_H
#define _NATIVE_LINUX_KERNFS_H
struct cgroup_subsys_state;
struct cftype;
struct kernfs_node;
struct kernfs_open_file {
	struct cgroup_subsys_state *css;
	struct cftype *cft;
};
static inline struct cftype *of_cft(struct kernfs_open_file *of)
{
	return of->cft;
}
static inline struct cgroup_subsys_state *of_css(struct kernfs_open_file *of)
{
	return of->css;
}
#endif
