# commit-refs.sh: sourced by lint.sh and patches.sh ($here: the top of
# this repository).  The packaged trees have no git history, so checkpatch
# cannot look up the commits a changelog names; this checks them against
# variants/upstream-commits instead.
# commit_refs PATCH: a line for every Fixes:, "commit <sha> upstream." or
# stable prerequisite whose commit is not in variants/upstream-commits with
# that subject.
commit_refs() {
	sed -n -e 's/^Fixes: \([0-9a-f]\{12,40\}\) ("\(.*\)")$/\1 \2/p' \
	       -e 's/^commit \([0-9a-f]\{40\}\) upstream\.$/\1 -/p' \
	       -e 's/^Cc: stable@vger\.kernel\.org # [0-9.x]*: \([0-9a-f]\{12,40\}\): \(.*\)$/\1 \2/p' "$1" |
	while read -r sha subject; do
		known=$(grep "^$sha" "$here/variants/upstream-commits" | cut -d' ' -f2-)
		if [ -z "$known" ]; then
			echo "COMMIT_REF: $sha is not in variants/upstream-commits"
		elif [ "$subject" != - ] && [ "$subject" != "$known" ]; then
			echo "COMMIT_REF: $sha is \"$known\", not \"$subject\""
		fi
	done
}
