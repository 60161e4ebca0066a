#!/bin/sh
# tests/run.sh: host tests of run.sh, as TAP.  The "selftests" here are shell
# scripts that print what a kselftest binary prints; nothing touches the
# host's cgroups.  Each case is a test "t" with the subtests a and b.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
summarize=$here/../../qemu/summarize.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/../../qemu/tests/tap.sh"
has() { grep -qE -- "$1" "$tmp/out"; }

# run NAME SKIPS SCRIPT: run.sh on a fake test t whose body is SCRIPT;
# its KTAP in $tmp/out, its exit status in $rc.
run() {
	d=$tmp/$1
	mkdir -p "$d"
	printf 't a\nt b\n' > "$d/plan"
	printf '%b' "$2" > "$d/skips"
	if [ -n "$3" ]; then
		printf '#!/bin/sh\n%s\n' "$3" > "$d/t"
		chmod +x "$d/t"
	fi
	KST_TIMEOUT=${KST_TIMEOUT:-20} "$here/run.sh" "$d" > "$tmp/out" 2>&1
	rc=$?
	sed 's/^/# /' "$tmp/out"
}

run pass '' 'echo "ok 1 a"; echo "ok 2 b"'
[ $rc = 0 ] && has '^1\.\.3$' && has '^ok 1 kselftest:t:a$' && has '^ok 2 kselftest:t:b$' &&
	has '^ok 3 kselftest:t$' && has '^# t: ok 1 a$'
ok $? "kselftest_pass"
# The quoted "ok" lines of the test are no points: three, not five.
mkdir -p "$tmp/o/x" && cp "$tmp/out" "$tmp/o/x/suite.ktap" && echo 0 > "$tmp/o/x/status"
"$summarize" -- "$tmp/o/x" | grep -q '^4 passed, 0 failed$'
ok $? "kselftest_raw_output_not_counted"

run skip_declared 't:b not in our config\n' 'echo "ok 1 a"; echo "ok 2 # SKIP b"'
[ $rc = 0 ] && has '^ok 2 kselftest:t:b # SKIP not in our config$' && has '^ok 3 kselftest:t$'
ok $? "kselftest_declared_skip"

run skip_undeclared '' 'echo "ok 1 a"; echo "ok 2 # SKIP b"'
[ $rc = 1 ] && has '^not ok 2 kselftest:t:b \(SKIP not declared in skips\)$'
ok $? "kselftest_undeclared_skip_fails"

run fail '' 'echo "not ok 1 a"; echo "ok 2 b"; exit 1'
[ $rc = 1 ] && has '^not ok 1 kselftest:t:a \(the test reported FAIL\)$' &&
	has '^not ok 3 kselftest:t \(exit status 1\)$'
ok $? "kselftest_fail"

run crash '' 'echo "ok 1 a"; kill -SEGV $$'
[ $rc = 1 ] && has '^not ok 2 kselftest:t:b \(no result: killed by signal 11, 1 of 2 results\)$' &&
	has '^not ok 3 kselftest:t \(killed by signal 11\)$'
ok $? "kselftest_crash_fails"

run exit_nonzero '' 'echo "ok 1 a"; echo "ok 2 b"; exit 3'
[ $rc = 1 ] && has '^ok 2 kselftest:t:b$' && has '^not ok 3 kselftest:t \(exit status 3\)$'
ok $? "kselftest_nonzero_exit_fails"

run fewer '' 'echo "ok 1 a"'
[ $rc = 1 ] && has '^not ok 2 kselftest:t:b \(no result: exit status 0, 1 of 2 results\)$' &&
	has '^not ok 3 kselftest:t \(1 of 2 results\)$'
ok $? "kselftest_missing_result_fails"

run plan '' 'echo "1..3"; echo "ok 1 a"; echo "ok 2 b"'
[ $rc = 1 ] && has '^not ok 3 kselftest:t \(its plan is 1\.\.3, its tests\[\] table has 2\)$'
ok $? "kselftest_plan_mismatch_fails"

# Fully buffered stdout and a child that exit()s: a result seen twice.
run twice '' 'echo "ok 1 a"; echo "ok 1 a"; echo "ok 2 b"'
[ $rc = 1 ] && has '^not ok 3 kselftest:t \(results: twice a\)$'
ok $? "kselftest_duplicate_result_fails"

run whole_declared 't:* no memory controller (not in our config)\n' \
	'echo "1..0 # SKIP no memory controller"; exit 4'
[ $rc = 0 ] && has '^ok 1 kselftest:t:a # SKIP no memory controller \(not in our config\)$' &&
	has '^ok 3 kselftest:t # SKIP no memory controller'
ok $? "kselftest_declared_whole_skip"

# ksft_exit_skip() after the plan, as test_pids would.
run whole_after_plan 't:* no pids\n' 'echo "1..2"; echo "ok 1 # SKIP no pids"; exit 4'
[ $rc = 0 ] && has '^ok 2 kselftest:t:b # SKIP no pids$' && has '^ok 3 kselftest:t # SKIP no pids$'
ok $? "kselftest_declared_whole_skip_after_plan"

run whole_other_reason 't:* no memory controller\n' \
	'echo "1..0 # SKIP cgroup v2 is not mounted"; exit 4'
[ $rc = 1 ] &&
	has "^not ok 1 kselftest:t:a \(the whole test skipped, not declared in skips: cgroup v2 is not mounted\)$" &&
	has '^not ok 3 kselftest:t \(the whole test skipped, not declared in skips: cgroup v2 is not mounted\)$'
ok $? "kselftest_whole_skip_other_reason_fails"

run missing '' ''
[ $rc = 1 ] && has '^not ok 1 kselftest:t:a \(no result: t is not in the initramfs, 0 of 2 results\)$' &&
	has '^not ok 3 kselftest:t \(t is not in the initramfs\)$'
ok $? "kselftest_missing_binary_fails"

KST_TIMEOUT=1 run hang '' 'echo "ok 1 a"; exec sleep 10'
[ $rc = 1 ] && has '^not ok 2 kselftest:t:b \(no result: timed out after [0-9]+ s, 1 of 2 results\)$' &&
	has '^not ok 3 kselftest:t \(timed out after [0-9]+ s\)$'
ok $? "kselftest_hang_times_out"

# A test build.sh left out is a SKIP point with the reason.
run not_built '' 'echo "ok 1 a"; echo "ok 2 b"'
printf 'u not built: CONFIG_U not set\n' > "$tmp/not_built/not-built"
"$here/run.sh" "$tmp/not_built" > "$tmp/out" 2>&1
[ $? = 0 ] && has '^1\.\.4$' && has '^ok 4 kselftest:u # SKIP not built: CONFIG_U not set$'
ok $? "kselftest_not_built_is_skip"

# The KVM selftests: kvm-subtests.awk rewrites a test's main() so that each
# subtest runs in a child of its own (kvm_subtest.h) and is a point.  The
# fake test k does in each subtest what $A, $B or $C say: pass, fail (exit
# 254, as TEST_ASSERT), skip (exit 4, as TEST_REQUIRE) or crash; test_c is
# called only when $C is set, and $NOSEV skips the whole test in main().
kvm=$tmp/kvm
mkdir -p "$kvm"
cat > "$kvm/k.c" <<'EOF'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void act(const char *what)
{
	/* ksft_exit_skip() prints an "ok" line of its own: no point of ours. */
	printf("ok 1 # SKIP inner line\n");
	if (!strcmp(what, "fail")) {
		/* As test_assert() reports, then an atexit() handler. */
		fprintf(stderr, "==== Test Assertion Failure ====\n  k.c:1: x == 1\n"
			"  pid=1 tid=1 errno=0 - Success\nsh: addr2line: not found\n"
			"  x is 2, expected 1\n");
		printf("Removing /cg failed\n");
		exit(254);
	}
	if (!strcmp(what, "skip")) {
		printf("- Requirement not met: sev\n");
		exit(4);
	}
	if (!strcmp(what, "crash"))
		raise(SIGSEGV);
	if (!strcmp(what, "warn")) {
		/* What the kernel would log: one /dev/kmsg record. */
		FILE *log = fopen(KMSG_PATH, "a");

		fprintf(log, "4,9,9,-;WARNING: CPU: 0 PID: 9 at fake.c:1 fake_uncharge+0x0/0x9\n");
		fclose(log);
	}
}

static void test_a(void) { act(getenv("A")); }
static void test_b(int x) { (void)x; act(getenv("B")); }
static void test_c(void) { act(getenv("C")); }

int main(int argc, char *argv[])
{
	if (getenv("NOSEV")) {
		printf("1..0 # SKIP - Requirement not met: sev\n");
		exit(4);
	}
	test_a();
	test_b(/* x= */ 1);
	if (getenv("C"))
		test_c();
	return 0;
}
EOF
awk -v test=k -v plan="$kvm/plan" -f "$here/kvm-subtests.awk" "$kvm/k.c" > "$kvm/kk.c" &&
	cp "$here/kvm_subtest.h" "$here"/../lib/kmsg.[ch] "$here"/../lib/file.[ch] "$kvm/" &&
	gcc -Wall -Werror -DKMSG_PATH="\"$kvm/kmsg\"" -DKMSG_WARN_ONCE_PATH="\"$kvm/warn_once\"" \
		-o "$kvm/k" "$kvm/kk.c"
ok $? "kvm_subtests_rewrite_builds"
printf 'k test_a\nk test_b:1\nk test_c\n' | cmp -s - "$kvm/plan"
ok $? "kvm_subtests_plan_in_order"

# kvm NAME SKIPS VAR=VALUE...: run.sh on k with that environment, and
# $known as its known defects.  k's "kernel log" is the file $kvm/kmsg.
known=/dev/null
kvm() {
	d=$tmp/kvm-$1
	mkdir -p "$d"
	cp "$kvm/k" "$kvm/plan" "$d/"
	printf '%b' "$2" > "$d/skips"
	shift 2
	: > "$kvm/kmsg"
	: > "$kvm/warn_once"
	env "$@" KST_TIMEOUT=20 "$here/run.sh" "$d" "$known" > "$tmp/out" 2>&1
	rc=$?
	sed 's/^/# /' "$tmp/out"
}

kvm pass '' A=pass B=pass C=pass
[ $rc = 0 ] && has '^ok 1 kselftest:k:test_a$' && has '^ok 2 kselftest:k:test_b:1$' &&
	has '^ok 3 kselftest:k:test_c$' && has '^ok 4 kselftest:k$' &&
	has '^# k: # ok 1 # SKIP inner line$' && has '^# observed kselftest:k:test_a: passed$'
ok $? "kvm_subtest_pass"

# A failing subtest fails its point and the test, and the next one still runs.
kvm fail '' A=fail B=pass C=pass
[ $rc = 1 ] &&
	has '^not ok 1 kselftest:k:test_a \(the test reported FAIL: exit status 254: x is 2, expected 1\)$' &&
	has '^# k: not ok 1 test_a # exit status 254: x is 2, expected 1$' && has '^ok 2 kselftest:k:test_b:1$' &&
	has '^not ok 4 kselftest:k \(exit status 1\)$'
ok $? "kvm_subtest_fail"

kvm crash '' A=pass B=crash C=pass
[ $rc = 1 ] && has '^not ok 2 kselftest:k:test_b:1 \(the test reported FAIL: killed by signal 11\)$' &&
	has '^# k: not ok 2 test_b:1 # killed by signal 11$' && has '^ok 3 kselftest:k:test_c$'
ok $? "kvm_subtest_crash_fails"

kvm skip_undeclared '' A=pass B=skip C=pass
[ $rc = 1 ] && has '^not ok 2 kselftest:k:test_b:1 \(SKIP not declared in skips\)$' &&
	has '^# k: # test_b:1: - Requirement not met: sev$'
ok $? "kvm_subtest_undeclared_skip_fails"

kvm skip_declared 'k:test_b:1 no sev here\n' A=pass B=skip C=pass
[ $rc = 0 ] && has '^ok 2 kselftest:k:test_b:1 # SKIP no sev here$' && has '^ok 4 kselftest:k$'
ok $? "kvm_subtest_declared_skip"

# A subtest that main() did not call (its condition false) is no pass.
kvm not_called '' A=pass B=pass
[ $rc = 1 ] && has '^not ok 3 kselftest:k:test_c \(no result: exit status 0, 2 of 3 results\)$'
ok $? "kvm_subtest_not_called_fails"

kvm whole_skip '' NOSEV=1
[ $rc = 1 ] && has '^not ok 4 kselftest:k \(the whole test skipped, not declared in skips: - Requirement not met: sev\)$'
ok $? "kvm_subtest_whole_skip_undeclared_fails"

# A subtest that exits 0 but makes the kernel splat fails, between the
# suite's markers, after WARN_ONCE state was reset.
kvm splat '' A=warn B=pass C=pass
[ $rc = 1 ] &&
	has '^not ok 1 kselftest:k:test_a \(the test reported FAIL: kernel splat: WARNING: CPU: 0 PID: 9 at fake.c:1 fake_uncharge\+0x0/0x9\)$' &&
	has '^ok 2 kselftest:k:test_b:1$' &&
	grep -qx 'asid_suite: begin kselftest:k:test_a' "$kvm/kmsg" &&
	grep -qx 'asid_suite: end kselftest:k:test_a' "$kvm/kmsg" && [ "$(cat "$kvm/warn_once")" = 1 ]
ok $? "kvm_subtest_splat_fails"

# A known defect: a TODO when its reason matches, the test's point too.
printf '# comment\nF9 kselftest:k:test_a kernel splat: WARNING: .* fake_uncharge\\+\nF8 kselftest:other:test_a x\n' \
	> "$tmp/known"
known=$tmp/known
kvm known '' A=warn B=pass C=pass
[ $rc = 0 ] && has '^# observed kselftest:k:test_a: kernel splat: WARNING: ' &&
	has '^not ok 1 kselftest:k:test_a # TODO F9$' && has '^ok 2 kselftest:k:test_b:1$' &&
	has '^not ok 4 kselftest:k # TODO F9$'
ok $? "kvm_subtest_known_defect_is_todo"
mkdir -p "$tmp/o/y" && cp "$tmp/out" "$tmp/o/y/suite.ktap" && echo 0 > "$tmp/o/y/status"
"$summarize" -- "$tmp/o/y" | grep -q '^3 passed, 0 failed$'
ok $? "kvm_subtest_known_defect_not_counted"

kvm known_gone '' A=pass B=pass C=pass
[ $rc = 1 ] && has '^not ok 1 kselftest:k:test_a \(known defect F9 no longer reproduces\)$' &&
	has '^ok 4 kselftest:k$'
ok $? "kvm_subtest_known_defect_gone_fails"

kvm known_other_way '' A=fail B=pass C=pass
[ $rc = 1 ] && has '^# observed kselftest:k:test_a: exit status 254: ' &&
	has '^not ok 1 kselftest:k:test_a \(known defect F9: the observation does not match its signature /kernel splat: WARNING: \.\* fake_uncharge\\\+/\)$' &&
	has '^not ok 4 kselftest:k \(exit status 1\)$'
ok $? "kvm_subtest_known_defect_other_failure_fails"

kvm known_not_run '' A=skip B=pass C=pass
[ $rc = 1 ] && has '^not ok 1 kselftest:k:test_a \(known defect F9 did not run\)$'
ok $? "kvm_subtest_known_defect_not_run_fails"
known=/dev/null

# What the rewrite cannot make a point of stops the build, naming it.
awk_fails() {	# awk_fails NAME LINE ERE: k.c with LINE added to main()
	sed "s|^\ttest_a();|&\n$2|" "$kvm/k.c" > "$tmp/$1.c"
	awk -v test=k -v plan=/dev/null -f "$here/kvm-subtests.awk" "$tmp/$1.c" \
		> /dev/null 2> "$tmp/out"
	rc=$?
	sed 's/^/# /' "$tmp/out"
	[ $rc != 0 ] && has "$3"
}
awk_fails not_a_statement '\tif (test_c() < 0) return 1;' 'not a statement of its own'
ok $? "kvm_subtests_call_in_expression_fails"
awk_fails twice '\ttest_a();' 'subtest test_a twice'
ok $? "kvm_subtests_duplicate_fails"
printf 'int main(int argc, char *argv[])\n{\n\treturn 0;\n}\n' > "$tmp/none.c"
awk -v test=k -v plan=/dev/null -f "$here/kvm-subtests.awk" "$tmp/none.c" > /dev/null 2> "$tmp/out"
[ $? != 0 ] && has 'no test_ call in main'
ok $? "kvm_subtests_none_fails"

tap_done
