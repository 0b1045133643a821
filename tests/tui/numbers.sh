#!/bin/sh
# The numbers of the status line and their units:
# perf input keeps two numbers per frame, the sample records and the sum
# of their periods (the weight), and says what the weight is: a duration
# for cpu-clock and task-clock (nanoseconds), the event's name otherwise.
# Folded input has one number, "samples" unless --countname names it.
# Each case compares the whole first status line.
. "$(dirname "$0")/lib.sh" || exit 99

top=$(cd "$TESTS_DATADIR/.." && cd .. && pwd)
python=$top/data/python-json.perf.gz     # 1,228 samples, 2,460,921,824 ns
cycles=$DATA/cycles.perf                 # 3 samples, 6,000,000 cycles
small=$DATA/small.folded                 # 100 samples

# status TEXT: the first status line (lines - 2) is exactly TEXT.
status() {
	got=$(line 22 | sed 's/ *$//')
	[ "$got" = "$1" ] || { echo "  status: '$got'"; return 1; }
}

start 120 24
run "$TFLAME $python"
viewer_up
check "cpu-clock: a duration, the event and the samples" \
    status "all  2.46 s cpu-clock, 1,228 samples  100.00% of all  self 0 s"
keys k
check "cpu-clock: the command frame" \
    status "python3  2.43 s cpu-clock, 1,213 samples  98.78% of all  self 0 s"
keys r
check "cpu-clock: the reverse view keeps both numbers" \
    status "python3  24.0 ms cpu-clock, 12 samples  0.98% of all  self 24.0 ms"
keys j
# Item 2: at the reverse view's first level a frame is the function
# sampled there: its self is its own self total, not the reverse tree's 0.
check "cpu-clock: the reverse view's first level, self its own" \
    status "__memset_avx512_unaligned_erms  24.0 ms cpu-clock, 12 samples  0.98% of all  self 24.0 ms"
keys q
finished

run "$TFLAME $cycles"
viewer_up
check "cycles: the count with the event, and the samples" \
    status "all  6,000,000 cycles, 3 samples  100.00% of all  self 0"
keys k k k k
check "cycles: a leaf" \
    status "work  3,500,000 cycles, 2 samples  58.33% of all  self 3,500,000"
keys '?'
check "help: percentages are of the weight" \
    has "Percentages are shares of the weight (the event count), not of samples"
keys q q
finished

run "$TFLAME $small"
viewer_up
check "folded: samples" \
    status "all  100 samples  100.00% of all  self 0"
keys q
finished

# Item 2: frames outside the zoomed subtree (the dimmed callers) have no
# share "of zoom" (it would be 188.89%); those inside keep it.
run "$TFLAME $small"
viewer_up
keys k Up
keys Enter
check "zoomed: the zoomed frame is 100% of zoom" \
    status "eval  45 samples  45.00% of all  100.00% of zoom  self 5"
keys j
check "zoomed: a caller outside the zoom, only of all" \
    status "main  85 samples  85.00% of all  self 0"
keys j
check "zoomed: the root, only of all" \
    status "all  100 samples  100.00% of all  self 0"
keys q
finished

run "$TFLAME --countname=widgets $small"
viewer_up
check "folded: --countname names the unit" \
    status "all  100 widgets  100.00% of all  self 0"
keys q
finished

# A transform makes a new tree: it keeps the sample records.
run "$TFLAME --focus=work $cycles"
viewer_up
check "perf: --focus keeps both numbers" \
    status "all  3,500,000 cycles, 2 samples  100.00% of all  self 0"
keys q
finished

run "$TFLAME --countname=bytes $cycles"
viewer_up
check "perf: --countname wins" \
    status "all  6,000,000 bytes, 3 samples  100.00% of all  self 0"
keys q
finished

# perf report and tflame agree on a recording made here: the samples
# (perf report's per-command Samples column, summed: its header rounds to
# "1K") and the event count at the root.
rec=$tmpd/rec.data
if ! command -v perf > /dev/null 2>&1 ||
    ! perf record -q -e cpu-clock -o "$rec" -- sh -c \
    'i=0; while [ $i -lt 30000 ]; do i=$((i+1)); done' \
    > "$tmpd/rec.out" 2>&1 || ! [ -s "$rec" ]; then
	echo "numbers: perf cannot record here; the perf report comparison is skipped"
	sed 's/^/  | /' "$tmpd/rec.out" 2> /dev/null | head -5
else
	want_n=$(perf report --stdio -n --sort=comm -i "$rec" 2> /dev/null |
	    awk '!/^#/ && NF >= 3 { n += $2 } END { print n + 0 }')
	want_w=$(perf report --stdio -i "$rec" 2> /dev/null |
	    sed -n 's/^# Event count (approx.): //p')
	# --top words the root's numbers: the raw event
	# count is the --collapse weights' sum.
	got_w=$("$TFLAME" --collapse "$rec" 2> /dev/null |
	    awk '{ s += $NF } END { printf "%.0f", s }')
	check "perf report: the event count at the root ($want_w, tflame $got_w)" \
	    test -n "$want_w" -a "$got_w" = "$want_w"
	nice_n=$(printf '%s' "$want_n" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')
	got_n=$("$TFLAME" --top "$rec" 2> /dev/null |
	    sed -n '1s/^Total: .* cpu-clock, \([0-9,]*\) samples* .*/\1/p')
	check "perf report: --top's samples at the root ($nice_n, tflame $got_n)" \
	    test -n "$got_n" -a "$got_n" = "$nice_n"
	run "$TFLAME $rec"
	viewer_up
	check "perf report: the samples at the root ($want_n)" \
	    matches 22 "^all  .* cpu-clock, $nice_n samples  100.00% of all"
	keys q
	finished
fi

finish
