#!/bin/sh
# lint.sh TREE SRC_DIR OBJ_DIR BRANCH...: KTAP points for kernel style.
# For every patch of every branch (and of its extra/): checkpatch --strict
# with no ERROR, WARNING or CHECK beyond the MAINTAINERS reminder for files
# already covered and the types the branch lists in checkpatch-ignore,
# each explained there and in its patch's changelog (a design's own code
# is ported as it was).  For every branch: the .c files its series touches build with
# W=1 without a warning.
set -u
tree=$(cd "$1" && pwd) src=$2 obj=$3
shift 3
here=$(pwd)
# checkpatch wants to run from the top of a kernel tree.
checkpatch() {	# checkpatch PATCH [IGNORED_TYPES]
	(cd "$tree" && ./scripts/checkpatch.pl --strict -q --no-summary \
		--ignore "FILE_PATH_CHANGES${2:+,$2}" "$here/$1") 2>/dev/null
}
n=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
point() {	# point OK NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}
check_patches() {	# check_patches DIR: one point per patch in DIR
	# DIR/checkpatch-ignore: "<TYPE> <why>" lines, for a design's own code.
	ign=$(sed -n 's/^\([A-Z_]*\) .*/\1/p' "$1/checkpatch-ignore" 2>/dev/null | paste -sd,)
	for p in "$1"/*.patch "$1"/extra/*.patch; do
		[ -e "$p" ] || continue
		checkpatch "$p" "$ign" > "$out"
		grep -qE '^(ERROR|WARNING|CHECK)' "$out" && sed 's/^/# /' "$out"
		! grep -qE '^(ERROR|WARNING|CHECK)' "$out"
		point $? "checkpatch $p"
	done
}
echo "KTAP version 1"
check_patches variants/common
for b in "$@"; do
	check_patches "variants/$b"
	files=$(git -C "$src/$b" diff --name-only base..HEAD -- '*.c' | sed 's/\.c$/.o/')
	[ -n "$files" ] || continue
	# shellcheck disable=SC2086
	make -s -C "$src/$b" O="$obj/$b" W=1 $files > "$out" 2>&1
	rc=$?
	grep -E 'warning:|error:' "$out" | sed 's/^/# /'
	[ $rc = 0 ] && ! grep -qE 'warning:|error:' "$out"
	point $? "W=1 $b: $(echo $files | tr '\n' ' ')"
done
echo "1..$n"
