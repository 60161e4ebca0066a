#!/bin/busybox sh
# Guest init: mount what the suite needs, run it on cgroup v2 or on a
# cgroup v1 mount of the variant's controller, report KTAP on ttyS1 and
# leave QEMU with the status.  Parameters come from the kernel command
# line: asid.mode=check|warn|bench|robust|badsim|shell|lab, asid.hier=v2|v1,
# asid.only=<substring>; the other asid.* parameters are described where used.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t debugfs debugfs /sys/kernel/debug
mkdir -p /tmp && mount -t tmpfs tmpfs /tmp

arg() { sed -n "s/.*asid\.$1=\([^ ]*\).*/\1/p" /proc/cmdline; }
MODE=$(arg mode)
ONLY=$(arg only)
HIER=$(arg hier)
INJECT=$(arg inject)
KTAP=/dev/ttyS1
status=0

fail() {
	echo "# guest: $*" > "$KTAP"
	status=1
}

# asid.inject=leak|underflow breaks one uncharge of the test module on
# purpose; asid.inject=kvmleak one of KVM's own (kvm_amd.sev_asid_sim_leak,
# set before the stress).
MODINJ=
case $INJECT in leak|underflow) MODINJ=inject=$INJECT ;; esac
insmod /lib/asid_test.ko $MODINJ || fail "insmod asid_test failed"
mkdir -p /sys/fs/cgroup
# nsdelegate: a cgroup namespace is a delegation boundary (the suite's
# deleg_ns_* points); nothing changes outside cgroup namespaces.
mount -t cgroup2 -o nsdelegate none /sys/fs/cgroup || fail "mount cgroup2 failed"
CTRL=
for c in $(cat /sys/fs/cgroup/cgroup.controllers); do
	case $c in misc|encryption_ids) CTRL=$c ;; esac
done
[ -n "$CTRL" ] || fail "no misc or encryption_ids controller in cgroup.controllers"

# Resource types without hardware (the add-a-resource experiment) get their
# capacity through the test module: asid.caps=<type>:<n>,<type>:<n>.
for cap in $(arg caps | tr , ' '); do
	sevctl capacity "${cap%%:*}" "${cap#*:}" > "$KTAP" 2>&1 || fail "capacity $cap"
done

# KMEMLEAK kernels (check-debug): scan twice, as the documentation advises,
# and report what is left as one KTAP point.
kmemleak_scan() {
	k=/sys/kernel/debug/kmemleak
	echo scan > $k; sleep 6; echo scan > $k
	n=$(grep -c '^unreferenced object' $k)
	{ echo "KTAP version 1"; echo "1..1"
	  sed 's/^/# kmemleak: /' $k | head -60
	  if [ "$n" = 0 ]; then echo "ok 1 kmemleak_no_leak"
	  else echo "not ok 1 kmemleak_no_leak ($n objects)"; status=1; fi
	} > "$KTAP"
}
echo "# guest: kernel $(uname -r), controller $CTRL" > "$KTAP"

if [ "$MODE" = warn ]; then
	echo "# guest: provoking a WARN through LKDTM" > "$KTAP"
	echo WARNING > /sys/kernel/debug/provoke-crash/DIRECT
	/bin/qemu_exit 0
fi

# Benchmark boots: every CSV line goes to ttyS1 tagged with its table.
if [ "$MODE" = bench ]; then
	V=$(arg variant) REP=$(arg rep) ITERS=$(arg iters) WHAT=$(arg bench)
	SMP=$(grep -c ^processor /proc/cpuinfo)
	set -- --variant "$V" --smp "$SMP" --rep "$REP" --types sev
	[ -n "$ITERS" ] && set -- "$@" --iters "$ITERS"
	case $WHAT in
	icount)	asid_bench "$@" --icount | sed 's/^/icount,/' > "$KTAP" || status=1 ;;
	smoke)	asid_bench "$@" --quick | sed 's/^/inkernel,/' > "$KTAP" || status=1 ;;
	perf)	# cpu-clock: TCG has no PMU.  The hottest point: depth 8, 2 workers.
		perf record -q -e cpu-clock -a -o /tmp/perf.data -- \
			asid_bench "$@" --point chain,8,2 > /dev/null || status=1
		perf report -i /tmp/perf.data --stdio --sort symbol 2>/dev/null |
			grep -v '^$' | head -40 | sed 's/^/perf,/' > "$KTAP" ;;
	*)	asid_bench "$@" | sed 's/^/inkernel,/' > "$KTAP" || status=1
		if [ "$SMP" = 2 ]; then
			e2e --variant "$V" --smp "$SMP" --rep "$REP" --type sev |
				sed 's/^/e2e,/' > "$KTAP" || status=1
			calib --where guest --iters 2000000 |
				sed 's/^/calib,/' > "$KTAP" || status=1
		fi ;;
	esac
	rmmod asid_test || status=1
	/bin/qemu_exit $status
fi

# Robustness boots: the interface fuzzer on v2 and then on a v1 mount, and
# the churn stress on v2 and then on a v1 mount.  asid.seed, asid.writes
# (per hierarchy) and asid.stress (seconds, split between the two stress
# runs) bound them.
if [ "$MODE" = robust ]; then
	SEED=$(arg seed) WRITES=$(arg writes) SECS=$(arg stress)
	# A v1 hierarchy unmounted while its removed cgroups are still being
	# freed lingers and keeps the controller from v2: once they are gone,
	# mount it again and unmount it empty.
	v1_release() {
		umount /cgroup-v1
		for i in 1 2 3 4 5 6 7 8 9 10; do
			[ "$(awk -v c="$CTRL" '$1 == c { print $3 }' /proc/cgroups)" = 1 ] && break
			sleep 1
		done
		mount -t cgroup -o "$CTRL" none /cgroup-v1 && umount /cgroup-v1
	}
	v1_mount() {
		for i in 1 2 3 4 5; do
			mount -t cgroup -o "$CTRL" none /cgroup-v1 2>/dev/null && return 0
			sleep 1
		done
		return 1
	}
	echo "# guest: fuzz on cgroup v2, seed $SEED, $WRITES writes" > "$KTAP"
	# A design with unsigned int limits says so in its branch file.
	uint=
	grep -qE '^documents[[:space:]]+limits_unsigned_int[[:space:]]*$' /etc/branch &&
		uint=--limits-uint
	asid_fuzz --root /sys/fs/cgroup --hier v2 --seed "$SEED" --writes "$WRITES" $uint \
		> "$KTAP" 2>&1 || status=1
	mkdir -p /cgroup-v1
	if mount -t cgroup -o "$CTRL" none /cgroup-v1; then
		echo "# guest: fuzz on cgroup v1, seed $SEED, $WRITES writes" > "$KTAP"
		asid_fuzz --root /cgroup-v1 --hier v1 --seed "$SEED" --writes "$WRITES" $uint \
			> "$KTAP" 2>&1 || status=1
		v1_release
	else
		fail "mount -t cgroup -o $CTRL failed after the v2 fuzz"
	fi
	# After an injected fault the root's counters stay wrong, and a v1
	# mount shares them (an injected leak even keeps the controller on
	# v2): the v1 stress would only fail on them again, so it is left out.
	V1_SECS=$((SECS / 2))
	[ -n "$INJECT" ] && V1_SECS=0
	if [ "$INJECT" = kvmleak ]; then
		echo Y > /sys/module/kvm_amd/parameters/sev_asid_sim_leak ||
			fail "cannot set kvm_amd.sev_asid_sim_leak"
	fi
	# An injected fault must fail the points it breaks, known defect or not.
	known="--known /etc/known-defects"
	[ -n "$INJECT" ] && known=
	echo "# guest: stress on cgroup v2 for $((SECS - V1_SECS))s, seed $SEED" > "$KTAP"
	# Kept to be read afterwards: a known defect that strands a cgroup
	# reference keeps the controller on v2.
	# shellcheck disable=SC2086
	asid_stress --root /sys/fs/cgroup --hier v2 --seconds $((SECS - V1_SECS)) \
		--seed "$SEED" --branch /etc/branch $known \
		> /tmp/stress-v2.ktap 2>&1 || status=1
	cat /tmp/stress-v2.ktap > "$KTAP"
	stranded=$(sed -n 's/^not ok [0-9]* stress_no_dying_descendants # TODO \([^ ]*\).*/\1/p' \
		/tmp/stress-v2.ktap)
	if [ "$V1_SECS" = 0 ]; then
		echo "# guest: no stress on cgroup v1${INJECT:+ after the injected $INJECT}" > "$KTAP"
	elif [ -n "$stranded" ]; then
		echo "# guest: no stress on cgroup v1: known defect $stranded left a removed" \
			"cgroup on v2, which keeps $CTRL from a v1 mount" > "$KTAP"
	# The stress waited for its removed cgroups to be freed; the controller
	# can still take a moment to come back from v2.
	elif v1_mount; then
		echo "# guest: stress on cgroup v1 for ${V1_SECS}s, seed $SEED" > "$KTAP"
		asid_stress --root /cgroup-v1 --hier v1 --seconds "$V1_SECS" \
			--seed "$SEED" --branch /etc/branch --known /etc/known-defects \
			> "$KTAP" 2>&1 || status=1
		v1_release
	else
		fail "mount -t cgroup -o $CTRL failed after the v2 stress"
	fi
	rmmod asid_test || fail "rmmod asid_test failed"
	[ -e /sys/kernel/debug/kmemleak ] && kmemleak_scan
	echo "# guest: done, status $status" > "$KTAP"
	/bin/qemu_exit $status
fi

# asid.mode=badsim: booted with a kvm_amd.sev_asid_sim the kernel must
# refuse.  It says so in one line, leaves SEV off (this CPU has none) and
# does not taint; the guest got here, so the kernel booted.
if [ "$MODE" = badsim ]; then
	sim=$(sed -n 's/.*kvm_amd\.sev_asid_sim=\([^ ]*\).*/\1/p' /proc/cmdline)
	line=$(dmesg | grep -F "sev_asid_sim=$sim: refused" | head -1)
	param=$(cat /sys/module/kvm_amd/parameters/sev_asid_sim 2>&1)
	sev=$(cat /sys/module/kvm_amd/parameters/sev 2>/dev/null)
	sev_es=$(cat /sys/module/kvm_amd/parameters/sev_es 2>/dev/null)
	taint=$(cat /proc/sys/kernel/tainted 2>/dev/null)
	point() {	# point N NAME OBSERVED CONDITION...
		n=$1 name=$2 obs=$3
		shift 3
		echo "# observed $name: $obs"
		if "$@"; then echo "ok $n $name"; else echo "not ok $n $name"; status=1; fi
	}
	{ echo "KTAP version 1"; echo "1..4"
	  point 1 sim_refused_logged "${line:-no refusal line for sev_asid_sim=$sim}" [ -n "$line" ]
	  point 2 sim_refused_param_cleared "parameter reads \"$param\"" [ -z "$param" ]
	  point 3 sim_refused_sev_off "kvm_amd sev=$sev sev_es=$sev_es" \
		[ "$sev" = N -a "$sev_es" = N ]
	  # An unreadable taint counts as tainted (bit 18, TAINT_TEST).
	  test_bit=$(( ${taint:-262144} >> 18 & 1 ))
	  point 4 sim_refused_untainted "tainted=${taint:-unreadable}" [ "$test_bit" = 0 ]
	} > "$KTAP"
	rmmod asid_test || fail "rmmod asid_test failed"
	/bin/qemu_exit $status
fi

if [ "$MODE" = shell ]; then
	echo "+$CTRL" > /sys/fs/cgroup/cgroup.subtree_control
	# The lab sheet's commands name cgroup files from here, as asid_lab
	# runs them.
	cd /sys/fs/cgroup
	echo "Controller $CTRL is mounted at /sys/fs/cgroup; try: sevctl help"
	setsid cttyhack sh -l
	/bin/qemu_exit 0
fi

# asid.mode=lab: the lab's exercises that name this build (asid.build=),
# each command as a student types it in make shell (common-tests/lab/).
if [ "$MODE" = lab ]; then
	echo "+$CTRL" > /sys/fs/cgroup/cgroup.subtree_control
	{ /bin/asid_lab --build "$(arg build)" /etc/lab-exercises 2>&1; echo $? > /tmp/lab.rc; } > "$KTAP"
	[ "$(cat /tmp/lab.rc)" = 0 ] || status=1
	rmmod asid_test || fail "rmmod asid_test failed"
	echo "# guest: done, status $status" > "$KTAP"
	/bin/qemu_exit $status
fi

run_suite() {
	hier=$1 root=$2
	set -- --root "$root" --hier "$hier" --known /etc/known-defects \
		--branch /etc/branch

	[ -n "$ONLY" ] && set -- "$@" --only "$ONLY"
	echo "# guest: suite on cgroup $hier at $root" > "$KTAP"
	{ /bin/asid_suite "$@" 2>&1; echo $? > /tmp/suite.rc; } | tee /tmp/suite.ktap > "$KTAP"
	[ "$(cat /tmp/suite.rc)" = 0 ] || status=1
}

# One hierarchy per boot: a charge leaked on v2 (a known defect) would keep
# the controller bound there and make a later v1 mount fail.
if [ "$HIER" = v1 ]; then
	mkdir -p /cgroup-v1
	if mount -t cgroup -o "$CTRL" none /cgroup-v1; then
		run_suite v1 /cgroup-v1
		umount /cgroup-v1
	else
		fail "mount -t cgroup -o $CTRL failed"
	fi
else
	run_suite v2 /sys/fs/cgroup
	# Then the kernel's own cgroup and KVM SEV selftests of this branch's
	# tree, if the initramfs has them (common-tests/kselftest/): a point per
	# subtest.
	# With asid.only, only when it names them (asid.only=kselftest).
	# asid.kselftest=1 says this initramfs must have them.
	case $ONLY in
	''|kselftest*)
		if [ -d /kselftest ]; then
			# The KVM SEV selftests open /dev/sev and pass its file
			# descriptor with each SEV command, for the PSP driver.
			# There is no PSP here, so no /dev/sev; the ASID
			# simulation runs those commands itself and takes any
			# open file for it (variants/common/<tree>/0001).
			[ -e /dev/sev ] || : > /dev/sev
			# An injected fault must fail its points, known defect or not.
			kselftest_known=/etc/known-defects
			[ -n "$INJECT" ] && kselftest_known=/dev/null
			/kselftest/run.sh /kselftest "$kselftest_known" > "$KTAP" 2>&1 || status=1
		elif [ "$(arg kselftest)" = 1 ]; then
			fail "asid.kselftest=1 but no /kselftest in the initramfs"
		fi ;;
	esac
fi

# asid.efi=1: this boot must have come through UEFI firmware (OVMF).
if [ "$(arg efi)" = 1 ]; then
	{ echo "KTAP version 1"; echo "1..2"
	  if [ -d /sys/firmware/efi ]; then
		echo "# $(dmesg | grep -m1 -o "efi: EFI v.*")"
		echo "ok 1 booted_through_uefi"
	  else echo "not ok 1 booted_through_uefi (no /sys/firmware/efi)"; status=1; fi
	  # The suite subset must have run and passed, not skipped: KVM and its
	  # SEV ASIDs work after UEFI too.
	  ran=$(grep -cE "^ok [0-9]+ kvm_init_charges:(sev|sev_es)\$" /tmp/suite.ktap)
	  if [ "$ran" = 2 ]; then echo "ok 2 uefi_kvm_init_passed"
	  else echo "not ok 2 uefi_kvm_init_passed ($ran of kvm_init_charges:sev, :sev_es passed)"; status=1; fi
	} > "$KTAP"
fi

rmmod asid_test || fail "rmmod asid_test failed"
[ -e /sys/kernel/debug/kmemleak ] && kmemleak_scan
echo "# guest: done, status $status" > "$KTAP"
/bin/qemu_exit $status
