#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build.sh SRC_TREE DESIGN OUTBIN
# build.sh --check [SRC_TREE...]
#
# Compile one kernel tree's controller, unedited, into a host program that
# times it (driver.c).  DESIGN is misc (kernel/cgroup/misc.c with
# include/linux/misc_cgroup.h) or encryption_ids (kernel/cgroup/
# encryption_ids.c with include/linux/encryption_ids_cgroup.h), or one of
# the kernel's own counters as an anchor, unedited from a packaged tree:
# page_counter (mm/page_counter.c with include/linux/page_counter.h),
# percpu_counter (lib/percpu_counter.c with include/linux/
# percpu_counter.h, add then __percpu_counter_compare()) or
# percpu_counter_limited (the same files, __percpu_counter_limited_add(),
# 6.7 and later).  The lock the controllers take, and cgroup_file_notify()
# and percpu_counter take, is the tree's own queued spinlock:
# kernel/locking/qspinlock.c with its headers, unedited.
#
# --check builds every design each SRC_TREE has (default: build/linux-6.1
# and build/linux-6.12 of this repository, those extracted) and runs each
# program once over the whole matrix with few iterations, so that its own
# checks (counters back to 0, no WARN, css references) run; TAP on stdout,
# exit 1 if any point fails.  A host test: a stub change that breaks one
# design's build or run fails it.
#
# Only these files of SRC_TREE are used; each is reached through a symlink
# in a private include directory that comes before stub/, so that the
# tree's header always wins and nothing else of the tree is picked up:
#   the controller (or counter) and its header, kernel/locking/{qspinlock.c,
#   mcs_spinlock.h, qspinlock_stat.h, lock_events.h, lock_events_list.h},
#   include/asm-generic/{qspinlock.h, qspinlock_types.h, mcs_spinlock.h},
#   arch/x86/include/asm/{qspinlock.h, rmwcc.h}, and include/linux/
#   cgroup-defs.h (read only to size struct cgroup_subsys_state), and
#   include/linux/args.h where asm/rmwcc.h includes it (6.12).
#
# Environment: CC (gcc), OPT (-O2; the guest kernels are built -Os),
# EXTRA_CFLAGS (appended to the kernel-side flags), COUNT_OPS=1 (a
# program for --count-ops: the kernel side instrumented, count_ops.c).
set -eu

DESIGNS="misc encryption_ids page_counter percpu_counter percpu_counter_limited"

usage() {
	echo "usage: $0 SRC_TREE DESIGN OUTBIN" >&2
	echo "       $0 --check [SRC_TREE...]" >&2
	echo "DESIGN: $(echo $DESIGNS | sed 's/ /|/g')" >&2
	exit 2
}

# --check: each design of each tree, built and run once at few iterations.
check() {
	self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
	top=$(cd "$(dirname "$0")/../.." && pwd)
	[ $# -gt 0 ] || set -- "$top/build/linux-6.1" "$top/build/linux-6.12"
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/native-check.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT INT TERM
	n=0
	rc=0
	for tree in "$@"; do
		t=$(basename "$tree")
		for d in $DESIGNS; do
			n=$((n + 1))
			name="native_${d}_${t}"
			if [ ! -d "$tree" ]; then
				echo "ok $n $name # SKIP no tree $tree"
				continue
			fi
			case $d in
			misc) f=kernel/cgroup/misc.c ;;
			encryption_ids) f=kernel/cgroup/encryption_ids.c ;;
			page_counter) f=mm/page_counter.c ;;
			percpu_counter*) f=lib/percpu_counter.c ;;
			esac
			if [ ! -f "$tree/$f" ] || { [ $d = percpu_counter_limited ] &&
			   ! grep -q __percpu_counter_limited_add \
				"$tree/include/linux/percpu_counter.h"; }; then
				echo "ok $n $name # SKIP $t has no $d"
				continue
			fi
			# The whole matrix (both types, every shape and limit)
			# on 1 and 2 threads, a fixed few pairs per point, no
			# run discarded for its overlap; again with the other
			# spinlock slow path.
			if "$self" "$tree" "$d" "$tmp/$name" > "$tmp/log" 2>&1 &&
			   "$tmp/$name" --variant "$d" --rep 1 --threads 1,2 \
				--iters 1000 --max-discards 0 \
				> /dev/null 2>> "$tmp/log" &&
			   "$tmp/$name" --variant "$d" --rep 1 --threads 1,2 \
				--iters 300 --max-discards 0 --slowpath virt \
				> /dev/null 2>> "$tmp/log"; then
				echo "ok $n $name"
			else
				echo "not ok $n $name"
				sed 's/^/# /' "$tmp/log"
				rc=1
			fi
		done
	done
	echo "1..$n"
	exit $rc
}

[ "${1:-}" = --check ] && { shift; check "$@"; }
[ $# -eq 3 ] || usage
src=$(cd "$1" && pwd) || { echo "build.sh: no directory $1" >&2; exit 1; }
design=$2
out=$3
here=$(cd "$(dirname "$0")" && pwd)
# What the test tools know of each design (common-tests/module/design_*.h).
modules=$(cd "$here/../../common-tests/module" && pwd)
design_h=
CC=${CC:-gcc}
OPT=${OPT:--O2}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}

case $design in
misc)
	ctl=kernel/cgroup/misc.c
	hdr=include/linux/misc_cgroup.h
	adapter=adapter_controller.c
	# misc_rfc where misc's first RFC hands the charged cgroup back
	# through an out parameter; the guest module asks the same script.
	design_h=design_$(sh "$modules/design-of.sh" "$src" misc).h
	;;
encryption_ids)
	ctl=kernel/cgroup/encryption_ids.c
	hdr=include/linux/encryption_ids_cgroup.h
	adapter=adapter_controller.c
	design_h=design_encryption_ids.h
	;;
page_counter)
	ctl=mm/page_counter.c
	hdr=include/linux/page_counter.h
	adapter=adapter_page_counter.c
	;;
percpu_counter|percpu_counter_limited)
	ctl=lib/percpu_counter.c
	hdr=include/linux/percpu_counter.h
	adapter=adapter_$design.c
	if [ $design = percpu_counter_limited ] && [ -f "$src/$hdr" ] &&
	   ! grep -q '__percpu_counter_limited_add' "$src/$hdr"; then
		echo "build.sh: $src has no __percpu_counter_limited_add() (6.7 and later)" >&2
		exit 1
	fi
	;;
*)
	usage
	;;
esac

missing=0
for f in "$ctl" "$hdr" \
	kernel/locking/qspinlock.c kernel/locking/mcs_spinlock.h \
	kernel/locking/qspinlock_stat.h kernel/locking/lock_events.h \
	kernel/locking/lock_events_list.h \
	include/asm-generic/qspinlock.h include/asm-generic/qspinlock_types.h \
	include/asm-generic/mcs_spinlock.h \
	arch/x86/include/asm/qspinlock.h arch/x86/include/asm/rmwcc.h \
	include/linux/cgroup-defs.h; do
	if [ ! -f "$src/$f" ]; then
		echo "build.sh: $src has no $f" >&2
		missing=1
	fi
done
[ $missing -eq 0 ] || exit 1

work=$(mktemp -d "${TMPDIR:-/tmp}/native-build.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# The tree's own headers, and only those, ahead of stub/.
inc=$work/include
mkdir -p "$inc/linux" "$inc/asm" "$inc/asm-generic"
ln -s "$src/$hdr" "$inc/linux/$(basename "$hdr")"
ln -s "$src/include/asm-generic/qspinlock.h" "$inc/asm-generic/qspinlock.h"
ln -s "$src/include/asm-generic/qspinlock_types.h" "$inc/asm-generic/qspinlock_types.h"
ln -s "$src/arch/x86/include/asm/qspinlock.h" "$inc/asm/qspinlock.h"
ln -s "$src/arch/x86/include/asm/rmwcc.h" "$inc/asm/rmwcc.h"
# x86 has no asm/mcs_spinlock.h: Kbuild generates one that is asm-generic's.
ln -s "$src/include/asm-generic/mcs_spinlock.h" "$inc/asm/mcs_spinlock.h"
# 6.12's asm/rmwcc.h includes linux/args.h (argument-counting macros only).
if [ -f "$src/include/linux/args.h" ]; then
	ln -s "$src/include/linux/args.h" "$inc/linux/args.h"
fi

defs=
# 6.12's page_counter_init() takes protection_support (6.10 and later).
if [ $design = page_counter ] && grep -q 'bool protection_support)' "$src/$hdr"; then
	defs="$defs -DNATIVE_PAGE_COUNTER_PROTECTION"
fi
if sed -n '/^struct cgroup_subsys_state {/,/^};/p' "$src/include/linux/cgroup-defs.h" |
   grep -q 'nr_descendants;'; then
	defs="$defs -DNATIVE_CSS_NR_DESCENDANTS"
fi

# Kernel side: no C library headers at all, only the compiler's own (as
# the kernel's -nostdinc -isystem), and the kernel's code-generation flags
# that matter on x86_64 user space.
gccinc=$("$CC" -print-file-name=include)
KCFLAGS="$OPT -std=gnu11 -nostdinc -isystem $gccinc -I$inc -I$here/stub -I$modules \
 -include $here/stub/kconfig.h $defs \
 -fno-strict-aliasing -fno-common -fno-strict-overflow \
 -fno-delete-null-pointer-checks -fno-stack-protector -fcf-protection=none \
 -ftrivial-auto-var-init=zero -fno-asynchronous-unwind-tables \
 -Wall -Wno-unused-function -Wno-address -Wno-pointer-sign -Wno-sign-compare \
 -Werror=implicit-function-declaration -Werror=implicit-int \
 -Werror=incompatible-pointer-types -Werror=int-conversion \
 -Werror=return-type -Werror=strict-prototypes $EXTRA_CFLAGS"
UCFLAGS="$OPT -std=gnu11 -pthread -Wall -Wextra"
# COUNT_OPS=1: a program that counts, not times (count_ops.c, --count-ops).
count_objs=
if [ "${COUNT_OPS:-0}" = 1 ]; then
	KCFLAGS="$KCFLAGS -fsanitize=thread -DNATIVE_COUNT_OPS"
	UCFLAGS="$UCFLAGS -DNATIVE_COUNT_OPS"
	count_objs="$work/count_ops.o $work/driver_count.o"
fi

compile() {
	what=$1
	shift
	if ! "$CC" "$@"; then
		echo "build.sh: compiling $what failed (see the compiler's messages above)" >&2
		exit 1
	fi
}

# shellcheck disable=SC2086 # KCFLAGS is a list of flags
{
compile "$src/$ctl" $KCFLAGS -c "$src/$ctl" -o "$work/controller.o"
compile "$src/kernel/locking/qspinlock.c" $KCFLAGS -c \
	"$src/kernel/locking/qspinlock.c" -o "$work/qspinlock.o"
compile stub/native_rt.c $KCFLAGS -c "$here/stub/native_rt.c" -o "$work/native_rt.o"
compile "$adapter" $KCFLAGS ${design_h:+"-DDESIGN_H=\"$design_h\""} \
	-c "$here/$adapter" -o "$work/adapter.o"
compile stub/native_libc.c $UCFLAGS -c "$here/stub/native_libc.c" -o "$work/native_libc.o"
compile driver.c $UCFLAGS "-DNATIVE_SRC=\"$src\"" "-DNATIVE_ADAPTER=\"$adapter${design_h:+ + $design_h}\"" \
	-c "$here/driver.c" -o "$work/driver.o"
compile driver_run.c $UCFLAGS -c "$here/driver_run.c" -o "$work/driver_run.o"
compile driver_tree.c $UCFLAGS -c "$here/driver_tree.c" -o "$work/driver_tree.o"
compile matrix.c $UCFLAGS -c "$here/../matrix.c" -o "$work/matrix.o"
compile cpulist.c $UCFLAGS -c "$here/cpulist.c" -o "$work/cpulist.o"
compile pingpong.c $UCFLAGS -c "$here/pingpong.c" -o "$work/pingpong.o"
if [ -n "$count_objs" ]; then
	compile count_ops.c $UCFLAGS -Wno-unused-parameter \
		-c "$here/count_ops.c" -o "$work/count_ops.o"
	compile driver_count.c $UCFLAGS -c "$here/driver_count.c" -o "$work/driver_count.o"
fi
}
mkdir -p "$(dirname "$out")"
if ! "$CC" -pthread -o "$out" "$work/driver.o" "$work/driver_run.o" \
	"$work/driver_tree.o" "$work/matrix.o" "$work/cpulist.o" "$work/pingpong.o" \
	"$work/adapter.o" "$work/controller.o" "$work/qspinlock.o" "$work/native_rt.o" \
	"$work/native_libc.o" $count_objs -lm; then
	echo "build.sh: linking $out failed" >&2
	exit 1
fi
echo "build.sh: $out: $design ($adapter) from $src" >&2
