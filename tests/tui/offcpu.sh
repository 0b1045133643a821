#!/bin/sh
# Off-CPU graphs in the viewer (issue #47): --units=us words the status
# line's numbers as durations.
. "$(dirname "$0")/lib.sh" || exit 99

od=$TESTS_DATADIR/offcpu

start 120 24
# --units=us: the selected frame's time, not a raw count.
run "$TFLAME --units=us $od/offcputime.folded"
viewer_up
check "units: the total as a duration" has "1.84 s time"
keys q
finished

finish
