#!/bin/sh
# A Chrome .cpuprofile in the viewer (issue #52): its weights are
# microseconds, shown as durations beside the samples (the function
# table's total, the status line of a frame), never as raw numbers; a
# frame's module is its url's last part.
. "$(dirname "$0")/lib.sh" || exit 99

prof=$TESTS_DATADIR/chrome/time.cpuprofile  # 1.14 s, 6 samples

start 100 24
run "$TFLAME $prof"
viewer_up
screen
check "no raw microseconds" not grep -qE '[0-9]{6,}|[0-9],[0-9]{3},[0-9]{3}' \
    "$tmpd/screen"
check "status: the root as a duration" has '1.14 s wall-time, 6 samples'
keys t
check "table: the total as a duration" \
    matches 0 'total 1\.14 s wall-time, 6 samples'
check "table: work in ms" has '500 ms'
keys Escape
keys q
finished
check "exit 0" exited 0
check "terminal restored" restored

finish
