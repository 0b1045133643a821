#!/bin/sh
# --diff traps in the viewer: totals more than 10% apart are said in the
# status line (unless -n), the change is also given in percentage points
# of each side's total, and BEFORE and AFTER of differently named
# commands (alloc1, alloc2) get a note in the messages panel.
. "$(dirname "$0")/lib.sh" || exit 99

cd "$tmpd" || exit 1
printf 'alloc1;main;malloc 30\nalloc1;main;work 10\n' > alloc1.folded
printf 'alloc2;main;malloc 54\nalloc2;main;work 18\n' > alloc2.folded
printf 'alloc1;main;malloc 20\nalloc1;main;work 30\n' > again.folded

start 100 30
T send-keys -t t "cd $tmpd" Enter

run "$TFLAME --diff alloc1.folded alloc2.folded"
viewer_up
check "unequal totals: said in the status line" \
    matches 29 '^\[flame\]  AFTER has 1\.8x the samples of BEFORE; -n scales  *1 message (!)$'
keys k
check "a key: the note gives way, the count shows" \
    matches 29 '  1 message (!)  ? help$'
check "alloc2 selected: AFTER only, +100 points" has \
    "alloc2  before 0 (0.00%)  after 72 (100.00%)  change +72 (+100.00 pp)  [widths: after]"
keys w
keys j
keys k
check "alloc1 selected: BEFORE only, -100 points" has \
    "alloc1  before 40 (100.00%)  after 0 (0.00%)  change -40 (-100.00 pp)  [widths: before]"
keys '!'
check "disjoint: the note in the panel" has \
    "alloc1.folded: BEFORE and AFTER share no frame in their first two"
keys q
keys q
finished

# -n scales BEFORE: nothing to say about the totals.
run "$TFLAME --diff -n alloc1.folded alloc2.folded"
viewer_up
check "-n: no totals note" not has "the samples of"
keys q
finished

# A shared command, main's share moved: points of each side's total.
run "$TFLAME --diff alloc1.folded again.folded"
viewer_up
check "50 vs 40: 1.25x" matches 29 \
    '^\[flame\]  AFTER has 1\.25x the samples of BEFORE; -n scales$'
keys k k k
check "work: 25% before, 60% after" has \
    "work  before 10 (25.00%)  after 30 (60.00%)  change +20 (+35.00 pp)"
keys h
check "malloc: 75% before, 40% after" has \
    "malloc  before 30 (75.00%)  after 20 (40.00%)  change -10 (-35.00 pp)"
keys q
finished

# perf input: the note says the weight's unit, as the status line does
# (it said "samples" of 6,000,000 and 9,000,000 cycles).
sed 's/    1500000 cycles/    4500000 cycles/' "$DATA/cycles.perf" > after.perf
sed 's/cycles:u:/cpu-clock:u:/' "$DATA/cycles.perf" > c1.perf
sed 's/cycles:u:/cpu-clock:u:/' after.perf > c2.perf
run "$TFLAME --diff $DATA/cycles.perf after.perf"
viewer_up
check "cycles: 1.5x the cycles" has \
    'AFTER has 1.5x the cycles of BEFORE; -n scales'
keys q
finished
run "$TFLAME --diff c1.perf c2.perf"
viewer_up
check "cpu-clock: 1.5x the cpu-clock" has \
    'AFTER has 1.5x the cpu-clock of BEFORE; -n scales'
keys q
finished

finish
