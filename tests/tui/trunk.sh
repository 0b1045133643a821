#!/bin/sh
# A long trunk folds into one line: unzoomed, the frames from the root up
# that each hold nearly all of their parent's width (an interpreter's
# start-up frames) are drawn, beyond the first two and the last two, as
# one "… N frames" line when the graph is taller than the screen; the
# selection still steps through them, Enter on the line or e unfolds it,
# e folds it again; the icicle view and the mouse too, ASCII under C.
#
# trunk.folded, made here: all;py;start;main;Py_Main;run;eval;call then
# a (60) and b (40), and xside (3) beside Py_Main: two cells at 80
# columns, so main's widest child has 97% of it and the trunk goes on.
# Rows 0-7 are the trunk; rows 2-5 (start, main, Py_Main, run) fold.  At
# 80x10 (8 graph lines, 9 rows) the flame view shows, from line 7 up:
# all, py, the fold, eval, call, a and b.
. "$(dirname "$0")/lib.sh" || exit 99

json=$(cd "$(dirname "$0")/../.." && pwd)/data/python-json.perf.gz
trunk=$tmpd/trunk.folded
printf '%s\n' 'py;start;main;Py_Main;run;eval;call;a 60' \
    'py;start;main;Py_Main;run;eval;call;b 40' \
    'py;start;main;xside 3' > "$trunk"

# status N NAME: status line N starts with the name NAME.
status() { line "$1" | grep -q "^$2  "; }
# chr N: the byte N; click X Y: a left click at cell (X, Y), 0-based, as
# xterm's normal mouse tracking sends it (tests/tui/mouse.sh).
chr() { printf "\\$(printf %o "$1")"; }
click() {
	for b in 0 3; do
		T send-keys -t t -l "$(printf '\033[M')$(chr $((32 + b)))$(chr $((33 + $1)))$(chr $((33 + $2)))"
	done
}

start 80 10
run "$TFLAME $trunk"
viewer_up
check "flame: the trunk's middle folded into one line" \
    matches 5 '^… 4 frames (Enter, e: unfold)'
check "flame: two frames kept at each end" \
    eval 'starts 7 all && starts 6 py && starts 4 eval && starts 3 call'
check "flame: the content above it" eval 'starts 2 a && matches 2 " b$"'
check "flame: the folded frames and the narrow one beside them not drawn" \
    eval 'not has Py_Main && not has xside && not has start'
keys k k
check "k into the fold: its first frame selected, named" status 8 start
check "k into the fold: still folded" matches 5 '^… 4 frames'
keys k k
check "k: one folded frame at a time" status 8 Py_Main
keys Enter
check "Enter on the fold: unfolded" eval 'has Py_Main && not has "frames"'
check "Enter on the fold: not a zoom" \
    eval 'status 8 Py_Main && not has "zoomed:"'
keys e
check "e: folded again" matches 5 '^… 4 frames'
keys i
check "icicle: folded too" \
    eval 'starts 0 all && starts 1 py && matches 2 "^… 4 frames"'
keys e
check "icicle: e unfolds" eval 'has Py_Main && not has frames'
keys e
keys k k k k
check "icicle k: back to the root" status 8 all
click 40 2
wait_until status 8 start
check "click on the fold: its first frame selected" status 8 start
click 40 2
wait_until has Py_Main
check "click on the selected fold: unfolded" eval 'has Py_Main && not has frames'
keys e i
check "folded again" matches 5 '^… 4 frames'
keys j Enter
check "Enter on py: zoomed" has "zoomed: py"
check "zoomed: no trunk folded (the zoom shows its frames)" \
    eval 'has Py_Main && not has frames'
keys e
check "zoomed: e says nothing is folded" has "e: no long trunk"
keys q
finished
check "q: terminal restored" restored

run "LC_ALL=C $TFLAME $trunk"
viewer_up
check "C locale: ASCII ellipsis" matches 5 '^\.\. 4 frames'
keys q
finished

# A chain to its leaf (one stack, 20 frames at 80x10) is not folded:
# there is nothing above it to make room for.
printf 'c01;c02;c03;c04;c05;c06;c07;c08;c09;c10;c11;c12;c13;c14;c15;c16;c17;c18;c19;c20 5\n' \
    > "$tmpd/chain.folded"
run "$TFLAME $tmpd/chain.folded"
viewer_up
check "a chain to its leaf: not folded" \
    eval 'starts 7 all && starts 6 c01 && starts 5 c02 && not has frames'
keys q
finished

# Room for every row: nothing folded.
start 80 24
run "$TFLAME $trunk"
viewer_up
check "80x24: every row fits, nothing folded" \
    eval 'has Py_Main && not has frames'
keys q
finished

# python-json at 80x24: all, python3, 15 interpreter frames folded,
# _PyEval_EvalFrameDefault and _PyObject_MakeTpCall (86% of the one
# below), then the JSON encoder's frames up to the float formatting,
# which did not fit before (rows 0-21 did: 19 of them the trunk).
if [ -f "$json" ]; then
	run "$TFLAME $json"
	viewer_up
	check "python-json: 15 frames folded above python3" \
	    eval 'matches 20 " python3" && matches 19 "^… 15 frames"'
	check "python-json: the trunk's last two frames kept" eval \
	    'matches 18 " _PyEval_EvalFrameDefault" && matches 17 " _PyObject_MakeTpCall"'
	check "python-json: the float formatting on the first screen" \
	    has format_float_short
	keys q
	finished
fi

finish
