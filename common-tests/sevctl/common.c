// SPDX-License-Identifier: GPL-2.0
/*
 * The controller as sevctl sees it: which design, which resource types,
 * and the root usage, which misc has no file for.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "charge.h"
#include "sevctl.h"

int sc_setup(struct sevctl *s)
{
	int ret;

	if (!cg_exists(s->mount))
		return sc_err(s, "%s: no such directory (is cgroup2 mounted?)",
			      s->mount);
	/* v1 mounts have no cgroup.subtree_control at their root. */
	cg_init(cg_has_file(s->mount, "cgroup.subtree_control"));
	if (ctl_detect(&s->ctl, s->mount))
		return sc_err(s, "%s: neither misc nor encryption_ids is there",
			      s->mount);
	ret = ctl_find_res(&s->ctl, NULL);
	if (ret < 0)
		return sc_err(s, "cannot list the resource types of %s: %s",
			      ctl_name(&s->ctl), strerror(-ret));
	return 0;
}

bool sc_has_res(const struct sevctl *s, const char *res)
{
	for (int i = 0; i < s->ctl.nres; i++)
		if (!strcmp(s->ctl.res[i], res))
			return true;
	return false;
}

const char *sc_res_list(const struct sevctl *s)
{
	static char buf[CTL_MAX_RES * (CTL_NAME_LEN + 2)];
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->ctl.nres && n < sizeof(buf); i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? ", " : "",
			      s->ctl.res[i]);
	return s->ctl.nres ? buf : "none";
}

int sc_root_usage(const struct sevctl *s, const char *res, uint64_t *used)
{
	int ret = ctl_get_root_usage(&s->ctl, res, used);
	int fd, type;

	if (ret != -ENOENT || ctl_has(&s->ctl, CTL_F_USAGE))
		return ret;
	fd = chg_open();
	if (fd < 0)
		return fd;
	type = chg_type(fd, res);
	ret = type < 0 ? type : chg_total_usage(fd, type, used);
	close(fd);
	return ret;
}
