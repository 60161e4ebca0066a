#!/bin/sh
# seed-obj.sh FROM_WT FROM_OBJ TO_WT TO_OBJ: start an object tree that was
# never built (TO_OBJ) from a built one of the same kernel tree, so that
# the build compiles only what differs instead of the whole kernel.
#
# Kbuild decides what to rebuild by mtime.  A worktree's mtimes say when
# it was checked out, not what changed, so after the copy every tracked
# source of TO_WT's own is dated back to 2000 (the others, hard links to the
# extracted tree's, keep the tarball's older dates) and only the files
# whose content differs between FROM_WT's HEAD and TO_WT's HEAD are dated
# now, each a copy of its own first: Kbuild
# rebuilds them and, through its dependency files, whatever includes
# them; a changed .config is Kconfig's own incremental case.  Each object
# tree sits directly in its worktree, so Kbuild names every source
# "../<path>" and the copied command files hold for the new worktree.
# Nothing happens if TO_OBJ has a .config: it was built before.
set -eu
from_wt=$1 from_obj=$2 to_wt=$3 to_obj=$4
[ -e "$to_obj/.config" ] && exit 0
[ -e "$from_obj/vmlinux" ] || { echo "seed-obj: $from_obj was not built" >&2; exit 1; }
from_head=$(git -C "$from_wt" rev-parse HEAD)
rm -rf "$to_obj"
mkdir -p "$to_obj"
cp -a "$from_obj/." "$to_obj"
from_abs=$(cd "$from_obj" && pwd -P) to_abs=$(cd "$to_obj" && pwd -P)
cd "$to_wt"
# Dates change only on this worktree's own files (one link).  The others
# are hard links to the extracted tree's files (worktree.sh), dated as
# the tarball has them, older than any object, and shared with every
# other worktree: a date set here would show there, to Kbuild and to git,
# whose index would no longer match (a concurrent git am stops on it).
git ls-files -z | xargs -0 sh -c \
	'find "$@" -maxdepth 0 -type f -links 1 -exec touch -d @946684800 {} +' sh
git diff --name-only --no-renames "$from_head" HEAD |
	while read -r f; do
		[ -e "$f" ] || continue
		# A shared file gets a copy of its own before it is dated now.
		if [ "$(stat -c %h "$f")" -gt 1 ]; then
			cp -p "$f" "$f.seed-obj" && mv "$f.seed-obj" "$f"
		fi
		touch "$f"
	done
# New dates make every file look changed to git, whose next checkout would
# then rewrite them all: let it record the dates.
git update-index -q --refresh >/dev/null || true
echo "seed-obj: $(basename "$to_wt") starts from $(basename "$from_wt")'s objects" \
	"($(git diff --name-only --no-renames "$from_head" HEAD | wc -l) files differ)"
# objtool's build (tools/) records the object tree's absolute path, so the
# copy rebuilds it; newer than every object, it would make Kbuild rebuild
# them all.  Built now from the same sources, it gets the donor's date.
if [ -e "$from_abs/tools/objtool/objtool" ]; then
	make -s -C "$to_abs/.." O="$to_abs" tools/objtool
	find "$to_abs/tools" -exec touch -h -r "$from_abs/tools/objtool/objtool" {} +
fi
