#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# smoke.sh OUTDIR CHARGING NAME=SRC:DESIGN[:ARGS]...: the native harness in
# `make check`.  For each series: build it (build.sh), run the whole matrix
# (every type, every limit, 1 and 2 threads) with a fixed number of pairs,
# and check what the driver checks (every counter back to 0, no WARN, css
# references as before) and the design's documented charging property on
# every limited row: CHARGING "exact" means no level ever above its max
# (max_overshoot 0), anything else at most one unit per worker in flight.
# No timing is asserted.  Writes OUTDIR/suite.ktap, OUTDIR/verdict and
# OUTDIR/status (0 when every point passed), as a guest run does.
set -u
out=$1 charging=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
mkdir -p "$out"
ktap=$out/suite.ktap
n=0 bad=0

point() {	# point OK NAME [REASON]
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2" >> "$ktap"
	else
		echo "not ok $n $2${3:+ # $3}" >> "$ktap"
		bad=$((bad + 1))
	fi
}

: > "$ktap"
echo "KTAP version 1" >> "$ktap"
echo "1..$(($# * 3))" >> "$ktap"
for s in "$@"; do
	name=${s%%=*} rest=${s#*=}
	src=${rest%%:*} rest=${rest#*:}
	design=${rest%%:*} args=
	[ "$rest" != "$design" ] && args=${rest#*:}
	bin=$out/native-$name
	log=$out/native-$name.log
	if "$here/build.sh" "$src" "$design" "$bin" > "$log" 2>&1; then
		point 0 "native_build:$name"
	else
		point 1 "native_build:$name" "$(grep -m1 'build.sh:' "$log")"
		point 1 "native_smoke:$name" "not built"
		point 1 "native_charging:$name" "not built"
		continue
	fi
	# shellcheck disable=SC2086 # a list of flags
	if "$bin" --variant "$name" --rep 1 --header --iters 20000 --max-discards 0 \
		--min-overlap 0 --threads 1,2 --cpus 0,1 $args > "$out/native-$name.csv" 2>> "$log"; then
		point 0 "native_smoke:$name"
	else
		point 1 "native_smoke:$name" "$(grep -v '^# native: \(cpus\|.*from\)' "$log" | head -1)"
		point 1 "native_charging:$name" "the matrix did not finish"
		continue
	fi
	# Columns by name: limit, threads, max_overshoot.
	over=$(awk -F, -v exact="$charging" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["limit"] == "none" { next }
		{ bound = exact == "exact" ? 0 : $c["threads"] }
		$c["max_overshoot"] > bound {
			printf "%s %s depth %s, %s threads: usage %s above max, allowed %s\n",
				$c["limit"], $c["shape"], $c["depth"], $c["threads"],
				$c["max_overshoot"], bound; exit }' "$out/native-$name.csv")
	if [ -z "$over" ] && [ "$(wc -l < "$out/native-$name.csv")" -gt 1 ]; then
		point 0 "native_charging:$name"
	else
		point 1 "native_charging:$name" "${over:-no rows}"
	fi
done
echo "# $((n - bad)) passed, $bad failed" >> "$ktap"
if [ "$bad" = 0 ]; then
	echo "native harness: $n points passed" > "$out/verdict"
	echo 0 > "$out/status"
else
	echo "native harness: $bad of $n points failed" > "$out/verdict"
	grep '^not ok' "$ktap" >> "$out/verdict"
	echo 1 > "$out/status"
fi
exit 0
