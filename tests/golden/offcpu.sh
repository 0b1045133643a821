#!/bin/sh
# Off-CPU time (issue #47):
#  1. --units: bcc's offcputime -f counts microseconds; --top, --tree and
#     the SVG show durations, --countname keeps the SVG's word,
#     --collapse the counts as they were;
#  2. --colors=chain on offwaketime -f stacks: target blue, waker aqua,
#     "--" grey (flamegraph.pl's chain palette) in the SVG;
#  3. --off-cpu on a recorded scheduler trace (sched.perf.gz: perf script
#     of sleepers.c under perf record -a -g -e sched:sched_switch -e
#     sched:sched_wakeup -e cpu-clock, cut to the program's events): the
#     exact folded output, each thread's total against an awk reference
#     (switch-out to switch-in), the test program's sleeps within 20%,
#     --off-cpu=MIN, --exclude of a state, a pipe, and perf.data recorded
#     here when perf can;
#  4. --hot-cold: the same recording's cpu-clock samples beside the
#     intervals, spin_50ms's 6 x 50 ms on the CPU within 35%; off-CPU
#     frames in the io palette's blues in the SVG, the others hot;
#  5. --record --off-cpu / --hot-cold: perf record's events (a stand-in
#     perf that fails as perf does without tracepoint access: what to do
#     is said), and sleepers.c recorded here (1.2 s) when perf and cc can.
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

# 3. --off-cpu
sched=$od/sched.perf.gz
run offcpu-collapse --off-cpu --collapse "$sched"
same offcpu-collapse "$tmpd/out" "$od/sched.offcpu.folded"
grep -q 'off-CPU: 191 intervals: 147 ended at their switch-in, 1 at their wakeup (no switch-in recorded), 43 at the task' "$tmpd/err" &&
    ok || bad offcpu-note "$(grep 'off-CPU' "$tmpd/err" | head -2)"
grep -q 'sched.perf.gz:8544: switched out, never seen again' "$tmpd/err" &&
    ok || bad offcpu-never "$(head -1 "$tmpd/err")"
# The reference: each switch-out of the thread to its next switch-in.
zcat "$sched" | awk '/^[^ \t]/ && / sched:sched_switch: / {
	for (i = 1; i <= NF; i++)
		if ($i ~ /^[0-9]+\.[0-9]+:$/) { t = substr($i, 1, length($i) - 1); break }
	p = $0; sub(/.* prev_pid=/, "", p); sub(/ .*/, "", p)
	n = $0; sub(/.* next_pid=/, "", n); sub(/ .*/, "", n)
	if (n in out) { sum[n] += t - out[n]; delete out[n] }
	out[p] = t
} END { printf "sleeper %.0f\nnapper %.0f\n", sum[7429] * 1e9, sum[7430] * 1e9 }' \
    > "$tmpd/want"
awk '{ split($1, a, ";"); s[a[1]] += $NF }
    END { printf "sleeper %d\nnapper %d\n", s["sleeper"], s["napper"] }' \
    "$tmpd/out" > "$tmpd/got"
same offcpu-reference "$tmpd/got" "$tmpd/want"
# sleepers.c: 4 x 300 ms asleep, and 6 x 100 ms (S: asleep, not preempted).
awk '/^sleeper;.*\[off-CPU S\] / { s += $NF } /^napper;.*\[off-CPU S\] / { n += $NF }
    END { exit !(s > 0.96e9 && s < 1.44e9 && n > 0.48e9 && n < 0.72e9) }' \
    "$tmpd/out" && ok || bad offcpu-sleeps "$(cat "$tmpd/got")"
# Durations in --top, the state frames as functions.
run offcpu-top --off-cpu --top=3 "$sched"
line offcpu-top 1 "Total: 11.16 s off-CPU, 191 samples  Event: off-CPU  Functions: 47 (top 3 by self)"
line offcpu-top 3 "6.02 s  53.96%            26  6.02 s  53.96%             26  [off-CPU S]"
# --off-cpu=MIN and --exclude of the preempted time.
run offcpu-min --off-cpu=1ms --collapse "$sched"
grep -q '12 intervals shorter than the minimum left out' "$tmpd/err" && ok ||
    bad offcpu-min "$(grep shorter "$tmpd/err")"
awk '{ n = $NF; if (n < 1000000) bad = 1 } END { exit bad }' "$tmpd/out" &&
    ok || bad offcpu-min-short "an interval under 1 ms"
run offcpu-exclude --off-cpu --exclude='\[off-CPU R\]' --collapse "$sched"
awk '/^napper/ { s += $NF } END { exit s != 608260000 }' "$tmpd/out" && ok ||
    bad offcpu-exclude "$(grep -c napper "$tmpd/out")"
# A pipe reads the same.
zcat "$sched" | "$TFLAME" --off-cpu --collapse > "$tmpd/out" 2>/dev/null
same offcpu-pipe "$tmpd/out" "$od/sched.offcpu.folded"
"$TFLAME" --off-cpu=5 --top "$sched" > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && grep -q 'takes a duration' "$tmpd/err" && ok ||
    bad offcpu-badmin "$(head -1 "$tmpd/err")"
# Damaged scheduler text (damaged.perf): a comm holding "==>", a pid past
# 32 bits, a control byte for a state, an empty state, a time past 64-bit
# nanoseconds, no fields, no CPU: messages with line numbers, exit 0, and
# the one interval that can be made.
run offcpu-damaged --off-cpu --collapse "$od/damaged.perf"
printf 'f;[off-CPU D] 1000000000\n' > "$tmpd/want"
same offcpu-damaged "$tmpd/out" "$tmpd/want"
for l in 4 6 8 12; do
	grep -q "damaged.perf:$l: sched_switch without prev_pid=" "$tmpd/err" &&
	    ok || bad "offcpu-damaged-$l" "$(grep ":$l:" "$tmpd/err")"
done
grep -q 'damaged.perf:10: sample without a time' "$tmpd/err" && ok ||
    bad offcpu-damaged-time "$(grep ':10:' "$tmpd/err")"
# perf.data through the input layer, recorded here (about 1 s) when perf
# may record the scheduler's tracepoints.
if perf record -a -g -e sched:sched_switch -e sched:sched_wakeup \
    -o "$tmpd/perf.data" -- sleep 0.2 > /dev/null 2>&1; then
	run offcpu-perfdata --off-cpu --collapse "$tmpd/perf.data"
	# sleep's nap, with whatever wait for a CPU the machine adds.
	awk '/^sleep;.*do_nanosleep.*\[off-CPU S\] / { s += $NF }
	    END { exit !(s >= 0.19e9 && s < 2e9) }' "$tmpd/out" && ok ||
	    bad offcpu-perfdata-sleep "$(grep '^sleep;' "$tmpd/out" | head -2)"
else
	echo "offcpu: perf cannot record sched:sched_switch here: perf.data not tried"
fi

# 4. --hot-cold
run hotcold --hot-cold --collapse "$sched"
awk '/spin_50ms/ && !/\[off-CPU/ { s += $NF } /\[off-CPU/ { off += $NF }
    END { exit !(s > 0.195e9 && s < 0.405e9 && off == 11158015000) }' \
    "$tmpd/out" && ok || bad hotcold-spin "$(grep -c spin_50ms "$tmpd/out")"
run hotcold-top --hot-cold --top=1 "$sched"
line hotcold-top 1 "Total: 11.47 s time, 1,432 samples  Event: time  Functions: 161 (top 1 by self)"
run hotcold-svg --hot-cold --svg=- "$sched"
grep -o '<title>[^<]*</title><rect[^>]*fill="[^"]*"' "$tmpd/out" |
    sed 's/<rect.*fill="rgb(/ /; s/)"$//' > "$tmpd/fills"
# hue NAME: "io" (r = g in 80..139, b 190..244), "hot" (r >= 205) or
# "other" for the first frame titled NAME.
hue() {
	grep -F -- "<title>$1 (" "$tmpd/fills" | head -1 | sed 's/.* //' |
	    awk -F, '{ if ($1 == $2 && $1 >= 80 && $1 < 140 && $3 >= 190 &&
		$3 < 245) print "io"; else if ($1 >= 205) print "hot";
		else print "other" }'
}
[ "$(hue '[off-CPU S]')" = io ] && ok || bad hotcold-svg-off "$(hue '[off-CPU S]')"
[ "$(hue futex_wait)" = io ] && ok || bad hotcold-svg-kernel "$(hue futex_wait)"
[ "$(hue spin_50ms)" = hot ] && ok || bad hotcold-svg-on "$(hue spin_50ms)"
[ "$(hue all)" = hot ] && ok || bad hotcold-svg-all "$(hue all)"
# An off-CPU graph alone is all blue; other input keeps the hot colours.
run offcpu-svg --off-cpu --svg=- "$sched"
grep -o '<title>[^<]*</title><rect[^>]*fill="[^"]*"' "$tmpd/out" |
    sed 's/<rect.*fill="rgb(/ /; s/)"$//' > "$tmpd/fills"
[ "$(hue all)" = io ] && [ "$(hue sleep_long)" = io ] && ok ||
    bad offcpu-svg-blue "$(hue all) $(hue sleep_long)"
run plain-svg --svg=- "$od/offcputime.folded"
grep -o '<title>[^<]*</title><rect[^>]*fill="[^"]*"' "$tmpd/out" |
    sed 's/<rect.*fill="rgb(/ /; s/)"$//' > "$tmpd/fills"
[ "$(hue do_nanosleep)" = hot ] && ok || bad plain-svg "$(hue do_nanosleep)"

# 5. --record
cat > "$tmpd/perf" <<EOF
#!/bin/sh
echo "\$*" >> "$tmpd/perf.args"
echo "event syntax error: 'sched:sched_switch'" >&2
echo "Error: No permissions to read /sys/kernel/tracing/events/sched" >&2
exit 255
EOF
chmod +x "$tmpd/perf"
PERF=$tmpd/perf "$TFLAME" --record --off-cpu --collapse -- true \
    > "$tmpd/out" 2> "$tmpd/err"
st=$?
[ "$st" -eq 1 ] && grep -q 'No permissions to read' "$tmpd/err" &&
    grep -q 'perf_event_paranoid=-1' "$tmpd/err" &&
    grep -q 'mount -t tracefs' "$tmpd/err" && ok ||
    bad record-denied "exit status $st: $(tail -2 "$tmpd/err")"
# (perf record's arguments: perf script may have started beside it, with
# its own -F, before record's failure was seen)
grep '^record ' "$tmpd/perf.args" > "$tmpd/record.args"
grep -q -- '-g -e sched:sched_switch -e sched:sched_wakeup -e sched:sched_process_exit --no-buffering' \
    "$tmpd/record.args" && ! grep -q -- ' -F ' "$tmpd/record.args" && ok ||
    bad record-args "$(head -1 "$tmpd/record.args")"
: > "$tmpd/perf.args"
PERF=$tmpd/perf "$TFLAME" --record --hot-cold --freq=997 --collapse -- true \
    > "$tmpd/out" 2> "$tmpd/err"
grep -q -- '-e sched:sched_process_exit -e cpu-clock/freq=997/ --no-buffering' \
    "$tmpd/perf.args" && ok || bad record-hotcold-args "$(head -1 "$tmpd/perf.args")"
# The test program under the real perf: its sleeps, and its spinning.
if ${CC:-cc} -O0 -g -fno-omit-frame-pointer -pthread -o "$tmpd/sleepers" \
    "$od/sleepers.c" > /dev/null 2>&1 &&
    perf record -e sched:sched_switch -o "$tmpd/p.data" -- true \
    > /dev/null 2>&1; then
	run record-hotcold --record --hot-cold --freq=997 --collapse -- \
	    "$tmpd/sleepers"
	awk '/spin_50ms/ && !/\[off-CPU/ { s += $NF }
	    /^sleeper;.*\[off-CPU S\] / { z += $NF }
	    /^napper;.*\[off-CPU S\] / { n += $NF }
	    END { printf "spin %.3f sleeper %.3f napper %.3f\n", s / 1e9,
		z / 1e9, n / 1e9
		exit !(s > 0.195e9 && s < 0.405e9 && z > 0.96e9 &&
		z < 1.44e9 && n > 0.48e9 && n < 0.72e9) }' "$tmpd/out" \
	    > "$tmpd/sums" && ok || bad record-hotcold "$(cat "$tmpd/sums")"
else
	echo "offcpu: no cc or no tracepoint access: --record not tried"
fi

finish
