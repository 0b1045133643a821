#!/bin/sh
# Off-CPU time (issue #47):
#  1. --units: bcc's offcputime -f counts microseconds; --top, --tree and
#     the SVG show durations, --countname keeps the SVG's word,
#     --collapse the counts as they were;
#  2. --colors=chain on offwaketime -f stacks: target blue, waker aqua,
#     "--" grey (flamegraph.pl's chain palette) in the SVG.
. "$(dirname "$0")/lib.sh" || exit 99

od=$TESTS_DATADIR/offcpu

# run NAME ARGS...: tflame ARGS > $tmpd/out, exit status 0.
run() {
	name=$1
	shift
	"$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err" ||
	    bad "$name" "exit status $? $(head -2 "$tmpd/err")"
}

# line NAME N EXPECTED: line N of $tmpd/out is EXPECTED.
line() {
	got=$(sed -n "$2p" "$tmpd/out")
	[ "$got" = "$3" ] && ok || bad "$1" "line $2: '$got'"
}

# has NAME TEXT: $tmpd/out holds the fixed string TEXT.
has() {
	grep -F -q -- "$2" "$tmpd/out" && ok || bad "$1" "no '$2'"
}

# 1. --units
run units-top --units=us --top=4 "$od/offcputime.folded"
line units-top 1 "Total: 1.84 s time  Event: time (us)  Functions: 26 (top 4 by self)"
line units-top 3 "1.84 s  100.00%   1.84 s  100.00%  finish_task_switch.isra.0"
line units-top 6 "   0 s    0.00%  35.0 ms    1.91%  __libc_read"
run units-tree --units=us --tree "$od/offcputime.folded"
line units-tree 1 "Total: 1.84 s time  Event: time (us)  (call tree, frames of 1% of the total or more)"
run units-ms --units=ms --top=1 "$od/offcputime.folded"
line units-ms 1 "Total: 1836.51 s time  Event: time (ms)  Functions: 26 (top 1 by self)"
run units-bytes --units=bytes --top=1 "$od/offcputime.folded"
line units-bytes 1 "Total: 1.75 MiB  Event: bytes  Functions: 26 (top 1 by self)"
run units-samples --units=samples --top=1 "$od/offcputime.folded"
line units-samples 1 "Total: 1836512  Functions: 26 (top 1 by self)"
run units-svg --units=us --svg=- "$od/offcputime.folded"
has units-svg "<title>dd (35.0 ms time, 1.91%)</title>"
run units-countname --units=us --countname=us --svg=- "$od/offcputime.folded"
has units-countname "<title>dd (35,000 us, 1.91%)</title>"
run units-collapse --units=us --collapse "$od/offcputime.folded"
has units-collapse "finish_task_switch.isra.0 35000"
"$TFLAME" --units=minutes --top "$od/offcputime.folded" > "$tmpd/out" \
    2> "$tmpd/err"
st=$?
[ "$st" -eq 2 ] && grep -q -- '--units takes samples' "$tmpd/err" && ok ||
    bad units-bad "exit status $st: $(head -1 "$tmpd/err")"

# 2. --colors=chain on offwaketime -f: the fills flamegraph.pl
# --colors=chain gives (checked against it), but for the waker's "-"
# between its kernel and user frames, which stays grey here (flamegraph.pl
# renames it "-_[w]" and draws it aqua).
run chain-svg --colors=chain --svg=- "$od/offwaketime.folded"
grep -o '<title>[^<]*</title><rect[^>]*fill="[^"]*"' "$tmpd/out" |
    sed 's/<rect.*fill=/ fill=/' > "$tmpd/fills"
# fill NAME TITLE RGB: the frame TITLE is filled with RGB.
fill() {
	grep -F -q -- "<title>$2</title> fill=\"rgb($3)\"" "$tmpd/fills" && ok ||
	    bad "$1" "$(grep -F -- "<title>$2" "$tmpd/fills" | head -2)"
}
fill chain-target "main (1,199,870 samples, 96.14%)" "126,126,243"
fill chain-target2 "do_nanosleep (1,199,870 samples, 96.14%)" "137,137,253"
fill chain-sep "-- (1,199,870 samples, 96.14%)" "160,160,160"
fill chain-waker "hrtimer_wakeup (1,199,870 samples, 96.14%)" "81,194,194"
fill chain-waker-comm "swapper/1 (1,199,870 samples, 96.14%)" "101,212,212"
fill chain-waker-main "main (48,211 samples, 3.86%)" "71,184,184"
fill chain-waker-dash "- (48,211 samples, 3.86%)" "200,200,200"
has chain-bg 'stop-color="#e0e0ff"'
# Without --colors=chain the same names keep the hot palette.
run chain-hot --svg=- "$od/offwaketime.folded"
grep -F -q 'main (1,199,870 samples, 96.14%)</title><rect' "$tmpd/out" &&
    ! grep -q 'fill="rgb(126,126,243)"' "$tmpd/out" && ok ||
    bad chain-hot "blue without --colors=chain"

finish
