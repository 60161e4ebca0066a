# SPDX-License-Identifier: GPL-2.0
# Branch data: which tree, series, config fragments and lists each build has.
# Included by the top Makefile; paths are from the repository's top.

# Each branch says what the rules need to know of it in variants/<b>/branch:
# "<key> <value>" lines with a key of BRANCH_KEYS (variants/README.md).  A
# line that is not is an error before anything runs.
BRANCH_KEYS := tree on fixes charging documents
branch_errors := $(shell awk -v list="$(BRANCH_KEYS)" '!/^[[:space:]]*(\#|$$)/ && \
	(NF != 2 || index(" " list " ", " " $$1 " ") == 0) { printf "%s:%d: not \"<key> \
	<value>\" with a key of: %s\n", FILENAME, FNR, list }' $(BRANCHES:%=variants/%/branch))

$(if $(branch_errors),$(error $(branch_errors)))
# branch_key BRANCH KEY: the values of KEY in the branch's file, in order.
branch_key = $(shell sed -n 's/^$(2)[[:space:]]\{1,\}//p' variants/$(1)/branch)

# A build is what one kernel is made from: a branch, "<branch>+extra" or
# "<branch>+broken".
branch_of  = $(patsubst %+broken,%,$(patsubst %+extra,%,$(1)))
if_extra   = $(if $(filter %+extra,$(1)),$(2))
if_broken  = $(if $(filter %+broken,$(1)),$(2))
# The packaged tree of each branch, read once: build/linux-<tree> is it as
# a git repository (branch base), from /usr/src/linux-source-<tree>.tar.xz.
# Every branch names one tree that variants/common/ has patches for.
$(foreach v,$(ALL_BRANCHES),$(eval TREE_$(v) := $(call branch_key,$(v),tree)))
known_tree = $(and $(filter 1,$(words $(1))),$(wildcard variants/common/$(1)/*.patch))
$(foreach v,$(ALL_BRANCHES),$(if $(call known_tree,$(TREE_$(v))),,$(error \
	variants/$(v)/branch: "tree $(TREE_$(v))" is not one tree of variants/common/)))
TREES      := $(sort $(foreach v,$(BRANCHES),$(TREE_$(v))))
tree       = $(TREE_$(call branch_of,$(1)))
treedir    = $(B)/linux-$(call tree,$(1))
# A branch "on" another is built on top of it: that one's series first.
$(foreach v,$(ALL_BRANCHES),$(eval ON_$(v) := $(call branch_key,$(v),on)))
$(foreach v,$(ALL_BRANCHES),$(if $(ON_$(v)),$(if $(filter $(ON_$(v)),$(ALL_BRANCHES)),,$(error \
	variants/$(v)/branch: "on $(ON_$(v))" is not a branch))))

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
# file_word FILE: what FILE says, blanks trimmed, or nothing if it is missing.
file_word  = $(strip $(shell cat $(1) 2>/dev/null))
# Kernel command line a build needs: extra/cmdline (e.g. asid.caps=...).

cmdline    = $(call if_extra,$(1),$(call file_word,variants/$(call branch_of,$(1))/extra/cmdline))
DEBUG_FRAGMENTS := $(sort $(wildcard variants/common/debug/*.config))

