#!/bin/sh
# smoke-verdict.sh RC OUTDIR: the benchmark's smoke boot must have written
# its rows: at least 18 "inkernel," CSV rows, what asid_bench --quick
# writes for the matrix's quick steps (bench/matrix.c).  Appends that as
# a point to OUTDIR/suite.ktap, where the final count sees it, and prints
# RC: the boot's own verdict.
rc=$1 out=$2
n=$(grep -c '^inkernel,' "$out/suite.ktap" 2>/dev/null)
{
	echo "KTAP version 1"
	echo "1..1"
	if [ "${n:-0}" -ge 18 ]; then
		echo "ok 1 bench_smoke_rows ($n rows)"
	else
		echo "not ok 1 bench_smoke_rows (${n:-0} rows, want 18)"
	fi
} >> "$out/suite.ktap"
echo "$rc"
