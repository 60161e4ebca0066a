#!/bin/sh
# scan-console.sh CONSOLE_LOG KTAP KNOWN_SPLATS
# Fails (exit 1) on any kernel splat in the console log that is not a
# known defect.  A line "<id> <point ERE> <headline ERE>" of KNOWN_SPLATS
# allows a splat whose first line matches the headline ERE only while the
# suite ran a point that matches the point ERE (between its "asid_suite:
# begin <point>" and "end <point>" kernel log markers) and that the suite
# reported as "# TODO <id>" in this run.  Every other splat is quoted and
# fails, whatever boot it is in.
set -u
log=$1 ktap=$2 known=$3
splat='(WARNING:|BUG:|Oops|general protection fault|Kernel panic|kernel BUG|INFO: task .* blocked for more than|possible (recursive|circular) locking|inconsistent lock state|suspicious RCU usage|KASAN|UBSAN|ODEBUG|suspected memory leak|DEBUG_LOCKS_WARN_ON|became less than 0|soft lockup|hard LOCKUP|rcu: INFO|Call Trace:)'
mark='asid_suite: (begin|end) '
bad=0 point=
# A headline stands for the Call Trace that follows it; a Call Trace with
# no headline since the previous one (a bare dump_stack()) is a splat too.
lines=$(grep -nE "$splat|$mark" "$log" |
	awk -v mark="$mark" '$0 ~ mark { print; next }
		/Call Trace:/ { if (!head) print; head = 0; next } { head = 1; print }')
IFS='
'
for l in $lines; do
	n=${l%%:*} text=${l#*:}
	case $text in
	*"asid_suite: begin "*) point=${text##*asid_suite: begin }; continue ;;
	*"asid_suite: end "*) point=; continue ;;
	esac
	allowed=
	while IFS=" " read -r id where ere; do
		case $id in ''|'#'*) continue ;; esac
		[ -n "$ere" ] && [ -n "$point" ] || continue
		if printf '%s\n' "$point" | grep -qxE "$where" &&
		   printf '%s\n' "$text" | grep -qE "$ere" &&
		   grep -qE "^not ok [0-9]+ $point # TODO $id\$" "$ktap"; then
			allowed=$id
			break
		fi
	done < "$known"
	if [ -n "$allowed" ]; then
		echo "known splat ($allowed, during $point): $text"
	else
		echo "SPLAT at console line $n${point:+, during $point}:"
		sed -n "$n,$((n + 25))p" "$log" | sed 's/^/    /'
		bad=1
	fi
done
exit $bad
