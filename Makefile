# Designs of the SEV ASID cgroup controller, built from Debian's packaged
# kernel trees (linux-source-6.1, linux-source-6.12).
#
#   make              everything: check, the add-a-resource experiment, the
#                     benchmark, robustness figures; writes results/REPORT.md
#   make check        the tests, ending with "N passed, N failed"
#   make check ONLY=<point substring>   run only matching suite points
#   make check-debug  suite, fuzzer and stress on the debug kernels
#   make shell VARIANT=<branch>         an interactive guest (qemu/README.md);
#                     SHELL_CPUS=<n>, SHELL_ASIDS=<max>,<min sev asid>
#   make times        where the last run's time went (each kernel build, each boot)
#
# Branches are data: every directory in variants/ except common/ is one
# branch.  variants/<branch>/tree names the packaged tree it is made from
# (one line, e.g. "6.12"; absent means 6.1).  A branch is that tree plus
# variants/common/<tree>/*.patch then its own *.patch, built from
# tinyconfig plus variants/common/*.config, variants/common/<tree>/*.config
# and its own *.config.
# A branch with extra/*.patch also gets a "<branch>+extra" kernel: its
# series plus those patches (the add-a-resource experiment).
# A branch with broken/*.patch also gets a "<branch>+broken" kernel: its
# series plus one test-only patch that breaks the charging property the
# branch documents, built from the branch's objects; make check boots it
# for the wide run, which must fail exactly the check of that property
# (broken/expect, qemu/broken-verdict.sh).
# A branch with a one-line file "on" naming another branch of its tree is
# built on top of that one: its series and config fragments come first
# (misc-exact is misc-fixed plus one patch; misc-batched is misc-exact plus
# one; a chain of any length).

SHELL     := /bin/bash
B         := build
JOBS      ?= 3
TIMEOUT   ?= 900
BRANCHES  := $(sort $(patsubst variants/%/,%,$(filter-out variants/common/,$(wildcard variants/*/))))
VARIANTS  := $(BRANCHES)
EXTRAS    := $(foreach v,$(VARIANTS),$(if $(wildcard variants/$(v)/extra/*.patch),$(v)+extra))
BROKEN    := $(foreach v,$(VARIANTS),$(if $(wildcard variants/$(v)/broken/*.patch),$(v)+broken))
DEBUG_VARIANTS ?= $(VARIANTS)
# Where check-debug writes its tables: a run of other branches than the
# last one can keep that one's file.
ROBUSTNESS_MD ?= results/robustness.md
GUESTBIN  := $(B)/guest-bin
HOSTCC    := gcc
HOSTCFLAGS := -O2 -Wall -Wextra -Werror
OVMF      := /usr/share/ovmf/OVMF.fd
# The console log of each boot; a second build directory may keep its own.
LOGS      ?= results/logs

# A build name is a branch, "<branch>+extra" or "<branch>+broken".
base       = $(patsubst %+broken,%,$(patsubst %+extra,%,$(1)))
extra      = $(if $(filter %+extra,$(1)),$(2))
broken     = $(if $(filter %+broken,$(1)),$(2))
# The packaged tree of each branch, read once: build/linux-<tree> is it as
# a git repository (branch base), from /usr/src/linux-source-<tree>.tar.xz.
DEFAULT_TREE := 6.1
$(foreach v,$(BRANCHES),$(eval TREE_$(v) := $(or $(strip $(shell cat variants/$(v)/tree 2>/dev/null)),$(DEFAULT_TREE))))
TREES      := $(sort $(foreach v,$(VARIANTS),$(TREE_$(v))))
tree       = $(TREE_$(call base,$(1)))
treedir    = $(B)/linux-$(call tree,$(1))
$(foreach v,$(BRANCHES),$(eval ON_$(v) := $(strip $(shell cat variants/$(v)/on 2>/dev/null))))
# own DIR EXT: DIR's files *.EXT, in order, after those of the branch DIR is "on".
own        = $(if $(ON_$(1)),$(call own,$(ON_$(1)),$(2))) $(sort $(wildcard variants/$(1)/*.$(2)))
series     = $(sort $(wildcard variants/common/$(call tree,$(1))/*.patch)) $(call own,$(call base,$(1)),patch) \
	     $(call extra,$(1),$(sort $(wildcard variants/$(call base,$(1))/extra/*.patch))) \
	     $(call broken,$(1),$(sort $(wildcard variants/$(call base,$(1))/broken/*.patch)))
fragments  = $(sort $(wildcard variants/common/*.config)) $(sort $(wildcard variants/common/$(call tree,$(1))/*.config)) \
	     $(call own,$(call base,$(1)),config) \
	     $(call extra,$(1),$(sort $(wildcard variants/$(call base,$(1))/extra/*.config)))
known      = $(wildcard variants/$(call base,$(1))/known-defects) \
	     $(call extra,$(1),$(wildcard variants/$(call base,$(1))/extra/known-defects))
splats     = $(firstword $(wildcard variants/$(call base,$(1))/known-splats) /dev/null)
# Kernel command line a build needs: extra/cmdline (e.g. asid.caps=...).
cmdline    = $(call extra,$(1),$(shell cat variants/$(call base,$(1))/extra/cmdline 2>/dev/null))
DEBUG_FRAGMENTS := $(sort $(wildcard variants/common/debug/*.config))

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
# those built on another (variants/<b>/on), whose module and stress paths
# are their base's.
CHECK_RUNS := v2 v1 smoke robust wide
INJECTS    := kvmleak
MOD_INJECTS := leak underflow
RUNS  := $(foreach v,$(VARIANTS),$(foreach r,$(CHECK_RUNS),$(B)/out/$(v)/$(r)/status)) \
	 $(foreach v,$(VARIANTS),$(foreach i,$(INJECTS),$(B)/out/inject-$(i)/$(v)/status)) \
	 $(foreach v,$(VARIANTS),$(if $(ON_$(v)),,$(foreach i,$(MOD_INJECTS),$(B)/out/inject-$(i)/$(v)/status))) \
	 $(B)/out/selftest/warn/status
# A simulation parameter the kernel must refuse, booted once per tree (on its
# first branch): "0,0" is written 0-0 in the run's name.  One per rule:
# max 0, min above max + 1, min 0, one value, not a number, max too large.
BAD_SIMS   := 0-0 5-16 16-0 16 16-x 32768-5
TREE_FIRST := $(foreach t,$(TREES),$(firstword $(foreach v,$(VARIANTS),$(if $(filter $(t),$(TREE_$(v))),$(v)))))
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
NATIVE_BROKEN := $(foreach b,$(BROKEN),$(if $(wildcard variants/$(call base,$(b))/broken/expect-native),$(b)))
RUNS  += $(NATIVE_BROKEN:%=$(B)/out/broken/%/native/status)
EXTRA_RUNS := $(foreach v,$(EXTRAS),$(B)/out/$(v)/v2/status $(B)/out/$(v)/v1/status)
DEBUG_RUNS := $(foreach v,$(DEBUG_VARIANTS),$(B)/out-debug/$(v)/v2/status $(B)/out-debug/$(v)/robust/status)
KTAPS := $(foreach v,$(VARIANTS) $(EXTRAS),$(foreach h,v2 v1,$(v)=$(B)/out/$(v)/$(h)/suite.ktap))

SEED         ?= $(shell date +%s)
FUZZ_WRITES  ?= 3000
STRESS_SECS  ?= 20
FULL_FUZZ_WRITES ?= 50000
FULL_STRESS_SECS ?= 60

# asid.kselftest=1: the initramfs must carry the kernel's cgroup selftests
# (not the debug ones), and the v2 boot runs them after the suite.
ARGS_v2     = asid.mode=check asid.hier=v2 asid.kselftest=1 $(if $(ONLY),asid.only=$(ONLY))
ARGS_v1     = asid.mode=check asid.hier=v1 $(if $(ONLY),asid.only=$(ONLY))
ARGS_robust = asid.mode=robust asid.seed=$(SEED) asid.writes=$(FUZZ_WRITES) asid.stress=$(STRESS_SECS)
ARGS_uefi   = asid.mode=check asid.hier=v2 asid.only=kvm_init asid.efi=1
ARGS_wide   = asid.mode=check asid.hier=v2 asid.only=$(or $(ONLY),wide_)
SIM_wide    = 1024,129
QEMU_uefi   = -bios $(OVMF)

.PHONY: all REPORT findings-status patches check check-targets check-debug robustness extra kernels runs bench bench-native bench-report host-test lint shell clean times FORCE
.SECONDARY:
.DELETE_ON_ERROR:

# summary HOSTTAPS: the final count over the host taps a target ran itself
# (build/out/NAME.tap) and the guest runs that follow it.
summary = qemu/summarize.sh $(1:%=$(B)/out/%.tap) --

# The reports read the files the runs left; make REPORT alone regenerates
# them from the last runs.
all: check extra bench robustness
	@$(MAKE) --no-print-directory REPORT
	@$(call summary,host-test lint bisect) $(dir $(RUNS) $(EXTRA_RUNS) $(DEBUG_RUNS))

REPORT: results/semantics.md findings-status results/REPORT.md

# Two at a time: a kernel build leaves a core idle while it links and
# while its tree is unpacked, and a boot of a branch already built, or a
# build of the other tree, takes it.  Kernel builds run at nice 19, so a
# guest, whose points wait for the kernel with timeouts, keeps its CPU.
check:
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) check-targets
	@$(call summary,host-test lint bisect) $(dir $(RUNS))

check-targets: host-test lint $(B)/out/bisect.tap $(RUNS)

# The suite keeps about one host core busy per guest: boot two at a time.
runs: $(VARIANTS:%=$(B)/initramfs/%.cpio.gz) kernels
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) $(RUNS)

extra: $(EXTRAS:%=$(B)/initramfs/%.cpio.gz) $(EXTRAS:%=$(B)/obj/%/arch/x86/boot/bzImage)
	@$(MAKE) --no-print-directory -j2 -O $(EXTRA_RUNS)
	@$(call summary,) $(dir $(EXTRA_RUNS))

check-debug: host-test $(DEBUG_VARIANTS:%=$(B)/initramfs/%-debug.cpio.gz) $(B)/host/robustness
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) FUZZ_WRITES=$(FUZZ_WRITES) STRESS_SECS=$(STRESS_SECS) $(DEBUG_RUNS)
	$(B)/host/robustness $(foreach v,$(DEBUG_VARIANTS),$(v)=$(B)/out-debug/$(v)) > $(ROBUSTNESS_MD)
	@$(call summary,host-test) $(dir $(DEBUG_RUNS))

kernels: $(VARIANTS:%=$(B)/obj/%/arch/x86/boot/bzImage)

# --- host ------------------------------------------------------------------
$(B)/deps.stamp: qemu/host-deps.sh
	@mkdir -p $(B)
	qemu/host-deps.sh
	@touch $@

$(B)/linux-%/.git/base-ready: variants/extract.sh | $(B)/deps.stamp
	variants/extract.sh /usr/src/linux-source-$*.tar.xz $(B)/linux-$*
	@touch $@

# ccache shares objects between the branches of a tree: every object tree
# is a subdirectory of its branch's worktree (build/obj/<build> links to
# build/src/<build>/.kbuild), so Kbuild names sources "../<path>" and the
# compiler sees the same command line in every branch; a file whose
# preprocessed text is the same compiles once.  CCACHE=0 builds without.
# The cache stays where ccache keeps it (CCACHE_DIR, else ~/.cache/ccache),
# outside the clone: with paths made relative to build/, a fresh clone on
# a machine that built these kernels before reuses their objects.
CCACHE     ?= 1
export CCACHE_BASEDIR := $(abspath $(B))
export CCACHE_NOHASHDIR := 1
KCC        := $(if $(filter 1,$(CCACHE)),CC="ccache gcc")
KCC_ENV    := $(if $(filter 1,$(CCACHE)),KMAKE_CC="ccache gcc")
# objlink OBJDIR BUILD: OBJDIR/BUILD -> ../src/BUILD/.kbuild[-debug]
objlink    = mkdir -p $(B)/src/$(2)/.k$(1) $(B)/$(1); \
	     [ -L $(B)/$(1)/$(2) ] || rm -rf $(B)/$(1)/$(2); \
	     ln -sfn ../src/$(2)/.k$(1) $(B)/$(1)/$(2)

# --- one build: series, config, kernel, module -------------------------------
# The debug flavour builds the same source tree into obj-debug/ with the
# debug fragments on top.
.SECONDEXPANSION:
$(B)/src/%/.series-applied: $$(call treedir,$$*)/.git/base-ready variants/branch.sh $$(call series,$$*)
	variants/branch.sh $(call treedir,$*) $* $(B)/src/$* $(call series,$*)
	@touch $@

$(B)/known/%: $$(call known,$$*)
	@mkdir -p $(B)/known
	@# A "-<finding> <point>" in an extra/known-defects drops that entry of the branch's list.
	@cat /dev/null $^ | awk '/^-/ { drop[substr($$1, 2) " " $$2] = 1; next } \
		{ l[++n] = $$0; k[n] = $$1 " " $$2 } END { for (i = 1; i <= n; i++) if (!(k[i] in drop)) print l[i] }' > $@

# donor BUILD: the build whose objects BUILD's are copied from before its
# first build (variants/seed-obj.sh), so that it compiles only the files
# that differ: a "+extra" or "+broken" build its branch; a branch the one before it in
# VARIANTS of the same tree and controller (its own config fragment's
# name: another controller changes cgroup_subsys.h, which nearly every
# object includes), or none.
before     = $(if $(2),$(if $(filter $(1),$(firstword $(2))),,$(firstword $(2)) $(call before,$(1),$(wordlist 2,$(words $(2)),$(2)))))
donor      = $(if $(filter %+extra %+broken,$(1)),$(call base,$(1)),$(lastword $(foreach v,$(call before,$(1),$(VARIANTS)),$(if $(filter $(call tree,$(1)),$(TREE_$(v))),$(if $(filter $(call ctlconf,$(1)),$(call ctlconf,$(v))),$(v))))))
ctlconf    = $(notdir $(call own,$(call base,$(1)),config))
# prior BUILD: the build of the same tree just before it, which it waits for:
# a tree's kernels build one at a time, so that a branch of the other
# controller still finds in ccache the objects the two share, and two cold
# builds do not share the cores while boots can.
prior      = $(if $(filter %+extra %+broken,$(1)),$(call base,$(1)),$(lastword $(foreach v,$(call before,$(1),$(VARIANTS)),$(if $(filter $(call tree,$(1)),$(TREE_$(v))),$(v)))))
seed       = $(if $(call donor,$(2)),variants/seed-obj.sh $(B)/src/$(call donor,$(2)) $(B)/src/$(call donor,$(2))/.k$(1) $(B)/src/$(2) $(B)/src/$(2)/.k$(1);)

# kernel_rules OBJDIR MODDIR EXTRA_FRAGMENTS SEEDED: SEEDED non-empty orders a
# build after its prior and starts its objects from its donor's.
define kernel_rules
$(B)/$(1)/%/.config: $(B)/src/%/.series-applied variants/mkconfig.sh variants/seed-obj.sh $$$$(call fragments,$$$$*) $(3) \
			| $$$$(if $(4),$$$$(addprefix $(B)/$(1)/,$$$$(addsuffix /arch/x86/boot/bzImage,$$$$(call prior,$$$$*))))
	@$$(if $(4),$$(call seed,$(1),$$*))
	@$$(call objlink,$(1),$$*)
	$(KCC_ENV) variants/mkconfig.sh $(B)/src/$$* $$(abspath $(B)/$(1)/$$*) $$(call fragments,$$*) $(3)

$(B)/$(1)/%/arch/x86/boot/bzImage: $(B)/$(1)/%/.config $(B)/src/%/.series-applied
	@echo "kernel $$* ($(1)): building (log $(B)/$(1)/$$*.build.log)"
	@s=$$$$(date +%s); nice -n 19 $$(MAKE) -s -C $(B)/src/$$* O=$$(abspath $(B)/$(1)/$$*) $(KCC) -j$(JOBS) bzImage modules \
		> $(B)/$(1)/$$*.build.log 2>&1 || { tail -40 $(B)/$(1)/$$*.build.log; exit 1; }; \
		echo $$$$(($$$$(date +%s) - s)) > $(B)/$(1)/$$*.build.seconds
	@touch $$@

$(B)/$(2)/%/asid_test.ko: $(B)/$(1)/%/arch/x86/boot/bzImage $(MODULE_SRC)
	@mkdir -p $(B)/$(2)/$$*
	@cp $(MODULE_SRC) $(B)/$(2)/$$*/
	$$(MAKE) -s -C $(B)/src/$$* O=$$(abspath $(B)/$(1)/$$*) $(KCC) M=$$(abspath $(B)/$(2)/$$*) W=1 modules
endef
MODULE_SRC := $(wildcard common-tests/module/*.c common-tests/module/*.h) \
	      common-tests/module/Kbuild common-tests/module/design-of.sh \
	      common-tests/include/asid_test_uapi.h
$(eval $(call kernel_rules,obj,mod,,seeded))
$(eval $(call kernel_rules,obj-debug,mod-debug,$(DEBUG_FRAGMENTS),))

# --- guest userspace: built once, the same binaries for every branch --------
$(GUESTBIN)/.built: FORCE | $(B)/deps.stamp
	@mkdir -p $(GUESTBIN)
	@$(MAKE) -s -C common-tests OUT=$(abspath $(GUESTBIN))
	@$(MAKE) -s -C qemu OUT=$(abspath $(GUESTBIN))
	@$(MAKE) -s -C bench OUT=$(abspath $(GUESTBIN))
	@touch -r $$(ls -t $(GUESTBIN)/* | head -1) $@

# variants/<branch>/files: the optional interface files the design documents.
documented = $(firstword $(wildcard variants/$(call base,$(1))/files) /dev/null)
# variants/<branch>/charging: how the branch documents its charge ("exact").
charging   = $(wildcard variants/$(call base,$(1))/charging)
INITRAMFS_DEPS = $(GUESTBIN)/.built qemu/init.sh qemu/mkinitramfs.sh $(B)/known/$(1) $(wildcard variants/$(call base,$(1))/files) \
		 $(call charging,$(1))
$(B)/initramfs/%-debug.cpio.gz: $(B)/mod-debug/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*)
	@mkdir -p $(B)/initramfs
	CHARGING=$(call charging,$*) qemu/mkinitramfs.sh $@ $(B)/obj-debug/$*/usr/gen_init_cpio $< $(GUESTBIN) $(B)/known/$* $(call documented,$*)

# The benchmark's perf boots need Debian's perf and its libraries as well.
$(B)/initramfs/%-perf.cpio.gz: $(B)/mod/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*)
	@mkdir -p $(B)/initramfs
	CHARGING=$(call charging,$*) qemu/mkinitramfs.sh $@ $(B)/obj/$*/usr/gen_init_cpio $< $(GUESTBIN) $(B)/known/$* $(call documented,$*) perf

# The plain initramfs also carries the kernel's own cgroup selftests of the
# build's tree, which the v2 boot runs after the suite.
$(B)/initramfs/%.cpio.gz: $(B)/mod/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*) $(B)/kselftest/%/.built \
			  common-tests/kselftest/run.sh common-tests/kselftest/skips
	@mkdir -p $(B)/initramfs
	KSELFTEST=$(B)/kselftest/$* CHARGING=$(call charging,$*) qemu/mkinitramfs.sh $@ $(B)/obj/$*/usr/gen_init_cpio $< $(GUESTBIN) \
		$(B)/known/$* $(call documented,$*)

# tools/testing/selftests/cgroup as the build's branch has them, static:
# those of common-tests/kselftest/programs whose options its .config has;
# then the KVM SEV selftests of common-tests/kselftest/kvm-programs, with
# the uapi headers of the built kernel's object tree (after its build: the
# two would write the same generated headers).
KSELFTEST_KVM := $(addprefix common-tests/kselftest/,build-kvm.sh kvm-programs kvm-subtests.awk kvm_subtest.h) \
		 common-tests/kselftest/kvm-patches \
		 $(shell awk '!/^#/ && NF { print $$2 }' common-tests/kselftest/kvm-patches) \
		 $(addprefix common-tests/lib/,kmsg.c kmsg.h file.c file.h)
$(B)/kselftest/%/.built: $(B)/obj/%/.config $(B)/src/%/.series-applied \
			 common-tests/kselftest/build.sh common-tests/kselftest/programs \
			 common-tests/kselftest/linebuf.c $(B)/obj/%/arch/x86/boot/bzImage $(KSELFTEST_KVM)
	common-tests/kselftest/build.sh $(call treedir,$*) $* $(B)/obj/$*/.config $(B)/kselftest/$*
	common-tests/kselftest/build-kvm.sh $(call treedir,$*) $* $(B)/src/$* $(B)/obj/$* $(B)/kselftest/$*
	@touch $@

# --- runs ---------------------------------------------------------------------
# guest NAME KERNEL INITRD OUTDIR TIMEOUT QEMU_EXTRA SPLATS APPEND [SIM]: one
# boot (SIM: kvm_amd.sev_asid_sim, default 16,5); writes
# OUTDIR/{suite.ktap,verdict,status}.
define guest
mkdir -p $(4); echo "guest $(1): booting, console $(LOGS)/$(1).console.log"; \
$(if $(9),SEV_ASID_SIM=$(9)) KNOWN_SPLATS=$(7) QEMU_EXTRA="$(6)" qemu/run-guest.sh $(1) $(2) $(3) $(LOGS) $(4) $(5) \
	$(8) > $(4)/verdict 2>&1; echo $$? > $(4)/status; cat $(4)/verdict
endef
v_of = $(firstword $(subst /, ,$(1)))
r_of = $(lastword $(subst /, ,$(1)))

# out/<build>/<run>/status: v2, v1, robust, uefi, wide.
$(B)/out/%/status: $$(B)/initramfs/$$(call v_of,$$*).cpio.gz \
		   $$(B)/obj/$$(call v_of,$$*)/arch/x86/boot/bzImage \
		   qemu/run-guest.sh qemu/scan-console.sh FORCE
	@$(call guest,$(subst /,-,$*),$(B)/obj/$(call v_of,$*)/arch/x86/boot/bzImage,$<,$(B)/out/$*,$(TIMEOUT),$(QEMU_$(call r_of,$*)),$(call splats,$(call v_of,$*)),$(ARGS_$(call r_of,$*)) $(call cmdline,$(call v_of,$*)),$(SIM_$(call r_of,$*)))

NATIVE_DEPS := $(wildcard bench/native/*.c bench/native/*.h bench/native/*.sh bench/matrix.[ch] \
		bench/native/stub/*.c bench/native/stub/*.h bench/native/stub/*/*.h \
		common-tests/module/design_*.h common-tests/module/design-of.sh)
native_design = $(if $(wildcard $(B)/src/$(1)/kernel/cgroup/encryption_ids.c),encryption_ids,misc)
# F7 (misc RFC v1) strands css references on refused charges: let it run.
native_args = $(if $(shell grep -s '^F7 ' variants/$(call base,$(1))/known-defects),:--ref-leaks-ok)
# A design with per-CPU stocks documents a bound per CPU: MISC_CHARGE_BATCH.
native_stock = $(if $(shell grep -s '^charges_stocked_per_cpu' variants/$(call base,$(1))/files),STOCK_BOUND=$$(sed -n \
	       's/^\#define MISC_CHARGE_BATCH \([0-9]*\).*/\1/p' $(B)/src/$(1)/kernel/cgroup/misc.c))
native_charging = $(if $(filter encryption_ids,$(call native_design,$(1))),exact,$$(cat /dev/null $(call charging,$(1))))
$(B)/out/%/native/status: $(B)/src/%/.series-applied $(NATIVE_DEPS)
	@echo "native $*: build and smoke run of the controller's code on the host"
	@$(call native_stock,$*) bench/native/smoke.sh $(B)/out/$*/native "$(call native_charging,$*)" \
		$*=$(B)/src/$*:$(call native_design,$*)$(call native_args,$*) \
		$(if $(filter encryption_ids,$(call native_design,$*)),$*+tas=$(B)/src/$*:encryption_ids:--slowpath=virt)
	@cat $(B)/out/$*/native/verdict

# And each "<branch>+broken" kernel's source must fail the native check its
# breakage breaks (variants/<branch>/broken/expect-native: point and ERE).
$(B)/out/broken/%/native/status: $(B)/src/%/.series-applied $(NATIVE_DEPS) \
				 variants/$$(call base,$$*)/broken/expect-native
	@echo "native $*: the harness on code broken on purpose (harness self-test)"
	@$(call native_stock,$*) bench/native/smoke.sh --expect-fail \
		$$(cut -d' ' -f1 $(lastword $^)) "$$(cut -d' ' -f2- $(lastword $^))" \
		$(B)/out/broken/$*/native "$(call native_charging,$(call base,$*))" \
		$*=$(B)/src/$*:$(call native_design,$*)
	@cat $(B)/out/broken/$*/native/verdict

# The anchors of the trees this check builds (design:tree).
ANCHORS := page_counter:6.1 percpu_counter:6.1 percpu_counter_limited:6.12
anchor_tree = $(lastword $(subst :, ,$(1)))
CHECK_ANCHORS := $(foreach a,$(ANCHORS),$(if $(filter $(call anchor_tree,$(a)),$(TREES)),$(a)))
$(B)/out/anchors/native/status: $(foreach t,$(TREES),$(B)/linux-$(t)/.git/base-ready) $(NATIVE_DEPS)
	@echo "native anchors: build and smoke run of page_counter and percpu_counter"
	@bench/native/smoke.sh $(B)/out/anchors/native "" \
		$(foreach a,$(CHECK_ANCHORS),$(firstword $(subst :, ,$(a)))-$(call anchor_tree,$(a))=$(B)/linux-$(call anchor_tree,$(a)):$(firstword $(subst :, ,$(a))))
	@cat $(B)/out/anchors/native/verdict

# The debug kernels are several times slower under TCG.  Not in
# check-debug, but by hand: build/out-debug/<branch>/wide/status runs the
# wide boot on the debug kernel (lockdep over the drains of a per-CPU stock).
$(B)/out-debug/%/status: $$(B)/initramfs/$$(call v_of,$$*)-debug.cpio.gz \
		   $$(B)/obj-debug/$$(call v_of,$$*)/arch/x86/boot/bzImage \
		   qemu/run-guest.sh qemu/scan-console.sh FORCE
	@$(call guest,debug-$(subst /,-,$*),$(B)/obj-debug/$(call v_of,$*)/arch/x86/boot/bzImage,$<,$(B)/out-debug/$*,$$(( 3 * $(TIMEOUT) )),,$(call splats,$(call v_of,$*)),$(filter-out asid.kselftest=1,$(ARGS_$(call r_of,$*))),$(SIM_$(call r_of,$*)))

# The full robustness run behind results/robustness.md: debug kernels,
# FULL_FUZZ_WRITES writes per hierarchy and FULL_STRESS_SECS of stress.
robustness: FUZZ_WRITES = $(FULL_FUZZ_WRITES)
robustness: STRESS_SECS = $(FULL_STRESS_SECS)
robustness: check-debug

$(B)/out/%/smoke/status: $(B)/initramfs/%.cpio.gz $(B)/obj/%/arch/x86/boot/bzImage FORCE
	@$(call guest,$*-bench-smoke,$(B)/obj/$*/arch/x86/boot/bzImage,$<,$(B)/out/$*/smoke,300,,$(call splats,$*),asid.mode=bench asid.variant=$* asid.rep=1 asid.bench=smoke)
	@n=$$(grep -c '^inkernel,' $(B)/out/$*/smoke/suite.ktap); \
	 { echo "KTAP version 1"; echo "1..1"; \
	   if [ "$$n" -ge 18 ]; then echo "ok 1 bench_smoke_rows ($$n rows)"; \
	   else echo "not ok 1 bench_smoke_rows ($$n rows, want 18)"; fi; } >> $(B)/out/$*/smoke/suite.ktap

# The harness proves once per run that a WARN reaches the console and fails
# the run: LKDTM provokes one, and the scan must catch it.
SELFTEST_V := $(firstword $(VARIANTS))
$(B)/out/selftest/warn/status: $(B)/initramfs/$(SELFTEST_V).cpio.gz FORCE
	@mkdir -p $(B)/out/selftest/warn
	@echo "guest $(SELFTEST_V): deliberate WARN (harness self-test)"
	@qemu/run-guest.sh selftest $(B)/obj/$(SELFTEST_V)/arch/x86/boot/bzImage $< \
		$(LOGS) $(B)/out/selftest/warn 300 asid.mode=warn > $(B)/out/selftest/warn/verdict 2>&1; \
	 qemu/selftest-verdict.sh $$? $(B)/out/selftest/warn > $@

# And per branch that a leak or an underflow the test module injects on
# purpose (asid_test.inject=) makes the stress fail and is named; an oops
# it causes (misc-rfc, findings F7) ends the boot at once (oops=panic).
$(B)/out/inject-%/status: $$(B)/initramfs/$$(call r_of,$$*).cpio.gz FORCE
	@mkdir -p $(B)/out/inject-$*
	@echo "guest $(call r_of,$*): injected $(call v_of,$*) (harness self-test)"
	@KNOWN_SPLATS=$(call splats,$(call r_of,$*)) qemu/run-guest.sh inject-$(subst /,-,$*) \
		$(B)/obj/$(call r_of,$*)/arch/x86/boot/bzImage $< $(LOGS) $(B)/out/inject-$* 300 \
		asid.mode=robust asid.seed=1 asid.writes=0 asid.stress=8 asid.inject=$(call v_of,$*) oops=panic \
		> $(B)/out/inject-$*/verdict 2>&1; \
	 qemu/inject-verdict.sh $$? $(call v_of,$*) $(B)/out/inject-$* \
		$(LOGS)/inject-$(subst /,-,$*).console.log > $@

# And per tree that a malformed kvm_amd.sev_asid_sim is refused with a clear
# line, and the kernel still boots without SEV.
comma := ,
$(B)/out/badsim-%/status: $$(B)/initramfs/$$(call r_of,$$*).cpio.gz \
			  $$(B)/obj/$$(call r_of,$$*)/arch/x86/boot/bzImage FORCE
	@$(call guest,badsim-$(subst /,-,$*),$(B)/obj/$(call r_of,$*)/arch/x86/boot/bzImage,$<,$(B)/out/badsim-$*,300,,$(call splats,$(call r_of,$*)),asid.mode=badsim,$(subst -,$(comma),$(call v_of,$*)))

# And per branch with variants/<b>/broken/ that the wide run's check of the
# charging property it documents catches a kernel that breaks it on purpose:
# the run must fail exactly that check (qemu/broken-verdict.sh).
$(B)/out/broken/%/status: $$(B)/initramfs/$$*.cpio.gz $$(B)/obj/$$*/arch/x86/boot/bzImage \
			  qemu/broken-verdict.sh variants/$$(call base,$$*)/broken/expect FORCE
	@mkdir -p $(B)/out/broken/$*
	@echo "guest $*: the wide run on a kernel broken on purpose (harness self-test)"
	@SEV_ASID_SIM=$(SIM_wide) KNOWN_SPLATS=$(call splats,$*) qemu/run-guest.sh broken-$* \
		$(B)/obj/$*/arch/x86/boot/bzImage $< $(LOGS) $(B)/out/broken/$* $(TIMEOUT) \
		asid.mode=check asid.hier=v2 asid.only=wide_ > $(B)/out/broken/$*/verdict 2>&1; \
	 qemu/broken-verdict.sh $$? variants/$(call base,$*)/broken/expect $(B)/out/broken/$* > $@

# --- make bench: the charge-path benchmark, results/bench/ --------------------
# The guest runs under TCG (context), then the native runs (the figures);
# make bench-native runs only the latter: no kernel build, no QEMU.
BENCH_REPS  ?= 3
NATIVE_REPS ?= 15
NATIVE_SRCS := $(VARIANTS:%=$(B)/src/%/.series-applied) \
	       $(foreach t,6.1 6.12,$(B)/linux-$(t)/.git/base-ready)
bench: $(VARIANTS:%=$(B)/initramfs/%.cpio.gz) $(VARIANTS:%=$(B)/initramfs/%-perf.cpio.gz) kernels \
       $(B)/host/calib-host $(B)/host/benchreport $(NATIVE_SRCS)
	bench/run-bench.sh $(abspath $(B)/bench-data) $(BENCH_REPS) $(VARIANTS)
	bench/native/run-native.sh $(abspath $(B)/bench-data) $(NATIVE_REPS) $(VARIANTS)
	@$(MAKE) -s bench-report

bench-native: $(NATIVE_SRCS) $(B)/host/calib-host $(B)/host/benchreport
	bench/native/run-native.sh $(abspath $(B)/bench-data) $(NATIVE_REPS) $(VARIANTS)
	@$(MAKE) -s bench-report

bench-report: $(B)/host/benchreport
	@rm -rf results/bench/csv && mkdir -p results/bench/csv
	cd $(B)/bench-data && cp $$(ls *.csv meta.txt native-*meta.txt perf-*.txt native-*.log 2>/dev/null) \
		$(abspath results/bench/csv)/
	$(B)/host/benchreport --in $(B)/bench-data --out results/bench \
		--defects variants --findings results/findings.md

$(B)/host/calib-host: bench/calib.c
	@mkdir -p $(B)/host
	@$(MAKE) -s -C bench host-calib OUT=$(abspath $(B)/host)

$(B)/host/benchreport: $(wildcard bench/report/*.c bench/report/*.h)
	@mkdir -p $(B)/host
	@$(MAKE) -s -C bench/report OUT=$(abspath $(B)/host)

# --- make patches: the fix series as they would be mailed -----------------------
# A branch with variants/<b>/mail/<series> files mails those series, one per
# subsystem, into results/patches/<series>/; variants/<b>/fixes names the
# shipped branch whose run gives the "before" figures.  AUTHOR signs our own
# patches (default: git config user.name/user.email).  BASE=<a kernel git
# checkout>: also apply each series there with git am -3 and say what applied.
AUTHOR ?= $(shell git config user.name) <$(shell git config user.email)>
PATCH_BRANCHES := $(filter $(VARIANTS),$(sort $(patsubst variants/%/mail/,%,$(dir $(wildcard variants/*/mail/*)))))
fixes_of = $(shell cat variants/$(1)/fixes 2>/dev/null)
patches: $(foreach b,$(PATCH_BRANCHES),$(call treedir,$(b))/.git/base-ready \
	  $(B)/out/$(call fixes_of,$(b))/v2/status $(B)/out/$(b)/v2/status)
	@$(foreach b,$(PATCH_BRANCHES),BASE="$(BASE)" variants/patches.sh $(call treedir,$(b)) $(b) \
		results/patches "$(AUTHOR)" \
		$(B)/out/$(call fixes_of,$(b))/v2/suite.ktap $(B)/out/$(b)/v2/suite.ktap &&) true

times:
	@qemu/times.sh $(B)

# --- the demo shell -------------------------------------------------------------
# Any branch, or a <branch>+extra build (made first if need be).  Its vCPUs and its
# simulated ASIDs (kvm_amd.sev_asid_sim: ASIDs 1..max, SEV from the second
# number up, SEV-ES below it) can be set from the command line or the
# environment, for exercises that need more of either.
VARIANT     ?= $(firstword $(VARIANTS))
SHELL_CPUS  ?= 2
SHELL_ASIDS ?= 16,5
shell: $(B)/initramfs/$(VARIANT).cpio.gz $(B)/obj/$(VARIANT)/arch/x86/boot/bzImage
	qemu-system-x86_64 -accel tcg,thread=multi -cpu EPYC -smp $(SHELL_CPUS) -m 1024 \
		-display none -no-reboot -serial mon:stdio -serial null \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-kernel $(B)/obj/$(VARIANT)/arch/x86/boot/bzImage -initrd $< \
		-append "console=ttyS0 panic=-1 kvm_amd.sev_asid_sim=$(SHELL_ASIDS) asid.mode=shell $(call cmdline,$(VARIANT))"; \
	 test $$? = 1

# --- host-side tests and reports ---------------------------------------------
# checkpatch --strict on every patch, W=1 on every .c file a series touches.
lint: $(VARIANTS:%=$(B)/obj/%/arch/x86/boot/bzImage)
	@mkdir -p $(B)/out
	@$(KCC_ENV) variants/lint.sh $(abspath $(B)/src) $(abspath $(B)/obj) $(foreach v,$(VARIANTS),$(v)=$(TREE_$(v))) | tee $(B)/out/lint.tap

# The series that are mailed (variants/<b>/mail/) build after every patch;
# checked again only when a series, or the set of them in VARIANTS,
# changes.  A VARIANTS without a mailed series has none to check: a skip
# that says so, where a mailed series that checked no commit fails.
$(B)/out/bisect.list: FORCE
	@mkdir -p $(B)/out
	@echo "$(PATCH_BRANCHES)" | cmp -s - $@ || echo "$(PATCH_BRANCHES)" > $@

$(B)/out/bisect.tap: $(PATCH_BRANCHES:%=$(B)/obj/%/arch/x86/boot/bzImage) variants/bisect.sh \
		$(foreach b,$(PATCH_BRANCHES),$(call series,$(b))) $(B)/out/bisect.list
	@mkdir -p $(B)/out
	@$(if $(PATCH_BRANCHES),,printf 'KTAP version 1\n1..0 # SKIP no mailed series (variants/<b>/mail/) in VARIANTS\n' | tee $@; exit 0;) \
	 { echo "KTAP version 1"; $(foreach b,$(PATCH_BRANCHES),$(KCC_ENV) JOBS=$(JOBS) variants/bisect.sh $(call treedir,$(b)) $(B)/src/$(b) $(B)/obj/$(b)/.config | grep -v "^1\.\.";) } \
	  | awk '/^(not )?ok [0-9]+ / { n++; sub(/ok [0-9]+ /, "ok " n " ") } { print } \
		END { if (!n) { print "not ok 1 bisect: no commit was checked"; n = 1 } print "1.." n }' | tee $@

host-test: $(B)/deps.stamp
	@mkdir -p $(B)/out
	@qemu/host-tests.sh "parse=$(MAKE) -s -C common-tests host-test OUT=$(abspath $(B)/host)" \
		"benchreport=$(MAKE) -s -C bench/report test OUT=$(abspath $(B)/host)" \
		"glue=qemu/tests/run.sh" "kselftest=common-tests/kselftest/tests.sh" \
		> $(B)/out/host-test.tap; rc=$$?; \
	 grep -E '^(not ok|[0-9]+ passed)' $(B)/out/host-test.tap | sed 's/^/host-test: /'; exit $$rc

$(B)/host/%: common-tests/report/%.c common-tests/report/ktap.h
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOSTCFLAGS) -o $@ $<

# "6.1.192 (encryption_ids, misc)" per tree: the trees as this run built them.
TREES_DESC = $(foreach t,$(TREES),$(t).$$(sed -n 's/^SUBLEVEL = //p' $(B)/linux-$(t)/Makefile) \
	     ($(foreach v,$(VARIANTS),$(if $(filter $(t),$(TREE_$(v))),$(v))));)
PLAIN_KTAPS := $(foreach v,$(VARIANTS),$(foreach h,v2 v1,$(v)=$(B)/out/$(v)/$(h)/suite.ktap))

results/semantics.md: $(B)/host/semantics FORCE
	@{ echo "# Semantics matrix"; echo; \
	   echo "Generated by \`make\` on $$(date -u +%F) from this run's guest KTAP"; \
	   echo "(build/out/BRANCH/HIER/suite.ktap); Debian packaged kernel trees, with the"; \
	   echo "branches built from each: $(TREES_DESC)"; \
	   echo "-cpu EPYC -smp 2 under TCG,"; \
	   echo "kvm_amd.sev_asid_sim=16,5 (sev capacity 12, sev_es capacity 4)."; \
	   echo "Each cell: what the kernel did (result); \"v1:\" follows where cgroup v1 differed."; \
	   echo "TODO Fn marks a known defect, see findings.md."; echo; \
	   $(B)/host/semantics $(KTAPS); } > $@.tmp
	@mv $@.tmp $@

# The points where the branches differ, for the top of REPORT.md.
$(B)/report/differ.md: $(B)/host/semantics FORCE
	@mkdir -p $(B)/report
	$(B)/host/semantics --differ $(PLAIN_KTAPS) > $@

# Who may write which file (the suite's deleg_* points), for REPORT.md.
$(B)/report/delegation.md: $(B)/host/semantics FORCE
	@mkdir -p $(B)/report
	$(B)/host/semantics --only deleg_ $(PLAIN_KTAPS) > $@

# Each finding, present or not, on each branch: REPORT.md includes it and
# it replaces the status table of results/findings.md.
$(B)/report/findings-status.md: $(B)/host/findings FORCE
	@mkdir -p $(B)/report
	$(B)/host/findings $(wildcard variants/*/known-defects) -- $(PLAIN_KTAPS) > $@

findings-status: $(B)/report/findings-status.md
	@awk -v t=$< '/^<!-- status table: begin/ { print; while ((getline l < t) > 0) print l; skip = 1; next } \
		/^<!-- status table: end/ { skip = 0 } !skip' results/findings.md > results/findings.md.tmp
	@mv results/findings.md.tmp results/findings.md

clean:
	rm -rf $(B)/out $(B)/out-debug $(B)/initramfs $(B)/mod $(B)/mod-debug $(GUESTBIN) \
		$(B)/host $(B)/known $(B)/kselftest $(LOGS)

FORCE:

# --- results/REPORT.md ------------------------------------------------------------
REPORT_KTAPS := $(foreach v,$(VARIANTS) $(EXTRAS),$(foreach h,v2 v1,--ktap $(v)=$(B)/out/$(v)/$(h)/suite.ktap))
$(B)/report/branches.md: variants/branches.sh FORCE
	@mkdir -p $(B)/report
	@variants/branches.sh $(VARIANTS) > $@

$(B)/report/extra.md: variants/extra-report.sh FORCE
	@mkdir -p $(B)/report
	variants/extra-report.sh $(patsubst %+extra,%,$(EXTRAS)) > $@

# The kernel's own cgroup selftests, point by branch (their v2 boots).
$(B)/report/kselftest.md: $(B)/host/kselftest FORCE
	@mkdir -p $(B)/report
	$(B)/host/kselftest $(foreach v,$(VARIANTS),$(v)=$(B)/out/$(v)/v2/suite.ktap) > $@

results/REPORT.md: $(B)/host/report common-tests/report/REPORT.md.in $(B)/report/branches.md \
		   $(B)/report/kselftest.md $(B)/report/delegation.md \
		   $(B)/report/extra.md $(B)/report/differ.md $(B)/report/findings-status.md results/semantics.md results/robustness.md results/robustness-beyond.md \
		   results/bench/REPORT.md FORCE
	$(B)/host/report $(REPORT_KTAPS) common-tests/report/REPORT.md.in > $@.tmp
	@mv $@.tmp $@
