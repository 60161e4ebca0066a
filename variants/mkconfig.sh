#!/bin/sh
# mkconfig.sh SRC OBJ FRAGMENT...: tinyconfig plus the fragments, and fail
# if any fragment option did not survive olddefconfig.
set -eu
src=$1 obj=$2
shift 2
mkdir -p "$obj"
make -s -C "$src" O="$obj" tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" >/dev/null
make -s -C "$src" O="$obj" olddefconfig >/dev/null
bad=0
for f in "$@"; do
	grep -E '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set)$' "$f" |
	while read -r line; do
		grep -qxF "$line" "$obj/.config" || { echo "mkconfig: $line not set ($f)" >&2; exit 1; }
	done || bad=1
done
exit $bad
