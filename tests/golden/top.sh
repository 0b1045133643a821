#!/bin/sh
# Golden tests for --top (the function table) and --tree (the call tree as
# text) on data/ and the corpus: whole outputs against tests/data/top/,
# exit status 0, and a few checks computed here from --collapse output.
# Regenerate an expected file only after reading the difference.
. "$(dirname "$0")/lib.sh" || exit 99

DATA=$TESTS_DATADIR/../../data
topd=$TESTS_DATADIR/top
fg=$CORPUS/flamegraph/test
df=$CORPUS/inferno/diff-folded

# case NAME ARGS...: output and status 0 against $topd/NAME.
case_() {
	name=$1
	shift
	if ! "$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err"; then
		bad "$name" "exit status"
		return
	fi
	if [ -n "${REGEN:-}" ]; then
		cp "$tmpd/out" "$topd/$name"
	fi
	same "$name" "$tmpd/out" "$topd/$name"
}

case_ python-top --top "$DATA/python-json.perf.gz"
case_ perl-top-search --top=15 --search='regex|Perl_' "$DATA/perl-regex.perf"
case_ system-top-all --top=0 "$DATA/system.folded"
case_ python-tree --tree=3 "$DATA/python-json.perf.gz"
case_ perl-tree-reverse --tree=4 --reverse "$DATA/perl-regex.perf"
case_ perl-tree-search --tree=5 --search=Perl_pp "$DATA/perl-regex.perf"
case_ funcab-pid-top --top --pid "$fg/perf-funcab-pid-01.txt"
case_ funcab-tid-tree --tree=0 --tid "$fg/perf-funcab-pid-01.txt"
case_ cycles-instructions-top --top=10 --event-filter=instructions \
    "$fg/perf-cycles-instructions-01.txt"
case_ java-top --top=12 "$fg/perf-java-stacks-01.txt"
case_ diff-top --top=0 --diff "$df/before.txt" "$df/after.txt"
case_ diff-top-perf --top=8 --diff "$TESTS_DATADIR/diff/work-O0.perf.gz" \
    "$TESTS_DATADIR/diff/work-O2.perf.gz"
case_ diff-tree --tree=2 --diff "$df/before.txt" "$df/after.txt"

# perf input whose weights are periods: the weight in
# its unit (a duration for cpu-clock) and the sample records beside it,
# as the status line words them; recursion counted once for both.
cat > "$tmpd/clock.perf" <<'EOT'
app  101  1.000100:    1000000 cpu-clock: 
	    1111 f+0x1 (/usr/bin/app)
	    2222 f+0x2 (/usr/bin/app)
	    3333 main+0x3 (/usr/bin/app)

app  101  1.000200:    2500000 cpu-clock: 
	    4444 g+0x4 (/usr/bin/app)
	    3333 main+0x3 (/usr/bin/app)

app  101  1.000300:    2500000 cpu-clock: 
	    4444 g+0x4 (/usr/bin/app)
	    3333 main+0x3 (/usr/bin/app)
EOT
"$TFLAME" --top "$tmpd/clock.perf" > "$tmpd/out" 2>&1
cat > "$tmpd/want" <<'EOT'
Total: 6.00 ms cpu-clock, 3 samples  Event: cpu-clock  Functions: 3 (all 3 by self)
   Self   Self%  Self samples    Total   Total%  Total samples  Function
5.00 ms  83.33%             2  5.00 ms   83.33%              2  g
1.00 ms  16.67%             1  1.00 ms   16.67%              1  f
    0 s   0.00%             0  6.00 ms  100.00%              3  main
EOT
same "perf cpu-clock: duration and samples" "$tmpd/out" "$tmpd/want"
sed 's/cpu-clock/cycles/' "$tmpd/clock.perf" > "$tmpd/cycles.perf"
"$TFLAME" --top "$tmpd/cycles.perf" > "$tmpd/out" 2>&1
cat > "$tmpd/want" <<'EOT'
Total: 6,000,000 cycles, 3 samples  Event: cycles  Functions: 3 (all 3 by self)
     Self   Self%  Self samples      Total   Total%  Total samples  Function
5,000,000  83.33%             2  5,000,000   83.33%              2  g
1,000,000  16.67%             1  1,000,000   16.67%              1  f
        0   0.00%             0  6,000,000  100.00%              3  main
EOT
same "perf cycles: the count and samples" "$tmpd/out" "$tmpd/want"

# Recursion is counted once per stack; names are escaped.
printf 'a;b;a;b 1\nx\033[2J;y 3\n' > "$tmpd/rec.folded"
"$TFLAME" --top "$tmpd/rec.folded" > "$tmpd/out" 2>&1
cat > "$tmpd/want" <<'EOT'
Total: 4  Functions: 4 (all 4 by self)
Self   Self%  Total  Total%  Function
   3  75.00%      3  75.00%  y
   1  25.00%      1  25.00%  b
   0   0.00%      1  25.00%  a
   0   0.00%      3  75.00%  x\e[2J
EOT
same "recursion once, names escaped" "$tmpd/out" "$tmpd/want"
"$TFLAME" --tree=0 "$tmpd/rec.folded" > "$tmpd/out" 2>&1
cat > "$tmpd/want" <<'EOT'
Total: 4  (call tree, frames of 0% of the total or more)
 Total%   Self%  Function
100.00%   0.00%  all
 75.00%   0.00%    x\e[2J
 75.00%  75.00%      y
 25.00%   0.00%    a
 25.00%   0.00%      b
 25.00%   0.00%        a
 25.00%  25.00%          b
EOT
same "tree, heaviest first, escaped" "$tmpd/out" "$tmpd/want"
if LC_ALL=C grep -q "$(printf '\033')" "$tmpd/out"; then
	bad "no escape byte in --tree output"
else
	ok
fi

# Every self in the table adds up to the total in the header, and the
# first row is the largest self of the --collapse output's leaves (folded
# input: one raw number a row); with perf input the self sample records
# add up to the header's.
"$TFLAME" --top=0 "$DATA/system.folded" > "$tmpd/top" 2>/dev/null
sum=$(awk 'NR > 2 {s += $1} END {printf "%.0f\n", s}' "$tmpd/top")
total=$(awk 'NR == 1 {print $2}' "$tmpd/top")
[ "$sum" = "$total" ] && ok || bad "self column adds up to the total"
"$TFLAME" --collapse "$DATA/system.folded" 2>/dev/null |
    awk '{n = split($0, f, ";"); sub(/ [0-9.]+$/, "", f[n]);
	 c = $NF; s[f[n]] += c}
	 END {for (k in s) printf "%.0f %s\n", s[k], k}' |
    sort -k1,1nr -k2 | head -1 > "$tmpd/leaf"
awk 'NR == 3 {print $1, $5}' "$tmpd/top" > "$tmpd/first"
same "hottest self first" "$tmpd/first" "$tmpd/leaf"
"$TFLAME" --top=0 "$DATA/python-json.perf.gz" > "$tmpd/top" 2>/dev/null
sum=$(awk 'NR > 2 {gsub(",", "", $4); s += $4} END {print s}' "$tmpd/top")
total=$(awk 'NR == 1 {gsub(",", "", $5); print $5}' "$tmpd/top")
[ "$sum" = "$total" ] && [ "$total" = 1228 ] && ok ||
    bad "perf: self samples add up to the header's ($sum, $total)"

# A stack 100,000 frames deep prints (no recursion in the walk), indented
# 64 levels at most: deeper lines say their depth.
awk 'BEGIN {for (i = 0; i < 100000; i++) printf "%s;", (i % 2 ? "b" : "a");
	print "c 1"}' > "$tmpd/deep"
"$TFLAME" --tree=0 "$tmpd/deep" > "$tmpd/out" 2>&1 &&
    [ "$(wc -l < "$tmpd/out")" -eq 100004 ] &&
    [ "$(tail -1 "$tmpd/out")" = "100.00% 100.00%  $(printf '%128s')[100001] c" ] &&
    ok || bad "deep --tree"
"$TFLAME" --top "$tmpd/deep" > "$tmpd/out" 2>&1 &&
    [ "$(sed -n 3p "$tmpd/out")" = "   1  100.00%      1  100.00%  c" ] && ok ||
    bad "deep --top"

# Usage errors.
for args in "--top=x" "--top=-1" "--tree=101" "--tree=abc" \
    "--top --collapse" "--collapse --tree" "--svg=x.svg --top" \
    "--top --tree" "--top --search=("; do
	# shellcheck disable=SC2086
	"$TFLAME" $args "$tmpd/rec.folded" > /dev/null 2>&1
	[ $? -eq 2 ] && ok || bad "usage error: $args"
done

finish
