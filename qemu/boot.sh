#!/bin/sh
# boot.sh [CMDLINE-ARG...]: one boot of the plan (qemu/plan.mk): run-guest.sh,
# then the row's verdict; writes OUT/{suite.ktap,verdict,status} and prints
# the verdict.  The row's columns and the build come from make, by name:
#   NAME     the boot's name in the logs: <build>-<boot>
#   BUILD    the build booted (a branch, <branch>+extra, <branch>+broken)
#   PARAM    the <param> of a <row>-<param> boot (inject-leak: leak)
#   KERNEL, INITRD, OUT, LOGS, TIMEOUT
#   SIM      kvm_amd.sev_asid_sim as max-min
#   VERDICT  "-" for run-guest.sh's alone, else qemu/<VERDICT>-verdict.sh
#   QEMU_EXTRA, KNOWN_SPLATS   as run-guest.sh takes them
set -u
here=$(dirname "$0")
mkdir -p "$OUT"
echo "guest $NAME: booting, console $LOGS/$NAME.console.log"
SEV_ASID_SIM=$(echo "$SIM" | tr - ,) "$here/run-guest.sh" "$NAME" "$KERNEL" "$INITRD" \
	"$LOGS" "$OUT" "$TIMEOUT" "$@" > "$OUT/verdict" 2>&1
rc=$?
case $VERDICT in
-)	status=$rc ;;
smoke)	status=$("$here/smoke-verdict.sh" "$rc" "$OUT") ;;
inject)	status=$("$here/inject-verdict.sh" "$rc" "$PARAM" "$OUT" "$LOGS/$NAME.console.log") ;;
broken)	status=$("$here/broken-verdict.sh" "$rc" "variants/${BUILD%+broken}/broken/expect" "$OUT") ;;
warn)	status=$("$here/warn-verdict.sh" "$rc" "$OUT") ;;
*)	echo "boot.sh: $NAME: no verdict \"$VERDICT\" (qemu/plan.mk)" >> "$OUT/verdict"
	status=1 ;;
esac
echo "${status:-1}" > "$OUT/status"
cat "$OUT/verdict"
