#!/bin/sh
# The frames behind a "+" bar: the bar is selectable, the
# status line counts what it stands for, Enter lists those frames heaviest
# first, and choosing one zooms to it.
#
# many.folded (6,200 samples), made here:
#   all 6200
#   |- init 200
#   `- main 6000
#      |- a_big 1000
#      `- handler_001 .. handler_500, 10 each (5000): under a cell each
#         at 80 columns, drawn as one "+" bar; handler_300 has 12.
. "$(dirname "$0")/lib.sh" || exit 99

many=$tmpd/many.folded
{
	echo "init 200"
	echo "main;a_big 1000"
	i=1
	while [ "$i" -le 500 ]; do
		if [ "$i" -eq 300 ]; then n=12; else n=10; fi
		printf 'main;handler_%03d %d\n' "$i" "$n"
		i=$((i + 1))
	done
} > "$many"

# status_is TEXT: the first status line (80x24: line 22) is TEXT.
status_is() { [ "$(line 22 | sed 's/ *$//')" = "$1" ]; }

start 80 24
run "$TFLAME $many"
viewer_up
keys k k
check "k k: the widest real child of main" \
    status_is "a_big  1,000 samples  16.12% of all  self 1,000"
check "the + bar is drawn right of a_big" matches 19 '^ *a_big *+ *$'
keys l
check "l stops on the + bar: frames and their total" \
    status_is "+ 500 frames  5,002 samples  80.65% of all"
keys_quiet l
check "l again: nothing further right" \
    status_is "+ 500 frames  5,002 samples  80.65% of all"
keys '#'
check "# on the + bar: a note, no search" has "a + bar stands for several"
keys h
check "h: back to a_big" \
    status_is "a_big  1,000 samples  16.12% of all  self 1,000"
keys l Enter
check "Enter on +: the list's title" \
    matches 0 '^500 frames behind the + bar under main, heaviest first'
check "the list: the heaviest first" \
    matches 2 '^ *12 *0\.19% *handler_300 *$'
check "the list: equal ones in graph order" \
    matches 3 '^ *10 *0\.16% *handler_001 *$'
check "the list: one row selected" \
    has "1/500"
T send-keys -t t -N 199 j
check "199 down: the 200th frame" wait_for "200/500"
check "the 200th is handler_199 (handler_300 came first)" \
    matches 22 '^ *10 *0\.16% *handler_199 *$'
keys Enter
check "Enter: the graph, zoomed to the chosen frame" \
    status_is "handler_199  10 samples  0.16% of all  100.00% of zoom  self 10"
check "the zoomed frame spans the full width" matches 19 '^handler_199 *$'
check "its callers below it" matches 20 '^main *$'
check "zoomed: says so" has "zoomed: handler_199"
keys u
check "u: back to the graph before" \
    status_is "+ 500 frames  5,002 samples  80.65% of all"
# Keys that come together are all read before the next draw: the cursor
# stays on a row through them (j past the last frame, then Enter, at once).
keys Enter
keys G
check "G: the last frame" wait_for "500/500"
T send-keys -t t -l "$(printf 'jj\r')"
check "j j Enter at once: zoomed to the last frame" \
    wait_for "zoomed: handler_500"
keys u
keys Enter
keys Escape
check "Esc in the list: back to the graph" \
    status_is "+ 500 frames  5,002 samples  80.65% of all"
keys j
check "j from +: the parent" \
    status_is "main  6,002 samples  96.78% of all  self 0"
keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored

finish
