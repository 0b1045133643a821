#!/bin/sh
# What the viewer asks of the system, counted with strace: a screen goes to
# the terminal in one write, not one per cursor move (about 40 for a
# screen with ncurses 6.4 before its screen has been suspended once).  Skipped where
# strace is missing or cannot trace (a container without ptrace).
. "$(dirname "$0")/lib.sh" || exit 99

if ! command -v strace > /dev/null 2>&1; then
	echo "$NAME: SKIP: strace not found"
	exit 77
fi
if ! strace -o /dev/null true > /dev/null 2>&1; then
	echo "$NAME: SKIP: strace cannot trace here"
	exit 77
fi

sample=$TESTS_DATADIR/corpus/flamegraph/test/perf-funcab-cmd-01.txt
start 100 30

# --- a screen, one write ----------------------------------------------------
# writes: the trace's writes to the terminal (descriptor 1).
writes() { grep -c '^write(1,' "$tmpd/trace"; }
run "strace -o $tmpd/trace -e trace=write $TFLAME $TESTS_DATADIR/../../data/perl-regex.perf"
viewer_up
keys j
keys j
keys k
keys r
keys r
keys q
finished
check "writes: exit 0" exited 0
# Six screens (the first, five keys), set-up and the end: 12 writes.
# Before: 69.
n=$(writes); echo "$NAME: $n writes"
check "writes: $n to the terminal for six screens" [ "$n" -le 20 ]

finish
