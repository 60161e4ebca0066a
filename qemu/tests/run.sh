#!/bin/sh
# qemu/tests/run.sh: host-side robustness of the pipeline's glue, as TAP.
# Each test works in a scratch directory, with a tiny fake tarball and a
# fake qemu-system-x86_64 where a real one would take minutes.
#   - an interrupted extraction or git am resumes on the next run
#   - a branch worktree shares the files its series leaves alone
#   - a patch that no longer applies stops with its name and failing hunk
#   - a missing package is named
#   - a guest that does not finish is killed at its timeout and reported
#   - a guest whose console shows a WARN fails, whatever its status
#   - the report generator nests included headings and refuses to cite
#     a test point the run does not have
#   - the findings table and the semantics differences read KTAP right
#   - a kernel broken on purpose is caught only by the check it breaks
#   - every path a README names exists (qemu/readme-paths.sh)
#   - a malformed branch file stops make, naming its file and line
#   - a boot runs its row's verdict, and every row names one that exists
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/qemu/tests/tap.sh"
has() { grep -q -- "$1" "$2"; }
# smake ARGS: a make of its own, not a child of the make that runs these
# tests (whose jobserver and flags would add lines to its output).
smake() { MAKEFLAGS= MAKELEVEL= make -s "$@"; }

# A two-file "kernel" tarball, and a patch against it that applies.
mkdir -p "$tmp/linux-x/kernel"
printf 'one\ntwo\nthree\n' > "$tmp/linux-x/kernel/a.c"
printf 'VERSION = 0\n' > "$tmp/linux-x/Makefile"
tar -C "$tmp" -cJf "$tmp/linux.tar.xz" linux-x
tree=$tmp/tree

# Extraction interrupted before its final rename leaves only tree.tmp.
mkdir -p "$tree.tmp" && echo junk > "$tree.tmp/partial"
"$top/variants/scripts/extract.sh" "$tmp/linux.tar.xz" "$tree" > "$tmp/out" 2>&1
ok $? "extract_resumes_after_interruption"
git -C "$tree" config user.name t && git -C "$tree" config user.email t@t

mkpatch() {	# mkpatch NAME SED: a format-patch of SED applied to kernel/a.c
	git -C "$tree" checkout -q -B tmp base
	sed -i "$2" "$tree/kernel/a.c"
	git -C "$tree" commit -q -am "$1"
	git -C "$tree" format-patch -q -1 --stdout > "$tmp/$1.patch"
	git -C "$tree" checkout -q base && git -C "$tree" branch -q -D tmp
}
mkpatch good 's/two/TWO/'
mkpatch stale 's/three/THREE/'
sed -i 's/^ three$/ drei/; s/^-three$/-drei/' "$tmp/stale.patch"

"$top/variants/scripts/branch.sh" "$tree" b "$tmp/src/b" "$tmp/good.patch" > "$tmp/out" 2>&1 &&
	has TWO "$tmp/src/b/kernel/a.c"
ok $? "branch_applies_series"

# A worktree shares the files its series leaves alone with the extracted
# tree, and a file it changes is its own: the tree keeps base's text.
[ "$(stat -c %i "$tmp/src/b/Makefile")" = "$(stat -c %i "$tree/Makefile")" ] &&
	[ "$(stat -c %i "$tmp/src/b/kernel/a.c")" != "$(stat -c %i "$tree/kernel/a.c")" ] &&
	has two "$tree/kernel/a.c" && [ -z "$(git -C "$tree" status --porcelain)" ] &&
	[ -z "$(git -C "$tmp/src/b" status --porcelain)" ]
ok $? "worktree_shares_unchanged_files_only"

# A worktree whose linking was interrupted is made again.
rm "$tmp/src/b/Makefile" && touch "$tmp/src/b/.linking"
"$top/variants/scripts/branch.sh" "$tree" b "$tmp/src/b" "$tmp/good.patch" > "$tmp/out" 2>&1 &&
	[ -f "$tmp/src/b/Makefile" ] && [ ! -e "$tmp/src/b/.linking" ] && has TWO "$tmp/src/b/kernel/a.c"
ok $? "interrupted_linking_remade"

# Another worktree re-dates a shared file (as seed-obj.sh once did): remaking
# branch b rewrites only the file its series changes, and Makefile stays
# shared, so Kbuild would not rebuild what includes it.
"$top/variants/scripts/branch.sh" "$tree" c "$tmp/src/c" > "$tmp/out" 2>&1 &&
	touch -d @946684800 "$tmp/src/c/Makefile" &&
	"$top/variants/scripts/branch.sh" "$tree" b "$tmp/src/b" > "$tmp/out" 2>&1 &&
	[ "$(stat -c %i "$tmp/src/b/Makefile")" = "$(stat -c %i "$tree/Makefile")" ] &&
	has two "$tmp/src/b/kernel/a.c"
ok $? "remade_branch_keeps_shared_files"

# seed-obj.sh dates no shared file: a file the donor changed and the new
# branch has as base's gets a copy of its own, and the tree's keeps its date.
"$top/variants/scripts/branch.sh" "$tree" d "$tmp/src/d" "$tmp/good.patch" > "$tmp/out" 2>&1 &&
	mkdir -p "$tmp/dobj" && : > "$tmp/dobj/vmlinux" && touch -d @1000000000 "$tree/kernel/a.c" &&
	"$top/variants/scripts/seed-obj.sh" "$tmp/src/d" "$tmp/dobj" "$tmp/src/c" "$tmp/src/c/.kobj" \
		> "$tmp/out" 2>&1 &&
	[ "$(stat -c %Y "$tree/kernel/a.c")" = 1000000000 ] &&
	[ "$(stat -c %i "$tmp/src/c/kernel/a.c")" != "$(stat -c %i "$tree/kernel/a.c")" ] &&
	[ "$(stat -c %Y "$tmp/src/c/kernel/a.c")" -gt 1000000000 ] && has two "$tmp/src/c/kernel/a.c" &&
	[ "$(stat -c %i "$tmp/src/c/Makefile")" = "$(stat -c %i "$tree/Makefile")" ]
ok $? "seed_obj_dates_no_shared_file"

# A worktree made from a branch's worktree (patches.sh passes one) is of
# base all the same, and clean for git am: not hard links to the branch's
# files.
( . "$top/variants/scripts/worktree.sh" && linked_worktree "$tmp/src/d" "$tmp/mail-wt" ) \
	> "$tmp/out" 2>&1 && has two "$tmp/mail-wt/kernel/a.c" &&
	[ -z "$(git -C "$tmp/mail-wt" status --porcelain)" ] && has TWO "$tmp/src/d/kernel/a.c"
ok $? "worktree_from_a_branch_worktree_is_base"

"$top/variants/scripts/branch.sh" "$tree" b "$tmp/src/b" "$tmp/good.patch" "$tmp/stale.patch" > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has 'stale.patch does not apply' "$tmp/out" && has 'error: patch failed: kernel/a.c' "$tmp/out"
ok $? "stale_patch_named_with_hunk"
sed 's/^/# /' "$tmp/out"

# git am interrupted half way: the scratch worktree is mid-am.
(cd "$tmp/src/.apply-$(basename "$tree")" && git am -q "$tmp/stale.patch" > /dev/null 2>&1)
"$top/variants/scripts/branch.sh" "$tree" b "$tmp/src/b" "$tmp/good.patch" > "$tmp/out" 2>&1
ok $? "branch_resumes_after_interrupted_am"

HOST_DEPS_PKGS="asid-lab-no-such-package" HOST_DEPS_CHECK_ONLY=1 \
	"$top/qemu/host-deps.sh" > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has 'missing: asid-lab-no-such-package' "$tmp/out"
ok $? "missing_package_named"

# A fake QEMU: writes CONSOLE_TEXT to the first -serial file, then either
# hangs or exits as isa-debug-exit would for guest status 0 (1).
mkdir -p "$tmp/bin"
cat > "$tmp/bin/qemu-system-x86_64" <<'EOQ'
#!/bin/sh
while [ $# -gt 0 ]; do
	case $1 in -serial) case $2 in file:*) [ -z "${con:-}" ] && con=${2#file:} ;; esac ;; esac
	shift
done
printf '%b' "${CONSOLE_TEXT:-}" > "$con"
[ -n "${HANG:-}" ] && exec sleep 60
exit 1
EOQ
chmod +x "$tmp/bin/qemu-system-x86_64"
guest() { PATH="$tmp/bin:$PATH" "$top/qemu/run-guest.sh" t /dev/null /dev/null "$tmp/logs" "$tmp/o" "$@"; }

HANG=1 guest 2 > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has 'did not finish within 2s (killed)' "$tmp/out"
ok $? "hung_guest_killed_and_reported"

CONSOLE_TEXT='booted\n' guest 10 > "$tmp/out" 2>&1
ok $? "clean_guest_passes"

CONSOLE_TEXT='WARNING: CPU: 0 PID: 1 at kernel/cgroup/misc.c:42 misc_cg_try_charge+0x1/0x2\n' \
	guest 10 > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has 'kernel splat' "$tmp/out"
ok $? "guest_warn_fails_the_run"

# results/REPORT.md's generator: included headings nest under the
# directive's; a "#" line inside a code fence is no heading; citing a
# point the run does not have is an error, not a silent blank.
gcc -O2 -Wall -Wextra -I"$top/common-tests/lab" -o "$tmp/report" "$top/results/report/report.c" \
	"$top/common-tests/lab/exercise.c"
printf '# Part\n## Sub\ntext\n```\n# shell comment\n```\n### Deep\n' > "$tmp/part.md"
printf '# T\n## Here\n{{include %s}}\n' "$tmp/part.md" > "$tmp/t.md.in"
printf 'KTAP version 1\n1..1\n# observed p: 3\nok 1 p\n' > "$tmp/s.ktap"
"$tmp/report" --ktap b="$tmp/s.ktap" "$tmp/t.md.in" > "$tmp/out" 2>&1 &&
	has '^### Sub$' "$tmp/out" && has '^#### Deep$' "$tmp/out" &&
	has '^# shell comment$' "$tmp/out" && ! has '^# Part' "$tmp/out"
ok $? "report_nests_included_headings"

printf '{{obs b p}}\n' > "$tmp/t.md.in"
"$tmp/report" --ktap b="$tmp/s.ktap" "$tmp/t.md.in" > "$tmp/out" 2>&1 && has '^3 (ok)$' "$tmp/out"
ok $? "report_cites_observed_point"

printf '{{obs b no_such_point}}\n' > "$tmp/t.md.in"
! "$tmp/report" --ktap b="$tmp/s.ktap" "$tmp/t.md.in" > "$tmp/out" 2>&1 &&
	has 'no such point' "$tmp/out"
ok $? "report_unknown_point_is_an_error"

# Every directive the report's templates and included texts use is one
# report.c expands (a dropped one once broke make REPORT, which make check
# does not run).
known=$(sed -n 's/.*!strcmp(word, "\([a-z]*\)").*/\1/p' "$top/results/report/report.c" | sort -u)
used=$(cat "$top"/results/report/*.md "$top"/results/report/*.md.in |
	grep -o '{{[a-z]*' | sed 's/{{//' | sort -u)
unknown=$(echo "$used" | grep -vxF "$known")
[ -n "$known" ] && [ -n "$used" ] && [ -z "$unknown" ] || echo "# unknown directives: $unknown"
[ -n "$known" ] && [ -n "$used" ] && [ -z "$unknown" ]
ok $? "report_templates_use_known_directives"


# findings: a finding is present where one of its points failed, passes
# where every one that ran passed, is "not run" where none ran.
gcc -O2 -Wall -Wextra -o "$tmp/findings" "$top/results/report/findings.c"
printf '# c\nF1 p\nF1 q\nF2 r\n' > "$tmp/known"
printf 'ok 1 p\nnot ok 2 q # TODO F1\nok 3 r\n' > "$tmp/a.ktap"
printf 'ok 1 p\nok 2 q\n' > "$tmp/b.ktap"
"$tmp/findings" "$tmp/known" -- a="$tmp/a.ktap" b="$tmp/b.ktap" > "$tmp/out" 2>&1 &&
	has '^| F1 | \*\*present\*\* (1 of 2 fail) | passes (2) |' "$tmp/out" &&
	has '^| F2 | passes (1) | not run |' "$tmp/out"
ok $? "findings_status_per_branch"

# semantics --differ: agreeing points are counted, not listed; a differing
# cell keeps only the words that differ.
gcc -O2 -Wall -Wextra -o "$tmp/semantics" "$top/results/report/semantics.c"
printf '# observed p: same\nok 1 p\n# observed q: C1 sev 1 now\nnot ok 2 q # TODO F1\n' > "$tmp/a.ktap"
printf '# observed p: same\nok 1 p\n# observed q: C1 sev 0 now\nok 2 q\n' > "$tmp/b.ktap"
"$tmp/semantics" --differ a="$tmp/a.ktap" b="$tmp/b.ktap" > "$tmp/out" 2>&1 &&
	has '^1 of 2 points agree' "$tmp/out" && ! has '^| `p`' "$tmp/out" &&
	has '^| `q` | 1 (TODO F1) | 0 (ok) |$' "$tmp/out"
ok $? "semantics_differ_keeps_differing_words"

# A long differing middle keeps its start and its end, and the result.
long=$(printf 'w%.0s ' $(seq 60))
printf '# observed q: a %s end1\nok 1 q\n' "$long" > "$tmp/a.ktap"
printf '# observed q: b %s end2\nok 1 q\n' "$long" > "$tmp/b.ktap"
"$tmp/semantics" --differ a="$tmp/a.ktap" b="$tmp/b.ktap" > "$tmp/out" 2>&1 &&
	has '^| `q` | a w w .*[.][.][.].*end1 (ok) | b w w .*[.][.][.].*end2 (ok) |$' "$tmp/out"
ok $? "semantics_differ_elides_the_middle"

# A host test suite that crashes, or does not compile, fails the host tests
# (and so make check) and is named; one that passes does not.
suite() {	# suite NAME BODY: a host test suite NAME/tests/run.sh doing BODY
	mkdir -p "$tmp/$1/tests"
	printf '#!/bin/sh\n%s\n' "$2" > "$tmp/$1/tests/run.sh"
	chmod +x "$tmp/$1/tests/run.sh"
}
suite good true
suite crash 'kill -SEGV $$'
"$top/qemu/host-tests.sh" "$tmp/good/tests/run.sh" "$tmp/crash/tests/run.sh" > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has "^not ok 1 host-test $tmp/crash: exit status 139" "$tmp/out" &&
	! has good "$tmp/out"
ok $? "host_test_crash_fails_check"
printf 'int main(void) { return x; }\n' > "$tmp/bad.c"
suite nocompile "gcc -o $tmp/bad $tmp/bad.c"
"$top/qemu/host-tests.sh" "$tmp/nocompile/tests/run.sh" > "$tmp/out" 2>&1
rc=$?
[ $rc != 0 ] && has "^not ok 1 host-test $tmp/nocompile: exit status 1" "$tmp/out"
ok $? "host_test_compile_failure_fails_check"
# And make host-test itself fails then, and passes with suites that pass.
smake -C "$top" B="$tmp/b" -o "$tmp/b/deps.stamp" HOST_TESTS="$tmp/good/tests/run.sh \
	$tmp/crash/tests/run.sh" host-test > "$tmp/out" 2>&1
[ $? != 0 ] && has "host-test $tmp/crash: exit status 139" "$tmp/out"
ok $? "make_host_test_fails_on_a_failing_suite"
smake -C "$top" B="$tmp/b" -o "$tmp/b/deps.stamp" HOST_TESTS="$tmp/good/tests/run.sh" \
	host-test > "$tmp/out" 2>&1
ok $? "make_host_test_passes_on_passing_suites"


# lint.sh: a checkpatch that is missing or crashes fails the patch's
# point; a report passes only where checkpatch-ignore pins its type and
# count for that patch.
mkdir -p "$tmp/lint/variants/b" "$tmp/lint/variants/common/t" "$tmp/lint/src/b/scripts" "$tmp/lint/variants/scripts"
cp "$top/variants/scripts/commit-refs.sh" "$tmp/lint/variants/scripts/"
touch "$tmp/lint/variants/upstream-commits" "$tmp/lint/variants/b/0001-x.patch"
lint() {	# lint CHECKPATCH_BODY: lint.sh's output with that fake checkpatch.pl
	printf '#!/bin/sh\n%s\n' "$1" > "$tmp/lint/src/b/scripts/checkpatch.pl"
	chmod +x "$tmp/lint/src/b/scripts/checkpatch.pl"
	(cd "$tmp/lint" && "$top/variants/scripts/lint.sh" "$tmp/lint/src" "$tmp/lint/obj" b=t) > "$tmp/out" 2>&1
}
total='echo "total: 0 errors, 0 warnings, 1 checks, 9 lines checked"'
lint "echo 'CHECK:FOO: bar'; $total; exit 1"
has '^not ok 1 checkpatch variants/b/0001-x.patch' "$tmp/out" && has '^# CHECK:FOO: bar' "$tmp/out"
ok $? "lint_unpinned_report_fails"
echo "0001-x.patch FOO 1 why" > "$tmp/lint/variants/b/checkpatch-ignore"
lint "echo 'CHECK:FOO: bar'; $total; exit 1"
has '^ok 1 checkpatch variants/b/0001-x.patch' "$tmp/out"
ok $? "lint_pinned_report_passes"
lint "echo 'CHECK:FOO: bar'; echo 'CHECK:FOO: baz'; $total; exit 1"
has '^not ok 1 ' "$tmp/out" && has 'SUPPRESSION: 0001-x.patch FOO pins 1, checkpatch reported 2' "$tmp/out"
ok $? "lint_pin_count_differs_fails"
lint "echo 'Undefined subroutine' >&2; exit 255"
has '^not ok 1 ' "$tmp/out" && has 'CRASH: checkpatch did not finish (exit status 255)' "$tmp/out"
ok $? "lint_checkpatch_crash_fails"
rm "$tmp/lint/src/b/scripts/checkpatch.pl"
(cd "$tmp/lint" && "$top/variants/scripts/lint.sh" "$tmp/lint/src" "$tmp/lint/obj" b=t) > "$tmp/out" 2>&1
has '^not ok 1 ' "$tmp/out" && has 'CRASH: checkpatch did not finish' "$tmp/out"
ok $? "lint_checkpatch_missing_fails"

# inject-verdict.sh: an injected leak is caught only by exactly the
# end-of-stress counter points of one resource (and the removed cgroup the
# leak keeps from being freed), with the module's line.
mkdir -p "$tmp/inj"
echo "[ 1.0] asid_test: injected leak: 1 of type 0 not uncharged" > "$tmp/inj/console"
inject() {	# inject FAILED_POINT...: the verdict on a KTAP failing those
	: > "$tmp/inj/suite.ktap"
	for pt in "$@"; do echo "not ok 1 $pt" >> "$tmp/inj/suite.ktap"; done
	"$top/qemu/inject-verdict.sh" 1 "${KIND:-leak}" "$tmp/inj" "$tmp/inj/console" 2> "$tmp/out"
}
counters="stress_currents_zero stress_total_usage_zero:sev stress_asid_round:sev"
# shellcheck disable=SC2086
[ "$(inject $counters)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "inject_leak_without_dying_cgroup_fails"
counters="$counters stress_no_dying_descendants"
# shellcheck disable=SC2086
[ "$(inject $counters)" = 0 ]
ok $? "inject_leak_caught_by_counter_points"
# shellcheck disable=SC2086
[ "$(inject $counters stress_no_kernel_splat)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "inject_leak_failing_another_point_fails"
: > "$tmp/inj/console"
# shellcheck disable=SC2086
[ "$(inject $counters)" = 1 ] && has 'no "asid_test: injected leak" line' "$tmp/out"
ok $? "inject_leak_without_its_line_fails"
# KVM's own leak (kvm_amd.sev_asid_sim_leak): kvm_amd's line, not the
# module's; the dying-cgroup point may or may not fail with it.
echo "[    9.1] kvm_amd: sev_asid_sim: injected leak: ASID 7 freed without its uncharge" > "$tmp/inj/console"
base="stress_currents_zero stress_total_usage_zero:sev_es stress_asid_round:sev_es"
# shellcheck disable=SC2086
[ "$(KIND=kvmleak inject $base)" = 0 ] && [ "$(KIND=kvmleak inject $base stress_no_dying_descendants)" = 0 ]
ok $? "inject_kvmleak_caught_by_counter_points"
echo "[    9.1] asid_test: injected leak" > "$tmp/inj/console"
# shellcheck disable=SC2086
[ "$(KIND=kvmleak inject $base)" = 1 ] && has 'no "kvm_amd: sev_asid_sim: injected leak" line' "$tmp/out"
ok $? "inject_kvmleak_needs_kvm_amd_line"
# An underflow: the module's line, its splat point; a removed cgroup kept
# referenced (misc RFC v1's usage-tied reference) is allowed, another point not.
echo "[    9.1] asid_test: injected underflow: uncharging 3 of type 1" > "$tmp/inj/console"
base="$base stress_no_kernel_splat"
# shellcheck disable=SC2086
[ "$(KIND=underflow inject $base)" = 0 ] && [ "$(KIND=underflow inject $base stress_no_dying_descendants)" = 0 ]
ok $? "inject_underflow_caught_with_or_without_dying_cgroup"
# shellcheck disable=SC2086
[ "$(KIND=underflow inject $base stress_fuzz_ok)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "inject_underflow_failing_another_point_fails"
# An oops at css_put(), or in the cgroup release work, after the injected
# underflow (misc RFC v1 drops a reference nobody took, and the cgroup is
# freed while in use) caught it; an oops elsewhere, or one before the
# injected line, did not.
printf '[ 9.1] asid_test: injected underflow: uncharging 3 of type 1\n[ 9.5] BUG: kernel NULL pointer dereference, address: 0000000000000000\n[ 9.5] RIP: 0010:css_put+0x12/0x2e\n' > "$tmp/inj/console"
[ "$(KIND=underflow inject)" = 0 ] && has 'caught by: BUG: kernel NULL pointer dereference' "$tmp/inj/suite.ktap"
ok $? "inject_underflow_caught_by_css_put_oops"
printf '[ 9.1] asid_test: injected underflow: uncharging 2 of type 0\n[ 9.6] BUG: kernel NULL pointer dereference, address: 0000000000000008\n[ 9.6] Workqueue:  0x0 (cgroup_release)\n[ 9.6] RIP: 0010:process_one_work+0x1f/0x1e9\n' > "$tmp/inj/console"
[ "$(KIND=underflow inject)" = 0 ] && has 'in the cgroup release work: 0x0 (cgroup_release)' "$tmp/inj/suite.ktap"
ok $? "inject_underflow_caught_by_oops_in_cgroup_release_work"
printf '[ 9.1] asid_test: injected underflow: uncharging 3 of type 1\n[ 9.5] BUG: kernel NULL pointer dereference, address: 0000000000000000\n[ 9.5] RIP: 0010:kfree+0x12/0x2e\n' > "$tmp/inj/console"
[ "$(KIND=underflow inject)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "inject_underflow_other_oops_fails"
printf '[ 8.5] RIP: 0010:css_put+0x12/0x2e\n[ 9.1] asid_test: injected underflow: uncharging 3 of type 1\n' > "$tmp/inj/console"
[ "$(KIND=underflow inject)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "inject_underflow_oops_before_injection_fails"

# broken-verdict.sh: a kernel broken on purpose is caught only by every
# point of the case its expect file names, failing for the reason it
# names, at no lower detection rate than the passing runs assume, with no
# other point failing and no splat.
mkdir -p "$tmp/brk/variants/b/broken"
echo "c above its max 4; the design allows 0" > "$tmp/brk/variants/b/broken/expect"
brk_ktap() {	# brk_ktap EXCURSIONS [EXTRA_KTAP_LINE]: the guest KTAP of a run
	{ echo "ok 1 other:sev"
	  for r in sev sev_es; do
		echo "# c:$r: sample refused=9000 witnessed=1000 excursions=$1 readings=9"
		echo "# c:$r: FAIL: L read 5, 1 above its max 4; the design allows 0 (exact)"
		echo "# observed c:$r: ... missed with p 1e-9 (0.002 seen per charge in flight)"
		echo "not ok 2 c:$r"
	  done
	  [ -n "${2:-}" ] && echo "$2"; } > "$tmp/brk/suite.ktap"
}
brk() {	# brk RC: the verdict on the KTAP brk_ktap wrote
	echo "${VERDICT:-b-wide: guest reported failure (qemu exit 3)}" > "$tmp/brk/verdict"
	"$top/qemu/broken-verdict.sh" "$1" "$tmp/brk/variants/b/broken/expect" "$tmp/brk" 2> "$tmp/out"
}
brk_ktap 5
[ "$(brk 1)" = 0 ] && has '^ok 1 broken_b_is_caught' "$tmp/brk/suite.ktap"
ok $? "broken_caught_by_its_check"
brk_ktap 5
[ "$(brk 0)" = 1 ] && has 'the boot passed' "$tmp/out"
ok $? "broken_passing_boot_fails"
brk_ktap 5 "not ok 3 other:sev_es"
[ "$(brk 1)" = 1 ] && has 'expected exactly' "$tmp/out"
ok $? "broken_failing_another_point_fails"
brk_ktap 5
sed -i 's/FAIL: L read 5.*/FAIL: the charger did not charge within 5000 ms/' "$tmp/brk/suite.ktap"
[ "$(brk 1)" = 1 ] && has 'failed with "the charger did not charge' "$tmp/out"
ok $? "broken_failing_for_another_reason_fails"
brk_ktap 1
[ "$(brk 1)" = 1 ] && has 'less than the 0.002 its passing runs assume' "$tmp/out"
ok $? "broken_seen_less_than_assumed_fails"
brk_ktap 5
[ "$(VERDICT='b-wide: kernel splat in console.log' brk 1)" = 1 ] && has 'a kernel splat' "$tmp/out"
ok $? "broken_with_a_splat_fails"

# scan-console.sh: a known WARN with its own Call Trace passes during the
# point its entry names; a second, bare Call Trace (a dump_stack() without
# a headline) fails the boot, and so does the same WARN during another point.
printf 'asid_suite: begin p\nWARNING: CPU: 0 PID: 1 at kernel/x.c:1 f+0x1/0x2\nCall Trace:\n f\nasid_suite: end p\n' > "$tmp/con"
printf 'not ok 1 p # TODO F9\nnot ok 2 q # TODO F9\n' > "$tmp/con.ktap"
printf 'F9 p WARNING: .* at kernel/x\\.c:[0-9]+ f\\+\n' > "$tmp/con.known"
"$top/qemu/scan-console.sh" "$tmp/con" "$tmp/con.ktap" "$tmp/con.known" > "$tmp/out" 2>&1
ok $? "scan_known_warn_with_its_trace_passes"
printf 'asid_suite: begin q\nWARNING: CPU: 0 PID: 1 at kernel/x.c:1 f+0x1/0x2\nasid_suite: end q\n' >> "$tmp/con"
! "$top/qemu/scan-console.sh" "$tmp/con" "$tmp/con.ktap" "$tmp/con.known" > "$tmp/out" 2>&1 &&
	has '^SPLAT at console line 7, during q' "$tmp/out"
ok $? "scan_known_warn_during_another_point_fails"
printf 'WARNING: CPU: 0 PID: 1 at kernel/x.c:1 f+0x1/0x2\nasid_suite: begin p\nasid_suite: end p\n' > "$tmp/con2"
! "$top/qemu/scan-console.sh" "$tmp/con2" "$tmp/con.ktap" "$tmp/con.known" > "$tmp/out" 2>&1 &&
	has '^SPLAT at console line 1:' "$tmp/out"
ok $? "scan_known_warn_outside_any_point_fails"
printf 'asid_suite: begin p\nWARNING: CPU: 0 PID: 1 at kernel/x.c:1 f+0x1/0x2\nCall Trace:\n f\nCall Trace:\n g\n' > "$tmp/con3"
! "$top/qemu/scan-console.sh" "$tmp/con3" "$tmp/con.ktap" "$tmp/con.known" > "$tmp/out" 2>&1 &&
	has '^SPLAT at console line 5, during p' "$tmp/out"
ok $? "scan_bare_call_trace_after_known_warn_fails"

# Every path a README names exists; a missing one is named, kernel, build
# and ignored paths are not the repository's.
"$top/qemu/readme-paths.sh" "$top" > "$tmp/out" 2>&1
ok $? "readme_paths_exist"
r=$tmp/readmes
mkdir -p "$r/qemu/sub" && : > "$r/qemu/x.sh" && : > "$r/qemu/sub/0001-a.patch"
printf '`qemu/x.sh` `qemu/<s>.sh` `qemu/{x,y}.sh` `kernel/cgroup/misc.c` `build/out` `qemu/sub/0001` `qemu/gen/a.log`\n' > "$r/README.md"
# Output a run writes, which git ignores, is not in a fresh clone.
printf '/qemu/gen/\n' > "$r/.gitignore"
printf '`sub/0001` and `sub/0002`\n' > "$r/qemu/README.md"
git -C "$r" init -q && git -C "$r" add . &&
	! "$top/qemu/readme-paths.sh" "$r" > "$tmp/out" 2>&1 &&
	printf 'README.md: qemu/{x,y}.sh\nqemu/README.md: sub/0002\n' | cmp -s - "$tmp/out"
ok $? "readme_paths_missing_are_named"

# A branch file with a line make cannot read, a tree without patches or an
# "on" that is no branch stops make before anything runs, naming the file.
m=$tmp/make
mkdir -p "$m/variants/common/6.1" "$m/variants/a" "$m/variants/b"
cp "$top/variants/branches.mk" "$m/variants/" && : > "$m/variants/common/6.1/0001-x.patch"
printf 'ALL_BRANCHES := a b\nBRANCHES := $(ALL_BRANCHES)\ninclude variants/branches.mk\nall: ; @echo $(TREE_a) $(ON_b)\n' > "$m/Makefile"
printf '# a\ntree 6.1\ndocuments events\n' > "$m/variants/a/branch"
printf 'tree 6.1\non a\n' > "$m/variants/b/branch"
smake -C "$m" > "$tmp/out" 2>&1 && printf '6.1 a\n' | cmp -s - "$tmp/out"
ok $? "branch_file_read"
refused() {	# refused TEXT ERROR [ARG...]: b's file TEXT; make ARGs fails with ERROR
	printf "%b" "$1" > "$m/variants/b/branch"
	shift; e=$1; shift
	! smake -C "$m" "$@" > "$tmp/out" 2>&1 && has "$e" "$tmp/out"
}
branch_refused() {	# branch_refused LINE ERROR: b's file with LINE added
	refused "tree 6.1\non a\n$1\n" "$2"
}
branch_refused 'documents events peak' 'variants/b/branch:3: not "<key> <value>"'
ok $? "branch_file_two_values_refused"
branch_refused 'charge exact' 'variants/b/branch:3: not "<key> <value>" with a key of: tree on'
ok $? "branch_file_unknown_key_refused"
branch_refused 'tree 6.12' 'variants/b/branch:3: a second "tree" line'
ok $? "branch_file_second_tree_refused"
refused "tree 6.2\n" 'variants/b/branch: "tree 6.2" is not one tree'
ok $? "branch_file_unknown_tree_refused"
refused "tree 6.1\non c\n" 'variants/b/branch: "on c" is not a branch'
ok $? "branch_file_unknown_on_refused"
branch_refused 'on b' 'variants/b/branch:3: a second "on" line'
ok $? "branch_file_second_on_refused"
branch_refused 'charging loose' 'variants/b/branch:3: charging is "exact" or absent'
ok $? "branch_file_charging_not_exact_refused"
refused "on a\n" 'variants/b/branch: no "tree" line'
ok $? "branch_file_without_tree_refused"
printf 'tree 6.1 \non a\n' > "$m/variants/b/branch"
smake -C "$m" > "$tmp/out" 2>&1 && printf '6.1 a\n' | cmp -s - "$tmp/out"
ok $? "branch_file_trailing_blank_ignored"
refused "tree 6.1\non a\n" 'BRANCHES: no variants/<b>/branch for c' BRANCHES="a c"
ok $? "branches_naming_no_branch_refused"
mkdir -p "$m/variants/common/6.12" && : > "$m/variants/common/6.12/0001-x.patch"
printf 'tree 6.12\n' > "$m/variants/a/branch"
refused "tree 6.1\non a\n" 'variants/b/branch: "on a", a branch of another tree'
ok $? "branch_file_on_another_tree_refused"
printf 'tree 6.1\non b\n' > "$m/variants/a/branch"
refused "tree 6.1\non a\n" 'its "on" chain comes back to itself'
ok $? "branch_file_on_loop_refused"

# boot.sh runs run-guest.sh, then the row's verdict; a verdict the plan
# names but boot.sh does not know fails the boot, and every row of the
# plan names a verdict script that exists.
bt=$tmp/boot
mkdir -p "$bt/qemu"
cp "$top/qemu/boot.sh" "$top/qemu/smoke-verdict.sh" "$bt/qemu/"
printf '#!/bin/sh\necho "KTAP version 1" > "$5/suite.ktap"; exit ${RG_RC:-0}\n' > "$bt/qemu/run-guest.sh"
chmod +x "$bt/qemu/run-guest.sh"
boot() {	# boot VERDICT [RG_RC]: boot.sh with a fake run-guest.sh; status in $tmp/out
	rm -rf "$bt/out"
	(cd "$bt" && RG_RC=${2:-0} NAME=b-x BUILD=b PARAM= KERNEL=k INITRD=i OUT=out LOGS=logs \
		TIMEOUT=1 SIM=16-5 VERDICT=$1 QEMU_EXTRA= KNOWN_SPLATS=/dev/null qemu/boot.sh) \
		> /dev/null 2>&1
	cat "$bt/out/status" > "$tmp/out" 2>/dev/null
}
boot - 3 && [ "$(cat "$tmp/out")" = 3 ]
ok $? "boot_status_is_run_guest_status"
boot nosuch && [ "$(cat "$tmp/out")" = 1 ] && has 'no verdict "nosuch"' "$bt/out/verdict"
ok $? "boot_unknown_verdict_fails"
boot smoke && [ "$(cat "$tmp/out")" = 0 ] &&
	has '^not ok 1 bench_smoke_rows (0 rows, want 18)' "$bt/out/suite.ktap"
ok $? "boot_smoke_without_rows_fails_its_point"
verdicts=$(smake -C "$top" --no-print-directory \
	--eval='__v__: ; @echo $(foreach v,$(filter VERDICT_%,$(.VARIABLES)),$($(v)))' __v__)
missing=
for v in $verdicts; do
	[ "$v" = - ] || [ -x "$top/qemu/$v-verdict.sh" ] || missing="$missing $v"
	grep -q "^$v)" "$top/qemu/boot.sh" || missing="$missing $v(boot.sh)"
done
[ -n "$verdicts" ] && [ -z "$missing" ] || echo "# verdicts: $verdicts; missing:$missing"
[ -n "$verdicts" ] && [ -z "$missing" ]
ok $? "boot_plan_verdicts_exist"

tap_done
