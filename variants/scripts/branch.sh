#!/bin/sh
# branch.sh TREE NAME WORKTREE PATCH...: make branch NAME = base + PATCHes
# (git am, in order) and check it out in WORKTREE.  The series is applied
# in a scratch worktree first, so that the real one only sees the files
# whose content changed and kernel rebuilds stay incremental.
set -eu
tree=$(cd "$1" && pwd) name=$2
mkdir -p "$(dirname "$3")"
wt=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
shift 3
. "$(dirname "$0")/worktree.sh"
patches=
for p in "$@"; do
	patches="$patches $(cd "$(dirname "$p")" && pwd)/$(basename "$p")"
done

# One scratch worktree per tree, not per branch: a kernel checkout is over a
# gigabyte, and branches are made one at a time (the lock).
scratch=$(dirname "$wt")/.apply-$(basename "$tree")
exec 9>"$scratch.lock"
flock 9
linked_worktree "$tree" "$scratch"
cd "$scratch"
git am --abort >/dev/null 2>&1 || true
git checkout -q -f --detach base
for p in $patches; do
	if ! git am -q --whitespace=nowarn "$p" >/dev/null 2>&1; then
		echo "error: branch $name: $(basename "$p") does not apply:" >&2
		git apply --check -v "$p" 2>&1 | grep -E '^(error|Checking|Hunk)' >&2 || true
		git am --abort >/dev/null 2>&1 || true
		exit 1
	fi
done
head=$(git rev-parse HEAD)
cd - >/dev/null

linked_worktree "$tree" "$wt"
git -C "$wt" checkout -q -f -B "$name" "$head"
echo "branch $name: $(git -C "$wt" rev-list --count base..HEAD) patches on base"
