# SPDX-License-Identifier: GPL-2.0
#
# The guest helper library: what the suite, the fuzzer, the stress, sevctl
# and the guest benchmarks share.  ctl.c is the only code that knows the
# interface files of each design.  A user sets nothing and includes this
# file; LIB_DIR is this folder wherever the includer is, and -I$(LIB_DIR)
# (in LIB_CFLAGS) finds the headers.
#
#   cg      cgroup filesystem: create, write, read, move
#   ctl     each design's interface files, one API over both
#   parse   pure parsing of those files (host unit tests: tests/)
#   charge  /dev/asid_test: the test module's charge ioctls
#   kvm     KVM_SEV_INIT and friends: a VM that holds an ASID
#   kmsg    /dev/kmsg: splats, the begin/end markers, WARN_ONCE reset
#   ktap    KTAP output
#   file    one write(2) to a kernel file (cgroup files, /dev/kmsg)
#   branch  the branch's description (/etc/branch): charging, documents

LIB_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
LIB_INCLUDE := $(LIB_DIR)/../include
LIB_CFLAGS := -I$(LIB_DIR) -I$(LIB_INCLUDE)
LIB_SRCS := $(addprefix $(LIB_DIR)/,cg.c ctl.c parse.c charge.c kvm.c kmsg.c ktap.c file.c branch.c)
LIB_HDRS := $(LIB_SRCS:.c=.h) $(LIB_INCLUDE)/asid_test_uapi.h
