#!/bin/sh
# lint.sh TREE SRC_DIR OBJ_DIR BRANCH...: KTAP points for kernel style.
# For every patch of every branch: checkpatch --strict with no ERROR or
# WARNING and no CHECK beyond those a changelog explains (MACRO_ARG_REUSE
# on the v4 cftype table; the MAINTAINERS reminder for files already
# covered).  For every branch: the .c files its series touches build with
# W=1 without a warning.
set -u
tree=$(cd "$1" && pwd) src=$2 obj=$3
shift 3
here=$(pwd)
# checkpatch wants to run from the top of a kernel tree.
checkpatch() {
	(cd "$tree" && ./scripts/checkpatch.pl --strict -q --no-summary \
		--ignore MACRO_ARG_REUSE,FILE_PATH_CHANGES "$here/$1") 2>/dev/null
}
n=0
out=$(mktemp)
trap 'rm -f "$out"' EXIT
point() {	# point OK NAME
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
}
check_patches() {	# check_patches DIR: one point per patch in DIR
	for p in "$1"/*.patch; do
		[ -e "$p" ] || continue
		checkpatch "$p" > "$out"
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
