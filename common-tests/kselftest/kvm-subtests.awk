# kvm-subtests.awk: rewrite a KVM selftest's source so that each of its
# subtests is a KTAP point (kvm_subtest.h says how they run).
#
#   awk -v test=<test> -v plan=<file> -f kvm-subtests.awk <test>.c > out.c
#
# In main(), from "int main(" to the first "}" in column 0, each statement
# "test_x(args);" on a line of its own becomes
# KVM_SUBTEST("test_x:args", test_x(args)); (without ":args" when there are
# none; the name is the arguments without comments or blanks), and main()
# becomes kvm_subtest_main(), after #include "kvm_subtest.h" and a #define of
# KVM_SUBTEST_PROGRAM, the test's name.  Appends
# "<test> <subtest>" to plan for each, in order.  Fails, naming the line,
# on a call to a test_ function in main() that is not such a statement, on
# a name twice or with a character other than [A-Za-z0-9_,.=:-], and when
# main() or a subtest is missing: a subtest that is not a point would go
# unseen.
function fail(why) {
	printf "kvm-subtests.awk: %s:%d: %s\n", FILENAME, FNR, why > "/dev/stderr"
	failed = 1
	exit 1
}

/^int main\(/ {
	if (seen_main)
		fail("a second main()")
	seen_main = in_main = 1
	print "#define KVM_SUBTEST_PROGRAM \"" test "\""
	print "#include \"kvm_subtest.h\""
	sub(/^int main\(/, "int kvm_subtest_main(")
	print
	next
}

in_main && /^}/ {
	in_main = 0
}

in_main && /(^|[^A-Za-z0-9_])test_[A-Za-z0-9_]*[ \t]*\(/ {
	if (!match($0, /^[ \t]*test_[A-Za-z0-9_]*\(.*\);[ \t]*$/))
		fail("a call to a subtest that is not a statement of its own: " $0)
	indent = $0
	sub(/[^ \t].*/, "", indent)
	call = $0
	sub(/^[ \t]*/, "", call)
	sub(/;[ \t]*$/, "", call)
	fn = call
	sub(/\(.*/, "", fn)
	args = substr(call, length(fn) + 2, length(call) - length(fn) - 2)
	gsub(/\/\*[^*]*\*+([^\/*][^*]*\*+)*\//, "", args)
	gsub(/[ \t]/, "", args)
	name = fn (args == "" ? "" : ":" args)
	if (name !~ /^[A-Za-z0-9_,.=:-]+$/)
		fail("a subtest name with another character than [A-Za-z0-9_,.=:-]: " name)
	if (name in named)
		fail("subtest " name " twice")
	named[name] = 1
	n++
	print indent "KVM_SUBTEST(\"" name "\", " call ");"
	print test, name >> plan
	next
}

{ print }

END {
	if (failed)
		exit 1
	if (!seen_main)
		fail("no main()")
	if (in_main)
		fail("main() does not end")
	if (!n)
		fail("no test_ call in main()")
}
