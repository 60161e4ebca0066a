#!/bin/sh
# patches.sh TREE BRANCH OUTDIR AUTHOR [SHIPPED_KTAP FIXED_KTAP]: the series
# of variants/BRANCH as it would be mailed, in OUTDIR: git format-patch
# --cover-letter output against the packaged tree as shipped (without the
# test-only patches of variants/common/), ready for git send-email.
#
# Our own patches carry one identity in variants/ (IDENTITY below); here it
# becomes AUTHOR, in From: and in Signed-off-by:.  A patch by someone else
# (a backport) keeps its author; only our sign-off changes.  The cover
# letter is variants/BRANCH/cover-letter: its first line is the subject, the
# rest the blurb, where a line "@observed POINT LABEL" becomes LABEL and what
# this run's KTAP observed at POINT before (SHIPPED_KTAP) and after
# (FIXED_KTAP).
set -eu
tree=$(cd "$1" && pwd) branch=$2 out=$3 author=$4
shipped=${5:-} fixed=${6:-}
IDENTITY='Asid Lab <asid-lab@example.org>'
case $author in
*'<'*@*'>') ;;
*) echo "patches: AUTHOR must be 'Name <email>', not '$author'" >&2; exit 1 ;;
esac
name=${author%% <*}
email=${author#*<}
email=${email%>}
here=$(pwd)
scratch=$(mktemp -d)
trap 'git -C "$tree" worktree remove --force "$scratch/wt" 2>/dev/null; rm -rf "$scratch"' EXIT
git -C "$tree" worktree add -q --detach "$scratch/wt" base
for p in "variants/$branch"/*.patch; do
	sed "s|$IDENTITY|$author|g" "$p" > "$scratch/$(basename "$p")"
	git -C "$scratch/wt" -c user.name="$name" -c user.email="$email" \
		am -q --committer-date-is-author-date "$scratch/$(basename "$p")" || {
		echo "patches: $p does not apply to the packaged tree as shipped" >&2
		exit 1
	}
done
# A subject "[PATCH 6.1.y] ..." names the subject prefix of every patch.
subject=$(head -1 "variants/$branch/cover-letter")
prefix=PATCH
case $subject in
'[PATCH '*']'*) prefix=${subject#[}; prefix=${prefix%%]*}; subject=${subject#*] } ;;
esac
rm -rf "$out"
mkdir -p "$out"
git -C "$scratch/wt" -c user.name="$name" -c user.email="$email" \
	format-patch -q --cover-letter --no-signature --subject-prefix="$prefix" \
	-o "$here/$out" base..HEAD

# observed KTAP POINT: the "# observed" text of POINT in KTAP.
observed() {
	[ -f "$1" ] || { echo "(no run)"; return; }
	sed -n "s/^ *# observed $2: //p" "$1" | head -1 | grep . || echo "(not run)"
}
cover=$out/0000-cover-letter.patch
tail -n +2 "variants/$branch/cover-letter" | while IFS= read -r line; do
	case $line in
	'@observed '*)
		rest=${line#@observed } pt=${rest%% *}
		echo "- ${rest#* }:"
		echo "    before: $(observed "$shipped" "$pt")"
		echo "    after:  $(observed "$fixed" "$pt")" ;;
	*) printf '%s\n' "$line" ;;
	esac
done > "$scratch/blurb"
awk -v subj="$subject" -v blurb="$scratch/blurb" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < blurb) > 0) print l; next }
	{ print }' "$cover" > "$scratch/cover" && mv "$scratch/cover" "$cover"
# What is mailed is checked as mailed: checkpatch --strict, no ignore file;
# the commit ids it cannot look up without history, against our list.
. "$here/variants/commit-refs.sh"
bad=0
for p in "$out"/*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict -q --no-summary \
		--ignore UNKNOWN_COMMIT_ID "$here/$p") > "$scratch/cp" 2>&1 || echo "CHECK: checkpatch exit status $?" >> "$scratch/cp"
	commit_refs "$p" >> "$scratch/cp"
	# -q --no-summary: a clean patch prints nothing at all.
	if [ -s "$scratch/cp" ]; then
		echo "patches: checkpatch: $p" >&2; cat "$scratch/cp" >&2; bad=1
	fi
done
[ $bad = 0 ] || exit 1
echo "patches: $out ($(ls "$out" | wc -l) files, as $author), checkpatch --strict clean"
