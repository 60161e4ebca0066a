#!/bin/sh
# patches.sh TREE BRANCH OUTROOT AUTHOR [SHIPPED_KTAP FIXED_KTAP]: the
# series of variants/BRANCH as they would be mailed, one per subsystem:
# for each variants/BRANCH/mail/<name>, git format-patch --cover-letter
# output in OUTROOT/<name>/, made against the packaged tree as shipped
# (without the test-only patches of variants/common/), addressed with the
# tree's scripts/get_maintainer.pl, ready for git send-email.
#
# variants/BRANCH/mail/<name>: line 1 the cover letter's subject ("[PATCH
# 6.1.y] ..." sets the subject prefix of every patch), line 2 "patches:"
# and the numbers of the branch's patches in the series, in order (each
# series must apply alone to the base); then any "cc: <address>" lines, to
# copy beyond the maintainers and lists of the most specific MAINTAINERS
# entry of what it touches; the rest is the blurb, where a line
# "@observed POINT LABEL" becomes LABEL and what this run's KTAP observed at
# POINT before (SHIPPED_KTAP) and after (FIXED_KTAP).
#
# Our own patches carry one identity in variants/ (IDENTITY below); here it
# becomes AUTHOR, in From: and in Signed-off-by:.  A patch by someone else
# (a backport) keeps its author; only our sign-off changes.
#
# With BASE=<a kernel git checkout> in the environment, each series is then
# applied with git am -3 to that tree's HEAD, in a scratch worktree that is
# removed afterwards, and what applied is reported: a maintainer's tree.
set -eu
tree=$(cd "$1" && pwd) branch=$2 outroot=$3 author=$4
mkdir -p "$outroot"
outroot=$(cd "$outroot" && pwd)
shipped=${5:-} fixed=${6:-}
IDENTITY='Asid Lab <asid-lab@example.org>'
case $author in
*'<'*@*'>') ;;
*) echo "patches: AUTHOR must be 'Name <email>', not '$author'" >&2; exit 1 ;;
esac
case $author in
*example.org\>|*example\>|*noreply*)
	echo "patches: warning: $author is not an address a maintainer can reply to;" \
		"set AUTHOR=\"Name <email>\" before mailing" >&2 ;;
esac
name=${author%% <*}
email=${author#*<}
email=${email%>}
here=$(pwd)
scratch=$(mktemp -d)
cleanup() {
	git -C "$tree" worktree remove --force "$scratch/wt" 2>/dev/null || :
	[ -z "${BASE:-}" ] || git -C "$BASE" worktree remove --force "$scratch/base" 2>/dev/null || :
	rm -rf "$scratch"
}
trap cleanup EXIT
. "$here/variants/scripts/commit-refs.sh"
. "$here/variants/scripts/worktree.sh"

# observed KTAP POINT: the "# observed" text of POINT in KTAP.  Without
# KTAP files (lint's check of the format) a placeholder; with them, a
# point they lack is an error: what is mailed states what was run.
observed() {
	if [ -z "$shipped$fixed" ]; then
		echo "(not run here)"
	elif ! sed -n "s/^ *# observed $2: //p" "$1" 2>/dev/null | head -1 | grep .; then
		echo "patches: $1 has no observation of $2" >&2
		return 1
	fi
}

# changed PATCH: the lines a patch removes and adds, without its context.
changed() {
	sed -n '/^diff --git /,/^-- $/p' "$1" | grep '^[-+]' | grep -v '^\(---\|+++\) '
}

# mainline DIR: where the packaged tree's context differs from mainline's,
# DIR holds the series' patches made against mainline (the same number of
# patches, in order).  Each must remove and add exactly the lines of the
# branch's patch that was built and tested; its diff then replaces the
# formatted one, under the same headers and changelog.
mainline() {
	set -- "$1"/*.patch
	for p in "$out"/*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		[ $# -gt 0 ] || { echo "patches: $mfile.mainline has fewer patches than the series" >&2; exit 1; }
		changed "$1" > "$scratch/ml"
		if ! changed "$p" | cmp -s - "$scratch/ml"; then
			echo "patches: $1 does not change the lines of the tested $(basename "$p")" >&2
			exit 1
		fi
		{ sed '/^diff --git /,$d' "$p"; sed -n '/^diff --git /,/^-- $/p' "$1" | sed '/^-- $/d'; } \
			> "$scratch/spliced"
		mv "$scratch/spliced" "$p"
		shift
	done
	[ $# -eq 0 ] || { echo "patches: $mfile.mainline has more patches than the series" >&2; exit 1; }
}

# series NAME MAILFILE: format, address, fill in and check one series.
series() {
	sname=$1 mfile=$2
	out=$outroot/$sname
	nums=$(sed -n '2s/^patches://p' "$mfile")
	[ -n "$nums" ] || { echo "patches: $mfile: line 2 must be \"patches: <numbers>\"" >&2; exit 1; }
	git -C "$tree" worktree remove --force "$scratch/wt" 2>/dev/null || :
	linked_worktree "$tree" "$scratch/wt"
	for n in $nums; do
		p=$(ls "variants/$branch/$n"-*.patch 2>/dev/null | head -1)
		[ -n "$p" ] || { echo "patches: $mfile: no patch $n in variants/$branch" >&2; exit 1; }
		sed "s|$IDENTITY|$author|g" "$p" > "$scratch/$(basename "$p")"
		git -C "$scratch/wt" -c user.name="$name" -c user.email="$email" \
			am -q --committer-date-is-author-date "$scratch/$(basename "$p")" || {
			echo "patches: $p does not apply alone (series $sname) to the packaged tree" >&2
			exit 1
		}
	done
	subject=$(head -1 "$mfile")
	prefix=PATCH
	case $subject in
	'[PATCH '*']'*) prefix=${subject#[}; prefix=${prefix%%]*}; subject=${subject#*] } ;;
	esac
	# Who receives it: the maintainers of the most specific MAINTAINERS
	# entry of the files it touches, then that entry's reviewers and lists,
	# linux-kernel, and the series' own "cc:" lines.
	files=$(git -C "$scratch/wt" diff --name-only base..HEAD)
	gm() {
		# shellcheck disable=SC2086 # a list of paths
		(cd "$scratch/wt" && ./scripts/get_maintainer.pl --no-git --no-git-fallback \
			--no-fixes --no-rolestats --nokeywords --pattern-depth=1 "$@" \
			-f $files) 2>/dev/null
	}
	set --
	while IFS= read -r a; do set -- "$@" --to="$a"; done <<-EOF
	$(gm --m --no-r --no-l)
	EOF
	while IFS= read -r a; do set -- "$@" --cc="$a"; done <<-EOF
	$(gm --no-m --r --l; echo linux-kernel@vger.kernel.org; sed -n '3,/^[^c]/s/^cc: //p' "$mfile")
	EOF
	rm -rf "$out"
	mkdir -p "$out"
	git -C "$scratch/wt" -c user.name="$name" -c user.email="$email" \
		format-patch -q --cover-letter --no-signature --subject-prefix="$prefix" \
		"$@" -o "$out" base..HEAD
	[ ! -d "$mfile.mainline" ] || mainline "$mfile.mainline"
	cover=$out/0000-cover-letter.patch
	sed '1,2d; /^cc: /d' "$mfile" | while IFS= read -r line; do
		case $line in
		'@observed '*)
			rest=${line#@observed } pt=${rest%% *}
			before=$(observed "$shipped" "$pt") || exit 1
			after=$(observed "$fixed" "$pt") || exit 1
			echo "- ${rest#* }:"
			echo "    before: $before"
			echo "    after:  $after" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done > "$scratch/blurb" || exit 1
	awk -v subj="$subject" -v blurb="$scratch/blurb" '
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
		/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < blurb) > 0) print l; next }
		{ print }' "$cover" > "$scratch/cover" && mv "$scratch/cover" "$cover"
	# What is mailed is checked as mailed: checkpatch --strict, no ignore
	# file; the commit ids it cannot look up without history, against our
	# list.
	bad=0
	for p in "$out"/*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict -q --no-summary \
			--ignore UNKNOWN_COMMIT_ID "$p") > "$scratch/cp" 2>&1 ||
			echo "CHECK: checkpatch exit status $?" >> "$scratch/cp"
		commit_refs "$p" >> "$scratch/cp"
		# -q --no-summary: a clean patch prints nothing at all.
		if [ -s "$scratch/cp" ]; then
			echo "patches: checkpatch: $p" >&2; cat "$scratch/cp" >&2; bad=1
		fi
	done
	[ $bad = 0 ] || exit 1
	echo "patches: $out ($(ls "$out" | wc -l) files, as $author), checkpatch --strict clean"
	[ -n "${BASE:-}" ] || return 0
	git -C "$BASE" worktree remove --force "$scratch/base" 2>/dev/null || :
	git -C "$BASE" worktree add -q --detach "$scratch/base" HEAD
	head=$(git -C "$scratch/base" log -1 --format='%h ("%s")')
	start=$(git -C "$scratch/base" rev-parse HEAD)
	total=$(ls "$out"/*.patch | grep -vc 0000-cover-letter)
	if git -C "$scratch/base" -c user.name="$name" -c user.email="$email" \
		am -q -3 $(ls "$out"/*.patch | grep -v 0000-cover-letter) > "$scratch/am" 2>&1; then
		echo "patches: $sname applies to $BASE at $head: $total of $total patches"
	else
		done_=$(git -C "$scratch/base" rev-list --count "$start..HEAD")
		echo "patches: $sname does not apply to $BASE at $head: $done_ of $total applied; git am said:"
		sed 's/^/    /' "$scratch/am"
		git -C "$scratch/base" am --abort 2>/dev/null || :
	fi
}

found=0
for m in "variants/$branch"/mail/*; do
	case $m in *.md) continue ;; esac	# notes beside the series
	[ -f "$m" ] || continue
	found=1
	series "$(basename "$m")" "$m"
done
[ $found = 1 ] || { echo "patches: variants/$branch/mail/ holds no series" >&2; exit 1; }
