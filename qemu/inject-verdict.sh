#!/bin/sh
# inject-verdict.sh RC KIND OUTDIR: a boot whose test module broke one
# uncharge on purpose (asid_test.inject=KIND) must have failed, and the
# failure must name it: a failed stress point or a kernel splat.  Keeps the
# guest's KTAP as guest.ktap, writes a one-point suite.ktap, prints 0 or 1.
rc=$1 kind=$2 out=$3
mv "$out/suite.ktap" "$out/guest.ktap" 2>/dev/null || : > "$out/guest.ktap"
caught=$(grep -E '^ *not ok [0-9]+ stress_' "$out/guest.ktap" | grep -v '# TODO' |
	 sed 's/^ *not ok [0-9]* //' | paste -sd, -)
splat=$(grep -A1 '^SPLAT' "$out/verdict" | sed -n 2p | sed 's/^ *//')
point=injected_${kind}_is_caught
if [ "$rc" != 0 ] && [ -n "$caught$splat" ]; then
	printf 'KTAP version 1\n1..1\n# caught by: %s\nok 1 %s\n' \
		"${caught:+stress points $caught}${splat:+; splat: $splat}" "$point" > "$out/suite.ktap"
	echo 0
else
	printf 'KTAP version 1\n1..1\nnot ok 1 %s\n' "$point" > "$out/suite.ktap"
	echo "inject: the injected $kind went unnoticed (rc $rc)" >&2
	echo 1
fi
