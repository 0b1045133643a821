#!/bin/sh
# Off-CPU time (issue #47):
#  1. --units: bcc's offcputime -f counts microseconds; --top, --tree and
#     the SVG show durations, --countname keeps the SVG's word,
#     --collapse the counts as they were.
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

finish
