#!/bin/sh
# inject-verdict.sh RC KIND OUTDIR CONSOLE: a boot whose test module broke
# one uncharge on purpose (asid_test.inject=KIND), or whose KVM left one
# freed ASID charged (KIND kvmleak: kvm_amd.sev_asid_sim_leak), must have
# failed exactly where that breakage shows, and nowhere else: the console
# has the "injected" line of the module or of kvm_amd, and the failed
# stress points are exactly
# the end-of-run counter points of one resource R (stress_currents_zero,
# stress_total_usage_zero:R, stress_asid_round:R), plus
# stress_no_dying_descendants for a leak (the leaked charge keeps its
# removed cgroup from being freed) and stress_no_kernel_splat for an
# underflow, which the controllers warn of.  A kvmleak fails the dying
# check only where the design pins the cgroup per charge (misc takes a css
# reference with each ASID): allowed there, and said.  An underflow may also starve
# a type's KVM charger (stress_workers_did_work) and make the sampler read
# R's wrapped counter as a usage far above max (stress_usage_within_max:R),
# and, in misc's first RFC, which takes a cgroup reference when a level's
# usage leaves 0 and drops it when it returns there, keep a removed cgroup
# referenced (stress_no_dying_descendants): all allowed there, and said.
# In that RFC the underflow can also drop a reference nobody took, and the
# cgroup is freed while still in use: the kernel oopses in css_put(), or in
# the cgroup release work that frees it (its workqueue line names
# cgroup_release or cgroup_destroy), whichever touches it first.  The boot
# then ends without its end-of-run points, and that oops, after the
# injected line, is what caught it.  (init.sh runs no v1 stress after an injection: the
# root's counters are shared with v1.)
# Keeps the guest's KTAP as guest.ktap, writes a one-point suite.ktap,
# prints 0 or 1.
rc=$1 kind=$2 out=$3 console=$4
mv "$out/suite.ktap" "$out/guest.ktap" 2>/dev/null || : > "$out/guest.ktap"
failed=$(grep -E '^ *not ok [0-9]+ ' "$out/guest.ktap" | grep -v '# TODO' |
	 sed 's/^ *not ok [0-9]* //; s/ .*//' | sort | paste -sd' ' -)
res=$(printf '%s\n' $failed | sed -n 's/^stress_total_usage_zero://p' | head -1)
also=
optional=
[ "$kind" = underflow ] && optional="stress_workers_did_work stress_usage_within_max:$res stress_no_dying_descendants"
[ "$kind" = kvmleak ] && optional=stress_no_dying_descendants
if [ -n "$optional" ]; then
	for pt in $optional; do
		case " $failed " in *" $pt "*)
			also="$also; also $pt"
			failed=$(printf '%s\n' $failed | grep -vxF "$pt" | paste -sd' ' -) ;;
		esac
	done
fi
want="stress_asid_round:$res stress_currents_zero"
[ "$kind" = leak ] && want="$want stress_no_dying_descendants"
[ "$kind" = underflow ] && want="$want stress_no_kernel_splat"
want=$(printf '%s\n' $want "stress_total_usage_zero:$res" | sort | paste -sd' ' -)
expect="asid_test: injected $kind"
[ "$kind" = kvmleak ] && expect="kvm_amd: sev_asid_sim: injected leak"
line=$(grep -m1 "$expect" "$console" 2>/dev/null | sed 's/^\[[^]]*\] //')
point=injected_${kind}_is_caught
why=
[ "$rc" != 0 ] || why="the boot passed"
[ -n "$line" ] || why="${why:+$why; }no \"$expect\" line on the console"
# An oops after the injected line, in css_put() or in the cgroup release
# work, stands for the end-of-run points.
oops= where=
if [ "$kind" = underflow ] && [ -n "$line" ]; then
	after=$(sed -n "/$expect/,\$p" "$console")
	if printf '%s\n' "$after" | grep -q "RIP: 0010:css_put+"; then
		where="RIP css_put"
	elif printf '%s\n' "$after" | grep -qE "Workqueue: .*\((cgroup_release|cgroup_destroy)\)"; then
		where="in the cgroup release work: $(printf '%s\n' "$after" |
			grep -m1 -E 'Workqueue: ' | sed 's/^\[[^]]*\] //; s/^Workqueue: *//')"
	fi
	[ -n "$where" ] &&
		oops=$(printf '%s\n' "$after" | grep -m1 -E "(BUG|Oops): " | sed 's/^\[[^]]*\] //')
fi
if [ -n "$oops" ]; then
	failed="$oops ($where)${failed:+; then $failed}"
else
	[ -n "$res" ] && [ "$failed" = "$want" ] ||
		why="${why:+$why; }failed points \"$failed\", expected exactly \"$want\""
fi
if [ -z "$why" ]; then
	printf 'KTAP version 1\n1..1\n# %s\n# caught by: %s\nok 1 %s\n' \
		"$line" "$failed$also" "$point" > "$out/suite.ktap"
	echo 0
else
	printf 'KTAP version 1\n1..1\n# %s\nnot ok 1 %s\n' "$why" "$point" > "$out/suite.ktap"
	echo "inject: the injected $kind was not caught as it should be: $why" >&2
	echo 1
fi
