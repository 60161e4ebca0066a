#!/bin/sh
# host-tests.sh NAME=COMMAND...: run the host unit test suites, their TAP on
# stdout.  A suite that does not build, crashes or fails any point exits
# non-zero: that becomes a "not ok" point naming it and its exit status,
# and host-tests.sh exits 1, so make check stops there.
set -u
rc=0
for t in "$@"; do
	name=${t%%=*}
	sh -c "${t#*=}"
	r=$?
	if [ $r != 0 ]; then
		echo "not ok 1 host-test $name: exit status $r"
		rc=1
	fi
done
exit $rc
