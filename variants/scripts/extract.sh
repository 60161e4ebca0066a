#!/bin/sh
# extract.sh TARBALL TREE: unpack the packaged kernel once into a git
# repository whose first commit, on branch base, is the tarball unchanged.
set -eu
tarball=$1 tree=$2
if git -C "$tree" rev-parse -q --verify refs/heads/base >/dev/null 2>&1; then
	exit 0
fi
rm -rf "$tree" "$tree.tmp"
mkdir -p "$tree.tmp"
echo "extract: $tarball"
tar -C "$tree.tmp" --strip-components=1 -xJf "$tarball"
cd "$tree.tmp"
git init -q -b base
git config user.name "asid-cgroup-lab"
git config user.email "lab@localhost"
git config gc.auto 0
# Debian's .gitignore hides the top level; track everything regardless.
git add -f -A
git commit -q -m "base: $(basename "$tarball") as packaged"
cd - >/dev/null
mv "$tree.tmp" "$tree"
