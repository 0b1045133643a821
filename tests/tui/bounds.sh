#!/bin/sh
# Issue #51 in the viewer: nothing hangs, nothing balloons.
#   - "/" with a backtracking pattern over 20,000 names: the viewer keeps
#     reading keys while it searches (Esc cancels it, the search before
#     stays; q quits), and left alone it ends within its budget (3 s) and
#     says how many names it gave up on;
#   - "#" on a frame whose name is 8 MB searches for that name at once
#     (it was quoted into a 48 MB regex: seconds, then "regular expression
#     is too large").
# The command line's side is tests/golden/bounds.sh.
. "$(dirname "$0")/lib.sh" || exit 99

bomb=$tmpd/bomb.folded
awk 'BEGIN {
	for (i = 0; i < 20000; i++)
		printf "main;f%d_aaaaaaaaaaaaaaaaaaaaaaaaaaaa! 1\n", i
	printf "other;zzz 20000\n"
}' > "$bomb"

# --- the search answers keys while it runs --------------------------------
start 100 24
run "$TFLAME $bomb"
viewer_up
# A search first, to see that it stays when the next one is cancelled.
keys / z z z Enter
check "a cheap search" has "/zzz/  Matched 50.00% of all"
T send-keys -t t / '(a+)+$' Enter
check "a long search says so" wait_for "Searching... (Esc cancels" 30
T send-keys -t t Escape
check "Esc cancels it" wait_for "Search cancelled: the search before stays." 20
keys k
check "the search before stays" wait_for "/zzz/  Matched 50.00% of all" 30

# Left alone, it ends within its budget and counts what it gave up on.
T send-keys -t t / '(a+)+$' Enter
check "a long search ends within its budget (3 s + 10 s)" \
    wait_for "The pattern gave up on " 130
check "... saying why" has "too costly: PCRE2's match limit"
keys j
check "... and what gave up counts as not matching" has "no match"

# q while it runs: the viewer quits then, not after it.
T send-keys -t t / '(a+)+$' Enter
check "searching again" wait_for "Searching... (Esc cancels" 30
T send-keys -t t q
check "q quits during a search" finished
check "exit status 0" exited 0
check "terminal restored" restored

# --- # on an 8 MB name ----------------------------------------------------
huge=$tmpd/huge.folded
awk 'BEGIN {
	s = "x(.*)"
	while (length(s) < 8388608)
		s = s s
	printf "big;%s 60\nother 40\n", s
}' > "$huge"
start 200 24
run "$TFLAME $huge"
check "the viewer shows the 8 MB name" wait_for "? help" 300
settle
keys k k
keys '#'
check "#: an 8 MB name found at once" \
    wait_for "Matched 60.00% of all  1/1 frame" 100
check "#: no regex built from it" not has "too large"
check "#: the frame searched is the 8 MB one" has "[flame]  /x(.*)x(.*)"
T send-keys -t t q
check "quits" finished

finish
