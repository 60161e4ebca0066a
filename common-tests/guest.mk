# SPDX-License-Identifier: GPL-2.0
# Guest userspace, initramfs and the kernel's selftests for each build.
# Included by the top Makefile; paths are from the repository's top.

# --- guest userspace: built once, the same binaries for every branch --------
$(GUESTBIN)/.built: FORCE | $(B)/deps.stamp
	@mkdir -p $(GUESTBIN)
	@$(MAKE) -s -C common-tests OUT=$(abspath $(GUESTBIN))
	@$(MAKE) -s -C qemu OUT=$(abspath $(GUESTBIN))
	@$(MAKE) -s -C bench OUT=$(abspath $(GUESTBIN))
	@touch -r $$(ls -t $(GUESTBIN)/* | head -1) $@

# variants/<branch>/branch goes in as /etc/branch: the suite and the stress
# read the charge and the optional files the branch documents there.
branch_file = variants/$(call branch_of,$(1))/branch
INITRAMFS_DEPS = $(GUESTBIN)/.built qemu/init.sh qemu/mkinitramfs.sh $(B)/known/$(1) \
		 $(call branch_file,$(1)) common-tests/lab/exercises
$(B)/initramfs/%-debug.cpio.gz: $(B)/mod-debug/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*)
	@mkdir -p $(B)/initramfs
	qemu/mkinitramfs.sh $@ $(B)/obj-debug/$*/usr/gen_init_cpio $< \
		$(GUESTBIN) $(B)/known/$* $(call branch_file,$*)

# The benchmark's perf boots need Debian's perf and its libraries as well.
$(B)/initramfs/%-perf.cpio.gz: $(B)/mod/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*)
	@mkdir -p $(B)/initramfs
	qemu/mkinitramfs.sh $@ $(B)/obj/$*/usr/gen_init_cpio $< \
		$(GUESTBIN) $(B)/known/$* $(call branch_file,$*) perf

# The plain initramfs also carries the kernel's own cgroup selftests of the
# build's tree, which the v2 boot runs after the suite.
$(B)/initramfs/%.cpio.gz: $(B)/mod/%/asid_test.ko $$(call INITRAMFS_DEPS,$$*) \
			  $(B)/kselftest/%/.built \
			  common-tests/kselftest/run.sh common-tests/kselftest/skips
	@mkdir -p $(B)/initramfs
	KSELFTEST=$(B)/kselftest/$* \
		qemu/mkinitramfs.sh $@ $(B)/obj/$*/usr/gen_init_cpio $< $(GUESTBIN) \
		$(B)/known/$* $(call branch_file,$*)


# tools/testing/selftests/cgroup as the build's branch has them, static:
# those of common-tests/kselftest/programs whose options its .config has;
# then the KVM SEV selftests of common-tests/kselftest/kvm-programs, with
# the uapi headers of the built kernel's object tree (after its build: the
# two would write the same generated headers).
KSELFTEST_KVM := $(addprefix common-tests/kselftest/,build-kvm.sh kvm-programs kvm-subtests.awk \
		   kvm_subtest.h) \
		 common-tests/kselftest/kvm-patches \
		 $(shell awk '!/^#/ && NF { print $$2 }' common-tests/kselftest/kvm-patches) \
		 $(addprefix common-tests/lib/,kmsg.c kmsg.h file.c file.h)
# Nobody runs this target.  It names every branch's selftests so that make
# may chain through them: a seeded build's .config waits for its donor's
# (donor_done), and make uses an implicit rule only once in a chain of
# files that no rule names explicitly.
.PHONY: kselftests
kselftests: $(BRANCHES:%=$(B)/kselftest/%/.built)

$(B)/kselftest/%/.built: $(B)/obj/%/.config $(B)/src/%/.series-applied \
			 common-tests/kselftest/build.sh common-tests/kselftest/programs \
			 common-tests/kselftest/linebuf.c $(B)/obj/%/arch/x86/boot/bzImage $(KSELFTEST_KVM)
	common-tests/kselftest/build.sh $(call treedir,$*) $* $(B)/obj/$*/.config $(B)/kselftest/$*
	common-tests/kselftest/build-kvm.sh $(call treedir,$*) $* $(B)/src/$* $(B)/obj/$* $(B)/kselftest/$*
	@touch $@

