#!/bin/sh
# The time order screen (`O`, #49) on tests/data/time/order.perf: thread
# 4242 runs phase_a 300 ms, phase_b 300 ms, phase_a 100 ms, thread 4243
# work_x for 200 ms.  Two lanes named by thread, the phases one row in
# order with widths 3:3:1, moving, zooming, panning, one lane alone, the
# interval handed to the graph; at 80x24 and 200x60, 256 colours and
# NO_COLOR; from the heat map; an input without times.
. "$(dirname "$0")/lib.sh" || exit 99

p=$TESTS_DATADIR/time/order.perf

# col WORD N: the column where WORD starts on screen line N.
col() { line "$2" | awk -v w="$1" '{ i = index($0, w); print i - 1 }'; }
# col2 WORD N: the column of WORD's second appearance on line N.
col2() {
	line "$2" | awk -v w="$1" '{ i = index($0, w); j = index(substr($0,
	    i + 1), w); print i + j - 1 }'
}

start 80 24
run "$TFLAME $DATA/small.folded"
viewer_up
keys O
check "folded: no times said" has "no sample times"
check "folded: still the graph" has "[flame]"
keys q
finished

for mode in 256 mono; do
	case $mode in
	256) env="" ;;
	mono) env="NO_COLOR=1" ;;
	esac
	run "$env $TFLAME $p"
	viewer_up
	keys O
	check "$mode: the title" has "Time order  700 ms shown  2 lanes"
	check "$mode: the axis in ms" matches 1 '^|0 ms .*|200 ms .*|600 ms'
	check "$mode: lane 1 named by its thread" matches 2 \
	    'phases 4242  70 samples'
	check "$mode: the phases in order" matches 6 \
	    '^phase_a  *phase_b  *phase_a'
	# 80 cells for 700 ms: phase_b at 300 ms, phase_a again at 600 ms.
	check "$mode: phase_b at 3/7" eval '[ "$(col phase_b 6)" -eq 34 ]'
	check "$mode: phase_a at 6/7" eval '[ "$(col2 phase_a 6)" -eq 69 ]'
	check "$mode: lane 2 named by its thread" matches 7 \
	    'phases 4243  20 samples'
	check "$mode: lane 2's own function" matches 11 '^ work_x'
	check "$mode: its 200 ms, then the gap" eval \
	    '[ "$(line 11 | sed "s/ *\$//" | wc -c)" -le 25 ]'
	if [ $mode = mono ]; then
		check "mono: no colour escapes" not eval \
		    'T capture-pane -p -e -t t | grep -q "38;5;"'
	fi
	keys q
	keys q
	finished
done

run "$TFLAME $p"
viewer_up
keys O
keys j j j
check "j: the callee at the middle: phase_b" \
    has "phase_b  start 300 ms  300 ms  30 samples"
keys h
check "h: the bar before" has "phase_a  start 0 ms  300 ms  30 samples"
keys l l
check "l: the last phase" has "phase_a  start 600 ms  100 ms  10 samples"
keys h
keys Enter
check "Enter: the bar's time" has "Time order  300 ms shown"
check "Enter: phase_b fills the row" matches 6 '^phase_b *$'
check "Enter: the axis from 300 ms" matches 1 '^|300 ms'
keys +
check "+: half as long" has "150 ms shown"
keys -
check "-: twice" has "300 ms shown"
keys '>'
check ">: panned a quarter on" not matches 1 '^|300 ms'
check ">: phase_a comes in on the right" matches 6 'phase_b  *phase_a'
keys BSpace BSpace
check "Bksp: back to the interval before" has "300 ms shown"
keys BSpace
check "Bksp: back to the whole" has "700 ms shown"
keys BSpace
check "Bksp at the first: said" has "At the first interval"
keys j
check "j past the bottom: lane 2" has "phases  start 5 ms  200 ms"
keys a
check "a: one lane" has "one shown (a: all)"
check "a: lane 1 gone" not has "phases 4242"
keys a
check "a again: both" has "phases 4242"
keys '?'
check "?: the help's keys" has "the selected lane alone"
keys q
keys k
check "k past the top: lane 1, its leaf at that time" \
    has "phase_a  start 0 ms  300 ms"
keys l
keys Enter
keys O
check "O: the graph shows the interval" has "time 0.300-0.600 s"
check "O: phase_b in it" has "phase_b"
check "O: phase_a not" not has "phase_a"
keys q
finished

# 200x60, from the heat map (its range: none, the whole), 256 colours
# and NO_COLOR.
start 200 60
for env in "" "NO_COLOR=1"; do
	run "$env $TFLAME $p"
	viewer_up
	keys H
	keys O
	check "200x60 $env: from the map" has "Time order  700 ms shown"
	check "200x60 $env: phase_b at 3/7" eval '[ "$(col phase_b 6)" -eq 86 ]'
	check "200x60 $env: phase_a at 6/7" eval \
	    '[ "$(col2 phase_a 6)" -eq 171 ]'
	check "200x60 $env: finer ticks" matches 1 '|50 ms'
	check "200x60 $env: lane 2" matches 7 'phases 4243  20 samples'
	keys q
	check "200x60 $env: q: back to the graph" has "[flame]"
	keys q
	finished
done
check "terminal restored" restored

finish
