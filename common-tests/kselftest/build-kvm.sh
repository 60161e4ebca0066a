#!/bin/sh
# build-kvm.sh TREE BRANCH SRC OBJ OUTDIR: build the kernel's own KVM SEV
# selftests that ./kvm-programs names (tools/testing/selftests/kvm/x86_64/)
# as BRANCH of the git repository TREE has them, static, for the guest, into
# OUTDIR, after build.sh has put the cgroup selftests there: like build.sh,
# it adds "<test> <subtest>" lines to OUTDIR/plan and "<test> <why>" lines
# to OUTDIR/not-built, which run.sh reads in the guest.
#
# The KVM selftests include the uapi headers of the kernel they test:
# "make headers" in the branch's object tree OBJ (SRC is its worktree) puts
# them in OBJ/usr/include, and they are used from there.  The selftests are
# built with their own Makefile from a scratch copy read with git archive,
# in which the changes of ./kvm-patches are made and kvm-subtests.awk
# rewrites each test's main() so that each subtest runs on its own and is
# a point (kvm_subtest.h); the kernel's sources are never changed.
set -eu
tree=$1 branch=$2 src=$3 obj=$4 out=$5
here=$(cd "$(dirname "$0")" && pwd)
# Absolute: the selftests' make runs in another directory.
obj=$(cd "$obj" && pwd)
out=$(cd "$out" && pwd)
kvm=tools/testing/selftests/kvm
scratch=$out.kvm-src
trap 'rm -rf "$scratch"' EXIT

rm -rf "$scratch"
mkdir -p "$scratch"
[ -f "$out/plan" ] && [ -f "$out/not-built" ] || {
	echo "build-kvm.sh: no $out/plan or not-built: run build.sh first" >&2
	exit 1
}
make -s -C "$src" O="$obj" headers
git -C "$tree" archive "$branch" tools scripts/subarch.include | tar -x -C "$scratch"

# The changes of ./kvm-patches for this tree, where it lacks them.
treename=$(basename "$tree")
treename=${treename#linux-}
grep -v '^#' "$here/kvm-patches" | while read -r t p; do
	[ "$t" = "$treename" ] || continue
	p=$here/../../$p
	if patch -s -p1 -R -f --dry-run -d "$scratch" < "$p" > /dev/null 2>&1; then
		echo "build-kvm.sh: $branch has $(basename "$p") already"
	elif ! patch -s -p1 -F0 -f --no-backup-if-mismatch -d "$scratch" < "$p"; then
		echo "build-kvm.sh: $(basename "$p") does not apply to $branch" >&2
		exit 1
	fi
done
cp "$here/kvm_subtest.h" "$here"/../lib/kmsg.[ch] "$here"/../lib/file.[ch] "$scratch/$kvm/x86_64/"

grep -v '^#' "$here/kvm-programs" > "$scratch/list"
: > "$scratch/plan"
targets= built=
while read -r t how; do
	[ -n "$t" ] || continue
	c=$scratch/$kvm/x86_64/$t.c
	if [ ! -f "$c" ]; then
		[ "$how" != required ] && continue	# newer than this tree
		echo "build-kvm.sh: $branch has no $kvm/x86_64/$t.c" >&2
		exit 1
	fi
	case $how in
	"- "*)	echo "$t not built: ${how#- }" >> "$out/not-built"
		continue ;;
	esac
	awk -v test="$t" -v plan="$scratch/plan" -f "$here/kvm-subtests.awk" "$c" > "$c.new"
	mv "$c.new" "$c"
	targets="$targets $scratch/obj/x86_64/$t"
	built="$built $t"
done < "$scratch/list"

if [ -n "$targets" ]; then
	# shellcheck disable=SC2086
	make -s -C "$scratch/$kvm" OUTPUT="$scratch/obj" \
		KHDR_INCLUDES="-isystem $obj/usr/include" EXTRA_CFLAGS=-static $targets
	# Their debug information would only make the initramfs larger.
	for t in $built; do
		strip -o "$out/$t" "$scratch/obj/x86_64/$t"
	done
fi
cat "$scratch/plan" >> "$out/plan"
echo "kselftest $branch (kvm): $(awk '{ print $1 }' "$scratch/plan" | uniq -c |
	awk '{ printf "%s%s (%d)", n++ ? ", " : "", $2, $1 }'); not built: $(awk '{ print $1 }' "$out/not-built" | xargs)"
