# worktree.sh, sourced: linked_worktree TREE DIR, a detached worktree of
# the git repository TREE (or of the repository whose worktree TREE is) at
# its branch base in DIR, unless DIR is one, with its index refreshed.
#
# A kernel checkout is over a gigabyte and a series changes a handful of
# files, so a new worktree starts as hard links to the files of the
# repository's main checkout (base, as extract.sh made it; never a branch's
# worktree, whose files are its series'): some 15 GB less for all branches.  Git never writes into a file it checks out; it unlinks it
# and creates a new one, so a file a branch changes stops being shared and
# every other copy stays as it was.  The index is read from base and then
# refreshed, hashing each file once, and a file that is not base's is put
# back (reset --hard: unlink, create), so that DIR is clean for git am.
# DIR/.linking marks a making that was interrupted.
#
# A shared file's inode changes under every worktree that has it: a new
# link or an unlink sets its ctime, seed-obj.sh's dates its mtime.  Git
# ignores the ctime (core.trustctime), and the index is refreshed before
# the caller's checkout -f, which would otherwise rewrite every file whose
# stat looks changed, un-sharing it and dating it now (a full rebuild).
linked_worktree() {
	git -C "$1" config core.trustctime false
	if [ -e "$2/.git" ] && [ ! -e "$2/.linking" ]; then
		git -C "$2" update-index -q --refresh >/dev/null || true
		return 0
	fi
	rm -rf "$2"
	git -C "$1" worktree prune
	main=$(dirname "$(git -C "$1" rev-parse --path-format=absolute --git-common-dir)")
	git -C "$1" worktree add -q --no-checkout --detach "$2" base
	touch "$2/.linking"
	for f in "$main"/* "$main"/.[!.]*; do
		case ${f##*/} in .git|'*'|'.[!.]*') continue ;; esac
		cp -al "$f" "$2"/
	done
	git -C "$2" read-tree base
	git -C "$2" update-index -q --refresh >/dev/null || true
	git -C "$2" reset -q --hard
	rm "$2/.linking"
}
