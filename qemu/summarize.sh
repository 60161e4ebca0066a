#!/bin/sh
# summarize.sh HOST_TAP... -- OUTDIR...: count test points over the host
# tests and every guest run, print failures, end with "N passed, N failed".
# A point is a KTAP "ok"/"not ok" line; "# TODO" and "# SKIP" points are
# neither.  Each guest's verdict (boot, status, clean console) is a point.
set -u
pass=0 fail=0
count() {	# count FILE LABEL
	p=$(grep -E '^ *ok [0-9]+ ' "$1" | grep -vcE '# (SKIP|TODO)')
	f=$(grep -E '^ *not ok [0-9]+ ' "$1" | grep -vE '# (SKIP|TODO)')
	pass=$((pass + p))
	if [ -n "$f" ]; then
		printf '%s\n' "$f" | sed "s|^|FAIL $2: |"
		fail=$((fail + $(printf '%s\n' "$f" | wc -l)))
	fi
}
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	if [ -s "$1" ]; then
		count "$1" "$(basename "$1" .tap)"
	else
		echo "FAIL $1: no output"
		fail=$((fail + 1))
	fi
	shift
done
[ $# -gt 0 ] && shift
for d in "$@"; do
	v=$(echo "$d" | sed 's|.*/out/||; s|/$||')
	[ -f "$d/suite.ktap" ] && count "$d/suite.ktap" "$v"
	if [ "$(cat "$d/status" 2>/dev/null)" = 0 ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $v: guest run: $(grep -v '^    ' "$d/verdict" 2>/dev/null | tr '\n' ' ')"
		fail=$((fail + 1))
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
