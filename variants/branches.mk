# SPDX-License-Identifier: GPL-2.0
# Branch data: which tree, series, config fragments and lists each build has.
# Included by the top Makefile; paths are from the repository's top.

# A build name is a branch, "<branch>+extra" or "<branch>+broken".
branch_of  = $(patsubst %+broken,%,$(patsubst %+extra,%,$(1)))
if_extra   = $(if $(filter %+extra,$(1)),$(2))
if_broken  = $(if $(filter %+broken,$(1)),$(2))
# The packaged tree of each branch, read once: build/linux-<tree> is it as
# a git repository (branch base), from /usr/src/linux-source-<tree>.tar.xz.
# file_word FILE: what FILE says, blanks trimmed, or nothing if it is missing.
file_word  = $(strip $(shell cat $(1) 2>/dev/null))
DEFAULT_TREE := 6.1
tree_of_dir = $(or $(call file_word,variants/$(1)/tree),$(DEFAULT_TREE))
$(foreach v,$(BRANCHES),$(eval TREE_$(v) := $(call tree_of_dir,$(v))))
TREES      := $(sort $(foreach v,$(VARIANTS),$(TREE_$(v))))
tree       = $(TREE_$(call branch_of,$(1)))
treedir    = $(B)/linux-$(call tree,$(1))
$(foreach v,$(BRANCHES),$(eval ON_$(v) := $(call file_word,variants/$(v)/on)))
# branch_files DIR EXT: DIR's *.EXT, in order, after those of the branch DIR is "on".
branch_files = $(if $(ON_$(1)),$(call branch_files,$(ON_$(1)),$(2))) \
	     $(sort $(wildcard variants/$(1)/*.$(2)))
series     = $(sort $(wildcard variants/common/$(call tree,$(1))/*.patch)) \
	     $(call branch_files,$(call branch_of,$(1)),patch) \
	     $(call if_extra,$(1),$(sort $(wildcard variants/$(call branch_of,$(1))/extra/*.patch))) \
	     $(call if_broken,$(1),$(sort $(wildcard variants/$(call branch_of,$(1))/broken/*.patch)))
fragments  = $(sort $(wildcard variants/common/*.config)) \
	     $(sort $(wildcard variants/common/$(call tree,$(1))/*.config)) \
	     $(call branch_files,$(call branch_of,$(1)),config) \
	     $(call if_extra,$(1),$(sort $(wildcard variants/$(call branch_of,$(1))/extra/*.config)))
known_defect_files = $(wildcard variants/$(call branch_of,$(1))/known-defects) \
	     $(call if_extra,$(1),$(wildcard variants/$(call branch_of,$(1))/extra/known-defects))
known_splats_file = $(firstword $(wildcard variants/$(call branch_of,$(1))/known-splats) /dev/null)
# Kernel command line a build needs: extra/cmdline (e.g. asid.caps=...).
cmdline    = $(call if_extra,$(1),$(call file_word,variants/$(call branch_of,$(1))/extra/cmdline))
DEBUG_FRAGMENTS := $(sort $(wildcard variants/common/debug/*.config))

