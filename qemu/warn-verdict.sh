#!/bin/sh
# warn-verdict.sh RC OUTDIR: the deliberate-WARN boot must have failed
# with an LKDTM WARNING quoted by the console scan.  Writes a one-point
# KTAP file and prints 0 (proven) or 1 (a WARN could go unnoticed).
rc=$1 out=$2
if [ "$rc" != 0 ] && grep -q 'SPLAT' "$out/verdict" &&
   grep -q 'WARNING:.*lkdtm' "$out/verdict"; then
	printf 'KTAP version 1\n1..1\nok 1 harness_catches_deliberate_warn\n' > "$out/suite.ktap"
	echo 0
else
	printf 'KTAP version 1\n1..1\nnot ok 1 harness_catches_deliberate_warn\n' > "$out/suite.ktap"
	echo "selftest: the deliberate WARN was not caught (rc $rc)" >&2
	echo 1
fi
