#!/bin/sh
# The command-line contract: exit statuses, messages, standard input.
. "$(dirname "$0")/lib.sh" || exit 99

# expect NAME STATUS STDERR-PATTERN -- COMMAND...: run, check status and stderr.
expect() {
	name=$1 want=$2 pat=$3
	shift 4
	"$@" > "$tmpd/out" 2> "$tmpd/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "$name" "exit status $got, expected $want"
		sed 's/^/  stderr: /' "$tmpd/err" | head -3
		return
	fi
	if [ -n "$pat" ] && ! grep -q -- "$pat" "$tmpd/err"; then
		bad "$name" "stderr lacks '$pat'"
		sed 's/^/  stderr: /' "$tmpd/err" | head -3
		return
	fi
	ok
}

sample=$CORPUS/flamegraph/test/perf-funcab-cmd-01.txt

expect "--help" 0 "" -- "$TFLAME" --help
grep -q -- '--collapse' "$tmpd/out" && ok || bad "--help lists --collapse"
expect "--version" 0 "" -- "$TFLAME" --version
grep -q '^tflame [0-9]' "$tmpd/out" && ok || bad "--version prints the version"
expect "unknown option" 2 "unknown option: --bogus" -- "$TFLAME" --bogus
expect "missing argument" 2 "needs an argument" -- "$TFLAME" --collapse --format
expect "bad format" 2 "unknown format" -- "$TFLAME" --collapse --format=xml "$sample"
expect "two files" 2 "too many input files" -- "$TFLAME" --collapse a b
expect "missing file" 1 "no-such-file: No such file or directory" -- \
    "$TFLAME" --collapse "$tmpd/no-such-file"
expect "directory" 1 "is a directory" -- "$TFLAME" --collapse "$tmpd"
printf '\177ELF\002\001\001\000garbage\nmore garbage\n' > "$tmpd/garbage"
expect "unknown format" 1 "cannot tell the format of .*garbage; use --format" -- \
    "$TFLAME" --collapse "$tmpd/garbage"
: > "$tmpd/empty"
expect "empty input" 0 "no samples" -- "$TFLAME" --collapse "$tmpd/empty"
[ ! -s "$tmpd/out" ] && ok || bad "empty input gives empty output"

# Standard input, as "-" and as no argument, gives what the file gives.
"$TFLAME" --collapse "$sample" > "$tmpd/file.out" 2>/dev/null
"$TFLAME" --collapse - < "$sample" > "$tmpd/dash.out" 2>/dev/null
cat "$sample" | "$TFLAME" --collapse > "$tmpd/pipe.out" 2>/dev/null
same "stdin as -" "$tmpd/dash.out" "$tmpd/file.out"
same "stdin through a pipe" "$tmpd/pipe.out" "$tmpd/file.out"

# Malformed lines: reported with line numbers, the rest loads.
printf 'main;a 5\nthis is not folded\nmain;b 3\n' > "$tmpd/bad.folded"
expect "bad line reported" 0 "bad.folded:2: not a folded line" -- \
    "$TFLAME" --collapse "$tmpd/bad.folded"
printf 'main;a 5\nmain;b 3\n' > "$tmpd/good.folded"
same "bad line skipped" "$tmpd/out" "$tmpd/good.folded"

# Several events: the first is kept and a note names the others.
expect "event note" 0 'showing "instructions"' -- \
    "$TFLAME" --collapse "$CORPUS/flamegraph/test/perf-cycles-instructions-01.txt"
expect "event filter" 0 "" -- "$TFLAME" --collapse --event-filter=cycles \
    "$CORPUS/flamegraph/test/perf-cycles-instructions-01.txt"
[ "$(awk '{s += $NF} END {print s}' "$tmpd/out")" = 111 ] && ok ||
    bad "event filter keeps the 111 cycles samples"

# A write error is an error (when /dev/full exists).
if [ -w /dev/full ]; then
	expect "write error" 1 "write error" -- sh -c \
	    "\"$TFLAME\" --collapse \"$sample\" > /dev/full"
fi

finish
