#!/bin/sh
# perf's children that misbehave, without a terminal:
# --duration is a bound even when perf record and
# its command ignore SIGINT, a perf record that fails after it answered
# the control pipe failed to start, perf's own failure is never the
# command's, and the command's exit status is tflame's.  A fake perf of
# this test's own ($PERF): `perf script` is cat, and `perf record` does
# what FAKE says.  Each case must end within 10 s of its bound, leave no
# process behind, and say what happened.
. "$(dirname "$0")/lib.sh" || exit 99

sample=$CORPUS/flamegraph/test/perf-funcab-cmd-01.txt
tag=tflame-ch-$$
cat > "$tmpd/perf" <<EOF
#!/bin/sh
# $tag
case "\$1" in
script)	exec cat ;;
esac
cin= cout=
for a; do
	case "\$a" in
	--control=fd:*) c=\${a#--control=fd:}; cin=\${c%,*}; cout=\${c#*,} ;;
	esac
done
ack() { [ -n "\$cin" ] && eval "read x <&\$cin; echo ack >&\$cout"; }
case "\${FAKE:-}" in
stubborn) # records, then ignores every polite signal
	ack
	cat "$sample"
	trap '' INT TERM HUP
	: > "$tmpd/stubborn.up"
	while :; do sleep 0.1; done ;;
noexec)	# answers, then cannot run the command (as perf does)
	ack
	echo "Failed to collect 'cpu-clock:ppp' for the 'nonexistent-cmd' workload: No such file or directory" >&2
	exit 255 ;;
sigpipe) # perf record itself dies of SIGPIPE
	ack
	cat "$sample"
	kill -PIPE \$\$ ;;
status)	# the command says something and exits 3; perf record finishes
	ack
	cat "$sample"
	echo "the command speaks" >&2
	echo "[ perf record: Woken up 1 times to write data ]" >&2
	echo "[ perf record: Captured and wrote 0.010 MB - ]" >&2
	exit 3 ;;
segv)	# the command dies of SIGSEGV; perf record re-raises it
	ack
	cat "$sample"
	echo "[ perf record: Captured and wrote 0.010 MB - ]" >&2
	trap - SEGV
	kill -SEGV \$\$ ;;
esac
EOF
chmod +x "$tmpd/perf"
real_tflame=$TFLAME
TFLAME=$tmpd/tflame
printf '#!/bin/sh\nTFLAME_CH_TAG=%s exec "%s" "$@"\n' "$tag" "$real_tflame" \
    > "$TFLAME"
chmod +x "$TFLAME"
"$real_tflame" --collapse "$sample" > "$tmpd/sample.folded" 2>/dev/null

# left: the processes with the mark (tflame's children and theirs).
left() {
	grep -l "TFLAME_CH_TAG=$tag" /proc/[0-9]*/environ 2>/dev/null |
	    sed 's|/proc/\([0-9]*\)/environ|\1|'
}

# gone NAME: no process tflame started is left (waits up to 3 s).
gone() {
	n=30
	while [ "$n" -gt 0 ]; do
		[ -z "$(left)" ] && { ok; return 0; }
		sleep 0.1
		n=$((n - 1))
	done
	bad "$1" "left: $(for p in $(left); do tr '\0' ' ' < /proc/$p/cmdline; echo; done)"
	for p in $(left); do kill -9 "$p"; done
	return 1
}

# rec NAME STATUS LIMIT ARGS...: tflame ARGS (output in out, messages in
# err) must exit with STATUS within LIMIT seconds (it is killed at
# LIMIT + 5), and leave nothing behind.
rec() {
	name=$1 want=$2 limit=$3
	shift 3
	t0=$(date +%s)
	timeout -s KILL $((limit + 5)) "$TFLAME" "$@" > "$tmpd/out" \
	    2> "$tmpd/err"
	got=$?
	secs=$(($(date +%s) - t0))
	[ "$got" -eq "$want" ] && ok ||
	    bad "$name: exit status" "$got, expected $want; $(head -c 300 "$tmpd/err")"
	[ "$secs" -le "$limit" ] && ok ||
	    bad "$name: ends in time" "$secs s, the bound is $limit s"
	gone "$name: nothing left"
}

# says NAME TEXT: the messages hold TEXT (a fixed string).
says() {
	grep -qF -- "$2" "$tmpd/err" && ok ||
	    bad "$1" "wanted \"$2\" in: $(head -c 400 "$tmpd/err")"
}

export PERF="$tmpd/perf"

# Item 2: --duration=1 with a perf record that ignores SIGINT, SIGTERM and
# SIGHUP: stopped within the grace period (3 s) + 10 s, what was read kept.
FAKE=stubborn rec "duration, stubborn perf" 0 14 --record --duration=1 \
    --collapse -- sh -c 'trap "" INT TERM; while :; do :; done'
same "duration, stubborn perf: the samples read are kept" "$tmpd/out" \
    "$tmpd/sample.folded"
says "duration, stubborn perf: says perf had to be killed" \
    "\`perf record\` did not stop when asked; killed it"

# Item 2, Ctrl-C: the first SIGINT goes to perf record, which ignores it;
# it is killed after its grace period and what was read is written (a
# background job of a script starts with SIGINT ignored: put it back).
rm -f "$tmpd/stubborn.up"
FAKE=stubborn env --default-signal=INT "$TFLAME" --record --collapse -a \
    > "$tmpd/out" 2> "$tmpd/err" &
pid=$!
(sleep 30; kill -9 "$pid" 2>/dev/null) &
guard=$!
n=100
while [ "$n" -gt 0 ] && [ ! -e "$tmpd/stubborn.up" ]; do
	sleep 0.1
	n=$((n - 1))
done
t0=$(date +%s)
kill -INT "$pid"
wait "$pid"
st=$?
secs=$(($(date +%s) - t0))
kill "$guard" 2>/dev/null
[ "$st" -eq 0 ] && ok || bad "Ctrl-C, stubborn perf: exit 0" "status $st"
[ "$secs" -le 13 ] && ok || bad "Ctrl-C, stubborn perf: ends in time" "$secs s"
same "Ctrl-C, stubborn perf: the samples read are kept" "$tmpd/out" \
    "$tmpd/sample.folded"
says "Ctrl-C, stubborn perf: says perf had to be killed" \
    "\`perf record\` did not stop when asked; killed it"
gone "Ctrl-C, stubborn perf: nothing left"

# Item 8: perf record answers, then fails to run the command (255, no
# samples): failed to start, always, exit 1.
for i in 1 2 3; do
	FAKE=noexec rec "no such command ($i)" 1 10 --record --collapse \
	    -- nonexistent-cmd
done
says "no such command: perf's words" \
    "perf record: Failed to collect 'cpu-clock:ppp' for the 'nonexistent-cmd' workload"
says "no such command: failed to start" \
    "\`perf record\` failed to start (exited with status 255)"

# Item 9: perf's own failure is perf record's, not the command's.
PERF=/bin/false rec "perf is /bin/false" 1 10 --record --collapse -- true
says "perf is /bin/false: perf record named" "\`perf record\` failed to start (exited with status 1)"
grep -q "true: exited with status" "$tmpd/err" &&
    bad "perf is /bin/false: not blamed on the command" "$(cat "$tmpd/err")" ||
    ok
FAKE=sigpipe rec "perf record killed by SIGPIPE" 1 10 --record --collapse \
    -- sleep 100
says "SIGPIPE: perf record named" "\`perf record\` was killed by signal 13"
grep -q "sleep 100: was killed" "$tmpd/err" &&
    bad "SIGPIPE: not blamed on the command" "$(cat "$tmpd/err")" || ok

# The command's status is tflame's (as with time and perf
# record), and its own output is not perf record's.
FAKE=status rec "command exits 3" 3 10 --record --collapse -- sh -c 'exit 3'
same "command exits 3: the samples" "$tmpd/out" "$tmpd/sample.folded"
says "command exits 3: its status" "tflame: sh -c exit 3: exited with status 3"
says "command exits 3: its words as its own" \
    "tflame: sh -c exit 3: the command speaks"
grep -q "perf record: the command speaks" "$tmpd/err" &&
    bad "command exits 3: not prefixed with perf record" "$(cat "$tmpd/err")" ||
    ok
FAKE=segv rec "command killed by SIGSEGV" 139 10 --record --collapse -- ./crash
says "command killed by SIGSEGV: its signal" \
    "tflame: ./crash: was killed by signal 11"
FAKE=status rec "command exits 3, svg" 3 10 --record --svg="$tmpd/x.svg" \
    -- sh -c 'exit 3'
grep -q '</svg>' "$tmpd/x.svg" && ok || bad "command exits 3, svg: written"

# The real perf, where it can record.
unset PERF
if ! command -v perf > /dev/null 2>&1 ||
    ! perf record -g -o "$tmpd/probe.data" -- true > /dev/null 2>&1; then
	echo "children: SKIP: perf cannot record here; the real-perf cases did not run"
	finish
	exit $?
fi
cd "$tmpd"
# (perf itself may end it: it sends the command SIGTERM when it stops;
# whether that ends it here varies, so only the bound is checked.)
rec "real perf: duration, command ignores INT and TERM" 0 14 --record \
    --duration=2 --collapse -- sh -c 'trap "" INT TERM; while :; do sleep 0.2; done'
grep -q "was killed by signal 15" "$tmpd/err" &&
    bad "real perf: duration: perf's SIGTERM is tflame's stop" "$(cat "$tmpd/err")" || ok
for i in 1 2 3 4; do
	rec "real perf: no such command ($i)" 1 10 --record --collapse \
	    -- nonexistent-cmd-$$
done
says "real perf: no such command: failed to start" \
    "\`perf record\` failed to start (exited with status 255)"
rec "real perf: command exits 3" 3 20 --record --collapse -- sh -c 'exit 3'
says "real perf: command exits 3: its status" \
    "tflame: sh -c exit 3: exited with status 3"

finish
