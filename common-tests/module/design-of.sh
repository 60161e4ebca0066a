#!/bin/sh
# design-of.sh TREE CONTROLLER: which design_<name>.h describes CONTROLLER
# (misc or encryption_ids) as the kernel tree TREE has it, as <name>:
# misc_rfc for misc's first RFC, whose misc_cg_try_charge() hands the
# charged cgroup back through an out parameter, else CONTROLLER.  The
# module's Kbuild and the native benchmark (bench/native/build.sh) ask it.
tree=$1 controller=$2
if [ "$controller" = misc ] &&
   grep -qs 'struct misc_cg \*\*cg' "$tree/include/linux/misc_cgroup.h"; then
	echo misc_rfc
else
	echo "$controller"
fi
