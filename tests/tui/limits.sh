#!/bin/sh
# Resource limits the viewer meets before it draws: with the descriptor
# limit so low that curses cannot open the terminal description, it says
# "Too many open files" (not that it cannot draw on this terminal type),
# exits with status 1 and leaves the terminal as it was.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded

start 80 24
for lim in 4 6; do
	run "cat $small | sh -c 'ulimit -n $lim; exec $TFLAME'"
	finished
	check "ulimit -n $lim: exit status 1" exited 1
	check "ulimit -n $lim: says why" \
	    joined "tflame: cannot draw on the terminal: Too many open files"
	check "ulimit -n $lim: not a terminal type complaint" \
	    not joined "cannot draw on terminal type"
	check "ulimit -n $lim: terminal untouched" restored
	T send-keys -t t clear Enter
	wait_until not has DONE
done
# A file argument as well (the input takes a descriptor of its own).
run "sh -c 'ulimit -n 6; exec $TFLAME $small' < /dev/null"
finished
check "file, ulimit -n 6: exit status 1" exited 1
check "file, ulimit -n 6: says why" \
    joined "tflame: cannot draw on the terminal: Too many open files"

finish
