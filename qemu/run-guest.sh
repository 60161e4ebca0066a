#!/bin/sh
# run-guest.sh NAME KERNEL INITRD LOGDIR OUTDIR TIMEOUT [APPEND...]
# Boots one branch under TCG, keeps its console log, collects the suite's
# KTAP from the second serial port, and fails on a hang, a panic, a bad
# status or any splat that is not a known defect of this branch.
# SEV_ASID_SIM replaces the simulated ASID range (default 16,5).
set -u
name=$1 kernel=$2 initrd=$3 logdir=$4 outdir=$5 limit=$6
shift 6
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$logdir" "$outdir"
log=$logdir/$name.console.log
ktap=$outdir/suite.ktap
rm -f "$log" "$ktap"
start=$(date +%s)

timeout -k 5 "$limit" qemu-system-x86_64 \
	-accel "${ACCEL:-tcg,thread=multi}" ${QEMU_EXTRA:-} -cpu EPYC -smp "${SMP:-2}" -m 1024 \
	-display none -monitor none -no-reboot \
	-serial file:"$log" -serial file:"$ktap" \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 kvm_amd.sev_asid_sim=${SEV_ASID_SIM:-16,5} $*" \
	</dev/null 2>"$logdir/$name.qemu-stderr.log"
rc=$?
# How long the boot took, for the run-time figures (make times).
echo $(($(date +%s) - start)) > "$outdir/seconds"
# The serial ports are ttys: drop the carriage returns they add.
for f in "$log" "$ktap"; do
	[ -f "$f" ] && tr -d '\r' < "$f" > "$f.tmp" && mv "$f.tmp" "$f"
done

verdict=0
case $rc in
1)	;;	# guest status 0
124|137) echo "$name: guest did not finish within ${limit}s (killed)"; verdict=1 ;;
0)	echo "$name: guest rebooted or panicked before reporting a status"; verdict=1 ;;
*)	echo "$name: guest reported failure (qemu exit $rc)"; verdict=1 ;;
esac
if ! "$here/scan-console.sh" "$log" "$ktap" "${KNOWN_SPLATS:-/dev/null}"; then
	echo "$name: kernel splat in $log"
	verdict=1
fi
exit $verdict
