# SPDX-License-Identifier: GPL-2.0
# The boots, every row of the plan by one rule, and the native harness runs.
# Included by the top Makefile; paths are from the repository's top.

# --- boots: every row of the plan (qemu/plan.mk), by one rule ----------------
# build/out/<build>/<boot>/status, and build/out-debug/<build>/<boot>/status
# on the debug kernel, several times slower under TCG: three times the
# timeout.  (check-debug boots v2 and robust there; by hand,
# build/out-debug/<branch>/wide/status runs the wide boot with lockdep
# over the drains of a per-CPU stock.)
boot_build  = $(call stem_head,$(1))
boot_name   = $(call stem_tail,$(1))
# boot_row_of BOOT: the plan's row of a boot: "inject" of inject-leak.
boot_row_of = $(firstword $(subst -, ,$(1)))
boot_param  = $(patsubst $(call boot_row_of,$(1))-%,%,$(filter-out $(call boot_row_of,$(1)),$(1)))
# boot_col COLUMN STEM: that column of the stem's row, for its build and param.
boot_col    = $(call $(1)_$(call boot_row_of,$(call boot_name,$(2))),$(call boot_build,$(2)),$(\
	      )$(call boot_param,$(call boot_name,$(2))))
# boot_rule OUT OBJ SUFFIX TIMES: the rule of OUT's boots, with the kernels
# of OBJ, the initramfs <build>SUFFIX and TIMES the row's timeout.
define boot_rule
$(B)/$(1)/%/status: $$$$(B)/initramfs/$$$$(call boot_build,$$$$*)$(3).cpio.gz \
		    $$$$(B)/$(2)/$$$$(call boot_build,$$$$*)/arch/x86/boot/bzImage \
		    qemu/boot.sh qemu/run-guest.sh qemu/scan-console.sh FORCE
	@$$(if $$(VERDICT_$$(call boot_row_of,$$(call boot_name,$$*))),,$$(error $$*: no row \
	   "$$(call boot_row_of,$$(call boot_name,$$*))" in qemu/plan.mk))$(\
	 )NAME=$(if $(3),debug-)$$(call boot_build,$$*)-$$(call boot_name,$$*) \
	 BUILD=$$(call boot_build,$$*) PARAM=$$(call boot_param,$$(call boot_name,$$*)) \
	 KERNEL=$(B)/$(2)/$$(call boot_build,$$*)/arch/x86/boot/bzImage INITRD=$$< \
	 OUT=$(B)/$(1)/$$* LOGS=$(LOGS) TIMEOUT=$$$$(( $(4) * $$(call boot_col,TIMEOUT,$$*) )) \
	 SIM=$$(call boot_col,SIM,$$*) VERDICT=$$(call boot_col,VERDICT,$$*) \
	 QEMU_EXTRA="$$(call boot_col,QEMU,$$*)" \
	 KNOWN_SPLATS=$$(call known_splats_file,$$(call boot_build,$$*)) \
	 qemu/boot.sh $$(filter-out $(if $(3),asid.kselftest=1),$$(call boot_col,ARGS,$$*)) \
		$$(call cmdline,$$(call boot_build,$$*))
endef
$(eval $(call boot_rule,out,obj,,1))
$(eval $(call boot_rule,out-debug,obj-debug,-debug,3))
stem_head  = $(firstword $(subst /, ,$(1)))
stem_tail  = $(lastword $(subst /, ,$(1)))
# --- the native harness: the controller code of each branch, on the host --------
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

