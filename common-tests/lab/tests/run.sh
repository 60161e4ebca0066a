#!/bin/sh
# lab/tests/run.sh: the lab's runner and its exercise file, on the host, as
# TAP.  asid_lab runs fake exercises whose commands only echo, in a scratch
# directory: outcomes that hold pass, one that does not fails under its
# exercise's name, a failing command fails the exercise's commands point,
# a malformed file is refused naming its line; and the real exercise file
# names only builds that exist.  HOST_OUT is where asid_lab builds.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
top=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$top/qemu/tests/tap.sh"
out=${HOST_OUT:-$tmp}
MAKEFLAGS= make -s -C "$top/common-tests" OUT="$out" "$out/asid_lab" || exit 1
lab() { "$out/asid_lab" --dir "$tmp" "$@"; }
has() { grep -q -- "$1" "$2"; }

cat > "$tmp/ex" <<'EOX'
# a comment
exercise race a b
$ echo "above_max 5"; echo "usage_max: 6"
check above_max > 0 a
check above_max = 0 b
check usage_max <= 6
$[b] echo only on b
check output/b_line has "only on b" b
$ false
check exit/fails = 1
exercise other b
$ false
EOX
lab --build a "$tmp/ex" > "$tmp/a" 2>&1
rc=$?
[ $rc = 0 ] && has '^1\.\.4$' "$tmp/a" && has '^ok 1 lab:race:above_max$' "$tmp/a" &&
	has '^ok 2 lab:race:usage_max$' "$tmp/a" && has '^ok 4 lab:race:commands$' "$tmp/a" &&
	! has 'only on b' "$tmp/a" && has '^# observed lab:race:above_max: above_max 5, expected > 0$' "$tmp/a"
ok $? "outcomes_that_hold_pass"

lab --build b "$tmp/ex" > "$tmp/b" 2>&1
rc=$?
[ $rc = 1 ] && has '^not ok 1 lab:race:above_max$' "$tmp/b" && has '^ok 3 lab:race:b_line$' "$tmp/b" &&
	has '^ok 5 lab:race:commands$' "$tmp/b"
ok $? "outcome_that_fails_names_its_exercise"
[ $rc = 1 ] && has '^not ok 6 lab:other:commands$' "$tmp/b" && has 'exit status 1' "$tmp/b"
ok $? "failing_command_fails_commands_point"

lab --build b --list "$tmp/ex" > "$tmp/list" &&
	[ "$(tr '\n' ' ' < "$tmp/list")" = "lab:race:above_max lab:race:usage_max lab:race:b_line lab:race:fails lab:race:commands lab:other:commands " ]
ok $? "list_names_the_points"

bad() {	# bad NAME LINE TEXT: a file whose LINE is TEXT is refused, naming LINE
	printf 'exercise e a b\n$ true\n%s\n' "$3" > "$tmp/bad"
	lab --build a "$tmp/bad" > "$tmp/out" 2>&1
	[ $? = 2 ] && has "bad:$2: " "$tmp/out"
	ok $? "refused_$1"
}
bad unknown_op 3 'check x ~ 1'
bad unknown_build 3 'check x = 1 c'
bad same_label_twice 4 'check x = 1
check x = 2 a'
bad unclosed_quote 3 'check output has "x'
bad no_command 3 '$'
bad not_a_keyword 3 'run true'
bad reserved_label 3 'check exit/commands = 0'
bad output_needs_has 3 'check output = x'
bad quote_not_a_word 3 'check output has "a"b'
bad build_outside_command 4 '$[b] true
check exit = 0 a'

# A check runs where its command runs: on a, the check of b's command is
# not made (it would read the output of the command before).
printf 'exercise e a b\n$ echo 1\n$[b] echo 2\ncheck value = 2\n' > "$tmp/inherit"
lab --build a --list "$tmp/inherit" > "$tmp/out" && [ "$(cat "$tmp/out")" = "lab:e:commands" ] &&
	lab --build b "$tmp/inherit" > "$tmp/out" && has '^ok 1 lab:e:value$' "$tmp/out"
ok $? "check_runs_where_its_command_runs"

# Every build an exercise names is a branch (variants/<b>/branch) or the
# +extra build of one that has variants/<b>/extra/, and each parses.
missing= builds=0
for b in $(awk '$1 == "exercise" { for (i = 3; i <= NF; i++) print $i }' "$here/exercises" | sort -u); do
	builds=$((builds + 1)) base=${b%+extra}
	if [ ! -f "$top/variants/$base/branch" ] || { [ "$b" != "$base" ] && [ ! -d "$top/variants/$base/extra" ]; }; then
		missing="$missing $b"
	elif ! lab --build "$b" --list "$here/exercises" > /dev/null; then
		missing="$missing $b(parse)"
	fi
done
[ -z "$missing" ] || echo "# not builds:$missing"
[ -z "$missing" ] && [ $builds -ge 9 ]
ok $? "exercises_name_real_builds"
tap_done
