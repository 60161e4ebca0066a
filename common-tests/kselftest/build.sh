#!/bin/sh
# build.sh TREE BRANCH CONFIG OUTDIR: build the kernel's own cgroup
# selftests as BRANCH of the git repository TREE has them, static, for the
# guest, into OUTDIR; only those of ./programs whose options CONFIG (the
# branch's kernel .config) has.  OUTDIR/plan lists "<test> <subtest>" for
# every subtest each binary must report, read from its tests[] table:
# most of them print no "1..N" plan of their own; OUTDIR/not-built lists
# "<test> <why>" for the tests of the tree that were left out.  The
# kernel's sources are read with git archive, never changed.
set -eu
tree=$1 branch=$2 config=$3 out=$4
here=$(cd "$(dirname "$0")" && pwd)
sel=tools/testing/selftests
src=$out.src

rm -rf "$src" "$out"
mkdir -p "$src" "$out"
# The tests include kselftest.h and two headers of sibling selftests.
git -C "$tree" archive "$branch" $sel/cgroup $sel/kselftest.h \
	$sel/clone3/clone3_selftests.h $sel/pidfd/pidfd.h | tar -x -C "$src"
cg=$src/$sel/cgroup

: > "$out/plan"
: > "$out/not-built"
grep -v '^#' "$here/programs" | while read -r t opts; do
	[ -n "$t" ] || continue
	case $opts in
	"- "*)	echo "$t not built: ${opts#- }" >> "$out/not-built"
		continue ;;
	esac
	if [ ! -f "$cg/$t.c" ]; then
		[ -z "$opts" ] || continue	# newer than this tree
		echo "build.sh: $branch has no $sel/cgroup/$t.c" >&2
		exit 1
	fi
	missing=
	for o in $opts; do
		grep -q "^$o=y\$" "$config" || missing="$missing $o"
	done
	if [ -n "$missing" ]; then
		echo "$t not built:$missing not set" >> "$out/not-built"
		continue
	fi
	# cgroup_util.c and -pthread, as the selftests' own Makefile links them.
	# The host's uapi headers serve: what the tests use of them (clone3,
	# CLONE_INTO_CGROUP, pidfd) is older than both trees.
	gcc -static -O2 -Wall -pthread -o "$out/$t" "$cg/$t.c" "$cg/cgroup_util.c" \
		"$here/linebuf.c"
	# T(name) entries of "} tests[] = { ... };", in order.
	awk -v t="$t" '/tests\[\] = \{/ { in_table = 1; next }
		in_table && /^\};/ { exit }
		in_table && match($0, /T\([a-z0-9_]+\)/) {
			print t, substr($0, RSTART + 2, RLENGTH - 3)
		}' "$cg/$t.c" > "$out/$t.plan"
	if [ ! -s "$out/$t.plan" ]; then
		echo "build.sh: no T(...) entries in the tests[] table of $t.c ($branch)" >&2
		exit 1
	fi
	cat "$out/$t.plan" >> "$out/plan"
	rm "$out/$t.plan"
done
rm -rf "$src"
echo "kselftest $branch: $(awk '{ print $1 }' "$out/plan" | uniq -c |
	awk '{ printf "%s%s (%d)", n++ ? ", " : "", $2, $1 }'); not built: $(awk '{ print $1 }' "$out/not-built" | xargs)"
