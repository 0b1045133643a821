#!/bin/sh
# Every number of --top and --tree in its unit: perf
# input whose weights are cpu-clock periods is worded as the
# status line words it ("1.75 s cpu-clock", "+287 ms"), never as raw
# nanoseconds; --top --diff sorts by the size of the change, --sort picks
# the order; the caller tree shows a self share only where a function was
# sampled (its first level).
. "$(dirname "$0")/lib.sh" || exit 99

DATA=$TESTS_DATADIR/../../data
O0=$TESTS_DATADIR/diff/work-O0.perf.gz
O2=$TESTS_DATADIR/diff/work-O2.perf.gz

# run NAME ARGS...: tflame ARGS > $tmpd/out, exit status 0.
run() {
	name=$1
	shift
	"$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err" || bad "$name" "exit status"
}

# noraw NAME: no raw count of 5 digits or more in $tmpd/out (the unit
# wording groups counts with commas and shows durations as "287 ms").
noraw() {
	if grep -E '[0-9]{5,}' "$tmpd/out" > "$tmpd/raw"; then
		bad "$1" "raw numbers: $(head -2 "$tmpd/raw" | tr '\n' '|')"
	else
		ok
	fi
}

# line NAME N EXPECTED: line N of $tmpd/out is EXPECTED.
line() {
	got=$(sed -n "$2p" "$tmpd/out")
	[ "$got" = "$3" ] && ok || bad "$1" "line $2: '$got'"
}

# --tree: the total in its unit.
run tree-total --tree=5 "$DATA/python-json.perf.gz"
line tree-total 1 "Total: 2.46 s cpu-clock, 1,228 samples  Event: cpu-clock  (call tree, frames of 5% of the total or more)"
noraw tree-total

# --tree --diff: both totals and the change in the unit.
run tree-diff --tree=5 --diff "$O0" "$O2"
line tree-diff 1 "Before: 1.75 s cpu-clock  After: 1.93 s cpu-clock  Event: cpu-clock  (call tree, frames of 5% of the total or more)"
noraw tree-diff
grep -q ' +912 ms  *__memcmp_evex_movbe$' "$tmpd/out" && ok ||
    bad tree-diff-change "$(grep memcmp "$tmpd/out")"

# --top --diff: the totals and columns in the unit, sorted by the size of
# the change, so fill (inlined away at -O2: 76 ms before, none after) is
# among the first rows rather than at row 46.
run top-diff --top=8 --diff "$O0" "$O2"
line top-diff 1 "Before: 1.75 s cpu-clock  After: 1.93 s cpu-clock  Event: cpu-clock  Functions: 66 (top 8 by change; Before, After and Change are self)"
noraw top-diff
grep -q '^ *76.2 ms  *0 s  *-76.2 ms  *-3.94%  *0.00%  fill$' "$tmpd/out" && ok ||
    bad top-diff-fill "$(grep fill "$tmpd/out")"
awk 'NR > 2 { c = $5; sub(/^[-+]/, "", c); v = c + 0
	if ($6 == "s") v *= 1000; else if ($6 != "ms") v = -1
	if (NR > 3 && v > last) { print "row " NR - 2 ": " $0; exit 1 }
	last = v; n++ } END { if (n != 8) { print n " rows in ms or s"; exit 1 } }' \
    "$tmpd/out" > "$tmpd/order" && ok ||
    bad top-diff-order "$(cat "$tmpd/order")"

# Folded --top --diff: counts, sorted by the size of the change.
printf 'a;x 10\na;y 5\n' > "$tmpd/before"
printf 'a;x 4\na;y 6\na;z 1\n' > "$tmpd/after"
run top-diff-folded --top --diff "$tmpd/before" "$tmpd/after"
cat > "$tmpd/want" <<'EOT'
Before: 15  After: 11  Functions: 4 (all 4 by change; Before, After and Change are self)
Before  After  Change  Change%   Total%  Function
    10      4      -6  -54.55%   36.36%  x
     5      6      +1   +9.09%   54.55%  y
     0      1      +1   +9.09%    9.09%  z
     0      0       0   +0.00%  100.00%  a
EOT
same top-diff-folded "$tmpd/out" "$tmpd/want"

# --sort for every --top mode.
run sort-total --top=5 --sort=total "$DATA/python-json.perf.gz"
sed -n 1p "$tmpd/out" | grep -q '(top 5 by total)' && ok || bad sort-total-head
awk 'NR > 2 { gsub(",", "", $9); if (NR > 3 && $9 + 0 > last) exit 1
	last = $9 + 0 }' "$tmpd/out" && ok || bad sort-total-order
run sort-self --top=3 --sort=self --diff "$tmpd/before" "$tmpd/after"
line sort-self 3 "     5      6      +1   +9.09%  54.55%  y"
if "$TFLAME" --top --sort=change "$DATA/system.folded" > /dev/null 2>&1; then
	bad "sort-change needs --diff"
else
	[ $? -eq 2 ] && ok || bad "sort-change needs --diff" "status"
fi
if "$TFLAME" --top --sort=size "$DATA/system.folded" > /dev/null 2>&1; then
	bad "sort-unknown"
else
	[ $? -eq 2 ] && ok || bad "sort-unknown" "status"
fi

# --tree --reverse: the self share is on the first level, where the
# function was sampled, and not on its callers.
printf 'main;a;b 3\nmain;c;b 2\nmain 1\n' > "$tmpd/rev.folded"
run tree-reverse --tree=0 --reverse "$tmpd/rev.folded"
cat > "$tmpd/want" <<'EOT'
Total: 6  (caller tree, frames of 0% of the total or more)
 Total%   Self%  Function
100.00%          all
 83.33%  83.33%    b
 50.00%              a
 50.00%                main
 33.33%              c
 33.33%                main
 16.67%  16.67%    main
EOT
same tree-reverse "$tmpd/out" "$tmpd/want"

finish
