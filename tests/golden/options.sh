#!/bin/sh
# Options and their combinations as the command line sees them:
# the option that was wrong is the one named, and every combination of
# modes either runs or says why not, never silently drops an option.  The
# table itself (cli/options.c, cli/modes.c) is tested in check_options.
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

sample=$TESTS_DATADIR/tui/small.folded
# Nothing here may start perf: a usage error comes before any child.
PERF=$tmpd/no-perf
export PERF

# A short option inside a cluster is named by its letter, not by the
# argument before the cluster (or the program's path).
expect "-Zc names -Z" 2 "unknown option: -Z$" -- "$TFLAME" -Zc "$sample"
expect "-cZ names -Z" 2 "unknown option: -Z$" -- "$TFLAME" -cZ "$sample"
expect "-cf without its argument" 2 "option needs an argument: -f$" -- \
    "$TFLAME" -cf
expect "--format without its argument" 2 "option needs an argument: --format$" \
    -- "$TFLAME" --collapse --format
expect "--collapse=x" 2 "collapse" -- "$TFLAME" --collapse=x "$sample"
expect "unknown long option" 2 "unknown option: --bogus$" -- \
    "$TFLAME" --bogus "$sample"

# Two modes exclude each other in either order.
expect "--svg then --collapse" 2 "--collapse and --svg exclude each other" -- \
    "$TFLAME" --svg="$tmpd/a.svg" --collapse "$sample"
expect "--collapse then --svg" 2 "--collapse and --svg exclude each other" -- \
    "$TFLAME" --collapse --svg="$tmpd/b.svg" "$sample"
[ ! -e "$tmpd/b.svg" ] && ok || bad "--collapse --svg writes no SVG"
expect "--top then --tree" 2 "--top, --tree, --collapse and --svg exclude" -- \
    "$TFLAME" --top --tree "$sample"
expect "--svg then --top" 2 "--top, --tree, --collapse and --svg exclude" -- \
    "$TFLAME" --svg=- --top "$sample"
expect "--top then --collapse" 2 "--top, --tree, --collapse and --svg exclude" \
    -- "$TFLAME" --top --collapse "$sample"
expect "a mode given twice" 0 "" -- "$TFLAME" --collapse -c "$sample"
expect "--top=3 then --top" 0 "" -- "$TFLAME" --top=3 --top "$sample"

# --record: the live viewer draws the recording as it comes; the transform
# flags are made from a whole profile (--collapse, --svg, --top, --tree take
# them), and --window is the live viewer's alone.
expect "--record --focus in the viewer" 2 \
    "transform options do not go with --record's live viewer" -- \
    "$TFLAME" --record -a --focus=main
expect "--record --window --collapse" 2 "--window goes with --record's live viewer" \
    -- "$TFLAME" --record -a --window=5 --collapse
expect "--record --diff" 2 "--record and --diff exclude each other" -- \
    "$TFLAME" --record -a --diff
expect "--record --focus --collapse reaches perf" 1 "PERF" -- \
    "$TFLAME" --record -a --focus=main --collapse
expect "-a without --record" 2 "go with --record" -- "$TFLAME" -a "$sample"
# What is checked without --record is checked with it, before perf starts.
expect "--record with a bad regex" 2 "bad regular expression" -- \
    "$TFLAME" --record -a --focus='(' --collapse
expect "--record --svg=" 2 "--svg needs a file name" -- \
    "$TFLAME" --record -a --svg=

# The transforms work in every mode that loads a whole profile.
expect "--focus --collapse" 0 "" -- "$TFLAME" --focus=. --collapse "$sample"
[ -s "$tmpd/out" ] && ok || bad "--focus --collapse prints stacks"

finish
