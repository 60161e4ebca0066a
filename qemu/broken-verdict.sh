#!/bin/sh
# broken-verdict.sh RC EXPECT OUTDIR: the wide run of a kernel broken on
# purpose (variants/<branch>/broken/: one test-only patch on the branch's
# series that breaks the charging property the branch documents) must have
# failed exactly the check of that property, for the reason it checks, and
# nowhere else.  EXPECT (variants/<branch>/broken/expect) is one line,
# "<case> <ERE>": every point of <case> (one per resource) must fail with a
# FAIL line that matches ERE, and no other point may fail.  Where the point
# states the detection rate it assumes ("(<h> seen per charge in flight)")
# and its note gives what this run saw ("witnessed=W excursions=E": charges
# seen in flight, and of them seen above max), E / W must be at least <h>:
# the miss probabilities that the passing runs print rest on it.
# A kernel splat fails the verdict too: the breakage must be caught by the
# check, not by a crash.
# Keeps the guest's KTAP as guest.ktap, writes a one-point suite.ktap,
# prints 0 (caught as it should be) or 1.
rc=$1 expect=$2 out=$3
mv "$out/suite.ktap" "$out/guest.ktap" 2>/dev/null || : > "$out/guest.ktap"
ktap=$out/guest.ktap
case_=$(sed -n '/^[^#]/{s/ .*//p;q}' "$expect" 2>/dev/null)
ere=$(sed -n '/^[^#]/{s/^[^ ]* //p;q}' "$expect" 2>/dev/null)
point=broken_$(basename "$(dirname "$(dirname "$expect")")")_is_caught
point=$(echo "$point" | tr -c 'a-zA-Z0-9_\n' _)
why=
[ -n "$case_" ] && [ -n "$ere" ] || why="no \"<case> <ERE>\" line in $expect"
[ "$rc" != 0 ] || why="${why:+$why; }the boot passed"
grep -q 'kernel splat' "$out/verdict" 2>/dev/null &&
	why="${why:+$why; }a kernel splat: $(grep -m1 'kernel splat' "$out/verdict")"
failed=$(grep -E '^ *not ok [0-9]+ ' "$ktap" | sed 's/^ *not ok [0-9]* //; s/ .*//' | sort | paste -sd' ' -)
ran=$(grep -E '^ *(not )?ok [0-9]+ ' "$ktap" | sed 's/^ *\(not \)\{0,1\}ok [0-9]* //; s/ .*//' |
	grep "^$case_:" | sort | paste -sd' ' -)
[ -n "$ran" ] || why="${why:+$why; }no point of $case_ ran"
[ "$failed" = "$ran" ] || why="${why:+$why; }failed points \"$failed\", expected exactly \"$ran\""
caught=
for pt in $ran; do
	line=$(grep -m1 -F "# $pt: FAIL: " "$ktap" | sed "s/^# $pt: FAIL: //")
	if ! printf '%s\n' "$line" | grep -qE -- "$ere"; then
		why="${why:+$why; }$pt failed with \"$line\", not /$ere/"
		continue
	fi
	caught="${caught:+$caught; }$pt: $line"
	# The detection rate the passing runs' miss probability assumes.
	h=$(grep -m1 "^# observed $pt: " "$ktap" | sed -n 's/.*(\([0-9.e+-]*\) seen per charge in flight).*/\1/p')
	note=$(grep -m1 "^# $pt: sample " "$ktap")
	[ -n "$h" ] && [ -n "$note" ] || continue
	r=$(printf '%s\n' "$note" | sed -n 's/.* witnessed=\([0-9]*\).*/\1/p')
	e=$(printf '%s\n' "$note" | sed -n 's/.* excursions=\([0-9]*\).*/\1/p')
	seen=$(awk -v r="$r" -v e="$e" 'BEGIN { printf "%.4f", r ? e / r : 0 }')
	if awk -v s="$seen" -v h="$h" 'BEGIN { exit !(s >= h) }'; then
		caught="$caught (seen above max in $e of $r charges seen in flight: $seen each, at least the $h assumed)"
	else
		why="${why:+$why; }$pt saw $e excursions in $r charges seen in flight ($seen each), less than the $h its passing runs assume"
	fi
done
if [ -z "$why" ]; then
	printf 'KTAP version 1\n1..1\n# caught by: %s\nok 1 %s\n' "$caught" "$point" > "$out/suite.ktap"
	echo 0
else
	printf 'KTAP version 1\n1..1\n# %s\nnot ok 1 %s\n' "$why" "$point" > "$out/suite.ktap"
	echo "broken: the broken kernel was not caught as it should be: $why" >&2
	echo 1
fi
