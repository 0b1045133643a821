#!/bin/sh
# The heat map screen (`H`, #53): FlameScope's map of
# tests/data/time/perf.test01, whose five samples' frames name their cell
# (STACK-2_at_time_10s_and_offset_200ms: second 10, 200 ms), in 256
# colours, 8 colours and NO_COLOR at 80x24 and 200x60; a range picked with
# Enter, Enter is what the graph then shows; b and a second range compare
# the two; Esc drops the range; / tints the cells that match.
. "$(dirname "$0")/lib.sh" || exit 99

p01=$TESTS_DATADIR/time/perf.test01

# colour N: screen line N with its escapes (capture-pane -e).
colour() { T capture-pane -p -e -t t | sed -n "$(($1 + 1))p"; }

# ats: how many '@' (the character ramp's top) the map shows (below the
# title and the totals).
ats() { sed 1,2d "$tmpd/screen" | tr -cd '@' | wc -c; }

# keyn N KEY: KEY N times, then wait for the screen.
keyn() {
	k=0
	while [ "$k" -lt $(($1 - 1)) ]; do
		T send-keys -t t "$2"
		k=$((k + 1))
	done
	keys "$2"
}

start 80 24
# An input without times: said in the status line, no screen.
run "$TFLAME $DATA/small.folded"
viewer_up
keys H
check "folded: no times said" has "no sample times"
check "folded: still the graph" has "[flame]"
keys q
finished

# 256 colours, 80x24: 42 seconds, two 20 ms rows a cell row.
run "$TFLAME $p01"
viewer_up
keys H
check "256: the map's title" has "Heat map  42 s  40 ms rows  linear"
check "256: seconds on the axis" matches 15 '^   s 0    5    10   15'
check "256: idle samples left out, counted" has "4 idle left out"
check "256: no true colour without COLORTERM" not eval \
    'T capture-pane -p -e -t t | grep -q "8;2;"'
check "256: the totals of second 0 red" eval \
    'colour 1 | grep -q "48;5;124m"'
# 100 ms of second 0 is the lower half of the second line from the bottom.
check "256: the sample of second 0 red" eval 'colour 13 | grep -q "48;5;124m"'
check "256: nothing red below it" not eval 'colour 14 | grep -q "5;124m"'
check "256: half blocks" eval 'line 13 | grep -q "▀▀▀"'
keys L
check "256: L: log scale" has "log scale"
keys i
check "256: i: idle counted" not has "idle left out"
keys i
keyn 10 l
keyn 5 k
check "256: cursor on the cell, its top function" \
    has "10 s +200 ms  1 samples"
check "256: its top function named" has "top: STACK-2_at_time_10s"
keys q
check "256: q: back to the graph" has "? help"
keys q
finished

# True colour (COLORTERM=truecolor): the map and the totals in 24-bit
# colour, the ramp's top #E50914 where second 0's sample is; the status
# line still curses'; without COLORTERM, none (above: 256 colours).
run "COLORTERM=truecolor $TFLAME $p01"
viewer_up
keys H
check "truecolor: the totals of second 0" eval \
    'colour 1 | grep -q "48;2;229;9;20m"'
check "truecolor: the sample of second 0" eval \
    'colour 13 | grep -q "48;2;229;9;20m"'
check "truecolor: no 256-colour cell in the map" not eval \
    'T capture-pane -p -e -t t | sed -n 2,15p | grep -q "8;5;"'
keys l
check "truecolor: the cursor moved, still 24-bit" eval \
    'colour 14 | grep -q "38;2;0;0;0m"'
keys q q
finished

# The mouse at 80x24 (half blocks: a line holds two cell rows of 20 ms
# rows grouped by two): second 10 is column 15; line 12 holds 160 ms
# (lower) and 200 ms (upper).
run "$TFLAME $p01"
viewer_up
keys H
mouse 0 15 12
mouse 3 15 12
wait_until has "10 s +160 ms"
check "mouse: a click moves the cursor to the cell" has "10 s +160 ms  0"
keys k
mouse 0 15 12
mouse 3 15 12
wait_until has "Enter: end of the range"
check "mouse: a click on the cursor's cell is Enter" \
    has "10 s +200 ms  1 samples  Enter: end of the range"
keys Escape
keys g
mouse 0 15 12
mouse 3 35 12
wait_until has "time 10.16-30.20 s"
check "mouse: a drag picks the range" has "time 10.16-30.20 s"
check "mouse: the drag's range holds STACK-2" has "STACK-2_at_time_10s"
check "mouse: and STACK-3" has "STACK-3_at_time_20s"
check "mouse: not STACK-4" not has "STACK-4_at"
keys H
check "mouse: H again, the cursor where the drag ended" has "30 s +160 ms"
keys q q
finished

# 8 colours and NO_COLOR: the character ramp, a cell row a line.
for mode in 8 mono; do
	case $mode in
	8) env="TERM=xterm" ;;
	mono) env="NO_COLOR=1" ;;
	esac
	run "$env $TFLAME $p01"
	viewer_up
	keys H
	check "$mode: one '@' per sample cell" eval '[ "$(ats)" -eq 5 ]'
	check "$mode: 60 ms rows" has "60 ms rows"
	check "$mode: no 256-colour escapes" not eval \
	    'T capture-pane -p -e -t t | grep -q "5;124m"'
	keys q q
	finished
done

# 200x60: a row a half line; pick second 10 at 200 ms to second 20 at
# 300 ms: the graph holds those two samples' stacks and no other.
start 200 60
run "$TFLAME $p01"
viewer_up
keys H
check "200x60: 20 ms rows" has "Heat map  42 s  20 ms rows"
check "200x60: the top line's offset" matches 2 '^ 960 '
keyn 10 l
keyn 10 k
keys Enter
check "200x60: the start marked" has "Enter: end of the range"
keyn 10 l
keyn 5 k
keys Enter
check "200x60: the range in the breadcrumb" has "time 10.20-20.32 s"
check "200x60: STACK-2 in the range" has "STACK-2_at_time_10s"
check "200x60: STACK-3 in the range" has "STACK-3_at_time_20s"
check "200x60: STACK-1 not" not has "STACK-1_at"
check "200x60: STACK-4 not" not has "STACK-4_at"
keys t
check "t: the table of the range" has "STACK-3_at_time_20s"
check "t: no other second's" not has "STACK-5_at"
keys t
# ]: the range moved on by its width: seconds 20 to 30.
keys H
keys ']'
keys H
check "]: the range moved" has "time 20.32-30.44 s"
check "]: STACK-4 in it" has "STACK-4_at_time_30s"
check "]: STACK-2 not" not has "STACK-2_at"
# b: the baseline; then second 40 against it: red and blue.
keys H
check "H again: the cursor kept on its cell" has "20 s +300 ms"
keys b
check "b: said" has "Baseline marked"
keys g
keyn 20 j
keyn 40 l
keyn 25 k
keys Enter
keys Enter
check "b: the comparison in the breadcrumb" \
    has "time 40.500-40.520 s vs 20.32-30.44 s"
check "b: AFTER's frame shown" has "STACK-5_at_time_40s"
keys g
check "b: the new leaf red" eval 'colour 0 | grep -q "48;5;196m"'
keys w
keys g
check "b, w: the gone leaves blue" eval \
    'T capture-pane -p -e -t t | grep -q "48;5;21m"'
keys H
keys Escape
check "Esc: the range dropped" has "Range dropped"
keys H
check "Esc: every sample again" has "_0s_and_offset_100ms"
check "Esc: no breadcrumb" not has "time 40.500"
# /: the cells holding a match tinted magenta.
keys H
keys /
T send-keys -t t "STACK-4" Enter
sleep 0.5
settle
check "/: the matching cell magenta" eval \
    'T capture-pane -p -e -t t | grep -q "5;127m"'
keys Escape
keys q
finished

# --time on the command line: the viewer opens on that range, which the
# map then shows and Esc drops (the whole recording is still there).
run "$TFLAME --time=10.2-20.32 $p01"
viewer_up
check "--time: the range in the breadcrumb" has "time 10.20-20.32 s"
check "--time: STACK-2 in the range" has "STACK-2_at_time_10s"
check "--time: STACK-1 not" not has "STACK-1_at"
keys H
check "--time: H opens the map" has "Heat map  42 s"
check "--time: not said to have no times" not has "no sample times"
keys Escape
check "--time: Esc drops the range" has "Range dropped"
keys H
check "--time: then every sample" has "_0s_and_offset_100ms"
keys q
finished
finish
