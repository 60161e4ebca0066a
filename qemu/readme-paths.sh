#!/bin/bash
# readme-paths.sh [TOP]: every path a README.md of the repository at TOP
# names in backquotes must exist.  A path counts when its first component
# is an entry of the repository's top (variants/, qemu/, ...) or of the
# README's own folder; kernel paths (kernel/cgroup/misc.c), build output
# (build/..., and whatever .gitignore names: results/logs/) and absolute
# paths are not the repository's.  "<name>" and "*" stand for any one
# component, "{a,b}" for each of a and b, and a last component of four
# digits for the patch of that number ("0001").
# Prints "<readme>: <path>" for each one missing; exits 1 if any was.
set -u
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top" || exit 2

# exists PATTERN: does every expansion of PATTERN (relative to .) exist?
exists() {
	local p words
	# The pattern has none of $ ` ; ( ) ' " (see the grep below): eval only
	# expands its braces and globs.
	eval "words=($1)"
	for p in "${words[@]}"; do
		[ -e "$p" ] || return 1
	done
}

missing=$(git ls-files 'README.md' '*/README.md' | while read -r readme; do
	dir=$(dirname "$readme")
	grep -o '`[^`]*`' "$readme" | tr -d '`' | tr ' ' '\n' |
	grep -E '^[A-Za-z0-9_.+<>*-]+(/[A-Za-z0-9_.+<>*{},-]*)+$' | sort -u |
	while read -r path; do
		first=${path%%/*}
		case $first in build|.|..) continue ;; esac
		if [ "$dir" != . ] && [ -e "$dir/$first" ]; then
			base=$dir/
		elif [ -e "$first" ]; then
			base=
		else
			continue
		fi
		# What a run writes and git ignores is not in a fresh clone.
		git check-ignore -q --no-index "$base$path" && continue
		pattern=$(printf '%s' "$base$path" | sed 's/<[^>]*>/*/g; s|/\([0-9]\{4\}\)$|/\1-*.patch|')
		exists "$pattern" || echo "$readme: $path"
	done
done)
[ -z "$missing" ] && exit 0
printf '%s\n' "$missing"
exit 1
