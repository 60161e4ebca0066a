// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl capacity: set a type's capacity through the test module, as a
 * driver would for its hardware.  The guest init uses it (asid.caps=) for
 * types that have no hardware behind them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "charge.h"
#include "parse.h"
#include "sevctl.h"

/* The module's type names, for the error line of a wrong one. */
static void type_names(int fd, char *buf, size_t len)
{
	struct asid_test_info info;
	uint32_t n = 1;
	size_t off = 0;

	buf[0] = '\0';
	for (uint32_t t = 0; t < n && off < len; t++) {
		if (chg_info(fd, t, &info))
			break;
		n = info.nr_types;
		off += snprintf(buf + off, len - off, "%s%s", t ? ", " : "",
				info.name);
	}
}

int cmd_capacity(struct sevctl *s, int argc, char **argv)
{
	char names[256], shown[24];
	uint64_t cap, used, now;
	int fd, type, ret;
	bool have_ctl;

	if (argc != 3)
		return sc_usage(s, "capacity <res> <n>");
	if (parse_u64(argv[2], &cap))
		return sc_err(s, "'%s' is not a count", argv[2]);
	fd = chg_open();
	if (fd < 0)
		return sc_err(s, ASID_TEST_DEV ": %s (is asid_test.ko loaded?)",
			      strerror(-fd));
	type = chg_type(fd, argv[1]);
	if (type < 0) {
		type_names(fd, names, sizeof(names));
		close(fd);
		return sc_err(s, "unknown resource type '%s' (known: %s)",
			      argv[1], names);
	}
	have_ctl = cg_exists(s->mount) && !ctl_detect(&s->ctl, s->mount);
	/*
	 * encryption_ids refuses a capacity below the usage with -EBUSY, but
	 * WARNs on the way (finding F5): say no here instead.
	 */
	if (have_ctl && s->ctl.design == CTL_ENC_IDS &&
	    !ctl_get_root_usage(&s->ctl, argv[1], &used) && cap < used) {
		close(fd);
		return sc_err(s, "%s has %" PRIu64 " in use, more than %" PRIu64 " (encryption_ids would refuse with EBUSY and WARN, finding F5)",
			      argv[1], used, cap);
	}
	ret = chg_set_capacity(fd, type, cap);
	close(fd);
	if (ret)
		return sc_err(s, "cannot set the %s capacity to %" PRIu64 ": %s",
			      argv[1], cap, strerror(-ret));
	if (!have_ctl || ctl_get_capacity(&s->ctl, argv[1], &now))
		now = cap;
	printf("%s: capacity %s\n", argv[1],
	       parse_fmt_count(now, shown, sizeof(shown)));
	return 0;
}
