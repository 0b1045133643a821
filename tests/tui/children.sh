#!/bin/sh
# The live viewer (--record) and perf's children that misbehave, with a
# fake perf of this test's own ($PERF): `perf script` is cat, `perf record` does what FAKE says.
# Every case ends within 10 s of its bound, with its message, the
# terminal restored and no process left behind.
. "$(dirname "$0")/lib.sh" || exit 99

sample=$TESTS_DATADIR/corpus/flamegraph/test/perf-funcab-cmd-01.txt
tag=tflame-chtui-$$
gate=$tmpd/gate
cat > "$tmpd/perf" <<EOF
#!/bin/sh
case "\$1" in
script)	if [ "\${FAKE:-}" = lost ]; then
		printf 'Warning:\nProcessed 8473 events and lost 22 chunks!\n\nCheck IO/CPU overload!\n\n' >&2
	fi
	exec cat ;;
esac
cin= cout=
for a; do
	case "\$a" in
	--control=fd:*) c=\${a#--control=fd:}; cin=\${c%,*}; cout=\${c#*,} ;;
	esac
done
ack() { [ -n "\$cin" ] && eval "read x <&\$cin; echo ack >&\$cout"; }
case "\${FAKE:-}" in
deaf)	# records, ends its output, then ignores every polite signal
	ack
	cat "$sample"
	exec >&-
	trap '' INT TERM HUP
	while :; do sleep 0.1; done ;;
slowfail) # fails to start after the viewer said it waits
	sleep 1.5
	echo "Error: perf record slowly failed" >&2
	exit 255 ;;
mute)	# never starts: reads the ping, never answers
	[ -n "\$cin" ] && eval "read x <&\$cin"
	while :; do sleep 0.1; done ;;
lost|status)
	ack
	cat "$sample"
	trap 'exit 0' INT TERM
	while [ ! -e "$gate" ]; do sleep 0.1; done
	echo "[ perf record: Captured and wrote 0.010 MB - ]" >&2
	exit 3 ;;
esac
EOF
chmod +x "$tmpd/perf"
real_tflame=$TFLAME
TFLAME=$tmpd/tflame
printf '#!/bin/sh\nTFLAME_CHTUI_TAG=%s PERF="%s" exec "%s" "$@"\n' "$tag" \
    "$tmpd/perf" "$real_tflame" > "$TFLAME"
chmod +x "$TFLAME"

# marked: the processes with the mark; left: those but tflame.
marked() {
	grep -l "TFLAME_CHTUI_TAG=$tag" /proc/[0-9]*/environ 2>/dev/null |
	    sed 's|/proc/\([0-9]*\)/environ|\1|'
}
left() {
	for p in $(marked); do
		grep -qx tflame "/proc/$p/comm" 2>/dev/null || echo "$p"
	done
}
tflame_pid() {
	for p in $(marked); do
		grep -qx tflame "/proc/$p/comm" 2>/dev/null && echo "$p"
	done
}
# none_left: no marked process at all (waits up to 5 s).
none_left() {
	n=50
	while [ "$n" -gt 0 ]; do
		[ -z "$(marked)" ] && return 0
		sleep 0.1
		n=$((n - 1))
	done
	for p in $(marked); do tr '\0' ' ' < "/proc/$p/cmdline"; echo; done
	for p in $(marked); do kill -9 "$p" 2>/dev/null; done
	return 1
}
# fresh: a new shell, nothing of a case before left (on a tflame that
# hangs, one case does not make the next fail).
fresh() {
	for p in $(marked); do kill -9 "$p" 2>/dev/null; done
	start 100 30
}
# ended_within TENTHS: the command line ends within TENTHS/10 s.
ended_within() { wait_for "DONE-$runs." "$1"; }

start 100 30

# Item 3: perf script ends first and perf record ignores INT, TERM, HUP.
# q ends tflame within its bound (5 s for perf record to end by itself,
# then the grace period, 3 s) + 10 s.
run "FAKE=deaf $TFLAME --record -a"
check "deaf perf, q: the graph" wait_for "all  169 cpu-clock samples"
T send-keys -t t q
check "deaf perf, q: tflame ends" ended_within 180
check "deaf perf, q: exit 0" exited 0
check "deaf perf, q: terminal restored" restored
check "deaf perf, q: nothing left" none_left
check "deaf perf, q: says perf record had to be killed" \
    joined "perf record\` did not stop when asked; killed it"
fresh
# Left alone, it says how recording ended; then SIGTERM ends tflame.
run "FAKE=deaf $TFLAME --record -a"
check "deaf perf: recording ended" \
    wait_for "perf record did not stop when asked; killed it" 180
check "deaf perf: perf is gone while the graph is up" test -z "$(left)"
keys q
finished
check "deaf perf: exit 0" exited 0
fresh
run "FAKE=deaf $TFLAME --record -a"
check "deaf perf, SIGTERM: the graph" wait_for "all  169 cpu-clock samples"
kill -TERM $(tflame_pid) 2>/dev/null
check "deaf perf, SIGTERM: tflame ends" ended_within 180
check "deaf perf, SIGTERM: by the signal" exited 143
check "deaf perf, SIGTERM: terminal restored" restored
check "deaf perf, SIGTERM: nothing left" none_left
fresh
run "FAKE=deaf $TFLAME --record -a"
check "deaf perf, SIGHUP: the graph" wait_for "all  169 cpu-clock samples"
kill -HUP $(tflame_pid) 2>/dev/null
check "deaf perf, SIGHUP: tflame ends" ended_within 180
check "deaf perf, SIGHUP: terminal restored" restored
check "deaf perf, SIGHUP: nothing left" none_left

# Item 6: perf record never starts: the viewer says so, q and Esc give up.
fresh
run "FAKE=mute $TFLAME --record -a"
check "perf never starts: says so" \
    wait_for "waiting for perf record to start" 50
keys q
check "perf never starts, q: tflame ends" ended_within 50
check "perf never starts, q: exit 1" exited 1
check "perf never starts, q: terminal restored" restored
check "perf never starts, q: said why" \
    joined "tflame: stopped before perf record had started"
check "perf never starts, q: nothing left" none_left
fresh
run "FAKE=mute $TFLAME --record -- sleep 100"
check "perf never starts, Esc: says so" \
    wait_for "waiting for perf record to start" 50
T send-keys -t t Escape
check "perf never starts, Esc: tflame ends" ended_within 50
check "perf never starts, Esc: terminal restored" restored
check "perf never starts, Esc: nothing left" none_left

# A perf record that fails after the viewer took the terminal: the
# terminal is given back before perf's words are printed.
fresh
run "FAKE=slowfail $TFLAME --record -a"
check "perf fails late: says it waits" \
    wait_for "waiting for perf record to start" 50
check "perf fails late: tflame ends" ended_within 100
check "perf fails late: exit 1" exited 1
check "perf fails late: terminal restored" restored
check "perf fails late: perf's words" \
    joined "tflame: perf record: Error: perf record slowly failed"
check "perf fails late: nothing left" none_left

# Perf's lost chunks on the status line while recording; the
# command's exit status is tflame's.
fresh
rm -f "$gate"
run "FAKE=lost $TFLAME --record -- ./cmd"
check "lost chunks: on the status line" wait_for "LOST 22 chunks" 50
touch "$gate"
check "lost chunks: the command's status" \
    wait_for "recording ended: the command exited with status 3" 50
check "lost chunks: still said when recording ended" has "LOST 22 chunks"
keys q
finished
check "command exits 3: tflame exits 3" exited 3
check "command exits 3: terminal restored" restored
check "command exits 3: nothing left" none_left

finish
