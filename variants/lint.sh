#!/bin/sh
# lint.sh SRC_DIR OBJ_DIR BRANCH=TREE...: KTAP points for kernel style.
# For every patch of every branch (and of its extra/), and of
# variants/common/<tree>/ once per tree: checkpatch --strict, run from a
# worktree of the tree the patch is for, with no ERROR, WARNING or CHECK
# beyond the MAINTAINERS reminder for files already covered and the types
# the branch lists in checkpatch-ignore, each explained there and in its
# patch's changelog (a design's own code is ported as it was).  For every
# branch: the .c files its series touches build with W=1 without a
# warning.  KMAKE_CC, if set, is the compiler the kernels are built with.
# The packaged trees have no git history, so checkpatch's look-up of the
# commits a changelog names (UNKNOWN_COMMIT_ID) cannot succeed there; every
# such reference is checked against variants/upstream-commits instead.
set -u
src=$1 obj=$2
shift 2
here=$(pwd)
checkpatch() {	# checkpatch KTREE PATCH [IGNORED_TYPES]
	(cd "$1" && ./scripts/checkpatch.pl --strict -q --no-summary \
		--ignore "FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID${3:+,$3}" "$here/$2") 2>/dev/null
}
. "$here/variants/commit-refs.sh"
n=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
point() {	# point OK NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}
check_patches() {	# check_patches KTREE DIR: one point per patch in DIR
	# DIR/checkpatch-ignore: "<TYPE> <why>" lines, for a design's own code.
	ign=$(sed -n 's/^\([A-Z_]*\) .*/\1/p' "$2/checkpatch-ignore" 2>/dev/null | paste -sd,)
	for p in "$2"/*.patch "$2"/extra/*.patch; do
		[ -e "$p" ] || continue
		checkpatch "$1" "$p" "$ign" > "$out"
		commit_refs "$p" >> "$out"
		grep -qE '^(ERROR|WARNING|CHECK|COMMIT_REF)' "$out" && sed 's/^/# /' "$out"
		! grep -qE '^(ERROR|WARNING|CHECK|COMMIT_REF)' "$out"
		point $? "checkpatch $p"
	done
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
	files=$(git -C "$src/$b" diff --name-only base..HEAD -- '*.c' | sed 's/\.c$/.o/')
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
