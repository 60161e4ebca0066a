/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kvm_subtest.h: each subtest of a KVM selftest as a KTAP point.
 *
 * The KVM selftests we run (build-kvm.sh) call their subtests one after the
 * other from main() and stop at the first TEST_ASSERT that fails, printing no
 * result per subtest.  kvm-subtests.awk rewrites a scratch copy of the test's
 * source: it defines KVM_SUBTEST_PROGRAM (the test's name), main() becomes
 * kvm_subtest_main(), which the main() below calls, and each statement
 * "test_x(args);" of it becomes KVM_SUBTEST("test_x:args", test_x(args)),
 * keeping main()'s order and its conditions.  Each subtest then runs in a
 * child of its own, so that one that fails does not hide the others, and is
 * one point:
 *  - "ok" if the child exited 0 and the kernel logged no splat meanwhile;
 *  - "ok ... # SKIP" after its last line if it exited KSFT_SKIP (a
 *    TEST_REQUIRE or a device it could not open: run.sh fails an undeclared
 *    SKIP);
 *  - "not ok ... # <why>" otherwise: "exit status <n>: <what it said last>"
 *    (a TEST_ASSERT exits non-zero: its message, see kvm_subtest_quote()),
 *    "killed by signal <n>", and "kernel splat: <headline>" for the first WARN, BUG or
 *    lockdep report the kernel logged while it ran.  run.sh matches <why>
 *    against the branch's known defects.
 * Around each subtest the kernel log gets the suite's markers,
 * "asid_suite: begin kselftest:<test>:<subtest>" and "... end ...", so that
 * the console scan (qemu/scan-console.sh) knows which point a splat belongs
 * to, and WARN_ONCE state is reset before it, as the suite does, so that a
 * warning an earlier point tripped is seen again.  The child's output is
 * quoted as "# " lines: its own "ok" lines (ksft_exit_skip() prints one) are
 * no points.  The test exits 1 if a subtest did not pass; a TEST_REQUIRE in
 * main() still skips it as a whole.
 */
#ifndef KVM_SUBTEST_H
#define KVM_SUBTEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * The suite's list of splat headlines and its /dev/kmsg reader
 * (common-tests/lib/kmsg.c and the file.c it writes with, copied beside
 * this file by build-kvm.sh): included, not linked, as the selftests'
 * Makefile builds one source per test.
 */
#include "kmsg.h"
#include "kmsg.c"
#include "file.c"

#define KVM_SUBTEST_SKIP	4	/* KSFT_SKIP */
/* The first splat's headline a subtest reports, at most this long. */
#define KVM_SUBTEST_SPLAT_LEN	256

static int kvm_subtest_nr;
static int kvm_subtest_bad;

/*
 * Copy the child's output from fd as "# " lines, and keep what it said
 * last: the message of its failed TEST_ASSERT() if it has one (the last of
 * the lines, indented by two blanks, that follow "==== Test Assertion
 * Failure ===="; what an atexit() handler prints afterwards is not it),
 * else its last line.
 */
static void kvm_subtest_quote(int fd, char *last, size_t len)
{
	char line[1024], assertion[1024] = "";
	bool in_assertion = false;
	FILE *f = fdopen(fd, "r");

	last[0] = '\0';
	if (!f) {
		close(fd);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		printf("# %s\n", line);
		if (strstr(line, "==== Test Assertion Failure ===="))
			in_assertion = true;
		else if (in_assertion && !strncmp(line, "  ", 2) && line[2] != ' ')
			snprintf(assertion, sizeof(assertion), "%s", line + 2);
		if (line[strspn(line, " \t")])
			snprintf(last, len, "%s", line + strspn(line, " \t"));
	}
	fclose(f);
	if (assertion[0])
		snprintf(last, len, "%s", assertion);
}

/* "asid_suite: <what> kselftest:<test>:<name>" in the kernel log. */
static void kvm_subtest_mark(const char *what, const char *name)
{
	char point[KMSG_MARK_LEN];
	int err = -ENAMETOOLONG;

	if (snprintf(point, sizeof(point), "kselftest:%s:%s", KVM_SUBTEST_PROGRAM,
		     name) < (int)sizeof(point))
		err = kmsg_mark(what, point);
	if (err)
		printf("# kvm_subtest: cannot mark %s in the kernel log: %s\n", name,
		       strerror(-err));
}

/* Each subtest sees the WARN_ONCE()s it trips (kmsg_clear_warn_once()). */
static void kvm_subtest_clear_warn_once(void)
{
	int err = kmsg_clear_warn_once();

	if (err)
		printf("# kvm_subtest: clear_warn_once: %s\n", strerror(-err));
}

static void kvm_subtest_on_splat(const char *text, void *arg)
{
	char *first = arg;

	if (!first[0])
		snprintf(first, KVM_SUBTEST_SPLAT_LEN, "%s", text);
}

/* The verdict of a child that ended with @status; @why gets the reason. */
static int kvm_subtest_verdict(int status, const char *last, const char *splat,
			       char *why, size_t len)
{
	int n = 0;

	why[0] = '\0';
	if (WIFEXITED(status) && WEXITSTATUS(status) == KVM_SUBTEST_SKIP && !splat[0])
		return KVM_SUBTEST_SKIP;
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		n = snprintf(why, len, "exit status %d: %s", WEXITSTATUS(status), last);
	else if (WIFSIGNALED(status))
		n = snprintf(why, len, "killed by signal %d", WTERMSIG(status));
	if (splat[0])
		snprintf(why + n, len - n, "%skernel splat: %s", n ? "; " : "", splat);
	return why[0] ? 1 : 0;
}

/*
 * Start subtest name: 0 in the child, which runs it; in the parent, wait for
 * it, report it and return 1.
 */
static int kvm_subtest_start(const char *name)
{
	char last[512], splat[KVM_SUBTEST_SPLAT_LEN] = "", why[1024];
	int fds[2], status, kfd;
	pid_t pid;

	kvm_subtest_nr++;
	fflush(stdout);
	fflush(stderr);
	kvm_subtest_clear_warn_once();
	kvm_subtest_mark("begin", name);
	kfd = kmsg_open();
	if (pipe(fds) < 0 || (pid = fork()) < 0) {
		printf("not ok %d %s # cannot start it: %s\n", kvm_subtest_nr, name,
		       strerror(errno));
		kvm_subtest_bad = 1;
		return 1;
	}
	if (pid == 0) {
		close(fds[0]);
		if (kfd >= 0)
			close(kfd);
		if (dup2(fds[1], STDOUT_FILENO) < 0 || dup2(fds[1], STDERR_FILENO) < 0)
			exit(1);
		close(fds[1]);
		/* Lines in the order written: its last line is what it said last. */
		setvbuf(stdout, NULL, _IOLBF, 0);
		return 0;
	}
	close(fds[1]);
	kvm_subtest_quote(fds[0], last, sizeof(last));
	if (waitpid(pid, &status, 0) != pid) {
		printf("not ok %d %s # waitpid: %s\n", kvm_subtest_nr, name, strerror(errno));
		kvm_subtest_bad = 1;
		return 1;
	}
	if (kfd >= 0) {
		kmsg_for_each_splat(kfd, kvm_subtest_on_splat, splat);
		close(kfd);
	} else {
		snprintf(splat, sizeof(splat), "kernel log unreadable: %s", strerror(-kfd));
	}
	kvm_subtest_mark("end", name);
	switch (kvm_subtest_verdict(status, last, splat, why, sizeof(why))) {
	case 0:
		printf("ok %d %s\n", kvm_subtest_nr, name);
		break;
	case KVM_SUBTEST_SKIP:
		/* kselftest's own form, which run.sh reads: the name last. */
		printf("# %s: %s\n", name, last);
		printf("ok %d # SKIP %s\n", kvm_subtest_nr, name);
		break;
	default:
		printf("not ok %d %s # %s\n", kvm_subtest_nr, name, why);
		kvm_subtest_bad = 1;
	}
	fflush(stdout);
	return 1;
}

#define KVM_SUBTEST(name, call)				\
	do {						\
		if (!kvm_subtest_start(name)) {		\
			call;				\
			exit(0);			\
		}					\
	} while (0)

int kvm_subtest_main(int argc, char *argv[]);

int main(int argc, char *argv[])
{
	int ret = kvm_subtest_main(argc, argv);

	if (!kvm_subtest_nr) {
		printf("# kvm_subtest: no subtest ran\n");
		return 1;
	}
	return ret ? ret : kvm_subtest_bad;
}

#endif /* KVM_SUBTEST_H */
