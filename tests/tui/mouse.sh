#!/bin/sh
# The mouse: a click selects, a click on the selected
# frame (so a double click) zooms, the wheel scrolls, a right click or a
# click on the status lines goes back a zoom; M leaves the mouse to the
# terminal's own text selection and takes it back.  The events are the
# bytes a terminal sends in xterm's normal tracking mode (ESC [ M, then
# button, column and row, each plus 32), typed into the pane with
# send-keys -l.
#
# small.folded at 80x24: main on line 20 from cell 12; eval on line 19
# from cell 12 (cells 12-47), parse from cell 48.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
deep=$DATA/deep.folded

# mouse BUTTON X Y: lib.sh's.
# click X Y: press and release the left button.
click() { mouse 0 "$1" "$2"; mouse 3 "$1" "$2"; }

# status_is NAME: the first status line starts with NAME.
status_is() { line 22 | grep -q "^$1  "; }

start 80 24
run "$TFLAME $small"
viewer_up
click 20 19
wait_until status_is eval
check "click: selects eval" status_is eval
click 50 19
wait_until status_is parse
check "click: selects parse" status_is parse
click 50 19
wait_until has "zoomed: parse"
check "click on the selection: zooms" has "zoomed: parse"
check "zoomed: parse spans the width" matches 19 '^parse *$'
mouse 2 5 5
wait_until not has "zoomed:"
check "right click: back" not has "zoomed:"
click 20 19
click 20 19
wait_until has "zoomed: eval"
check "double click: zooms" has "zoomed: eval"
click 5 23
wait_until not has "zoomed:"
check "click on the status line: back" not has "zoomed:"

keys M
check "M: says the mouse is off" has "Mouse off"
click 70 19
sleep 0.5
screen
check "M: a click does nothing" status_is eval
keys M
check "M again: on" has "Mouse on"
click 20 20
wait_until status_is main
check "M again: clicks select" status_is main
keys '?'
keys NPage
check "?: tells about M" has "mouse off (the terminal's own text selection) / on"
keys q
T send-keys -t t q
finished

# The wheel scrolls a graph deeper than the screen.
run "$TFLAME $deep"
viewer_up
check "deep: the root on the last graph line" starts 21 all
mouse 64 10 10
wait_until not starts 21 all
check "wheel up: scrolled up" not starts 21 all
check "wheel up: by three lines" starts 0 f24
check "wheel up: f03 on the last graph line" starts 21 f03
mouse 65 10 10
wait_until starts 21 all
check "wheel down: back" starts 21 all
T send-keys -t t q
finished

finish
