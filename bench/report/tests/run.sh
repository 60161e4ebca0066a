#!/bin/sh
# tests/run.sh: the host unit tests of the benchmark report generator
# (test_stats.c: csv, stats, data and the sections' helpers; test_report.c:
# the whole report on the data sets here), as KTAP.  HOST_OUT is where they
# build (default: the Makefile's OUT).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
MAKEFLAGS= exec make -s -C "$here" test ${HOST_OUT:+OUT="$HOST_OUT"}
