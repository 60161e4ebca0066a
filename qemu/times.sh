#!/bin/sh
# times.sh BUILDDIR: where the last run's time went.  Each kernel build
# leaves <obj>/<build>.build.seconds and each boot <outdir>/seconds; this
# prints them longest first, then the sums (a sum adds each item's own
# wall time; the run took less, make boots two guests at a time).
set -u
b=${1:-build}
{
	find "$b"/obj "$b"/obj-debug -maxdepth 1 -name '*.build.seconds' 2>/dev/null |
		while read -r f; do
			echo "$(cat "$f") kernel $(basename "$(dirname "$f")")/$(basename "$f" .build.seconds)"
		done
	find "$b"/out "$b"/out-debug -name seconds 2>/dev/null |
		while read -r f; do
			echo "$(cat "$f") boot ${f#"$b"/}" | sed 's|/seconds$||'
		done
} | sort -rn | awk '
	{ print; sum[$2] += $1; n[$2]++ }
	END { for (k in sum) printf "%d s in %d %s%s\n", sum[k], n[k], k, n[k] == 1 ? "" : "s" }'
