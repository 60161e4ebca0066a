#!/bin/sh
# scan-console.sh CONSOLE_LOG KTAP KNOWN_SPLATS
# Fails (exit 1) on any kernel splat in the console log that is not a
# known defect: a line "<id> <ERE>" of KNOWN_SPLATS whose ERE matches the
# splat's first line, where the suite reported a point "# TODO <id>" in
# this run.  Every other splat is quoted and fails.
set -u
log=$1 ktap=$2 known=$3
splat='(WARNING:|BUG:|Oops|general protection fault|Kernel panic|kernel BUG|INFO: task .* blocked for more than|possible (recursive|circular) locking|inconsistent lock state|suspicious RCU usage|KASAN|UBSAN|ODEBUG|suspected memory leak|DEBUG_LOCKS_WARN_ON|became less than 0|soft lockup|hard LOCKUP|rcu: INFO|Call Trace:)'
bad=0
lines=$(grep -nE "$splat" "$log" | grep -v 'Call Trace:' || true)
# A Call Trace with no headline before it is a splat too.
if [ -z "$lines" ] && grep -q 'Call Trace:' "$log"; then
	lines=$(grep -n 'Call Trace:' "$log" | head -1)
fi
IFS='
'
for l in $lines; do
	n=${l%%:*} text=${l#*:}
	allowed=
	while IFS=" " read -r id ere; do
		case $id in ''|'#'*) continue ;; esac
		[ -n "$ere" ] || continue
		if printf '%s\n' "$text" | grep -qE "$ere" &&
		   grep -qE "^not ok [0-9]+ [^ ]+ # TODO $id\$" "$ktap"; then
			allowed=$id
			break
		fi
	done < "$known"
	if [ -n "$allowed" ]; then
		echo "known splat ($allowed): $text"
	else
		echo "SPLAT at console line $n:"
		sed -n "$n,$((n + 25))p" "$log" | sed 's/^/    /'
		bad=1
	fi
done
exit $bad
