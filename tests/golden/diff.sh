#!/bin/sh
# Golden tests for --collapse --diff (difffolded.pl's 3-column output).
# difffolded.pl prints in hash order, so lines are compared sorted.
. "$(dirname "$0")/lib.sh"

df=$CORPUS/inferno/diff-folded

# diffcase NAME EXPECTED ARGS...: sorted output of tflame equals sorted EXPECTED.
diffcase() {
	name=$1 exp=$2
	shift 2
	if ! "$TFLAME" --collapse --diff "$@" > "$tmpd/raw" 2> "$tmpd/err"; then
		bad "$name" "exit status"
		return
	fi
	LC_ALL=C sort "$tmpd/raw" > "$tmpd/out"
	LC_ALL=C sort "$exp" > "$tmpd/exp"
	same "$name" "$tmpd/out" "$tmpd/exp"
}

diffcase default "$df/results/default.txt" "$df/before.txt" "$df/after.txt"
diffcase normalize "$df/results/normalize.txt" -n "$df/before.txt" "$df/after.txt"
diffcase normalize-long "$df/results/normalize.txt" --normalize "$df/before.txt" "$df/after.txt"
diffcase strip-hex "$df/results/strip_hex.txt" -s "$df/before.txt" "$df/after.txt"
diffcase fractionals "$df/results/fractionals.txt" "$df/before_fractionals.txt" "$df/after.txt"
grep -q "fractional counts truncated" "$tmpd/err" && ok ||
    bad "fractionals: a note says counts were truncated"

# One difffolded 3-column file reads back as the same two profiles.
diffcase "3-column input" "$df/results/default.txt" "$df/results/default.txt"

# Output is sorted byte-wise (unlike difffolded.pl's hash order).
"$TFLAME" --collapse --diff "$df/before.txt" "$df/after.txt" > "$tmpd/raw" 2>/dev/null
LC_ALL=C sort -c "$tmpd/raw" 2>/dev/null && ok || bad "output sorted"

# Two real perf script recordings (one program built -O0 and -O2, gzipped):
# diffing the raw files equals diffing their collapsed forms.
rec=$TESTS_DATADIR/diff
"$TFLAME" --collapse "$rec/work-O0.perf.gz" > "$tmpd/O0.folded" 2>/dev/null
"$TFLAME" --collapse "$rec/work-O2.perf.gz" > "$tmpd/O2.folded" 2>/dev/null
"$TFLAME" --collapse --diff "$tmpd/O0.folded" "$tmpd/O2.folded" > "$tmpd/folded.diff" 2>/dev/null
"$TFLAME" --collapse --diff "$rec/work-O0.perf.gz" "$rec/work-O2.perf.gz" > "$tmpd/raw.diff" 2>/dev/null
same "perf script pair = folded pair" "$tmpd/raw.diff" "$tmpd/folded.diff"
[ "$(wc -l < "$tmpd/raw.diff")" -gt 5 ] && ok || bad "perf pair has stacks"
# Both sides' totals survive: column sums equal each side's collapsed total.
b=$(awk '{s += $(NF-1)} END {print s}' "$tmpd/raw.diff")
a=$(awk '{s += $NF} END {print s}' "$tmpd/raw.diff")
[ "$b" = "$(awk '{s += $NF} END {print s}' "$tmpd/O0.folded")" ] &&
    [ "$a" = "$(awk '{s += $NF} END {print s}' "$tmpd/O2.folded")" ] && ok ||
    bad "column totals equal each side's total"

# Usage errors.
"$TFLAME" --collapse --diff > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && grep -q "needs BEFORE and AFTER" "$tmpd/err" && ok ||
    bad "--diff without inputs is a usage error"
"$TFLAME" --collapse --diff a b c > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && ok || bad "--diff with three inputs is a usage error"

finish
