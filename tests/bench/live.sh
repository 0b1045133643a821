#!/bin/sh
# make bench, live recording: the processor time tflame itself takes while
# its live viewer shows a system-wide recording at 999 Hz, beside what
# perf record and perf script take for the same recording.  The viewer
# runs in tmux (200x60) for BENCH_LIVE_SECS (default 10) seconds of
# recording (--duration), then q.  Each process's time is its own and its
# children's, from bash's `times` after it ends (to the millisecond; dash
# rounds down to 10 ms, which made tflame's figure up to 40 ms too high): a
# bash wrapper given to tflame as $PERF times each perf, and tflame's
# figure is the total less theirs and less the wrappers' own.  Twice: on
# the machine as it is (idle in `make bench`: what perf script has to do
# is least, so tflame's own fixed costs weigh most), then busy, with every
# processor running `tflame --collapse` on a bundled profile in a loop
# (DATADIR names data/; the load's own time is not counted), as a machine
# worth profiling is.  Skipped (said so) where perf cannot record or tmux
# is missing.
set -u
: "${TFLAME:?TFLAME names the tflame binary}"
secs=${BENCH_LIVE_SECS:-10}
load=${DATADIR:+$DATADIR/python-json.perf.gz}
echo
perf=$(command -v perf) || { echo "live recording: perf not found; skipped"; exit 0; }
if ! "$perf" record -a -o /dev/null -- true > /dev/null 2>&1; then
	echo "live recording: perf cannot record system-wide here; skipped"
	exit 0
fi
command -v tmux > /dev/null || { echo "live recording: no tmux; skipped"; exit 0; }
d=$(mktemp -d "${TMPDIR:-/tmp}/tflame-live.XXXXXX")
sock=tflame-bench-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$d"' EXIT
# The wrapper lets SIGINT through to perf (a trap, not an ignore).
cat > "$d/perf" <<WRAP
#!/bin/bash
trap : INT TERM HUP
"$perf" "\$@"
rc=\$?
times > "$d/times.\$1"
exit \$rc
WRAP
chmod +x "$d/perf"
# cpu FILE [LINE]: user + system seconds from `times` (line 2, the
# children's, by default; line 1 is the shell's own).
cpu() {
	[ -s "$1" ] || { echo "?"; return; }
	sed -n "${2:-2}p" "$1" | awk '{
		t = 0
		for (i = 1; i <= 2; i++) {
			split($i, p, "m"); sub(/s$/, "", p[2]); t += p[1] * 60 + p[2]
		}
		printf "%.3f", t
	}'
}
# measure LABEL: one recording in tmux, its figures.
measure() {
	rm -f "$d"/times.*
	tmux -L "$sock" kill-server 2>/dev/null
	cat > "$d/run" <<-RUN
	#!/bin/bash
	trap : INT TERM HUP
	PERF=$d/perf "$TFLAME" --record -a --freq=999 --duration=$secs
	times > "$d/times.all"
	RUN
	chmod +x "$d/run"
	tmux -L "$sock" -f /dev/null new-session -d -s b -x 200 -y 60 "bash $d/run"
	# Recording starts within a few seconds; then q once it has ended.
	n=$((secs * 10 + 300))
	while [ "$n" -gt 0 ] && ! tmux -L "$sock" capture-pane -p -t b 2>/dev/null |
	    grep -q "recording ended"; do
		sleep 0.1
		n=$((n - 1))
	done
	tmux -L "$sock" send-keys -t b q
	n=100
	while [ "$n" -gt 0 ] && [ ! -s "$d/times.all" ]; do
		sleep 0.1
		n=$((n - 1))
	done
	all=$(cpu "$d/times.all")
	rec=$(cpu "$d/times.record")
	scr=$(cpu "$d/times.script")
	wrappers=$(awk -v a="$(cpu "$d/times.record" 1)" -v b="$(cpu "$d/times.script" 1)" \
	    'BEGIN { if (a == "?" || b == "?") print "?"; else printf "%.3f", a + b }')
	echo
	echo "live recording, $1: --record -a --freq=999, $secs s, viewer on a" \
	    "200x60 terminal (processor seconds, user + system):"
	awk -v a="$all" -v r="$rec" -v s="$scr" -v w="$wrappers" 'BEGIN {
		if (a == "?" || r == "?" || s == "?" || w == "?") {
			print "  (a figure is missing: the recording did not end as planned)"
			exit
		}
		t = a - r - s - w
		printf "  %-22s %8.3f\n", "tflame itself", t
		printf "  %-22s %8.3f\n", "perf record", r
		printf "  %-22s %8.3f\n", "perf script", s
		printf "  %-22s %8.3f\n", "tflame / perf script", (s > 0 ? t / s : 0)
	}'
}

measure idle
[ -n "$load" ] && [ -r "$load" ] || {
	echo "live recording, busy: no DATADIR; skipped"
	exit 0
}
pids=
n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
while [ "$n" -gt 0 ]; do
	sh -c 'while :; do "$0" --collapse "$1" > /dev/null || exit; done' \
	    "$TFLAME" "$load" &
	pids="$pids $!"
	n=$((n - 1))
done
measure "busy (every processor loading $(basename "$load") in a loop)"
kill $pids 2>/dev/null
wait 2>/dev/null
