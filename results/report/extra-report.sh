#!/bin/sh
# extra-report.sh BRANCH...: the add-a-resource experiment as a markdown
# table, one column per branch, computed from
#   variants/BRANCH/extra/*.patch, *.config   what registering the types took
#   build/out/BRANCH/HIER/suite.ktap          the suite on the plain kernel
#   build/out/BRANCH+extra/HIER/suite.ktap    the suite on the extra kernel
# for HIER v2 and v1.  The new types are the resources the extra KTAP has
# points for and the plain one has not.  Run from anywhere; OUT and
# EXTRA_OUT replace build/out for the plain and the extra KTAP.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${OUT:-$top/build/out}
xout=${EXTRA_OUT:-$out}

# Lines of a KTAP file that report a point: "ok N name[ # DIRECTIVE why]".
points() {	# points KTAP
	sed -n 's/^\(not ok\|ok\) [0-9][0-9]* \(.*\)$/\1|\2/p' "$1" 2>/dev/null
}

# Resource types a KTAP has points for ("case:res"), one a line.
types_of() {	# types_of KTAP
	points "$1" | sed 's/ # .*//' | sed -n 's/^[^|]*|[^:]*:\(.*\)$/\1/p' |
		sort -u
}

# The text of the "# observed POINT: text" line.
observed() {	# observed KTAP POINT
	sed -n "s/^# observed $2: //p" "$1" 2>/dev/null | head -1
}

# Controller files of the root and of a child, one a line.
files_of() {	# files_of KTAP
	{ observed "$1" root_files | sed -n 's/^root has //p'
	  observed "$1" child_files | sed -n 's/^child has //p'; } |
		tr ' ' '\n' | sed '/^$/d' | sort -u
}

# "FILE KEY" for every key a file shows for a type: the root's files from
# root_files_at_start ("...; FILE: KEY N, KEY N; ..."), a child's from
# child_res_listed:TYPE ("FILE lists TYPE, ...").
keys_of() {	# keys_of KTAP
	observed "$1" root_files_at_start | sed 's/; /\n/g' |
		sed -n 's/^\(then \)\{0,1\}\([a-z_][a-z0-9_.]*\.[a-z0-9_]*\): \(.*\)$/\2|\3/p' |
		while IFS='|' read -r f items; do
			echo "$items" | sed 's/, /\n/g' | sed "s/^\([^ ]*\).*/$f \1/"
		done
	for t in $(types_of "$1"); do
		observed "$1" "child_res_listed:$t" | sed 's/, /\n/g' |
			sed -n "s/^\([^ ]*\) lists $t$/\1 $t/p"
	done
}

# "run R: P pass, F fail, T todo; S skip" for the points of TYPES (one
# space-separated argument or several).
tally() {	# tally KTAP TYPES...
	k=$1
	shift
	[ -r "$k" ] || { echo "no KTAP"; return; }
	points "$k" | awk -F'|' -v types="$*" '
		BEGIN { n = split(types, t, " "); for (i = 1; i <= n; i++) want[t[i]] = 1 }
		{
			name = $2; dir = ""
			if (index(name, " # ")) {
				dir = substr(name, index(name, " # ") + 3)
				name = substr(name, 1, index(name, " # ") - 1)
			}
			c = index(name, ":")
			if (!c || !(substr(name, c + 1) in want))
				next
			if (dir ~ /^SKIP/) skip++
			else if (dir ~ /^TODO/) todo++
			else if ($1 == "ok") pass++
			else fail++
		}
		END {
			printf "run %d: %d pass, %d fail, %d todo; %d skip\n",
			       pass + fail + todo, pass, fail, todo, skip
		}'
}

# Failing points (no TODO) of the types that are not among TYPES.
other_failures() {	# other_failures KTAP TYPES...
	k=$1
	shift
	[ -r "$k" ] || { echo "no KTAP"; return; }
	points "$k" | awk -F'|' -v types="$*" '
		BEGIN { n = split(types, t, " "); for (i = 1; i <= n; i++) new[t[i]] = 1 }
		$1 == "not ok" && $2 !~ / # TODO/ {
			c = index($2, ":")
			if (!c || !(substr($2, c + 1) in new)) { bad++; list = list " " $2 }
		}
		END { print bad ? bad ":" list : "none" }'
}

# Kconfig symbols the patches add, and those their new lines depend on
# (#if guards, depends on, select) that no removed line already named.
kconfig_added() {	# kconfig_added PATCH...
	cat "$@" | sed -n 's/^+\(menu\)\{0,1\}config \([A-Z0-9_]*\)$/\2/p' | sort -u
}

syms() {	# syms +|- < PATCH: symbols that added or removed code lines name
	awk -v s="$1" '
		/^diff --git/ { body = 1; next }
		body && substr($0, 1, 1) == s && substr($0, 2, 1) != s {
			l = substr($0, 2)
			if (l ~ /^[ \t]*(#[ \t]*(if|ifdef|ifndef|elif)|depends on|select)/)
				print l
		}' |
		sed 's/CONFIG_//g; s/IS_ENABLED//g; s/^[^ \t]*[ \t]*\(depends on\|select\)//' |
		grep -oE '\b[A-Z][A-Z0-9_]+\b'
}

kconfig_used() {	# kconfig_used PATCH...
	for p in "$@"; do
		syms + < "$p" | sort -u > "$tmp.plus"
		syms - < "$p" | sort -u > "$tmp.minus"
		comm -23 "$tmp.plus" "$tmp.minus"
	done | sort -u > "$tmp.used"
	kconfig_added "$@" > "$tmp.added"
	comm -23 "$tmp.used" "$tmp.added"
}

# Options whose existing "depends on" line a patch rewrites.
kconfig_widened() {	# kconfig_widened PATCH...
	cat "$@" | awk '
		/^diff --git/ { sym = "" }
		/^[ +-](menu)?config / { sym = $2 }
		/^-[[:space:]]*depends on/ && sym != "" { print sym }' | sort -u
}

list() {	# list: stdin lines as "a, b, c", or "none"
	l=$(paste -sd, - | sed 's/,/, /g')
	echo "${l:-none}"
}

# "F2 x4, F4 x2": the findings of the TODO points of TYPES.
todo_findings() {	# todo_findings KTAP TYPES
	points "$1" | awk -F'|' -v types="$2" '
		BEGIN { n = split(types, t, " "); for (i = 1; i <= n; i++) want[t[i]] = 1 }
		{
			c = index($2, ":"); d = index($2, " # TODO ")
			if (!c || !d)
				next
			res = substr($2, c + 1, d - c - 1)
			if (res in want) { split(substr($2, d + 8), w, " "); f[w[1]]++ }
		}
		END { for (k in f) print k " x" f[k] }' | sort | list
}

# Points of TYPES that failed without a TODO, or "none".
new_failures() {	# new_failures KTAP TYPES
	points "$1" | awk -F'|' -v types="$2" '
		BEGIN { n = split(types, t, " "); for (i = 1; i <= n; i++) want[t[i]] = 1 }
		$1 == "not ok" && $2 !~ / # (TODO|SKIP)/ {
			c = index($2, ":")
			if (c && (substr($2, c + 1) in want)) print $2
		}' | list
}

# The suite needed no edit for the new types iff no line changed under
# common-tests/suite or its library common-tests/lib since the experiment
# began (the parent of the first commit that added an extra/*.patch, else
# HEAD; working tree included; a file moved counts as one, unchanged)
# names one, and their source names none.
suite_edits() {	# suite_edits TYPES
	suite="common-tests/suite common-tests/lib"
	first=$(git -C "$top" log --diff-filter=A --format=%H -- \
		'variants/*/extra/*.patch' 2>/dev/null | tail -1)
	since=$(git -C "$top" rev-parse --short "${first:-HEAD}${first:+^}" 2>/dev/null)
	[ -n "$since" ] || { echo "unknown (no git history)"; return; }
	pat=$(echo "$1" | sed 's/ /|/g')
	changed=$(git -C "$top" diff -M "$since" -- $suite |
		grep -E '^[+-]' | grep -vE '^(\+\+\+|---) ' |
		grep -cwE "$pat")
	named=$(cd "$top" && grep -lwE "$pat" common-tests/suite/*.[ch] common-tests/lib/*.[ch] 2>/dev/null |
		xargs -r -n1 basename | list)
	nfiles=$(git -C "$top" diff -M --name-only "$since" -- $suite | wc -l)
	commits=$(git -C "$top" log --format='%h' "$since.." -- $suite | list)
	if [ "$changed" = 0 ] && [ "$named" = none ]; then
		printf 'none (since %s, %d suite files changed, commits %s; ' \
			"$since" "$nfiles" "$commits"
		echo "no changed line and no suite source names $1)"
	else
		echo "EDITED: $changed changed lines since $since name $1; sources naming them: $named"
	fi
}

tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp".*' EXIT

echo "Computed by \`results/report/extra-report.sh\` from each branch's extra/ patches"
echo "and the suite's KTAP on the plain and the +extra kernel (v2 and v1)."
echo "The new types are those the +extra KTAP has points for and the plain"
echo "one has not; KVM cases skip them (no KVM init command for them)."
suite_types=""
branches="$*"
exec 3>&1
for b in $branches; do
	dir=$top/variants/$b/extra
	exec > "$tmp.col.$b"	# one "- key: value" line per row of the table
	set -- "$dir"/*.patch
	if [ ! -e "$1" ]; then
		echo "- patches: none"
		continue
	fi
	# Outside any repository, so that git apply sees every path.
	for p in "$@"; do (cd / && git apply --numstat "$p"); done > "$tmp.num"
	files=$(awk '{ print $3 }' "$tmp.num" | sort -u)
	added=$(awk '{ s += $1 } END { print s + 0 }' "$tmp.num")
	removed=$(awk '{ s += $2 } END { print s + 0 }' "$tmp.num")
	docs=$(awk '$3 ~ /^Documentation\// { a += $1; r += $2 } END { printf "+%d/-%d", a, r }' "$tmp.num")

	plain=$out/$b/v2/suite.ktap extra=$xout/$b+extra/v2/suite.ktap
	extra1=$xout/$b+extra/v1/suite.ktap
	types_of "$plain" > "$tmp.tp"
	types_of "$extra" > "$tmp.te"
	new=$(comm -13 "$tmp.tp" "$tmp.te" | paste -sd' ' -)
	files_of "$plain" > "$tmp.fp"
	files_of "$extra" > "$tmp.fe"
	newfiles=$(comm -13 "$tmp.fp" "$tmp.fe" | list)
	gone=$(comm -23 "$tmp.fp" "$tmp.fe" | list)
	[ "$gone" = none ] || newfiles="$newfiles (gone: $gone)"
	newkeys=$(keys_of "$extra" | sort -u | while read -r f key; do
		case " $new " in *" $key "*) ;; *) continue ;; esac
		grep -qxF "$f" "$tmp.fp" && echo "$key $f"
	done | awk '{ k[$1] = k[$1] (k[$1] ? " " : "") $2 }
		END { for (t in k) print t " in " k[t] }' | sort | sed 's/$/;/' |
		paste -sd' ' - | sed 's/;$//')
	[ -r "$plain" ] || { newfiles="no plain KTAP"; newkeys="no plain KTAP"; new=""; }
	[ -r "$extra" ] || { newfiles="no extra KTAP"; newkeys="no extra KTAP"; new=""; }
	suite_types="$suite_types $new"

	kd=$dir/known-defects
	kdl=$(grep -E '^[A-Za-z][A-Za-z0-9]* ' "$kd" 2>/dev/null | awk '{ print $1 }' |
		sort | uniq -c | awk '{ print $2 " x" $1 }' | list)
	# A "-<finding> <point>" line asks to drop a base known defect; say
	# what the point did on the +extra kernel, since the suite reads
	# the base and the extra lists as one.
	kdd=$(sed -n 's/^-\([A-Za-z][A-Za-z0-9]*\) \(.*\)$/\1 \2/p' "$kd" 2>/dev/null |
		while read -r id pt; do
			r=$(points "$extra" | awk -F'|' -v p="$pt" '
				{ n = $2; sub(/ # .*/, "", n) } n == p { print $1; exit }')
			echo "$id $pt (v2: ${r:-not run})"
		done | list)

	echo "- kernel cmdline: \`$(cat "$dir/cmdline" 2>/dev/null)\`"
	echo "- patches: $(for p in "$@"; do basename "$p"; done | list)"
	echo "- files touched: $(echo "$files" | wc -l): $(echo "$files" | list)"
	echo "- lines: +$added/-$removed (of them Documentation $docs)"
	echo "- new types: ${new:-none}"
	echo "- new userspace files: $newfiles"
	echo "- new keys in existing files: ${newkeys:-none}"
	echo "- Kconfig symbols added: $(kconfig_added "$@" | list)"
	echo "- Kconfig symbols depended on: $(kconfig_used "$@" | list)"
	echo "- options whose dependency was widened: $(kconfig_widened "$@" | list)"
	echo "- config fragment sets: $(cat "$dir"/*.config 2>/dev/null |
		sed -n 's/^CONFIG_\([A-Z0-9_]*\)=.*/\1/p' | list)"
	echo "- suite points of the new types, v2: $(tally "$extra" "$new")"
	echo "- suite points of the new types, v1: $(tally "$extra1" "$new")"
	echo "- known defects reproduced on the new types (TODO points), v2 / v1: $(todo_findings "$extra" "$new") / $(todo_findings "$extra1" "$new")"
	echo "- extra/known-defects lines: $kdl; dropped: $kdd"
	echo "- new types failing without TODO, v2 / v1: $(new_failures "$extra" "$new") / $(new_failures "$extra1" "$new")"
	echo "- other failures (old types), v2 / v1: $(other_failures "$extra" "$new") / $(other_failures "$extra1" "$new")"
	for h in v2 v1; do
		s=$(cat "$xout/$b+extra/$h/status" 2>/dev/null)
		echo "- $h boot status: ${s:-not run}"
	done
done
exec >&3 3>&-

# The table: a row per key, in the order the keys were first printed.
printf '\n| |'
for b in $branches; do printf ' %s |' "$b"; done
printf '\n|---|'
for b in $branches; do printf -- '---|'; done
echo
for b in $branches; do cat "$tmp.col.$b"; done |
	sed -n 's/^- \([^:]*\): .*/\1/p' | awk '!seen[$0]++' | while read -r key; do
	printf '| %s |' "$key"
	for b in $branches; do
		v=$(grep -m1 -F -- "- $key: " "$tmp.col.$b" | sed 's/^- [^:]*: //; s/|/\\|/g')
		printf ' %s |' "${v:--}"
	done
	echo
done
suite_types=$(echo "$suite_types" | tr ' ' '\n' | sed '/^$/d' | sort -u | paste -sd' ' -)
echo
if [ -n "$suite_types" ]; then
	echo "Suite edits needed: $(suite_edits "$suite_types")"
else
	echo "Suite edits needed: unknown (no new type seen)"
fi
