# SPDX-License-Identifier: GPL-2.0
# Host packages, the packaged trees, and each build's series, config, kernel and module.
# Included by the top Makefile; paths are from the repository's top.

# --- host ------------------------------------------------------------------
$(B)/deps.stamp: qemu/host-deps.sh
	@mkdir -p $(B)
	qemu/host-deps.sh
	@touch $@

$(B)/linux-%/.git/base-ready: variants/scripts/extract.sh | $(B)/deps.stamp
	variants/scripts/extract.sh /usr/src/linux-source-$*.tar.xz $(B)/linux-$*
	@touch $@

# ccache shares objects between the branches of a tree: every object tree
# is a subdirectory of its branch's worktree (build/obj/<build> links to
# build/src/<build>/.kobj), so Kbuild names sources "../<path>" and the
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
# objlink OBJDIR BUILD: OBJDIR/BUILD -> ../src/BUILD/.k<OBJDIR> (.kobj, .kobj-debug)
objlink    = mkdir -p $(B)/src/$(2)/.k$(1) $(B)/$(1); \
	     [ -L $(B)/$(1)/$(2) ] || rm -rf $(B)/$(1)/$(2); \
	     ln -sfn ../src/$(2)/.k$(1) $(B)/$(1)/$(2)

# --- one build: series, config, kernel, module -------------------------------
# The debug flavour builds the same source tree into obj-debug/ with the
# debug fragments on top.

$(B)/src/%/.series-applied: $$(call treedir,$$*)/.git/base-ready variants/scripts/branch.sh \
			    $$(call series,$$*)
	variants/scripts/branch.sh $(call treedir,$*) $* $(B)/src/$* $(call series,$*)
	@touch $@

$(B)/known/%: $$(call known_defect_files,$$*)
	@mkdir -p $(B)/known
	@# A "-<finding> <point>" in an extra/known-defects drops that entry of the branch's list.
	@cat /dev/null $^ | awk '/^-/ { drop[substr($$1, 2) " " $$2] = 1; next } \
		{ l[++n] = $$0; k[n] = $$1 " " $$2 } \
		END { for (i = 1; i <= n; i++) if (!(k[i] in drop)) print l[i] }' > $@

# builds_before BUILD LIST: the words of LIST before BUILD.
builds_before = $(if $(2),$(if $(filter $(1),$(firstword $(2))),,$(firstword $(2)) \
		$(call builds_before,$(1),$(wordlist 2,$(words $(2)),$(2)))))
# same_tree BUILD: the branches before BUILD in BRANCHES with its tree.
same_tree  = $(foreach v,$(call builds_before,$(1),$(BRANCHES)),$(call if_same_tree,$(1),$(v)))
if_same_tree = $(if $(filter $(call tree,$(1)),$(TREE_$(2))),$(2))
# controller_config BUILD: the name of its own config fragment (misc.config).
controller_config = $(notdir $(call branch_files,$(call branch_of,$(1)),config))
# donor_of BUILD: the build whose objects BUILD's are copied from before its
# first build (variants/scripts/seed-obj.sh), so that it compiles only the files
# that differ: a "+extra" or "+broken" build its branch; a branch the one
# before it in BRANCHES of the same tree and controller (its own config
# fragment's name: another controller changes cgroup_subsys.h, which nearly
# every object includes), or none.
donor_of   = $(if $(filter %+extra %+broken,$(1)),$(call branch_of,$(1)),$(lastword \
		$(foreach v,$(call same_tree,$(1)),$(call if_same_controller,$(1),$(v)))))
if_same_controller = $(if $(filter $(call controller_config,$(1)),$(call controller_config,$(2))),\
		     $(2))
# prior_of BUILD: the build of the same tree just before it, which it waits
# for: a tree's kernels build one at a time, so that a branch of the other
# controller still finds in ccache the objects the two share, and two cold
# builds do not share the cores while boots can.
prior_of   = $(if $(filter %+extra %+broken,$(1)),$(call branch_of,$(1)),$(lastword \
		$(call same_tree,$(1))))
# seed_objects OBJDIR BUILD: the command that copies BUILD's donor's objects, if any.
seed_objects = $(if $(call donor_of,$(2)),variants/scripts/seed-obj.sh \
		$(B)/src/$(call donor_of,$(2)) $(B)/src/$(call donor_of,$(2))/.k$(1) \
		$(B)/src/$(2) $(B)/src/$(2)/.k$(1);)

# prior_kernel OBJDIR BUILD: the kernel of BUILD's prior, which it waits for.
prior_kernel = $(addprefix $(B)/$(1)/,$(addsuffix /arch/x86/boot/bzImage,$(call prior_of,$(2))))
# donor_done BUILD: what must be done with the donor's object tree before
# seed-obj.sh copies it: build-kvm.sh writes the uapi headers into it
# (make headers) after its kernel, and a copy taken meanwhile fails on a
# file that vanished under it.
donor_done = $(addprefix $(B)/kselftest/,$(addsuffix /.built,$(call donor_of,$(1))))
# kernel_rules OBJDIR MODDIR EXTRA_FRAGMENTS SEEDED: SEEDED non-empty orders a
# build after its prior and starts its objects from its donor's.
define kernel_rules
$(B)/$(1)/%/.config: $(B)/src/%/.series-applied variants/scripts/mkconfig.sh \
			variants/scripts/seed-obj.sh $$$$(call fragments,$$$$*) $(3) \
			| $$$$(if $(4),$$$$(call prior_kernel,$(1),$$$$*) $$$$(call donor_done,$$$$*))
	@$$(if $(4),$$(call seed_objects,$(1),$$*))
	@$$(call objlink,$(1),$$*)
	$(KCC_ENV) variants/scripts/mkconfig.sh $(B)/src/$$* $$(abspath $(B)/$(1)/$$*) \
		$$(call fragments,$$*) $(3)


$(B)/$(1)/%/arch/x86/boot/bzImage: $(B)/$(1)/%/.config $(B)/src/%/.series-applied
	@echo "kernel $$* ($(1)): building (log $(B)/$(1)/$$*.build.log)"
	@s=$$$$(date +%s); nice -n 19 $$(MAKE) -s -C $(B)/src/$$* O=$$(abspath $(B)/$(1)/$$*) $(KCC) \
		-j$(JOBS) bzImage modules \
		> $(B)/$(1)/$$*.build.log 2>&1 || { tail -40 $(B)/$(1)/$$*.build.log; exit 1; }; \
		echo $$$$(($$$$(date +%s) - s)) > $(B)/$(1)/$$*.build.seconds
	@touch $$@

$(B)/$(2)/%/asid_test.ko: $(B)/$(1)/%/arch/x86/boot/bzImage $(MODULE_SRC)
	@mkdir -p $(B)/$(2)/$$*
	@cp $(MODULE_SRC) $(B)/$(2)/$$*/
	$$(MAKE) -s -C $(B)/src/$$* O=$$(abspath $(B)/$(1)/$$*) $(KCC) \
		M=$$(abspath $(B)/$(2)/$$*) W=1 modules
endef
MODULE_SRC := $(wildcard common-tests/module/*.c common-tests/module/*.h) \
	      common-tests/module/Kbuild common-tests/module/design-of.sh \
	      common-tests/include/asid_test_uapi.h
$(eval $(call kernel_rules,obj,mod,,seeded))
$(eval $(call kernel_rules,obj-debug,mod-debug,$(DEBUG_FRAGMENTS),))

