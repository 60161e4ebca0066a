# SPDX-License-Identifier: GPL-2.0
# Branch data: which tree, series, config fragments and lists each build has.
# Included by the top Makefile; paths are from the repository's top.

# Each branch says what the rules need to know of it in variants/<b>/branch:
# "<key> <value>" lines with a key of BRANCH_KEYS (variants/README.md), each
# of ONCE_KEYS at most once, "tree" exactly once, "charging" only "exact".
# Any other line is an error, naming its file and line, before anything
# runs; so is a BRANCHES word that is no branch.
BRANCH_KEYS := tree on fixes charging documents
ONCE_KEYS   := tree on fixes charging
branch_errors := $(shell awk -v list="$(BRANCH_KEYS)" -v once="$(ONCE_KEYS)" ' \
	function bad(why) { printf "%s:%d: %s\n", FILENAME, FNR, why } \
	FNR == 1 { files[++n] = FILENAME } \
	/^[[:space:]]*(\#|$$)/ { next } \
	NF != 2 || index(" " list " ", " " $$1 " ") == 0 { \
		bad("not \"<key> <value>\" with a key of: " list); next } \
	index(" " once " ", " " $$1 " ") && seen[FILENAME, $$1]++ { bad("a second \"" $$1 "\" line") } \
	$$1 == "charging" && $$2 != "exact" { bad("charging is \"exact\" or absent") } \
	END { for (i = 1; i <= n; i++) if (!seen[files[i], "tree"]) \
		printf "%s: no \"tree\" line\n", files[i] }' $(ALL_BRANCHES:%=variants/%/branch))
$(if $(branch_errors),$(error $(branch_errors)))
$(if $(filter-out $(ALL_BRANCHES),$(BRANCHES)),$(error BRANCHES: no variants/<b>/branch for \
	$(filter-out $(ALL_BRANCHES),$(BRANCHES))))
# branch_key BRANCH KEY: the values of KEY in the branch's file, in order.
branch_key = $(strip $(shell sed -n 's/^[[:space:]]*$(2)[[:space:]]\{1,\}//p' variants/$(1)/branch))

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
# A branch "on" another of its tree is built on top of it: that one's series
# first, and so on up the chain, which must end.
$(foreach v,$(ALL_BRANCHES),$(eval ON_$(v) := $(call branch_key,$(v),on)))
# on_loops BRANCH SEEN: non-empty if the chain from BRANCH comes back to SEEN.
on_loops = $(if $(ON_$(1)),$(if $(filter $(ON_$(1)),$(2) $(1)),loop,$(call \
	   on_loops,$(ON_$(1)),$(2) $(1))))
$(foreach v,$(ALL_BRANCHES),$(if $(ON_$(v)),$(if $(filter $(ON_$(v)),$(ALL_BRANCHES)),,$(error \
	variants/$(v)/branch: "on $(ON_$(v))" is not a branch))))
same_tree_on = $(if $(ON_$(1)),$(filter $(TREE_$(1)),$(TREE_$(ON_$(1)))),same)
$(foreach v,$(ALL_BRANCHES),$(if $(call same_tree_on,$(v)),,$(error \
	variants/$(v)/branch: "on $(ON_$(v))", a branch of another tree)))
$(foreach v,$(ALL_BRANCHES),$(if $(call on_loops,$(v),),$(error \
	variants/$(v)/branch: its "on" chain comes back to itself)))


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

