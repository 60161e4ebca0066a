#!/bin/sh
# run.sh DIR [KNOWN]: run the kernel's selftests that build.sh and
# build-kvm.sh put in DIR
# and print one KTAP document: a point per subtest,
# "kselftest:<test>:<subtest>", then one per binary, "kselftest:<test>"
# (it ran to its end and exited 0), and a SKIP point "kselftest:<test>" for
# each test build.sh left out (DIR/not-built: what the kernel lacks for
# it).  Runs in the guest, never on the host.
#
# DIR/plan lists the subtests each binary must report ("<test> <subtest>",
# from its tests[] table).  DIR/skips lists the SKIPs we expect:
# "<test>:<subtest> <why>", or "<test>:* <why>" for a test that skips as a
# whole (ksft_exit_skip), where <why> must start with the message it
# printed.  A declared SKIP is "ok ... # SKIP <why>"; anything else is
# "not ok" with its cause: a FAIL, an undeclared SKIP, a subtest without a
# result (a crash, or a hang killed after KST_TIMEOUT seconds), a "1..N"
# other than the tests[] table, a missing binary, an exit status other than
# 0 (or 4, KSFT_SKIP, for a declared skip of the whole test).
#
# KNOWN (the branch's known-defects) pins a failing subtest as a known
# defect: a line "<finding> kselftest:<test>:<subtest> <ERE>" makes that
# point "not ok ... # TODO <finding>" when it fails with a reason (what
# follows "# " on its "not ok" line: kvm_subtest.h gives the exit status,
# the failed assertion's message or the test's last line, and any kernel
# splat) that the ERE matches, after a
# "# observed <point>: <reason>" line (each subtest that ran has one:
# "passed", or why it failed); the binary's own point is then a TODO
# too if nothing else failed.  It fails when it passes ("no longer
# reproduces"), fails otherwise or does not run, as the suite's known
# defects do.
#
# The binaries' own output is quoted as "# <test>: " lines: their "ok"
# lines are no points of ours.  Exits 1 if any point failed.
set -u
dir=$(cd "$1" && pwd)
limit=${KST_TIMEOUT:-300}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "KTAP version 1"
if [ ! -f "$dir/plan" ]; then
	echo "1..1"
	echo "not ok 1 kselftest (no $dir/plan)"
	exit 1
fi
tests=$(awk '!seen[$1]++ { print $1 }' "$dir/plan")
not_built=$dir/not-built
[ -f "$not_built" ] || not_built=/dev/null
skips=$dir/skips
[ -f "$skips" ] || skips=/dev/null
known=${2:-/dev/null}
echo "1..$(( $(wc -l < "$dir/plan") + $(echo $tests | wc -w) + $(wc -l < "$not_built") ))"

# One binary's output, against its plan, the declared skips and the known
# defects: its points,
# numbered from n + 1.
check='
FILENAME == ARGV[1] {
	if ($1 == t) { sub_[++ns] = $2; planned[$2] = 1 }
	next
}
FILENAME == ARGV[2] {
	if (/^#/ || NF < 2) next
	key = $1
	sub(/^[^ \t]+[ \t]+/, "")
	why[key] = $0
	next
}
FILENAME == ARGV[3] {
	if (/^#/ || NF < 3 || index($2, "kselftest:" t ":") != 1) next
	s = substr($2, length("kselftest:" t ":") + 1)
	finding[s] = $1
	sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]+/, "")
	signature[s] = $0
	next
}
{ print "# " t ": " $0 }
/^1\.\.[0-9]+/ {
	plan = substr($1, 4) + 0
	if (match($0, /# SKIP /))
		whole = substr($0, RSTART + 7)
	next
}
/^(not )?ok [0-9]+/ {
	line = $0
	ok = line ~ /^ok/
	sub(/^(not )?ok [0-9]+ */, "", line)
	skip = sub(/^# SKIP */, "", line)
	name = line
	sub(/ .*/, "", name)
	reason = substr(line, length(name) + 1)
	sub(/^[ \t]*#?[ \t]*/, "", reason)
	# ksft_exit_skip() after a plan: "ok N # SKIP <message>".
	if (skip && !(line in planned)) { whole = line; next }
	if (!(name in planned)) { odd = odd " unexpected " name; next }
	if (name in res) { odd = odd " twice " name; next }
	res[name] = skip ? "skip" : ok ? "ok" : "fail"
	if (!ok) why_failed[name] = reason
	nres++
}
function point(good, name, note) {
	n++
	if (good) {
		print "ok " n " " name note
	} else {
		print "not ok " n " " name " (" note ")"
		bad = 1
	}
}
function skipped(key) { return key in why }
# A failed subtest that is a known defect: its TODO, or a failure.
function known(name, s) {
	if (why_failed[s] !~ signature[s]) {
		point(0, name, "known defect " finding[s] ": the observation does not match its signature /" signature[s] "/")
		return
	}
	print "not ok " ++n " " name " # TODO " finding[s]
	todo = todo (todo == "" ? "" : ",") finding[s]
}
END {
	if (whole != "")
		whole_ok = (t ":*") in why && index(why[t ":*"], whole) == 1
	if (rc == "missing")
		cause = t " is not in the initramfs"
	else if (rc != 0 && secs >= limit)
		cause = "timed out after " secs " s"
	else if (rc > 128)
		cause = "killed by signal " rc - 128
	else
		cause = "exit status " rc
	for (i = 1; i <= ns; i++) {
		s = sub_[i]
		p = "kselftest:" t ":" s
		if (res[s] == "ok")
			print "# observed " p ": passed"
		else if (res[s] == "fail")
			print "# observed " p ": " (why_failed[s] == "" ? "FAIL" : why_failed[s])
		if (res[s] == "ok" && s in finding)
			point(0, p, "known defect " finding[s] " no longer reproduces")
		else if (res[s] == "ok")
			point(1, p, "")
		else if (res[s] == "fail" && s in finding)
			known(p, s)
		else if (res[s] == "fail")
			point(0, p, "the test reported FAIL" (why_failed[s] == "" ? "" : ": " why_failed[s]))
		else if (s in finding)
			point(0, p, "known defect " finding[s] " did not run")
		else if (res[s] == "skip" && skipped(t ":" s))
			point(1, p, " # SKIP " why[t ":" s])
		else if (res[s] == "skip")
			point(0, p, "SKIP not declared in skips")
		else if (whole != "" && whole_ok)
			point(1, p, " # SKIP " why[t ":*"])
		else if (whole != "")
			point(0, p, "the whole test skipped, not declared in skips: " whole)
		else
			point(0, p, "no result: " cause ", " nres + 0 " of " ns " results")
		if (res[s] != "skip" && skipped(t ":" s))
			print "# kselftest: declared skip " t ":" s " did not happen here"
	}
	p = "kselftest:" t
	if (rc == "missing" || (rc != 0 && secs >= limit))
		point(0, p, cause)
	else if (plan && plan != ns)
		point(0, p, "its plan is 1.." plan ", its tests[] table has " ns)
	else if (odd != "")
		point(0, p, "results:" odd)
	else if (rc == 1 && todo != "" && !bad && nres == ns) {
		print "not ok " ++n " " p " # TODO " todo
		exit 0
	}
	else if (rc == 4 && whole_ok)
		point(1, p, " # SKIP " why[t ":*"])
	else if (whole != "" && !whole_ok)
		point(0, p, "the whole test skipped, not declared in skips: " whole)
	else if (rc != 0)
		point(0, p, cause)
	else if (nres < ns)
		point(0, p, nres " of " ns " results")
	else
		point(1, p, "")
	exit bad
}'

n=0 status=0
for t in $tests; do
	out=/dev/null rc=missing secs=0
	if [ -x "$dir/$t" ]; then
		out=$tmp/$t.out
		start=$(date +%s)
		# In a scratch directory: a test may leave files in its cwd.
		(cd "$tmp" && exec timeout "$limit" "$dir/$t") > "$out" 2>&1
		rc=$?
		secs=$(( $(date +%s) - start ))
		echo "# kselftest: $t: exit status $rc after $secs s"
	fi
	awk -v t="$t" -v n="$n" -v rc="$rc" -v secs="$secs" -v limit="$limit" \
		"$check" "$dir/plan" "$skips" "$known" "$out" || status=1
	n=$(( n + $(grep -c "^$t " "$dir/plan") + 1 ))
done
while read -r t why; do
	n=$(( n + 1 ))
	echo "ok $n kselftest:$t # SKIP $why"
done < "$not_built"
exit $status
