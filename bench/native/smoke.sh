#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# smoke.sh [--expect-fail POINT ERE] OUTDIR CHARGING NAME=SRC:DESIGN[:ARGS]...
#
# The native harness in `make check`.  For each series: build it
# (build.sh), run the whole matrix (every type, every limit, 1 and 2
# threads) with a fixed number of pairs, and check what the driver checks
# (every counter back to 0, no WARN, css references as before) and what the
# design documents of its charge, on every row:
#
#   native_charging  at a limit, no level above its max after an admitted
#                    charge: CHARGING "exact" allows 0, anything else one
#                    unit per worker in flight;
#   native_stock     with STOCK_BOUND=N in the environment (a design with
#                    per-CPU stocks, documented to keep at most N units
#                    per CPU), the units left charged and unused when the
#                    workers stop at most N per worker's CPU.
#
# No timing is asserted.  Writes OUTDIR/suite.ktap (with a "# <point>:
# FAIL: <why>" line before each failure), OUTDIR/verdict and OUTDIR/status
# (0 when every point passed), as a guest run does.
#
# --expect-fail POINT ERE: a series broken on purpose.  The run must fail
# every point named POINT:<series>, each for a reason matching ERE, and
# nothing else; OUTDIR/suite.ktap is then one point saying whether it did.
set -u
expect_point= expect_ere=
if [ "${1:-}" = --expect-fail ]; then
	expect_point=$2 expect_ere=$3
	shift 3
fi
out=$1 charging=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
ktap=$out/suite.ktap
n=0 bad=0

point() {	# point OK NAME [REASON]
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2" >> "$ktap"
	else
		echo "# $2: FAIL: ${3:-}" >> "$ktap"
		echo "not ok $n $2${3:+ # $3}" >> "$ktap"
		bad=$((bad + 1))
	fi
}

# rows_over CSV AWK-CONDITION MESSAGE-EXPR: the first row that breaks it.
rows_over() {
	awk -F, -v exact="$charging" -v stock="${STOCK_BOUND:-0}" '
		NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		'"$2"' { printf '"$3"'; exit }' "$1"
}

per_series=3
[ -n "${STOCK_BOUND:-}" ] && per_series=4
: > "$ktap"
echo "KTAP version 1" >> "$ktap"
echo "1..$(($# * per_series))" >> "$ktap"
for s in "$@"; do
	name=${s%%=*} rest=${s#*=}
	src=${rest%%:*} rest=${rest#*:}
	design=${rest%%:*} args=
	[ "$rest" != "$design" ] && args=${rest#*:}
	bin=$out/native-$name
	log=$out/native-$name.log
	csv=$out/native-$name.csv
	if "$here/build.sh" "$src" "$design" "$bin" > "$log" 2>&1; then
		point 0 "native_build:$name"
	else
		point 1 "native_build:$name" "$(grep -m1 'build.sh:' "$log")"
		point 1 "native_smoke:$name" "not built"
		point 1 "native_charging:$name" "not built"
		[ $per_series = 4 ] && point 1 "native_stock:$name" "not built"
		continue
	fi
	# shellcheck disable=SC2086 # a list of flags
	if "$bin" --variant "$name" --rep 1 --header --iters 20000 --max-discards 0 \
		--min-overlap 0 --threads 1,2 --cpus 0,1 $args > "$csv" 2>> "$log"; then
		point 0 "native_smoke:$name"
	else
		point 1 "native_smoke:$name" "$(grep -v '^# native: \(cpus\|.*from\)' "$log" | head -1)"
		point 1 "native_charging:$name" "the matrix did not finish"
		[ $per_series = 4 ] && point 1 "native_stock:$name" "the matrix did not finish"
		continue
	fi
	over=$(rows_over "$csv" \
		'$c["limit"] != "none" && $c["max_overshoot"] > (exact == "exact" ? 0 : $c["threads"])' \
		'"%s %s depth %s, %s threads: usage %s above max, allowed %s\n", $c["limit"], $c["shape"], $c["depth"], $c["threads"], $c["max_overshoot"], exact == "exact" ? 0 : $c["threads"]')
	if [ -z "$over" ] && [ "$(wc -l < "$csv")" -gt 1 ]; then
		point 0 "native_charging:$name"
	else
		point 1 "native_charging:$name" "${over:-no rows}"
	fi
	[ $per_series = 4 ] || continue
	over=$(rows_over "$csv" \
		'$c["stocked"] > stock * $c["threads"]' \
		'"%s %s depth %s, %s threads: %s units stocked, documented at most %s per CPU\n", $c["limit"], $c["shape"], $c["depth"], $c["threads"], $c["stocked"], stock')
	if [ -z "$over" ]; then
		point 0 "native_stock:$name"
	else
		point 1 "native_stock:$name" "$over"
	fi
done
echo "# $((n - bad)) passed, $bad failed" >> "$ktap"

if [ -n "$expect_point" ]; then
	mv "$ktap" "$out/run.ktap"
	failed=$(sed -n 's/^not ok [0-9]* \([^ ]*\).*/\1/p' "$out/run.ktap" | sort | paste -sd' ' -)
	want=$(sed -n 's/^\(not \)\{0,1\}ok [0-9]* \([^ ]*\).*/\2/p' "$out/run.ktap" |
		grep "^$expect_point:" | sort | paste -sd' ' -)
	why=
	[ -n "$want" ] || why="no $expect_point point ran"
	[ "$failed" = "$want" ] || why="${why:+$why; }failed \"$failed\", expected exactly \"$want\""
	for pt in $want; do
		line=$(grep -m1 -F "# $pt: FAIL: " "$out/run.ktap" | sed "s/^# $pt: FAIL: //")
		printf '%s\n' "$line" | grep -qE -- "$expect_ere" ||
			why="${why:+$why; }$pt failed with \"$line\", not /$expect_ere/"
	done
	pt=native_broken_is_caught:$(echo "$*" | sed 's/=.*//')
	if [ -z "$why" ]; then
		printf 'KTAP version 1\n1..1\n# caught by: %s\nok 1 %s\n' \
			"$(grep -m1 "^# $expect_point:" "$out/run.ktap")" "$pt" > "$ktap"
		echo "native harness, broken on purpose: caught by $expect_point" > "$out/verdict"
		echo 0 > "$out/status"
	else
		printf 'KTAP version 1\n1..1\n# %s\nnot ok 1 %s\n' "$why" "$pt" > "$ktap"
		echo "native harness, broken on purpose: not caught as it should be: $why" > "$out/verdict"
		echo 1 > "$out/status"
	fi
	exit 0
fi
if [ "$bad" = 0 ]; then
	echo "native harness: $n points passed" > "$out/verdict"
	echo 0 > "$out/status"
else
	echo "native harness: $bad of $n points failed" > "$out/verdict"
	grep '^not ok' "$ktap" >> "$out/verdict"
	echo 1 > "$out/status"
fi
exit 0
