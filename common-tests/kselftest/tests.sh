#!/bin/sh
# tests.sh: host tests of run.sh, as TAP.  The "selftests" here are shell
# scripts that print what a kselftest binary prints; nothing touches the
# host's cgroups.  Each case is a test "t" with the subtests a and b.
set -u
here=$(cd "$(dirname "$0")" && pwd)
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

tap_done
