#!/bin/sh
# lint.sh SRC_DIR OBJ_DIR BRANCH=TREE...: KTAP points for kernel style.
# For every patch of every branch (and of its extra/), and of
# variants/common/<tree>/ once per tree: checkpatch --strict, run from a
# worktree of the tree the patch is for, with no ERROR, WARNING or CHECK
# beyond what the branch's checkpatch-ignore pins: "<patch> <TYPE> <count>
# <why>" lines, each explained there and in its patch's changelog (a
# design's own code is ported as it was).  A report of another type or
# count, an entry that no longer matches, and a checkpatch that is missing,
# crashes or writes to stderr each fail the patch's point.  For every
# branch: the kernel .c files its series touches build with W=1 without a
# warning (a selftest under tools/ is built by its own Makefile, in
# common-tests/kselftest/build-kvm.sh).  KMAKE_CC, if set, is the compiler the kernels are built with.
# The packaged trees have no git history, so checkpatch's look-up of the
# commits a changelog names (UNKNOWN_COMMIT_ID) cannot succeed there; every
# such reference is checked against variants/upstream-commits instead.
set -u
# A make of our own, not a part of the caller's: inherited jobserver flags
# make the kernel's make print "warning:" lines of its own, which the
# W=1 points below would count as compiler warnings.
unset MAKEFLAGS MFLAGS
src=$1 obj=$2
shift 2
here=$(pwd)
checkpatch() {	# checkpatch KTREE PATCH: its report, or a CRASH line
	# /usr/bin first: checkpatch runs the tree's spdxcheck.py, whose
	# modules (python3-ply, python3-git) are Debian's.
	(cd "$1" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict \
		--show-types --ignore UNKNOWN_COMMIT_ID "$here/$2") > "$out.cp" 2> "$out.err"
	rc=$?
	if [ $rc -gt 1 ] || [ -s "$out.err" ] ||
	   ! grep -qE '^total: [0-9]+ errors, [0-9]+ warnings, ([0-9]+ checks, )?[0-9]+ lines checked' "$out.cp"; then
		echo "CRASH: checkpatch did not finish (exit status $rc)"
		sed 's/^/  stderr: /' "$out.err" | head -5
	fi
	grep -E '^(ERROR|WARNING|CHECK):' "$out.cp"
}
. "$here/variants/scripts/commit-refs.sh"
n=0
out=$(mktemp)
trap 'rm -f "$out" "$out.cp" "$out.err"' EXIT
point() {	# point OK NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}
check_patches() {	# check_patches KTREE DIR: one point per patch in DIR
	for p in "$2"/*.patch "$2"/extra/*.patch; do
		[ -e "$p" ] || continue
		{ checkpatch "$1" "$p"; commit_refs "$p"; } > "$out"
		unpinned "$2/checkpatch-ignore" "$(basename "$p")" "$out" > "$out.left"
		sed 's/^/# /' "$out.left"
		! [ -s "$out.left" ]
		point $? "checkpatch $p"
		rm -f "$out.left"
	done
}
# unpinned IGNORE PATCH REPORT: the report lines IGNORE does not pin, and
# the IGNORE entries for PATCH whose count is not what checkpatch reported.
unpinned() {
	awk -v patch="$2" '
		FILENAME != ARGV[ARGC - 1] { if ($1 == patch) want[$2] = $3; next }
		/^(ERROR|WARNING|CHECK):[A-Z_]+:/ {
			split($0, f, ":"); got[f[2]]++
			if (!(f[2] in want)) print; next }
		{ print }
		END { for (t in want) if (got[t] != want[t])
			printf "SUPPRESSION: %s %s pins %d, checkpatch reported %d\n", patch, t, want[t], got[t] }
	' /dev/null $([ -f "$1" ] && echo "$1") "$3"
}
echo "KTAP version 1"
trees_done=
for bt in "$@"; do
	b=${bt%=*} t=${bt#*=}
	case " $trees_done " in
	*" $t "*) ;;
	*) check_patches "$src/$b" "variants/common/$t"; trees_done="$trees_done $t" ;;
	esac
	check_patches "$src/$b" "variants/$b"
	# A branch that mails series: they format, address and pass checkpatch
	# as mailed, and a mainline version changes the lines that were tested.
	if [ -d "variants/$b/mail" ]; then
		variants/scripts/patches.sh "$src/$b" "$b" "$out.mail" "Lint <lint@example.org>" > "$out" 2>&1
		rc=$?
		sed 's/^/# /' "$out"
		rm -rf "$out.mail"
		point $rc "mail $b: every series of variants/$b/mail/ as make patches writes it"
	fi
	if ! files=$(git -C "$src/$b" diff --name-only base..HEAD -- '*.c' ':!tools/'); then
		point 1 "W=1 $b: no worktree to diff in $src/$b"
		continue
	fi
	files=$(echo "$files" | sed 's/\.c$/.o/')
	[ -n "$files" ] || continue
	# shellcheck disable=SC2086
	if [ -n "${KMAKE_CC:-}" ]; then
		make -s -C "$src/$b" O="$obj/$b" CC="$KMAKE_CC" W=1 $files
	else
		make -s -C "$src/$b" O="$obj/$b" W=1 $files
	fi > "$out" 2>&1
	rc=$?
	grep -E 'warning:|error:' "$out" | sed 's/^/# /'
	[ $rc = 0 ] && ! grep -qE 'warning:|error:' "$out"
	point $? "W=1 $b: $(echo $files | tr '\n' ' ')"
done
echo "1..$n"
