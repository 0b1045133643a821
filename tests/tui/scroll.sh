#!/bin/sh
# Scrolling a zoomed graph: PgUp, PgDn, g and G scroll; they
# move the selection only when it would leave the screen, and then to the
# nearest frame of the zoomed subtree on the screen, never onto a dimmed
# caller.
#
# rec.folded, made here: one stack 600 frames deep, f000 (the root's
# child) to f599, 10 samples.  Zoomed to f300 at 80x24 (22 graph lines, a
# page is 21), the flame view shows f317 (line 0) down to f300 (line 17),
# three callers and the "... 298 callers" line.
. "$(dirname "$0")/lib.sh" || exit 99

rec=$tmpd/rec.folded
i=0
s=
while [ "$i" -lt 600 ]; do
	s="$s${s:+;}$(printf 'f%03d' "$i")"
	i=$((i + 1))
done
echo "$s 10" > "$rec"

# status_name N NAME: status line N names NAME.
status_name() { line "$1" | grep -q "^$2  "; }

start 80 24
run "$TFLAME $rec"
viewer_up
T send-keys -t t -N 301 k
check "301 k: f300 selected" wait_until status_name 22 f300
keys Enter
check "zoomed: f300 on line 17" starts 17 f300

# --- flame ----------------------------------------------------------------
keys PPage
check "PgUp: scrolled a page, f317 on the last line" starts 21 f317
check "PgUp: f300 left the screen, f317 is selected" status_name 22 f317
keys NPage
check "PgDn: back" starts 17 f300
check "PgDn: f317 still on the screen, still selected" status_name 22 f317
keys_quiet NPage
check "PgDn at the bottom: nothing moves" status_name 22 f317
keys g
check "g: the top of the picture" starts 0 f599
check "g: the nearest frame of the subtree, on the last line" \
    status_name 22 f578
keys G
check "G: the bottom" starts 17 f300
check "G: the selection moved to the first line" status_name 22 f317
keys j
T send-keys -t t -N 17 j
check "18 j: a caller, f299" wait_until status_name 22 f299
keys PPage
check "PgUp from a caller: into the subtree, not a caller" \
    status_name 22 f317

# A graph area of 4 lines: G shows only callers; the selection stays.
T resize-window -t t -x 80 -y 5
check "80x5: f317 shown" wait_until status_name 4 f317
keys G
check "80x5 G: only callers on the screen" starts 3 "\\.\\.\\."
check "80x5 G: the selection is not moved onto a caller" \
    status_name 4 f317
T resize-window -t t -x 80 -y 24
check "80x24 again" wait_until status_name 22 f317

# --- icicle ---------------------------------------------------------------
keys i
check "icicle: f317 selected" status_name 22 f317
check "icicle: the fold on line 0" starts 0 "\\.\\.\\."
keys G
check "icicle G: f599 on the last line" starts 21 f599
check "icicle G: the nearest frame, on the first line" \
    status_name 22 f578
keys g
check "icicle g: the top again" starts 4 f300
check "icicle g: the selection on the last line" status_name 22 f317
keys k k k k k k k k k k k k k k k k k k
check "icicle: k 18 times, a caller" status_name 22 f299
keys G
check "icicle G from a caller: a frame of the subtree" \
    status_name 22 f578
keys q
finished
check "q: terminal restored" restored

finish
