# tap.sh: the TAP bookkeeping of the host-side shell tests, sourced by
# qemu/tests/run.sh and common-tests/kselftest/tests/run.sh.
n=0 failed=0
ok() {	# ok STATUS NAME: one point, passed if STATUS is 0
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; failed=$((failed + 1)); fi
}
tap_done() {	# the plan and the count; exit status 0 iff nothing failed
	echo "1..$n"
	echo "$((n - failed)) passed, $failed failed"
	[ $failed = 0 ]
}
