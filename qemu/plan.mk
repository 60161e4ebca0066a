# SPDX-License-Identifier: GPL-2.0
# The boot plan: what make check boots, and each boot's kernel arguments.
# Included by the top Makefile; paths are from the repository's top.

# --- what make check runs: one boot each ------------------------------------
#   v2, v1   the suite on each hierarchy
#   smoke    a short benchmark boot: the bench code path, no timing asserted
#   robust   a bounded fuzz (v2 and v1) and churn stress
#   uefi     the same kernel booted through OVMF, a short suite subset:
#            once per tree (its first branch), the firmware path being the
#            tree's, not the controller's
#   wide     the suite's wide_* points, with 896 SEV and 128 SEV-ES ASIDs
#            (SIM_wide) and two CPUs: batches of a per-CPU stock form and
#            live VMs fill limits across CPUs, and the in-kernel sampler
#            checks each design's documented charging property while the
#            other CPU charges; every branch, since every design documents
#            one
# Injected faults: a KVM leak on every branch (each design's own SEV
# accounting); the test module's leak and underflow on every branch but
# those built on another ("on" in variants/<b>/branch), whose module and stress paths
# are their base's.
# module_inject_runs BRANCH: the test module's injections, unless BRANCH is "on" another.
module_inject_runs = $(if $(ON_$(1)),,$(foreach i,$(MOD_INJECTS),$(B)/out/inject-$(i)/$(1)/status))
CHECK_RUNS := v2 v1 smoke robust wide
INJECTS    := kvmleak
MOD_INJECTS := leak underflow
RUNS  := $(foreach v,$(VARIANTS),$(foreach r,$(CHECK_RUNS),$(B)/out/$(v)/$(r)/status)) \
	 $(foreach v,$(VARIANTS),$(foreach i,$(INJECTS),$(B)/out/inject-$(i)/$(v)/status)) \
	 $(foreach v,$(VARIANTS),$(call module_inject_runs,$(v))) \
	 $(B)/out/selftest/warn/status
# A simulation parameter the kernel must refuse, booted once per tree (on its
# first branch): "0,0" is written 0-0 in the run's name.  One per rule:
# max 0, min above max + 1, min 0, one value, not a number, max too large.
BAD_SIMS   := 0-0 5-16 16-0 16 16-x 32768-5
# first_of_tree TREE: the first branch of VARIANTS made from TREE.
first_of_tree = $(firstword $(foreach v,$(VARIANTS),$(if $(filter $(1),$(TREE_$(v))),$(v))))
TREE_FIRST := $(foreach t,$(TREES),$(call first_of_tree,$(t)))
RUNS  += $(foreach v,$(TREE_FIRST),$(foreach s,$(BAD_SIMS),$(B)/out/badsim-$(s)/$(v)/status))
RUNS  += $(foreach v,$(TREE_FIRST),$(B)/out/$(v)/uefi/status)
# The wide run of each "<branch>+broken" kernel, which must fail its check.
RUNS  += $(BROKEN:%=$(B)/out/broken/%/status)
# The native harness (bench/native/smoke.sh) on every branch's code and on
# the kernel's own counters, the anchors: built, run, checked; no timing.
RUNS  += $(VARIANTS:%=$(B)/out/%/native/status) $(B)/out/anchors/native/status
# And each "<branch>+broken" source on the native harness, which must fail
# the check its breakage breaks (variants/<branch>/broken/expect-native).
# Every RUNS entry is added here, above check-targets: make expands a rule's
# prerequisites where it reads the rule, and a later entry would be counted
# by the summary without ever being run.
expects_native = $(wildcard variants/$(call branch_of,$(1))/broken/expect-native)
NATIVE_BROKEN := $(foreach b,$(BROKEN),$(if $(call expects_native,$(b)),$(b)))
RUNS  += $(NATIVE_BROKEN:%=$(B)/out/broken/%/native/status)
EXTRA_RUNS := $(foreach v,$(EXTRAS),$(B)/out/$(v)/v2/status $(B)/out/$(v)/v1/status)
DEBUG_RUNS := $(foreach v,$(DEBUG_VARIANTS),$(foreach r,v2 robust,$(B)/out-debug/$(v)/$(r)/status))
KTAPS := $(foreach v,$(VARIANTS) $(EXTRAS),$(foreach h,v2 v1,$(v)=$(B)/out/$(v)/$(h)/suite.ktap))

# asid.kselftest=1: the initramfs must carry the kernel's cgroup selftests
# (not the debug ones), and the v2 boot runs them after the suite.
ARGS_v2     = asid.mode=check asid.hier=v2 asid.kselftest=1 $(if $(ONLY),asid.only=$(ONLY))
ARGS_v1     = asid.mode=check asid.hier=v1 $(if $(ONLY),asid.only=$(ONLY))
ARGS_robust = asid.mode=robust asid.seed=$(SEED) \
	      asid.writes=$(FUZZ_WRITES) asid.stress=$(STRESS_SECS)
ARGS_uefi   = asid.mode=check asid.hier=v2 asid.only=kvm_init asid.efi=1
ARGS_wide   = asid.mode=check asid.hier=v2 asid.only=$(or $(ONLY),wide_)
SIM_wide    = 1024,129
QEMU_uefi   = -bios $(OVMF)

