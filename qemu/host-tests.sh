#!/bin/sh
# host-tests.sh SUITE...: run the host test suites, their KTAP on stdout.
# A suite is a folder's tests/run.sh (the top Makefile finds every one) and
# is named by that folder.  A suite that does not build, crashes or fails
# any point exits non-zero: that becomes a "not ok" point naming it and its
# exit status, and host-tests.sh exits 1, so make check stops there.
set -u
rc=0
for t in "$@"; do
	name=${t%/tests/run.sh}
	"$t"
	r=$?
	if [ $r != 0 ]; then
		echo "not ok 1 host-test $name: exit status $r"
		rc=1
	fi
done
exit $rc
