#!/bin/sh
# branch.sh TREE NAME WORKTREE PATCH...: (re)build branch NAME as base plus
# PATCHes applied with git am, checked out in WORKTREE.  Files the series
# does not change keep their timestamps, so kernel rebuilds stay small.
set -eu
tree=$(cd "$1" && pwd) name=$2 wt=$3
shift 3
if [ ! -e "$wt/.git" ]; then
	rm -rf "$wt"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$wt" base
fi
cd "$wt"
git am --abort >/dev/null 2>&1 || true
git checkout -q -f -B "$name" base
for p in "$@"; do
	if ! git am -q --whitespace=nowarn "$p" >/dev/null 2>&1; then
		echo "error: branch $name: $(basename "$p") does not apply:" >&2
		git apply --check -v "$p" 2>&1 | grep -E '^(error|Checking|Hunk)' >&2 || true
		git am --abort >/dev/null 2>&1 || true
		exit 1
	fi
done
echo "branch $name: $(git rev-list --count base..HEAD) patches on base"
