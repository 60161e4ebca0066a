#!/bin/sh
# mkinitramfs.sh OUT.cpio.gz GEN_INIT_CPIO MODULE SUITE_DIR KNOWN_DEFECTS BRANCH [perf]
# Packs busybox, the guest init, the test module and the static test
# binaries into a gzipped initramfs with the kernel's own gen_init_cpio.
# With "perf", Debian's perf and the shared libraries it needs go in too.
# With KSELFTEST=DIR (common-tests/kselftest/build.sh's output: the kernel's
# cgroup selftests and their plan), DIR goes in as /kselftest, with the
# run.sh and skips that drive them.  BRANCH (variants/<branch>/branch) goes
# in as /etc/branch: the suite and the stress read what it documents; the
# lab's exercises (common-tests/lab/exercises) as /etc/lab-exercises.
set -eu
out=$1 gen=$2 module=$3 bindir=$4 known=$5 branch=$6 extra=${7:-}
here=$(dirname "$0")
list=$(mktemp)
trap 'rm -f "$list"' EXIT

for d in /bin /sbin /usr /usr/bin /usr/sbin /dev /proc /sys /tmp /etc /lib /root; do
	echo "dir $d 755 0 0"
done > "$list"
cat >> "$list" <<EOL
nod /dev/console 600 0 0 c 5 1
file /init $here/init.sh 755 0 0
file /bin/busybox /bin/busybox 755 0 0
file /lib/asid_test.ko $module 644 0 0
file /etc/known-defects $known 644 0 0
file /etc/branch $branch 644 0 0
file /etc/lab-exercises $here/../common-tests/lab/exercises 644 0 0

EOL
for f in "$bindir"/*; do
	[ -x "$f" ] && echo "file /bin/$(basename "$f") $f 755 0 0" >> "$list"
done
if [ -n "${KSELFTEST:-}" ]; then
	kst=$here/../common-tests/kselftest
	echo "dir /kselftest 755 0 0"
	for f in "$KSELFTEST"/* "$kst/run.sh" "$kst/skips"; do
		mode=644
		[ -x "$f" ] && mode=755
		echo "file /kselftest/$(basename "$f") $f $mode 0 0"
	done
fi >> "$list"
if [ "$extra" = perf ]; then
	perf=$(readlink -f /usr/bin/perf)
	echo "file /bin/perf $perf 755 0 0" >> "$list"
	for lib in $(ldd "$perf" | grep -oE '/[^ ]+'); do
		real=$(readlink -f "$lib")
		d=$(dirname "$lib")
		while [ "$d" != / ]; do echo "dir $d 755 0 0"; d=$(dirname "$d"); done
		echo "file $lib $real 755 0 0"
	done | awk '!seen[$0]++' >> "$list"
fi
"$gen" "$list" | gzip -9n > "$out.tmp"
mv "$out.tmp" "$out"
