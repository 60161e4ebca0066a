# SPDX-License-Identifier: GPL-2.0
# make patches: the fix series as they would be mailed.
# Included by the top Makefile; paths are from the repository's top.

# --- make patches: the fix series as they would be mailed -----------------------
# A branch with variants/<b>/mail/<series> files mails those series, one per
# subsystem, into results/patches/<series>/; the "fixes" line of its
# variants/<b>/branch names the shipped branch whose run gives the "before"
# figures.  AUTHOR signs our own patches (default: git config user.name and
# user.email).  BASE=<a kernel git checkout>: also apply each series there
# with git am -3 and say what applied.
AUTHOR ?= $(shell git config user.name) <$(shell git config user.email)>
MAILING_DIRS := $(dir $(wildcard variants/*/mail/*))
PATCH_BRANCHES := $(filter $(BRANCHES),$(sort $(patsubst variants/%/mail/,%,$(MAILING_DIRS))))
fixes_of = $(call branch_key,$(1),fixes)
patches: $(foreach b,$(PATCH_BRANCHES),$(call treedir,$(b))/.git/base-ready \
	  $(B)/out/$(call fixes_of,$(b))/v2/status $(B)/out/$(b)/v2/status)
	@$(foreach b,$(PATCH_BRANCHES),BASE="$(BASE)" variants/scripts/patches.sh \
		$(call treedir,$(b)) $(b) results/patches "$(AUTHOR)" \

		$(B)/out/$(call fixes_of,$(b))/v2/suite.ktap $(B)/out/$(b)/v2/suite.ktap &&) true

