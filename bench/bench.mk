# SPDX-License-Identifier: GPL-2.0
# make bench: the charge-path benchmark, results/bench/.
# Included by the top Makefile; paths are from the repository's top.

# --- make bench: the charge-path benchmark, results/bench/ --------------------
# The guest runs under TCG (context), then the native runs (the figures);
# make bench-native runs only the latter: no kernel build, no QEMU.
BENCH_REPS  ?= 3
NATIVE_REPS ?= 15
NATIVE_SRCS := $(BRANCHES:%=$(B)/src/%/.series-applied) \
	       $(foreach t,6.1 6.12,$(B)/linux-$(t)/.git/base-ready)
bench: $(BRANCHES:%=$(B)/initramfs/%.cpio.gz) $(BRANCHES:%=$(B)/initramfs/%-perf.cpio.gz) kernels \
       $(B)/host/calib-host $(B)/host/benchreport $(NATIVE_SRCS)
	bench/run-bench.sh $(abspath $(B)/bench-data) $(BENCH_REPS) $(BRANCHES)
	bench/native/run-native.sh $(abspath $(B)/bench-data) $(NATIVE_REPS) $(BRANCHES)
	@$(MAKE) -s bench-report

bench-native: $(NATIVE_SRCS) $(B)/host/calib-host $(B)/host/benchreport
	bench/native/run-native.sh $(abspath $(B)/bench-data) $(NATIVE_REPS) $(BRANCHES)
	@$(MAKE) -s bench-report

bench-report: $(B)/host/benchreport
	@rm -rf results/bench/csv && mkdir -p results/bench/csv
	cd $(B)/bench-data && \
		cp $$(ls *.csv meta.txt native-*meta.txt perf-*.txt native-*.log 2>/dev/null) \
		$(abspath results/bench/csv)/
	$(B)/host/benchreport --in $(B)/bench-data --out results/bench \
		--defects variants --findings results/findings.md

$(B)/host/calib-host: bench/calib.c
	@mkdir -p $(B)/host
	@$(MAKE) -s -C bench host-calib OUT=$(abspath $(B)/host)

$(B)/host/benchreport: $(wildcard bench/report/*.c bench/report/*.h)
	@mkdir -p $(B)/host
	@$(MAKE) -s -C bench/report OUT=$(abspath $(B)/host)

