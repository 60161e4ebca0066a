/* SPDX-License-Identifier: GPL-2.0 */
/* What the adapters need from native_rt.c besides native.h. */
#ifndef _NATIVE_KERNEL_H
#define _NATIVE_KERNEL_H
#include <linux/cgroup-defs.h>
#include <linux/string.h>

void native_css_link(struct cgroup_subsys_state *css,
		     struct cgroup_subsys_state *parent,
		     struct cgroup_subsys *ss);
void native_css_unlink(struct cgroup_subsys_state *css);

/* The cftype of @ss called @name, or NULL. */
static inline struct cftype *native_find_cftype(struct cgroup_subsys *ss,
						const char *name)
{
	struct cftype *cft;

	for (cft = ss->dfl_cftypes; cft && cft->name[0]; cft++)
		if (!strcmp(cft->name, name))
			return cft;
	return NULL;
}

/* dst = a + b + c, truncated to @size. */
static inline void native_cat3(char *dst, size_t size, const char *a,
			       const char *b, const char *c)
{
	const char *parts[3] = { a, b, c };
	size_t n = 0;
	int i;

	for (i = 0; i < 3; i++) {
		size_t len = strlen(parts[i]);

		if (n + len >= size)
			len = size - 1 - n;
		memcpy(dst + n, parts[i], len);
		n += len;
	}
	dst[n] = '\0';
}
#endif
