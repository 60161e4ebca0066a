#!/bin/sh
# branches.sh BRANCH...: a Markdown list of the branches and their series,
# read from variants/ (the subjects of the patches, in order).
set -eu
subjects() {	# subjects DIR: one "`file`: subject" line per patch
	for p in "$1"/*.patch; do
		[ -e "$p" ] || continue
		s=$(sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$p" | head -1)
		echo "  - \`$p\`: $s"
	done
}
echo "Every branch is variants/common/*.patch, then its own series:"
echo
subjects variants/common
for b in "$@"; do
	on=$(sed -n 's/^on[[:space:]]\{1,\}//p' "variants/$b/branch")
	echo "- **$b** (${on:+on top of $on, then }$(ls variants/"$b"/*.patch 2>/dev/null | wc -l) patches; config $(ls variants/"$on"/*.config variants/"$b"/*.config 2>/dev/null | tr '\n' ' '))"
	subjects "variants/$b"
	[ -n "$(ls variants/"$b"/*.patch 2>/dev/null)" ] || echo "  - (no patches: the tree as shipped)"
	if [ -d "variants/$b/extra" ]; then
		echo "  - add-a-resource experiment, \`$b+extra\`:"
		subjects "variants/$b/extra" | sed 's/^/  /'
	fi
done
