/* SPDX-License-Identifier: GPL-2.0 */
/* What the adapters need from native_rt.c besides native.h. */
#ifndef _NATIVE_KERNEL_H
#define _NATIVE_KERNEL_H
#include <linux/cgroup-defs.h>
#include <linux/string.h>

/*
 * A css of @ss under @parent (NULL: the root), allocated by the controller
 * and linked as cgroup core would; NULL if css_alloc failed.
 */
void *native_css_new(struct cgroup_subsys *ss, void *parent);
/* Unlink @css; css_free it unless it is the controller's static root. */
void native_css_free(struct cgroup_subsys *ss, void *css);
/*
 * Write @buf to the file @name of @ss in @css, through the controller's
 * own cftype handler; -EINVAL if it has no such writable file.
 */
long native_css_write(struct cgroup_subsys *ss, void *css, const char *name,
		      char *buf);

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
