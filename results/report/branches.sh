#!/bin/sh
# branches.sh BRANCH...: a Markdown list of the branches and their series,
# read from variants/ (the subjects of the patches, in order): first what
# every branch of a tree carries (variants/common/<tree>/), then each
# branch, built on the branches its "on" chain names (variants/<b>/branch).
set -eu
subjects() {	# subjects DIR: one "`file`: subject" line per patch
	for p in "$1"/*.patch; do
		[ -e "$p" ] || continue
		s=$(sed -n 's/^Subject: \(\[PATCH[^]]*\] \)\{0,1\}//p' "$p" | head -1)
		echo "  - \`$p\`: $s"
	done
}
key() {		# key BRANCH KEY: the value of KEY in the branch's file
	sed -n "s/^[[:space:]]*$2[[:space:]]\{1,\}\([^[:space:]]*\).*/\1/p" "variants/$1/branch"
}
chain() {	# chain BRANCH: the branches it is built on, base first, then itself
	on=$(key "$1" on)
	[ -z "$on" ] || chain "$on"
	echo "$1"
}
trees=$(for b in "$@"; do key "$b" tree; done | sort -uV)
for t in $trees; do
	echo "Every branch of the $t tree is \`variants/common/$t/*.patch\`, then its own series:"
	echo
	subjects "variants/common/$t"
	echo
done
for b in "$@"; do
	t=$(key "$b" tree)
	c=$(chain "$b")
	base=$(echo "$c" | sed '$d' | paste -sd, - | sed 's/,/, then /g')
	configs=$(for d in variants/common variants/common/"$t" $(echo "$c" | sed 's|^|variants/|'); do
		ls "$d"/*.config 2>/dev/null || true; done | paste -sd' ' -)
	echo "- **$b** ($t; ${base:+on top of $base, then }$(ls variants/"$b"/*.patch 2>/dev/null |
		wc -l) patches; config $configs)"
	subjects "variants/$b"
	[ -n "$(ls variants/"$b"/*.patch 2>/dev/null)" ] || echo "  - (no patches: the tree as shipped)"
	if [ -d "variants/$b/extra" ]; then
		echo "  - add-a-resource experiment, \`$b+extra\`:"
		subjects "variants/$b/extra" | sed 's/^/  /'
	fi
done
