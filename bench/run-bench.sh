#!/bin/sh
# run-bench.sh OUT REPS BRANCH...: the benchmark runs behind `make bench`.
#
# For each repetition, every variant boots once per guest size (-smp 2,
# then the oversubscribed -smp 4 and 8), in turn, so that drift on this
# noisy machine hits every variant alike.  The -smp 2 boot also runs the
# end-to-end KVM loop and the guest side of the calibration.  Then two
# deterministic -icount shift=0 runs per variant, and the host side of the
# calibration.  The native runs are bench/native/run-native.sh's.
# Writes OUT/{inkernel,e2e,calib,icount}.csv and meta.txt.
set -eu
out=$1 reps=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
B=$top/build
mkdir -p "$out/logs" "$out/boot"
# A fresh run: no profile of a branch that is gone may survive into the report.
rm -f "$out"/perf-*.txt

echo "variant,smp,rep,shape,depth,threads,oversubscribed,limit,type,iters,elapsed_ns,ns_per_pair,rejected,max_overshoot,overlap,discards" > "$out/inkernel.csv"
echo "variant,smp,rep,type,count,elapsed_ns,ops_per_sec" > "$out/e2e.csv"
echo "where,primitive,threads,rep,iters,ns_per_pair" > "$out/calib.csv"
echo "variant,run,shape,depth,type,iters,instructions_per_pair" > "$out/icount.csv"

# ASIDs 1..1024, SEV-ES below 129: capacities sev 896 and sev_es 128, room
# for a per-CPU batch of 32 on every CPU (misc-batched), as a high-rate
# resource would have; bench/native/driver.c sets the same.
export SEV_ASID_SIM=${BENCH_ASID_SIM:-1024,129}

boot() {	# boot NAME BUILD APPEND...: one guest, its tagged CSV lines
	name=$1 v=$2
	shift 2
	if ! "$top/qemu/run-guest.sh" "$name" "$B/obj/$v/arch/x86/boot/bzImage" \
		"$B/initramfs/$v${INITRD_SUFFIX:-}.cpio.gz" "$out/logs" "$out/boot" "${BENCH_TIMEOUT:-600}" \
		asid.mode=bench asid.variant="$v" "$@" > "$out/boot/verdict" 2>&1; then
		cat "$out/boot/verdict" >&2
		echo "bench: boot $name failed" >&2
		exit 1
	fi
}

take() {	# take TAG FILE: append the lines tagged TAG from the last boot
	grep "^$1," "$out/boot/suite.ktap" | cut -d, -f2- >> "$2" || true
}

rep=1
while [ "$rep" -le "$reps" ]; do
	for smp in 2 4 8; do
		for v in "$@"; do
			echo "bench: rep $rep/$reps, $v, -smp $smp"
			iters=
			[ "$smp" -gt 2 ] && iters=asid.iters=${OVERSUB_ITERS:-50000}
			SMP=$smp boot "bench-$v-smp$smp-r$rep" "$v" asid.rep="$rep" \
				asid.bench=all $iters
			take inkernel "$out/inkernel.csv"
			take e2e "$out/e2e.csv"
			take calib "$out/calib.csv"
		done
	done
	rep=$((rep + 1))
done

# Under -icount shift=0 one guest nanosecond is one instruction.
for run in 1 2; do
	for v in "$@"; do
		echo "bench: icount run $run, $v"
		SMP=${ICOUNT_SMP:-1} ACCEL=tcg QEMU_EXTRA="-icount shift=0" \
			boot "icount-$v-r$run" "$v" asid.rep="$run" asid.bench=icount \
			asid.iters="${ICOUNT_ITERS:-20000}"
		grep '^icount,' "$out/boot/suite.ktap" | cut -d, -f2- |
			awk -F, -v run="$run" '{ printf "%s,%s,%s,%s,%s,%s,%.2f\n",
				$1, run, $4, $5, $9, $10, $11 / $10 }' >> "$out/icount.csv"
	done
done

# Where the time goes in the hottest point, per variant (cpu-clock samples).
for v in "$@"; do
	echo "bench: perf, $v"
	INITRD_SUFFIX=-perf boot "perf-$v" "$v" asid.rep=1 asid.bench=perf
	grep '^perf,' "$out/boot/suite.ktap" | cut -d, -f2- > "$out/perf-$v.txt"
done

echo "bench: host calibration"
"$B/host/calib-host" --where host --reps "$reps" | tail -n +1 >> "$out/calib.csv"

{
	echo "date: $(date -u '+%F %T UTC')"
	echo "host cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores"
	echo "host kernel: $(uname -sr)"
	echo "qemu: $(qemu-system-x86_64 --version | head -1)"
	trees=$(for t in "$B"/linux-*/Makefile; do
		v=${t%/Makefile}; v=${v##*/linux-}
		echo "linux-source-$v $v.$(sed -n 's/^SUBLEVEL = //p' "$t")"
	done | paste -sd, - | sed 's/,/, /g')
	echo "guest: Debian $trees, -accel tcg,thread=multi -cpu EPYC, kvm_amd.sev_asid_sim=$SEV_ASID_SIM (the icount runs too)"
	echo "repetitions: $reps per point; -smp 4 and 8 boots run ${OVERSUB_ITERS:-50000} iterations per worker"
	echo "command: make bench"
} > "$out/meta.txt"
