#!/bin/sh
# host-deps.sh: install the Debian packages the pipeline needs, if missing.
set -eu
# HOST_DEPS_PKGS replaces the list and HOST_DEPS_CHECK_ONLY=1 only names what
# is missing (both for qemu/tests/run.sh).
pkgs=${HOST_DEPS_PKGS:-"linux-source-6.1 linux-source-6.12 ccache qemu-system-x86 busybox-static gcc make bc bison flex
libelf-dev libssl-dev cpio xz-utils git kmod gzip patch perl gnuplot-nox linux-perf ovmf
python3-ply python3-git"}
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ -n "${HOST_DEPS_CHECK_ONLY:-}" ]; then
	echo "host-deps: missing:$missing" >&2
	exit 1
fi
echo "host-deps: installing$missing"
if [ "$(id -u)" != 0 ]; then
	echo "host-deps: not root; install these packages:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing || {
	echo "host-deps: could not install:$missing" >&2
	exit 1
}
