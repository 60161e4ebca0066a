# SPDX-License-Identifier: GPL-2.0
# The boot plan: which boots make check runs, and the table of what each
# boot is.  Included by the top Makefile; paths are from the repository's
# top.  The one rule that runs a row is in qemu/boots.mk.

# --- the boots, one row each -------------------------------------------------
# A boot is build/out/<build>/<boot>/status (build/out-debug/ on the debug
# kernel, its console debug-<build>-<boot>): one QEMU run of that build's
# kernel by qemu/boot.sh.  Every boot runs again on each make.  A boot
# named <row>-<param> is that row with <param> from its name (inject-leak,
# badsim-16-x); so a row's name has no "-".
#   timeout  seconds before the guest is killed (three times on debug kernels)
#   sim      kvm_amd.sev_asid_sim, max-min: the ASIDs simulated
#   verdict  "-": the boot's status is run-guest.sh's (guest status, hang,
#            console splats); else qemu/boot.sh runs qemu/<verdict>-verdict.sh
#            (its own arguments, a case in boot.sh), whose answer alone is
#            the status: inject, broken and warn boots must fail to pass
#   qemu     extra QEMU options
#   args     kernel arguments: qemu/init.sh's mode and its knobs
# boot_row BOOT,TIMEOUT,SIM,VERDICT,QEMU,ARGS: one row; each column becomes a
# variable named for it and the boot (ARGS_v2).  Cells are expanded when
# this file is read, so $(SEED), $(ONLY) and the like come from the command
# line; write $$(1) for the build and $$(2) for the <param>, which are
# expanded per boot, and $(comma) for a comma.
boot_row = $(eval TIMEOUT_$(strip $(1)) = $(strip $(2)))$(eval SIM_$(strip $(1)) = $(strip $(3)))$(\
	)$(eval VERDICT_$(strip $(1)) = $(strip $(4)))$(eval QEMU_$(strip $(1)) = $(strip $(5)))$(\
	)$(eval ARGS_$(strip $(1)) = $(strip $(6)))
comma := ,
check_args = asid.mode=check $(if $(ONLY),asid.only=$(ONLY))
fuzz_args  = asid.mode=robust asid.seed=$(SEED) asid.writes=$(FUZZ_WRITES) \
	     asid.stress=$(STRESS_SECS)
wide_args  = asid.mode=check asid.hier=v2 asid.only=$(or $(ONLY),wide_)
# v2, v1   the suite on each hierarchy; v2 also runs the kernel's own
#          selftests (not with ONLY=, not on a debug kernel)
# robust   a bounded fuzz (v2 and v1) and churn stress
# wide     the suite's wide_* points, with 1024 ASIDs (896 SEV, 128 SEV-ES)

#          and two CPUs: batches of a per-CPU stock and live VMs fill limits
#          across CPUs, and the in-kernel sampler checks each design's
#          documented charging property while the other CPU charges
# uefi     the same kernel booted through OVMF, a short suite subset
# smoke    a short benchmark boot: the bench code path, no timing asserted
# inject   the test module's leak or underflow, or KVM's leak (kvmleak),
#          injected on purpose: the stress must fail exactly where it shows
# badsim   a kvm_amd.sev_asid_sim the kernel must refuse, with one clear line
# broken   the wide boot of a <branch>+broken kernel: it must fail the check
#          its breakage breaks, and only that
# warn     LKDTM's deliberate WARN: the console scan must catch it
# lab      the lab's exercises that name the build (common-tests/lab/), as a
#          student types them in make shell: each outcome its sheet states
#               boot    timeout     sim       verdict   qemu         args
$(call boot_row,v2,     $(TIMEOUT), 16-5,     -,        ,            $(check_args) asid.hier=v2 \
		asid.kselftest=1)
$(call boot_row,v1,     $(TIMEOUT), 16-5,     -,        ,            $(check_args) asid.hier=v1)
$(call boot_row,robust, $(TIMEOUT), 16-5,     -,        ,            $(fuzz_args))
$(call boot_row,wide,   $(TIMEOUT), 1024-129, -,        ,            $(wide_args))
$(call boot_row,uefi,   $(TIMEOUT), 16-5,     -,        -bios $(OVMF), asid.mode=check \
		asid.hier=v2 asid.only=kvm_init asid.efi=1)
$(call boot_row,smoke,  300,        16-5,     smoke,    ,            asid.mode=bench \
		asid.variant=$$(1) asid.rep=1 asid.bench=smoke)
$(call boot_row,inject, 300,        16-5,     inject,   ,            asid.mode=robust asid.seed=1 \
		asid.writes=0 asid.stress=8 asid.inject=$$(2) oops=panic)
$(call boot_row,badsim, 300,        $$(2),    -,        ,            asid.mode=badsim)

$(call boot_row,broken, $(TIMEOUT), 1024-129, broken,   ,            asid.mode=check asid.hier=v2 \
		asid.only=wide_)
$(call boot_row,warn,   300,        16-5,     warn,     ,            asid.mode=warn)
$(call boot_row,lab,    300,        16-5,     -,        ,            asid.mode=lab asid.build=$$(1))

# --- what make check runs ------------------------------------------------------
# Every branch: v2, v1, smoke, robust, wide and KVM's injected leak; the
# test module's leak and underflow on every branch but those built on
# another ("on" in variants/<b>/branch), whose module and stress paths
# are their base's.
# module_inject_runs BRANCH: the test module's injections, unless BRANCH is "on" another.
module_inject_runs = $(if $(ON_$(1)),,$(foreach i,$(MOD_INJECTS),$(B)/out/$(1)/inject-$(i)/status))
CHECK_RUNS := v2 v1 smoke robust wide inject-kvmleak
MOD_INJECTS := leak underflow
RUNS  := $(foreach v,$(BRANCHES),$(foreach r,$(CHECK_RUNS),$(B)/out/$(v)/$(r)/status)) \
	 $(foreach v,$(BRANCHES),$(call module_inject_runs,$(v))) \
	 $(B)/out/$(firstword $(BRANCHES))/warn/status
# Once per tree, on its first branch, the firmware path (uefi) and each
# simulation parameter the kernel must refuse: one per rule, max 0, min
# above max + 1, min 0, one value, not a number, max too large ("0,0" is
# the boot badsim-0-0).
BAD_SIMS   := 0-0 5-16 16-0 16 16-x 32768-5
# first_of_tree TREE: the first branch of BRANCHES made from TREE.
first_of_tree = $(firstword $(foreach v,$(BRANCHES),$(if $(filter $(1),$(TREE_$(v))),$(v))))
TREE_FIRST := $(foreach t,$(TREES),$(call first_of_tree,$(t)))
RUNS  += $(foreach v,$(TREE_FIRST),$(foreach s,$(BAD_SIMS),$(B)/out/$(v)/badsim-$(s)/status))
RUNS  += $(foreach v,$(TREE_FIRST),$(B)/out/$(v)/uefi/status)
# The broken boot of each "<branch>+broken" kernel, which must fail its check.
RUNS  += $(BROKEN:%=$(B)/out/%/broken/status)
# The native harness (bench/native/smoke.sh) on every branch's code and on
# the kernel's own counters, the anchors: built, run, checked; no timing.
RUNS  += $(BRANCHES:%=$(B)/out/%/native/status) $(B)/out/anchors/native/status
# And each "<branch>+broken" source on the native harness, which must fail
# the check its breakage breaks (variants/<branch>/broken/expect-native).
# Every RUNS entry is added here, above check-targets: make expands a rule's
# prerequisites where it reads the rule, and a later entry would be counted
# by the summary without ever being run.
expects_native = $(wildcard variants/$(call branch_of,$(1))/broken/expect-native)
NATIVE_BROKEN := $(foreach b,$(BROKEN),$(if $(call expects_native,$(b)),$(b)))
RUNS  += $(NATIVE_BROKEN:%=$(B)/out/broken/%/native/status)
# The lab boot of each build an exercise names (common-tests/lab/exercises):
# the branches here, the +extra builds in make extra.
LAB_BUILDS := $(shell awk '$$1 == "exercise" { for (i = 3; i <= NF; i++) print $$i }' \
		common-tests/lab/exercises | sort -u)
RUNS  += $(foreach v,$(filter $(LAB_BUILDS),$(BRANCHES)),$(B)/out/$(v)/lab/status)
EXTRA_RUNS := $(foreach v,$(EXTRAS),$(B)/out/$(v)/v2/status $(B)/out/$(v)/v1/status) \
	      $(foreach v,$(filter $(LAB_BUILDS),$(EXTRAS)),$(B)/out/$(v)/lab/status)
DEBUG_RUNS := $(foreach v,$(DEBUG_BRANCHES),$(foreach r,v2 robust,$(B)/out-debug/$(v)/$(r)/status))
