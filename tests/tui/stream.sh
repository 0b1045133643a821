#!/bin/sh
# The viewer on a profile that is still arriving through a pipe: the graph
# and a progress line are drawn before the input ends, keys work while it
# pauses, q and Ctrl-C quit at once with the terminal restored, and the
# end result is the one the same profile gives from a regular file.
#
# The producer writes the first part of a perf profile, then waits for a
# file the test creates ("gate") before writing the rest, so "before the
# input ends" needs no timing: the rest is held back until the test has
# seen what it wants.
. "$(dirname "$0")/lib.sh" || exit 99

whole=$TESTS_DATADIR/corpus/flamegraph/test/perf-vertx-stacks-01.txt
part1=$tmpd/part1.perf
part2=$tmpd/part2.perf
gate=$tmpd/gate

# Cut after the first blank line (the end of a sample) past 200 kB: more
# than the 64 KiB format detection looks at, less than the whole.
cut=$(awk '{ b += length($0) + 1 } b > 200000 && /^$/ { print NR; exit }' \
    "$whole")
head -n "$cut" "$whole" > "$part1"
tail -n "+$((cut + 1))" "$whole" > "$part2"

# samples FILE: the samples tflame loads from FILE, written 1,234,567.
samples() {
	"$TFLAME" --collapse "$1" | awk '{ s += $NF } END {
		n = sprintf("%d", s); o = ""
		while (length(n) > 3) {
			o = "," substr(n, length(n) - 2) o
			n = substr(n, 1, length(n) - 3)
		}
		print n o
	}'
}
n1=$(samples "$part1")
nall=$(samples "$whole")

# status_starts NAME: the first status line starts with NAME (literally).
status_starts() {
	case "$(line 28)" in
	"$1  "*) return 0 ;;
	esac
	return 1
}

# producer: the command that writes part 1, waits for the gate, writes
# part 2 (into a closed pipe if tflame has gone: it then just ends).
producer="(cat $part1; while [ ! -e $gate ]; do sleep 0.1; done; cat $part2)"

# 100x30: the graph on lines 0-27, the status on lines 28-29.
start 100 30

# --- the graph and the progress while the input pauses ---------------------
rm -f "$gate"
run "$producer | $TFLAME"
check "progress line while the input pauses" wait_for "reading stdin: "
settle
check "progress: the samples of part 1" \
    matches 29 "^\[flame\]  reading stdin: [0-9.]* kB, $n1 cpu-clock samples, [0-9,]* stacks, [0-9.]* [kM]*B/s"
check "partial graph: the root on the last graph line" starts 27 all
check "partial graph: its counts, worded as after loading" \
    has "all  $n1 cpu-clock samples  100.00% of all"
check "partial graph: frames above the root" not matches 26 '^ *$'
keys k
check "keys work while the input pauses" not matches 28 '^all  '
keys j
check "back to the root" matches 28 "^all  $n1 cpu-clock samples"
touch "$gate"
check "the rest arrives: what was read" wait_for "read stdin: "
check "read: all the samples" has "$nall cpu-clock samples, "
# Loaded, the event is known: perf script output without periods has one
# number, the samples of that event.
check "whole graph: the root's counts" \
    has "all  $nall cpu-clock samples  100.00% of all"
check "no progress line once loaded" not has "reading stdin"
# Any key clears the message: the screen is then the one a file gives.
keys j
cp "$tmpd/screen" "$tmpd/streamed"
keys q
finished
check "q after loading: exit 0" exited 0
check "q after loading: terminal restored" restored

# --- the same profile from a regular file: the same screen ----------------
run "$TFLAME $whole"
viewer_up
check "a file gives the same screen as the pipe" same "$tmpd/streamed"
keys q
finished

# --- --threads=1: the same progress line while the input pauses ----------
# (reported missing once; one thread reads the pipe as two do.)
rm -f "$gate"
run "$producer | $TFLAME --threads=1"
check "--threads=1: progress line while the input pauses" \
    wait_for "reading stdin: "
touch "$gate"
check "--threads=1: what was read" wait_for "read stdin: "
check "--threads=1: all the samples" has "$nall cpu-clock samples, "
keys q
finished

# --- the reverse view and a search, kept up to date while loading --------
rm -f "$gate"
run "$producer | $TFLAME --reverse --search=vertx"
check "reverse: progress shown" wait_for "reading stdin: "
settle
check "reverse: the partial counts" has "all  $n1 cpu-clock samples  100.00% of all"
check "reverse: named in the status line" matches 29 '^\[reverse flame\]'
keys k
sel=$(line 28 | sed 's/  .*//')
check "reverse: k selects a frame" test -n "$sel" -a "$sel" != all
touch "$gate"
check "reverse: loaded" wait_for "read stdin: "
check "reverse: the selection kept across rebuilds" status_starts "$sel"
keys j
check "reverse: the selection is back at the root" \
    has "all  $nall cpu-clock samples  100.00% of all"
check "reverse: the search shown once loaded" has "/vertx/  Matched "
cp "$tmpd/screen" "$tmpd/rev-streamed"
keys q
finished
check "reverse: exit 0" exited 0
run "$TFLAME --reverse --search=vertx $whole"
viewer_up
keys k
keys j
check "reverse: a file gives the same screen" same "$tmpd/rev-streamed"
keys q
finished

# --- q while loading: tflame ends at once, reading no more ----------------
rm -f "$gate"
run "$producer | { $TFLAME; echo TF''EXIT=\$?; }"
check "q test: progress shown" wait_for "reading stdin: "
settle
T send-keys -t t q
check "q while loading: tflame ends before its input" wait_for TFEXIT=
check "q while loading: exit 0" has TFEXIT=0
check "q while loading: off the alternate screen" \
    test "$(T display -p -t t '#{alternate_on}')" = 0
check "q while loading: the input had not ended" not has DONE
touch "$gate"
finished
check "q while loading: terminal restored" restored

# --- Ctrl-C while loading --------------------------------------------------
# The terminal sends SIGINT to the whole pipeline; a shell around tflame
# that outlives it reports how tflame ended.  A shell drops the rest of a
# command line after SIGINT, so the settings are read by a line of their own.
rm -f "$gate"
T send-keys -t t "clear; stty -g > $tmpd/stty.before; $producer | " \
    "sh -c 'trap : INT; $TFLAME; echo TF''EXIT=\$?'" Enter
check "Ctrl-C test: progress shown" wait_for "reading stdin: "
settle
T send-keys -t t C-c
check "Ctrl-C while loading: tflame ends" wait_for TFEXIT=
check "Ctrl-C while loading: ends by SIGINT" has TFEXIT=130
touch "$gate"
T send-keys -t t "stty -g > $tmpd/stty.after; echo DO''NE" Enter
finished
check "Ctrl-C while loading: terminal restored" restored

finish
