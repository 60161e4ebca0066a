# SPDX-License-Identifier: GPL-2.0
# make shell: the demo guest.
# Included by the top Makefile; paths are from the repository's top.

# --- the demo shell -------------------------------------------------------------
# BRANCH=: any branch, or a <branch>+extra build (made first if need be),
# from the command line only (CI systems export a BRANCH of their own).
# Its vCPUs and its simulated ASIDs (kvm_amd.sev_asid_sim: ASIDs 1..max,
# SEV from the second number up, SEV-ES below it) can be set from the
# command line or the environment, for exercises that need more of either.
BRANCH      := $(or $(VARIANT),$(firstword $(BRANCHES)))
SHELL_CPUS  ?= 2
SHELL_ASIDS ?= 16,5
SHELL_CMDLINE = console=ttyS0 panic=-1 kvm_amd.sev_asid_sim=$(SHELL_ASIDS) asid.mode=shell \
	$(call cmdline,$(BRANCH))
shell: $(B)/initramfs/$(BRANCH).cpio.gz $(B)/obj/$(BRANCH)/arch/x86/boot/bzImage
	qemu-system-x86_64 -accel tcg,thread=multi -cpu EPYC -smp $(SHELL_CPUS) -m 1024 \
		-display none -no-reboot -serial mon:stdio -serial null \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		-kernel $(B)/obj/$(BRANCH)/arch/x86/boot/bzImage -initrd $< \
		-append "$(SHELL_CMDLINE)"; \
	 test $$? = 1

