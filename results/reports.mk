# SPDX-License-Identifier: GPL-2.0
# Host-side tests, lint, bisect and the reports.
# Included by the top Makefile; paths are from the repository's top.

# --- host-side tests and reports ---------------------------------------------
# checkpatch --strict on every patch, W=1 on every .c file a series touches.
lint: $(BRANCHES:%=$(B)/obj/%/arch/x86/boot/bzImage)
	@mkdir -p $(B)/out
	@$(KCC_ENV) variants/scripts/lint.sh $(abspath $(B)/src) $(abspath $(B)/obj) \
		$(foreach v,$(BRANCHES),$(v)=$(TREE_$(v))) | tee $(B)/out/lint.tap

# The series that are mailed (variants/<b>/mail/) build after every patch;
# checked again only when a series, or the set of them in BRANCHES,
# changes.  A BRANCHES without a mailed series has none to check: a skip
# that says so, where a mailed series that checked no commit fails.
$(B)/out/bisect.list: FORCE
	@mkdir -p $(B)/out
	@echo "$(PATCH_BRANCHES)" | cmp -s - $@ || echo "$(PATCH_BRANCHES)" > $@

$(B)/out/bisect.tap: $(PATCH_BRANCHES:%=$(B)/obj/%/arch/x86/boot/bzImage) \
		variants/scripts/bisect.sh $(foreach b,$(PATCH_BRANCHES),$(call series,$(b))) \
		$(B)/out/bisect.list

	@mkdir -p $(B)/out
	@$(if $(PATCH_BRANCHES),,printf 'KTAP version 1\n1..0 # SKIP %s\n' \
		'no mailed series (variants/<b>/mail/) in BRANCHES' | tee $@; exit 0;) \
	 { echo "KTAP version 1"; $(foreach b,$(PATCH_BRANCHES),$(KCC_ENV) JOBS=$(JOBS) \
		variants/scripts/bisect.sh $(call treedir,$(b)) $(B)/src/$(b) $(B)/obj/$(b)/.config \
		| grep -v "^1\.\.";) } \
	  | awk '/^(not )?ok [0-9]+ / { n++; sub(/ok [0-9]+ /, "ok " n " ") } { print } \
		END { if (!n) { print "not ok 1 bisect: no commit was checked"; n = 1 } print "1.." n }' | tee $@

# Every tests/run.sh one or two folders down (not in build/) is a host
# test suite: KTAP on stdout, a non-zero exit when a point fails.  Those
# in C build in HOST_OUT.
HOST_TESTS := $(sort $(filter-out $(B)/%,$(wildcard */tests/run.sh */*/tests/run.sh)))
host-test: $(B)/deps.stamp
	@mkdir -p $(B)/out
	@HOST_OUT=$(abspath $(B)/host) qemu/host-tests.sh $(HOST_TESTS) > $(B)/out/host-test.tap; \
	 rc=$$?; \
	 grep -E '^(not ok|[0-9]+ passed)' $(B)/out/host-test.tap | sed 's/^/host-test: /'; exit $$rc

$(B)/host/%: results/report/%.c results/report/ktap.h results/report/table.h
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOSTCFLAGS) -o $@ $<

# report also prints the lab's exercises ({{lab}}), read as the guest reads them.
LAB_PARSER := common-tests/lab/exercise.c common-tests/lab/exercise.h
$(B)/host/report: results/report/report.c results/report/ktap.h results/report/table.h $(LAB_PARSER)
	@mkdir -p $(B)/host
	$(HOSTCC) $(HOSTCFLAGS) -Icommon-tests/lab -o $@ $< common-tests/lab/exercise.c

# "6.1.192 (encryption_ids, misc)" per tree: the trees as this run built them.
TREES_DESC = $(foreach t,$(TREES),$(t).$$(sed -n 's/^SUBLEVEL = //p' $(B)/linux-$(t)/Makefile) \
	     ($(foreach v,$(BRANCHES),$(if $(filter $(t),$(TREE_$(v))),$(v))));)
# The suite's KTAP the reports read, NAME=FILE: of the branches (PLAIN_KTAPS)
# and of the +extra builds too (KTAPS); REPORT_KTAPS below as report takes them.
PLAIN_KTAPS := $(foreach v,$(BRANCHES),$(foreach h,v2 v1,$(v)=$(B)/out/$(v)/$(h)/suite.ktap))
KTAPS := $(foreach v,$(BRANCHES) $(EXTRAS),$(foreach h,v2 v1,$(v)=$(B)/out/$(v)/$(h)/suite.ktap))

results/semantics.md: $(B)/host/semantics FORCE
	@$(B)/host/semantics --matrix "$(TREES_DESC)" $(KTAPS) > $@.tmp
	@mv $@.tmp $@


# The points where the branches differ, for the top of REPORT.md.
$(B)/report/differ.md: $(B)/host/semantics FORCE
	@mkdir -p $(B)/report
	$(B)/host/semantics --differ $(PLAIN_KTAPS) > $@

# Who may write which file (the suite's deleg_* points), for REPORT.md.
$(B)/report/delegation.md: $(B)/host/semantics FORCE
	@mkdir -p $(B)/report
	$(B)/host/semantics --only deleg_ $(PLAIN_KTAPS) > $@

# Each finding, present or not, on each branch: REPORT.md includes it and
# it replaces the status table of results/findings.md.
$(B)/report/findings-status.md: $(B)/host/findings FORCE
	@mkdir -p $(B)/report
	$(B)/host/findings $(wildcard variants/*/known-defects) -- $(PLAIN_KTAPS) > $@

findings-status: $(B)/report/findings-status.md
	@awk -v t=$< '/^<!-- status table: begin/ { \
			print; while ((getline l < t) > 0) print l; skip = 1; next } \
		/^<!-- status table: end/ { skip = 0 } !skip' results/findings.md > results/findings.md.tmp
	@mv results/findings.md.tmp results/findings.md

# --- results/REPORT.md ------------------------------------------------------------
REPORT_KTAPS := $(foreach v,$(BRANCHES) $(EXTRAS),$(foreach h,v2 v1,\
		--ktap $(v)=$(B)/out/$(v)/$(h)/suite.ktap))
$(B)/report/branches.md: results/report/branches.sh FORCE
	@mkdir -p $(B)/report
	@results/report/branches.sh $(BRANCHES) > $@

$(B)/report/extra.md: results/report/extra-report.sh FORCE
	@mkdir -p $(B)/report
	results/report/extra-report.sh $(patsubst %+extra,%,$(EXTRAS)) > $@

# The kernel's own cgroup selftests, point by branch (their v2 boots).
$(B)/report/kselftest.md: $(B)/host/kselftest FORCE
	@mkdir -p $(B)/report
	$(B)/host/kselftest $(foreach v,$(BRANCHES),$(v)=$(B)/out/$(v)/v2/suite.ktap) > $@

# --- results/LAB.md: the lab sheet, with this run's outcomes ----------------------
# Each build an exercise names, from its lab boot (the +extra builds: make extra).
LAB_KTAPS = $(foreach v,$(filter $(LAB_BUILDS),$(BRANCHES) $(EXTRAS)),\
		--ktap $(v)=$(B)/out/$(v)/lab/suite.ktap)
results/LAB.md: $(B)/host/report results/report/LAB.md.in common-tests/lab/exercises FORCE
	$(B)/host/report --lab common-tests/lab/exercises $(LAB_KTAPS) results/report/LAB.md.in > $@.tmp
	@mv $@.tmp $@

results/REPORT.md: $(B)/host/report results/report/REPORT.md.in $(B)/report/branches.md \
		   $(B)/report/kselftest.md $(B)/report/delegation.md \
		   $(B)/report/extra.md $(B)/report/differ.md $(B)/report/findings-status.md \
		   results/semantics.md results/robustness.md results/robustness-beyond.md \
		   results/bench/REPORT.md FORCE
	$(B)/host/report $(REPORT_KTAPS) results/report/REPORT.md.in > $@.tmp
	@mv $@.tmp $@
