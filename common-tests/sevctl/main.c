// SPDX-License-Identifier: GPL-2.0
/*
 * sevctl: command line and dispatch; see sevctl.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sevctl.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static const char usage_text[] =
"usage: sevctl [--root <mount>] <command> [args]\n"
"\n"
"  status [<cgroup>]            capacity and usage of each resource at the root,\n"
"                               current and max of every cgroup (or of <cgroup>)\n"
"  mkcg <cgroup>                create a cgroup (cgroup v2: enable the controller\n"
"                               in every parent on the way)\n"
"  limit <cgroup> <res> <n|max> set the max of <res> in <cgroup>\n"
"  launch <sev|sev_es> [-n N] [-c <cgroup>]\n"
"                               start N simulated SEV / SEV-ES VMs (KVM_SEV_INIT /\n"
"                               KVM_SEV_ES_INIT), each held open by a background\n"
"                               process in <cgroup> (default: your own cgroup)\n"
"  mirror <vm> [-c <cgroup>]    a new VM sharing VM <vm>'s ASID (KVM_CAP_VM_COPY_\n"
"                               ENC_CONTEXT_FROM): an SEV mirror, charged nothing\n"
"  move <vm> [-c <cgroup>]      a new VM taking VM <vm>'s context and ASID\n"
"                               (KVM_CAP_VM_MOVE_ENC_CONTEXT_FROM: intra-host\n"
"                               migration); VM <vm> is left with none\n"
"  list                         the VMs alive: number, holder pid, res, cgroup\n"
"  destroy <pid>|all            end VMs, wait until their ASIDs are free, show usage\n"
"  capacity <res> <n>           set the capacity of <res> (test module, /dev/asid_test)\n"
"  race <cgroup> <res> [-s <seconds>] [-j <launchers>]\n"
"                               fill <cgroup> to its max, then launchers (default 2)\n"
"                               on the other CPUs try to charge 1 more, in a loop,\n"
"                               while its usage is read in the kernel: prints how\n"
"                               often it read above max (default 2 s)\n"
"  help                         this text\n"
"\n"
"<cgroup> is a path below the cgroup mount (default " SEVCTL_MOUNT "), \"/\" is\n"
"the root.  <res> is a resource type of the controller, e.g. sev or sev_es.\n";

int sc_err(const struct sevctl *s, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "sevctl%s%s: ", s->cmd ? " " : "", s->cmd ? s->cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 1;
}

int sc_usage(const struct sevctl *s, const char *usage)
{
	sc_err(s, "usage: sevctl %s", usage);
	return 2;
}

static const struct {
	const char *name;
	int (*fn)(struct sevctl *s, int argc, char **argv);
} commands[] = {
	{ "status", cmd_status },
	{ "mkcg", cmd_mkcg },
	{ "limit", cmd_limit },
	{ "launch", cmd_launch },
	{ "list", cmd_list },
	{ "destroy", cmd_destroy },
	{ "capacity", cmd_capacity },
	{ "race", cmd_race },
	{ "mirror", cmd_mirror },
	{ "move", cmd_move },
};

int main(int argc, char **argv)
{
	struct sevctl s = { .mount = SEVCTL_MOUNT };
	int i = 1;

	while (i < argc && !strncmp(argv[i], "--root", 6)) {
		if (argv[i][6] == '=') {
			s.mount = argv[i] + 7;
			i++;
		} else if (!argv[i][6] && i + 1 < argc) {
			s.mount = argv[i + 1];
			i += 2;
		} else {
			return sc_usage(&s, "[--root <mount>] <command> [args]");
		}
	}
	if (i == argc)
		return sc_err(&s, "no command (try: sevctl help)");
	if (!strcmp(argv[i], "help") || !strcmp(argv[i], "-h") ||
	    !strcmp(argv[i], "--help")) {
		fputs(usage_text, stdout);
		return 0;
	}
	for (size_t c = 0; c < ARRAY_SIZE(commands); c++)
		if (!strcmp(argv[i], commands[c].name)) {
			s.cmd = commands[c].name;
			return commands[c].fn(&s, argc - i, argv + i);
		}
	return sc_err(&s, "unknown command '%s' (try: sevctl help)", argv[i]);
}
