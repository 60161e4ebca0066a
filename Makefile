# Designs of the SEV ASID cgroup controller, built from Debian's packaged
# kernel trees (linux-source-6.1, linux-source-6.12), booted in QEMU and
# tested: branch -> kernel -> initramfs -> boot -> KTAP -> report.
#
#   make              everything: check, the add-a-resource experiment, the
#                     benchmark, robustness figures; writes results/REPORT.md
#   make check        the tests, ending with "N passed, N failed"
#   make check ONLY=<point substring>   run only matching suite points
#   make check-debug  suite, fuzzer and stress on the debug kernels
#   make shell BRANCH=<branch>          an interactive guest (qemu/README.md);
#                     SHELL_CPUS=<n>, SHELL_ASIDS=<max>,<min sev asid>
#   make times        where the last run's time went (each kernel build, each boot)
#
# Branches are data: every directory in variants/ with a file "branch" is
# one (variants/README.md says what a branch directory holds).  The rules live
# beside what they build, in the fragments included below.

# --- settings: each "?=" one can be set on the command line or in the
# environment (make check BRANCHES="misc misc-6.12" SEED=1) -------------------
SHELL     := /bin/bash
B         := build
JOBS      ?= 3
TIMEOUT   ?= 900
ALL_BRANCHES := $(sort $(patsubst variants/%/branch,%,$(wildcard variants/*/branch)))
# BRANCHES: the branches a target builds and tests, all by default; from
# the command line only (an environment variable of that name is ignored).
# VARIANTS (and VARIANT, DEBUG_VARIANTS) are their first names, still read.
BRANCHES  := $(or $(VARIANTS),$(ALL_BRANCHES))
EXTRAS    := $(foreach v,$(BRANCHES),$(if $(wildcard variants/$(v)/extra/*.patch),$(v)+extra))
BROKEN    := $(foreach v,$(BRANCHES),$(if $(wildcard variants/$(v)/broken/*.patch),$(v)+broken))
DEBUG_BRANCHES := $(or $(DEBUG_VARIANTS),$(BRANCHES))

# Where check-debug writes its tables: a run of other branches than the
# last one can keep that one's file.
ROBUSTNESS_MD ?= results/robustness.md
GUESTBIN  := $(B)/guest-bin
HOSTCC    := gcc
HOSTCFLAGS := -O2 -Wall -Wextra -Werror
OVMF      := /usr/share/ovmf/OVMF.fd
# The console log of each boot; a second build directory may keep its own.
LOGS      ?= results/logs

# The fuzzer's seed (each run prints it), and the size of the robust boots
# (make check) and of make robustness.
SEED         ?= $(shell date +%s)
FUZZ_WRITES  ?= 3000
STRESS_SECS  ?= 20
FULL_FUZZ_WRITES ?= 50000
FULL_STRESS_SECS ?= 60

# Rules below and in the fragments name prerequisites that depend on the
# stem ($$(call series,$$*)): make expands those a second time.
.SECONDEXPANSION:
# A "$(\" at the end of a line continues a call's arguments on the next
# line without adding a blank to them: the variable named " " is empty.
include variants/branches.mk
include qemu/plan.mk

# --- user targets --------------------------------------------------------------
.PHONY: all REPORT LAB findings-status patches check check-targets check-debug robustness extra
.PHONY: kernels runs bench bench-native bench-report host-test lint shell clean times FORCE
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

REPORT: results/semantics.md findings-status results/REPORT.md results/LAB.md
LAB: results/LAB.md

# Two at a time: a kernel build leaves a core idle while it links and
# while its tree is unpacked, and a boot of a branch already built, or a
# build of the other tree, takes it.  Kernel builds run at nice 19, so a
# guest, whose points wait for the kernel with timeouts, keeps its CPU.
check:
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) check-targets
	@$(call summary,host-test lint bisect) $(dir $(RUNS))

check-targets: host-test lint $(B)/out/bisect.tap $(RUNS)

# The suite keeps about one host core busy per guest: boot two at a time.
runs: $(BRANCHES:%=$(B)/initramfs/%.cpio.gz) kernels
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) $(RUNS)

extra: $(EXTRAS:%=$(B)/initramfs/%.cpio.gz) $(EXTRAS:%=$(B)/obj/%/arch/x86/boot/bzImage)
	@$(MAKE) --no-print-directory -j2 -O $(EXTRA_RUNS)
	@$(call summary,) $(dir $(EXTRA_RUNS))

check-debug: host-test $(DEBUG_BRANCHES:%=$(B)/initramfs/%-debug.cpio.gz) $(B)/host/robustness
	@$(MAKE) --no-print-directory -j2 -O SEED=$(SEED) FUZZ_WRITES=$(FUZZ_WRITES) \
		STRESS_SECS=$(STRESS_SECS) $(DEBUG_RUNS)
	$(B)/host/robustness $(foreach v,$(DEBUG_BRANCHES),$(v)=$(B)/out-debug/$(v)) > $(ROBUSTNESS_MD)
	@$(call summary,host-test) $(dir $(DEBUG_RUNS))

kernels: $(BRANCHES:%=$(B)/obj/%/arch/x86/boot/bzImage)

# The full robustness run behind results/robustness.md: debug kernels,
# FULL_FUZZ_WRITES writes per hierarchy and FULL_STRESS_SECS of stress.
robustness: FUZZ_WRITES = $(FULL_FUZZ_WRITES)
robustness: STRESS_SECS = $(FULL_STRESS_SECS)
robustness: check-debug

times:
	@qemu/times.sh $(B)

clean:
	rm -rf $(B)/out $(B)/out-debug $(B)/initramfs $(B)/mod $(B)/mod-debug $(GUESTBIN) \
		$(B)/host $(B)/known $(B)/kselftest $(LOGS)

# Every boot, report and host check runs again on each make: its
# prerequisites say what it needs built, not when it is out of date.
FORCE:


# --- the pipeline's rules, stage by stage --------------------------------------
include variants/kernel.mk
include common-tests/guest.mk
include qemu/boots.mk
include bench/bench.mk
include variants/patches.mk
include qemu/shell.mk
include results/reports.mk
