#!/bin/sh
# Golden tests for --collapse --diff (difffolded.pl's 3-column output).
# difffolded.pl prints in hash order, so lines are compared sorted.
. "$(dirname "$0")/lib.sh" || exit 99

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

# Two runs of programs with different names share no frame in their first
# two levels: every frame would read as new or gone, so a note says so.
cd "$tmpd"
printf 'alloc1;main;malloc 30\nalloc1;main;work 10\n' > alloc1.folded
printf 'alloc2;main;malloc 54\nalloc2;main;work 18\n' > alloc2.folded
"$TFLAME" --collapse --diff alloc1.folded alloc2.folded > out 2> err
cat > exp.err <<'EOF'
tflame: alloc1.folded: BEFORE and AFTER share no frame in their first two levels (different command names?): every frame reads as new or gone; try --merge-threads, or rename one side's commands to the other's
EOF
printf 'alloc1;main;malloc 30 0\nalloc1;main;work 10 0\nalloc2;main;malloc 0 54\nalloc2;main;work 0 18\n' > exp.out
same "different comms: the output" out exp.out
same "different comms: the note" err exp.err
# A shared command: no note.
printf 'alloc1;main;malloc 50\n' > again.folded
"$TFLAME" --collapse --diff alloc1.folded again.folded > out 2> err
: > empty
same "shared comm: no note" err empty

# --diff with one file that is not difffolded's 3 columns: two are needed.
"$TFLAME" --collapse --diff alloc1.folded > out 2> err
rc=$?
cat > exp.err <<'EOF'
tflame: alloc1.folded: not a 3-column --diff file (frame;... BEFORE AFTER); --diff needs two profiles: tflame --diff BEFORE AFTER
EOF
[ $rc -eq 2 ] && ok || bad "one folded file: exit status $rc, expected 2"
same "one folded file: says two are needed" err exp.err
same "one folded file: no output" out empty
gunzip -c "$TESTS_DATADIR/diff/work-O0.perf.gz" > one.perf
"$TFLAME" --collapse --diff one.perf > out 2> err
rc=$?
sed 's/alloc1.folded/one.perf/' exp.err > exp2.err
[ $rc -eq 2 ] && ok || bad "one perf file: exit status $rc, expected 2"
same "one perf file: says two are needed" err exp2.err
cd - > /dev/null

# Usage errors.
"$TFLAME" --collapse --diff > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && grep -q "needs BEFORE and AFTER" "$tmpd/err" && ok ||
    bad "--diff without inputs is a usage error"
"$TFLAME" --collapse --diff a b c > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && ok || bad "--diff with three inputs is a usage error"

finish
