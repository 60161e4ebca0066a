#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run-native.sh OUT REPS BRANCH...: the native runs behind `make bench-native`
# (and the native part of `make bench`).  No kernel build, no QEMU: each
# branch's controller source (build/src/<branch>, the packaged tree with the
# branch's series applied) and the kernel's own counters as anchors
# (mm/page_counter.c, lib/percpu_counter.c of the packaged trees) are
# compiled into host programs (build.sh) and timed on this machine's CPUs.
#
# Series: every branch; encryption_ids twice, with the qspinlock slow path
# of bare metal (the MCS queue, the default) and, labelled "+tas", with the
# test-and-set virt_spin_lock() that a guest without paravirt spinlocks
# runs; the anchors.  Each repetition runs every point of the matrix, and
# each point every series, one program run each, in an order shuffled per
# point (its seed recorded): the designs of a point are timed within
# seconds of each other, while the machine is as it was for all of them
# (on a VM the hypervisor moves the vCPUs, and what a shared cache line
# costs changes with it), and drift spreads over all of them.
#
# Writes OUT/native.csv, OUT/native-meta.txt, OUT/native-costs.csv and
# OUT/native-ops.csv (the model's parameters and operation counts, costs.c
# and driver_count.c) and OUT/native-<series>.log; a previous
# native.csv, native-meta.txt and native-costs.csv become native-prev.*,
# the run the report checks this one against.
#
# Environment: NATIVE_SEED (default: the time), NATIVE_CPUS (a CPU list,
# default every CPU), NATIVE_THREADS (default 1, 2, 4, ... all),
# NATIVE_TYPES (default sev: sev_es runs the same code on another index),
# NATIVE_MIN_MS (50), NATIVE_ITERS (fixed pairs: a smoke run, not figures).
set -eu
out=$1 reps=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=$top/build
bin=$B/host/native
mkdir -p "$out" "$bin"

seed=${NATIVE_SEED:-$(date +%s)}
types=${NATIVE_TYPES:-sev}

# series NAME SRC DESIGN [DRIVER ARGS...]: one line of the plan
plan=$out/native-plan.txt
: > "$plan"
for v in "$@"; do
	src=$B/src/$v
	if [ -f "$src/kernel/cgroup/encryption_ids.c" ]; then
		echo "$v $src encryption_ids" >> "$plan"
		echo "$v+tas $src encryption_ids --slowpath virt" >> "$plan"
	else
		args=
		# F7 (misc RFC v1): a refused charge can strand a css reference;
		# the runs go on, and the report counts what stderr says of it.
		grep -qs '^F7 ' "$top/variants/$v/known-defects" && args=--ref-leaks-ok
		echo "$v $src misc $args" >> "$plan"
	fi
done
for a in ${NATIVE_ANCHORS-page_counter:6.1 percpu_counter:6.1 percpu_counter_limited:6.12}; do
	design=${a%%:*} tree=${a##*:}
	[ -d "$B/linux-$tree" ] || { echo "run-native: no $B/linux-$tree for $design" >&2; exit 1; }
	echo "$design-$tree $B/linux-$tree $design" >> "$plan"
done

while read -r name src design args; do
	"$here/build.sh" "$src" "$design" "$bin/$name" 2> "$out/native-$name.build.log" &&
	COUNT_OPS=1 "$here/build.sh" "$src" "$design" "$bin/$name.count" 2>> "$out/native-$name.build.log" ||
		{ cat "$out/native-$name.build.log" >&2; echo "run-native: build of $name failed" >&2; exit 1; }
done < "$plan"

# What a pair does, counted from each design's code as it runs
# (driver_count.c): the model's operation counts.
ops=$out/native-ops.csv
"$bin/$(head -1 "$plan" | cut -d' ' -f1).count" --variant x --rep 0 --count-ops --header \
	--types "${types%%,*}" 2> /dev/null | head -1 > "$ops"
while read -r name src design args; do
	# shellcheck disable=SC2086 # a list of flags
	"$bin/$name.count" --variant "$name" --rep 0 --count-ops --types "${types%%,*}" $args \
		2>> "$out/native-$name.build.log" >> "$ops" ||
		{ echo "run-native: counting the operations of $name failed" >&2; exit 1; }
done < "$plan"

gcc -O2 -Wall -Wextra -Werror -pthread -o "$bin/costs" "$here/costs.c" "$here/cpulist.c" \
	"$here/pingpong.c"

if [ -s "$out/native.csv" ]; then
	mv "$out/native.csv" "$out/native-prev.csv"
	mv "$out/native-meta.txt" "$out/native-prev-meta.txt" 2>/dev/null || :
	mv "$out/native-costs.csv" "$out/native-prev-costs.csv" 2>/dev/null || :
fi
rm -f "$out"/native-*.log.tmp
while read -r name src design args; do : > "$out/native-$name.log"; done < "$plan"

driver_args="--types $types --min-ms ${NATIVE_MIN_MS:-50}"
[ -n "${NATIVE_CPUS:-}" ] && driver_args="$driver_args --cpus $NATIVE_CPUS"
[ -n "${NATIVE_ITERS:-}" ] && driver_args="$driver_args --iters $NATIVE_ITERS"

# The model's parameters, measured on the CPUs the runs use.
echo "bench-native: costs (ping-pong, atomics)"
"$bin/costs" --header --reps "$reps" ${NATIVE_CPUS:+--cpus "$NATIVE_CPUS"} > "$out/native-costs.csv"

# The points of the matrix, one per line: threads, limit, shape,depth.
threads=${NATIVE_THREADS:-$(n=$(echo "${NATIVE_CPUS:-0-$(($(nproc) - 1))}" |
	tr ',' '\n' | awk -F- '{ n += NF == 2 ? $2 - $1 + 1 : 1 } END { print n }')
	t=1; while [ "$t" -lt "$n" ]; do printf '%s,' "$t"; t=$((t * 2)); done; echo "$n")}
points=$out/native-points.txt
for t in $(echo "$threads" | tr ',' ' '); do
	echo "$t none empty,0"
	for l in none tight batch; do
		for sd in leaf,1 siblings,1 chain,1 chain,2 chain,4 chain,8; do
			echo "$t $l $sd"
		done
	done
done > "$points"

# Each repetition runs every point once, and each point every series, in an
# order shuffled with seed SEED + 1000 * rep + the point's line: the series
# of one point run within seconds of each other, where the machine is as
# it was for all of them, and drift spreads over all of them.
csv=$out/native.csv.part
"$bin/$(head -1 "$plan" | cut -d' ' -f1)" --header-only > "$csv"
start=$(date +%s)
rep=1
while [ "$rep" -le "$reps" ]; do
	echo "bench-native: rep $rep/$reps"
	pi=0
	while read -r t l sd; do
		pi=$((pi + 1))
		awk -v s=$((seed + 1000 * rep + pi)) 'BEGIN { srand(s) } { print rand() " " $0 }' \
			"$plan" | sort -k1,1 | cut -d' ' -f2- |
		while read -r name src design args; do
			# shellcheck disable=SC2086 # lists of flags
			"$bin/$name" --variant "$name" --rep "$rep" $driver_args $args \
				--threads "$t" --limits "$l" --point "$sd,$t" \
				>> "$csv" 2>> "$out/native-$name.log" ||
				{ tail -5 "$out/native-$name.log" >&2
				  echo "run-native: $name failed at $t $l $sd" >&2; exit 1; }
		done || exit 1
	done < "$points"
	rep=$((rep + 1))
done
mv "$csv" "$out/native.csv"

{
	echo "date: $(date -u '+%F %T UTC')"
	echo "command: make bench-native"
	echo "seconds: $(($(date +%s) - start))"
	echo "host cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "host cpus: $(nproc) online; $(lscpu | sed -n 's/^Thread(s) per core:[[:space:]]*/threads per core /p; s/^Core(s) per socket:[[:space:]]*/cores per socket /p; s/^Socket(s):[[:space:]]*/sockets /p; s/^NUMA node(s):[[:space:]]*/NUMA nodes /p; s/^Hypervisor vendor:[[:space:]]*/hypervisor /p' | paste -sd, - | sed 's/,/, /g')"
	echo "host kernel: $(uname -sr)"
	echo "compiler: $(gcc --version | head -1)"
	echo "repetitions: $reps; types: $types; runs of at least ${NATIVE_MIN_MS:-50} ms after a warm-up of 10 ms; overlap of at least 0.95"
	echo "driver: $driver_args"
	echo "seed: $seed; the series of point i (native-points.txt) of repetition r run in the order of seed $seed + 1000 r + i"
	echo "threads: $threads"
	grep -h '^# native: cpus' "$out"/native-*.log | sort -u | sed 's/^# native: /topology: /'
	# "capacity: sev 410 sev_es 99; stock batch 32", as the driver set them
	grep -h '^# native: capacity' "$out"/native-*.log | sort -u | head -1 |
		sed 's/^# native: capacity /capacity: /'
} > "$out/native-meta.txt"
echo "bench-native: $(($(wc -l < "$out/native.csv") - 1)) rows in $(($(date +%s) - start)) s"
