#!/bin/sh
# bisect.sh TREE WORKTREE CONFIG: KTAP points, one per commit of the branch
# checked out in WORKTREE (base..HEAD) but its last: the kernel, built with
# CONFIG, still builds (vmlinux and modules) and the .c files that commit
# touches build with W=1 without a warning.  The last commit is the
# branch's own build, checked by make check itself.
#
# A series that is mailed must be bisectable: a maintainer applying only
# its first patches gets a kernel that builds.  The commits are built in
# the tree's scratch worktree (the one branch.sh uses, under its lock), in
# an object tree of its own that stays from run to run, so a commit costs
# only the files it changes; its first build starts from the branch's
# objects (seed-obj.sh).  KMAKE_CC, if set, is the compiler the kernels
# are built with; JOBS the parallel jobs.
set -u
# Our own -j: a jobserver inherited from the caller makes the kernel's make
# print "warning:" lines that the W=1 check would take for the compiler's.
unset MAKEFLAGS MFLAGS
tree=$(cd "$1" && pwd) wt=$(cd "$2" && pwd) config=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
scratch=$(dirname "$wt")/.apply-$(basename "$tree")
name=$(basename "$wt")
kobj=$scratch/.kbisect
log=$(mktemp)
trap 'rm -f "$log"' EXIT

kmake() {
	if [ -n "${KMAKE_CC:-}" ]; then
		nice -n 19 make -s -C "$scratch" O="$kobj" CC="$KMAKE_CC" -j"${JOBS:-3}" "$@"
	else
		nice -n 19 make -s -C "$scratch" O="$kobj" -j"${JOBS:-3}" "$@"
	fi > "$log" 2>&1
}

exec 9>"$scratch.lock"
flock 9
if [ ! -e "$scratch/.git" ]; then
	echo "not ok 1 bisect $name: no scratch worktree $scratch (run branch.sh first)"
	echo "1..1"
	exit 0
fi
commits=$(git -C "$wt" rev-list --reverse base..HEAD | sed '$d')
n=0
for c in $commits; do
	n=$((n + 1))
	subject=$(git -C "$wt" log -1 --format=%s "$c")
	# Its files are shared with other worktrees (worktree.sh): refresh the
	# index, or checkout -f rewrites each file whose stat another worktree changed.
	git -C "$scratch" update-index -q --refresh >/dev/null || :
	git -C "$scratch" checkout -q -f --detach "$c"
	# A first bisect of this tree starts from the branch's own objects.
	"$(dirname "$0")"/seed-obj.sh "$wt" "$(dirname "$config")" "$scratch" "$kobj" >/dev/null
	mkdir -p "$kobj"
	cp "$config" "$kobj/.config"
	rc=0
	kmake olddefconfig && kmake vmlinux modules || rc=1
	if [ $rc = 0 ]; then
		files=$(git -C "$wt" diff-tree --no-commit-id --name-only -r "$c" -- '*.c' |
			sed 's/\.c$/.o/')
		# shellcheck disable=SC2086
		[ -z "$files" ] || { kmake W=1 $files && ! grep -qE 'warning:|error:' "$log"; } || rc=1
	fi
	[ $rc = 0 ] || grep -E 'warning:|error:|Error' "$log" | head -20 | sed 's/^/# /'
	if [ $rc = 0 ]; then
		echo "ok $n bisect $name $n: $subject"
	else
		echo "not ok $n bisect $name $n: $subject"
	fi
done
echo "1..$n"
