#!/bin/sh
# tests/run.sh: the host unit tests of the guest library's parsing and
# branch-file code (lib/parse.c, lib/branch.c), as KTAP.  HOST_OUT is where
# they build (default: the Makefile's OUT).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
MAKEFLAGS= exec make -s -C "$here" host-test ${HOST_OUT:+OUT="$HOST_OUT"}
