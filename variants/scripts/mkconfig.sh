#!/bin/sh
# mkconfig.sh SRC OBJ FRAGMENT...: tinyconfig plus the fragments, and fail
# if any fragment option did not survive olddefconfig.  KMAKE_CC, if set,
# is the compiler the kernel is built with (e.g. "ccache gcc").
set -eu
src=$1 obj=$2
shift 2
kmake() {
	if [ -n "${KMAKE_CC:-}" ]; then
		make -s -C "$src" O="$obj" CC="$KMAKE_CC" "$@"
	else
		make -s -C "$src" O="$obj" "$@"
	fi
}
mkdir -p "$obj"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" >/dev/null
kmake olddefconfig >/dev/null
bad=0
for f in "$@"; do
	grep -E '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set)$' "$f" |
	while read -r line; do
		grep -qxF "$line" "$obj/.config" || { echo "mkconfig: $line not set ($f)" >&2; exit 1; }
	done || bad=1
done
exit $bad
