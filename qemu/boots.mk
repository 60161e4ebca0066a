# SPDX-License-Identifier: GPL-2.0
# The boots and their verdicts.
# Included by the top Makefile; paths are from the repository's top.

# --- runs ---------------------------------------------------------------------
# guest NAME KERNEL INITRD OUTDIR TIMEOUT QEMU_EXTRA SPLATS APPEND [SIM]: one
# boot (SIM: kvm_amd.sev_asid_sim, default 16,5); writes
# OUTDIR/{suite.ktap,verdict,status}.
define guest
mkdir -p $(4); echo "guest $(1): booting, console $(LOGS)/$(1).console.log"; \
$(if $(9),SEV_ASID_SIM=$(9)) KNOWN_SPLATS=$(7) QEMU_EXTRA="$(6)" \
	qemu/run-guest.sh $(1) $(2) $(3) $(LOGS) $(4) $(5) \
	$(8) > $(4)/verdict 2>&1; echo $$? > $(4)/status; cat $(4)/verdict
endef
# A "$(\" at the end of a line below continues a call's arguments on the
# next line without adding a blank to them: the variable named " " is empty.
stem_head  = $(firstword $(subst /, ,$(1)))
stem_tail  = $(lastword $(subst /, ,$(1)))

# out/<build>/<run>/status: v2, v1, robust, uefi, wide.
$(B)/out/%/status: $$(B)/initramfs/$$(call stem_head,$$*).cpio.gz \
		   $$(B)/obj/$$(call stem_head,$$*)/arch/x86/boot/bzImage \
		   qemu/run-guest.sh qemu/scan-console.sh FORCE
	@$(call guest,$(subst /,-,$*),$(B)/obj/$(call stem_head,$*)/arch/x86/boot/bzImage,$<,$(\
		)$(B)/out/$*,$(TIMEOUT),$(QEMU_$(call stem_tail,$*)),$(\
		)$(call known_splats_file,$(call stem_head,$*)),$(\
		)$(ARGS_$(call stem_tail,$*)) $(call cmdline,$(call stem_head,$*)),$(SIM_$(call stem_tail,$*)))

NATIVE_DEPS := $(wildcard bench/native/*.c bench/native/*.h bench/native/*.sh bench/matrix.[ch] \
		bench/native/stub/*.c bench/native/stub/*.h bench/native/stub/*/*.h \
		common-tests/module/design_*.h common-tests/module/design-of.sh)
native_design = $(if $(wildcard $(B)/src/$(1)/kernel/cgroup/encryption_ids.c),encryption_ids,misc)
is_enc_ids = $(filter encryption_ids,$(call native_design,$(1)))
# F7 (misc RFC v1) strands css references on refused charges: let it run.
native_args = $(if $(shell grep -s '^F7 ' variants/$(call branch_of,$(1))/known-defects),$(\
	      ):--ref-leaks-ok)
# A design with per-CPU stocks documents a bound per CPU: MISC_CHARGE_BATCH.
native_stock = $(if $(filter charges_stocked_per_cpu,$(call branch_key,$(call branch_of,$(1)),$(\
	       )documents)),STOCK_BOUND=$$(sed -n \
	       's/^\#define MISC_CHARGE_BATCH \([0-9]*\).*/\1/p' $(B)/src/$(1)/kernel/cgroup/misc.c))
native_charging = $(if $(call is_enc_ids,$(1)),exact,$(call branch_key,$(call branch_of,$(1)),$(\
		  )charging))

$(B)/out/%/native/status: $(B)/src/%/.series-applied $(NATIVE_DEPS)
	@echo "native $*: build and smoke run of the controller's code on the host"
	@$(call native_stock,$*) bench/native/smoke.sh $(B)/out/$*/native "$(call native_charging,$*)" \
		$*=$(B)/src/$*:$(call native_design,$*)$(call native_args,$*) \
		$(if $(call is_enc_ids,$*),$*+tas=$(B)/src/$*:encryption_ids:--slowpath=virt)
	@cat $(B)/out/$*/native/verdict

# And each "<branch>+broken" kernel's source must fail the native check its
# breakage breaks (variants/<branch>/broken/expect-native: point and ERE).
$(B)/out/broken/%/native/status: $(B)/src/%/.series-applied $(NATIVE_DEPS) \
				 variants/$$(call branch_of,$$*)/broken/expect-native
	@echo "native $*: the harness on code broken on purpose (harness self-test)"
	@$(call native_stock,$*) bench/native/smoke.sh --expect-fail \
		$$(cut -d' ' -f1 $(lastword $^)) "$$(cut -d' ' -f2- $(lastword $^))" \
		$(B)/out/broken/$*/native "$(call native_charging,$(call branch_of,$*))" \
		$*=$(B)/src/$*:$(call native_design,$*)
	@cat $(B)/out/broken/$*/native/verdict

# The anchors of the trees this check builds (design:tree).
ANCHORS := page_counter:6.1 percpu_counter:6.1 percpu_counter_limited:6.12
anchor_tree = $(lastword $(subst :, ,$(1)))
anchor_name = $(firstword $(subst :, ,$(1)))
# anchor_arg NAME:TREE: smoke.sh's NAME-TREE=<tree dir>:NAME
anchor_arg = $(subst :,-,$(1))=$(B)/linux-$(call anchor_tree,$(1)):$(call anchor_name,$(1))
CHECK_ANCHORS := $(foreach a,$(ANCHORS),$(if $(filter $(call anchor_tree,$(a)),$(TREES)),$(a)))
$(B)/out/anchors/native/status: $(foreach t,$(TREES),$(B)/linux-$(t)/.git/base-ready) $(NATIVE_DEPS)
	@echo "native anchors: build and smoke run of page_counter and percpu_counter"
	@bench/native/smoke.sh $(B)/out/anchors/native "" \
		$(foreach a,$(CHECK_ANCHORS),$(call anchor_arg,$(a)))
	@cat $(B)/out/anchors/native/verdict

# The debug kernels are several times slower under TCG.  Not in
# check-debug, but by hand: build/out-debug/<branch>/wide/status runs the
# wide boot on the debug kernel (lockdep over the drains of a per-CPU stock).
$(B)/out-debug/%/status: $$(B)/initramfs/$$(call stem_head,$$*)-debug.cpio.gz \
		   $$(B)/obj-debug/$$(call stem_head,$$*)/arch/x86/boot/bzImage \
		   qemu/run-guest.sh qemu/scan-console.sh FORCE
	@$(call guest,debug-$(subst /,-,$*),$(B)/obj-debug/$(call stem_head,$*)/arch/x86/boot/bzImage,$(\
		)$<,$(B)/out-debug/$*,$$(( 3 * $(TIMEOUT) )),,$(call known_splats_file,$(call stem_head,$*)),$(\
		)$(filter-out asid.kselftest=1,$(ARGS_$(call stem_tail,$*))),$(SIM_$(call stem_tail,$*)))

# The full robustness run behind results/robustness.md: debug kernels,
# FULL_FUZZ_WRITES writes per hierarchy and FULL_STRESS_SECS of stress.
robustness: FUZZ_WRITES = $(FULL_FUZZ_WRITES)
robustness: STRESS_SECS = $(FULL_STRESS_SECS)
robustness: check-debug

$(B)/out/%/smoke/status: $(B)/initramfs/%.cpio.gz $(B)/obj/%/arch/x86/boot/bzImage FORCE
	@$(call guest,$*-bench-smoke,$(B)/obj/$*/arch/x86/boot/bzImage,$<,$(B)/out/$*/smoke,300,,$(\
		)$(call known_splats_file,$*),asid.mode=bench asid.variant=$* asid.rep=1 asid.bench=smoke)
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
$(B)/out/inject-%/status: $$(B)/initramfs/$$(call stem_tail,$$*).cpio.gz FORCE
	@mkdir -p $(B)/out/inject-$*
	@echo "guest $(call stem_tail,$*): injected $(call stem_head,$*) (harness self-test)"
	@KNOWN_SPLATS=$(call known_splats_file,$(call stem_tail,$*)) \
		qemu/run-guest.sh inject-$(subst /,-,$*) \
		$(B)/obj/$(call stem_tail,$*)/arch/x86/boot/bzImage $< $(LOGS) $(B)/out/inject-$* 300 \
		asid.mode=robust asid.seed=1 asid.writes=0 asid.stress=8 \
		asid.inject=$(call stem_head,$*) oops=panic \
		> $(B)/out/inject-$*/verdict 2>&1; \
	 qemu/inject-verdict.sh $$? $(call stem_head,$*) $(B)/out/inject-$* \
		$(LOGS)/inject-$(subst /,-,$*).console.log > $@

# And per tree that a malformed kvm_amd.sev_asid_sim is refused with a clear
# line, and the kernel still boots without SEV.
comma := ,
$(B)/out/badsim-%/status: $$(B)/initramfs/$$(call stem_tail,$$*).cpio.gz \
			  $$(B)/obj/$$(call stem_tail,$$*)/arch/x86/boot/bzImage FORCE
	@$(call guest,badsim-$(subst /,-,$*),$(B)/obj/$(call stem_tail,$*)/arch/x86/boot/bzImage,$(\
		)$<,$(B)/out/badsim-$*,300,,$(call known_splats_file,$(call stem_tail,$*)),$(\
		)asid.mode=badsim,$(subst -,$(comma),$(call stem_head,$*)))

# And per branch with variants/<b>/broken/ that the wide run's check of the
# charging property it documents catches a kernel that breaks it on purpose:
# the run must fail exactly that check (qemu/broken-verdict.sh).
$(B)/out/broken/%/status: $$(B)/initramfs/$$*.cpio.gz $$(B)/obj/$$*/arch/x86/boot/bzImage \
			  qemu/broken-verdict.sh variants/$$(call branch_of,$$*)/broken/expect FORCE
	@mkdir -p $(B)/out/broken/$*
	@echo "guest $*: the wide run on a kernel broken on purpose (harness self-test)"
	@SEV_ASID_SIM=$(SIM_wide) KNOWN_SPLATS=$(call known_splats_file,$*) qemu/run-guest.sh broken-$* \
		$(B)/obj/$*/arch/x86/boot/bzImage $< $(LOGS) $(B)/out/broken/$* $(TIMEOUT) \
		asid.mode=check asid.hier=v2 asid.only=wide_ > $(B)/out/broken/$*/verdict 2>&1; \
	 qemu/broken-verdict.sh $$? variants/$(call branch_of,$*)/broken/expect $(B)/out/broken/$* > $@

