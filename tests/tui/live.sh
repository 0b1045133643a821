#!/bin/sh
# perf in the viewer: a perf.data file drawn while `perf script` streams
# it (a fake perf, held half way by a gate), perf script failing (what
# arrived stays, its words after the screen), and the live --record mode
# with the real perf: the hot function of a busy program within 3 s, the
# keys p, z and q, --window, --duration, the command's exit status, and
# no perf process left behind (tflame's children carry a mark in their
# environment, so other people's perf does not count).
. "$(dirname "$0")/lib.sh" || exit 99

sample=$TESTS_DATADIR/corpus/flamegraph/test/perf-funcab-cmd-01.txt
tag=tflame-live-$$
gate=$tmpd/gate
printf 'PERFILE2h\000\000\000\000\000\000\000more\n' > "$tmpd/fake.data"
mkdir -p "$tmpd/bin"
cat > "$tmpd/bin/perf" <<EOF
#!/bin/sh
case "\${FAKE_MODE:-gate}" in
gate)	head -n 20 "$sample"
	while [ ! -e "$gate" ]; do sleep 0.1; done
	tail -n +21 "$sample" ;;
fail)	head -n 20 "$sample"; echo "perf: broken pipe dream" >&2; exit 4 ;;
say)	head -n 200 "$sample"
	echo "perf: early symbol warning" >&2
	while [ ! -e "$gate" ]; do sleep 0.1; done
	tail -n +201 "$sample" ;;
esac
EOF
chmod +x "$tmpd/bin/perf"
real_tflame=$TFLAME
TFLAME=$tmpd/tflame
printf '#!/bin/sh\nTFLAME_LIVE_TAG=%s exec "%s" "$@"\n' "$tag" "$real_tflame" \
    > "$TFLAME"
chmod +x "$TFLAME"

# left: processes with the mark but tflame; perfs: those that are perf.
left() {
	for p in $(grep -l "TFLAME_LIVE_TAG=$tag" /proc/[0-9]*/environ \
	    2>/dev/null | sed 's|/proc/\([0-9]*\)/environ|\1|'); do
		grep -qx tflame "/proc/$p/comm" 2>/dev/null || echo "$p"
	done
}
perfs() {
	for p in $(left); do
		grep -qx perf "/proc/$p/comm" 2>/dev/null && echo "$p"
	done
}
# none_left: no marked process (waits up to 5 s).
none_left() {
	n=50
	while [ "$n" -gt 0 ]; do
		[ -z "$(left)" ] && return 0
		sleep 0.1
		n=$((n - 1))
	done
	for p in $(left); do tr '\0' ' ' < "/proc/$p/cmdline"; echo; done
	return 1
}

start 100 30

# --- perf.data in the viewer, streamed through perf script ----------------
rm -f "$gate"
run "PATH=$tmpd/bin:\$PATH $TFLAME $tmpd/fake.data"
check "perf.data: the progress names perf script" \
    wait_for "reading perf script -i $tmpd/fake.data:"
touch "$gate"
check "perf.data: the whole profile" wait_for "all  169 cpu-clock samples"
keys q
finished
check "perf.data: exit 0" exited 0
check "perf.data: terminal restored" restored

run "FAKE_MODE=fail PATH=$tmpd/bin:\$PATH $TFLAME $tmpd/fake.data"
check "perf script fails: what arrived is shown" wait_for "all  "
viewer_up
check "perf script fails: nothing over the screen" not has "broken pipe"
keys q
finished
check "perf script fails: its words after the screen" \
    has "tflame: $tmpd/fake.data: perf script: perf: broken pipe dream"
check "perf script fails: its status" \
    joined "\`perf script -i $tmpd/fake.data\` exited with status 4"
check "perf script fails: terminal restored" restored

# --- perf script's standard error while it streams --------------------------
# It goes to the messages panel as it comes (the child still running),
# never over the screen; and the status line words the numbers as after
# loading ("cpu-clock samples", not the weight as "samples").
rm -f "$gate"
run "FAKE_MODE=say PATH=$tmpd/bin:\$PATH $TFLAME $tmpd/fake.data"
check "streaming: the progress names perf script" \
    wait_for "reading perf script -i $tmpd/fake.data:"
check "streaming: stderr not over the screen" not has "symbol warning"
keys '!'
check "streaming: the panel has perf script's words while it runs" \
    wait_for "$tmpd/fake.data: perf script: perf: early symbol warning"
check "streaming: perf script still runs" test -n "$(left)"
keys q
touch "$gate"
check "streaming: the whole profile" wait_for "all  169 cpu-clock samples"
keys q
finished
check "streaming: exit 0" exited 0

# --- --record with a fake perf ---------------------------------------------
# perf record writes the sample text (perf script is cat) and waits for the
# gate or SIGINT.  FAKE_OLD: it rejects --control as perf before 5.12 does.
mkdir -p "$tmpd/rbin"
cat > "$tmpd/rbin/perf" <<EOF
#!/bin/sh
case "\$1" in
script)	exec cat ;;
esac
cin= cout=
for a; do
	case "\$a" in
	--control=fd:*) c=\${a#--control=fd:}; cin=\${c%,*}; cout=\${c#*,} ;;
	esac
done
if [ -n "\$cin" ] && [ -n "\${FAKE_OLD:-}" ]; then
	echo "  Error: unknown option \\\`control'" >&2
	echo >&2
	echo " Usage: perf record [<options>] [<command>]" >&2
	exit 129
fi
if [ "\${FAKE_MODE:-}" = denied ]; then
	echo "Error:" >&2
	echo "Access to performance monitoring and observability operations is limited." >&2
	exit 255
fi
[ -n "\$cin" ] && eval "read x <&\$cin; echo ack >&\$cout"
trap 'exit 0' INT TERM
cat "$sample"
while [ ! -e "$gate" ]; do sleep 0.1; done
EOF
chmod +x "$tmpd/rbin/perf"

# The live tree carries what the perf loader knows: the event (the unit),
# sample records and each frame's module.
rm -f "$gate"
run "PATH=$tmpd/rbin:\$PATH $TFLAME --record -a"
check "record (fake): the profile" wait_for "all  169 cpu-clock samples"
touch "$gate"
check "record (fake): recording ended" wait_for "recording ended"
keys k k
check "record (fake): the frame's numbers" \
    matches 28 '^__libc_start_main  169 cpu-clock samples  100.00% of all'
check "record (fake): the frame's module" matches 29 '^in libc-2.19.so  '
keys q
finished
check "record (fake): exit 0" exited 0
check "record (fake): nothing left" none_left

# perf before 5.12 has no --control: recording works without it.
rm -f "$gate"
run "FAKE_OLD=1 PATH=$tmpd/rbin:\$PATH $TFLAME --record -a"
check "old perf: the profile" wait_for "all  169 cpu-clock samples"
check "old perf: the status line says recording" \
    matches 29 '^\[flame\]  recording perf record -a: [0-9]*s, 169 samples recorded'
keys q
finished
check "old perf: exit 0" exited 0
check "old perf: nothing left" none_left
run "FAKE_OLD=1 FAKE_MODE=denied PATH=$tmpd/rbin:\$PATH $TFLAME --record -a"
finished
check "old perf, denied: perf's words before any screen" \
    joined "Access to performance monitoring and observability operations is limited."
check "old perf, denied: status 1" exited 1
check "old perf, denied: nothing left" none_left

# --- live recording with the real perf -------------------------------------
if ! command -v perf > /dev/null 2>&1 ||
    ! perf record -g -o "$tmpd/probe.data" -- true > /dev/null 2>&1; then
	echo "$NAME: SKIP: perf cannot record here; the live tests did not run"
	finish
	exit $?
fi
if ! command -v cc > /dev/null 2>&1; then
	echo "$NAME: SKIP: no C compiler for the busy program"
	finish
	exit $?
fi
# busy HOT TOTAL [STATUS]: hot_spin_function for HOT seconds, then
# cold_phase_function until TOTAL seconds; exits with STATUS.
cat > "$tmpd/busy.c" <<'EOF'
#include <stdlib.h>
#include <time.h>
volatile unsigned long sink;
__attribute__((noinline)) static void
hot_spin_function(void)
{
	for (unsigned long i = 0; i < 1000000UL; i++)
		sink += i;
}
__attribute__((noinline)) static void
cold_phase_function(void)
{
	for (unsigned long i = 0; i < 1000000UL; i++)
		sink += i;
}
static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
int
main(int argc, char **argv)
{
	double hot = atof(argv[1]), total = atof(argv[2]), t0 = now();
	while (now() - t0 < total) {
		if (now() - t0 < hot)
			hot_spin_function();
		else
			cold_phase_function();
	}
	return argc > 3 ? atoi(argv[3]) : 0;
}
EOF
cc -O1 -fno-omit-frame-pointer -o "$tmpd/busy" "$tmpd/busy.c"
T send-keys -t t "cd $tmpd" Enter

# The hot function within 3 s of the start, perf running meanwhile.
run "$TFLAME --record --freq=999 -- ./busy 1000 1000"
check "live: the hot function within 3 s" wait_for hot_spin_function 30
check "live: the status line says recording" \
    matches 29 '^\[flame\]  recording ./busy 1000 1000: [0-9]*s, [0-9]* samples recorded | p pause, z clear, q stop'
check "live: perf record and perf script run" test "$(perfs | wc -l)" -ge 2

# p: the graph stays as it is, the status line says so.
keys p
check "p: paused" matches 29 'PAUSED, [0-9]* new (p resumes)$'
head -n 28 "$tmpd/screen" > "$tmpd/paused.a"
sleep 1.5
screen
head -n 28 "$tmpd/screen" > "$tmpd/paused.b"
check "p: the graph does not move" cmp -s "$tmpd/paused.a" "$tmpd/paused.b"
check "p: recording goes on" not matches 29 'PAUSED, 0 new'
# z while paused: everything cleared; p shows the new samples.
keys z
check "z: counts cleared" has "all  0 cpu-clock samples"
check "z: the status line from zero" matches 29 ': [0-9]*s, 0 samples recorded'
keys p
check "p again: the hot function is back" wait_for hot_spin_function 30
check "p again: not paused" not has PAUSED
keys q
finished
check "q: exit 0" exited 0
check "q: terminal restored" restored
check "q: no perf process left, nor the command" none_left

# --window: a function that stopped running leaves the graph.
run "$TFLAME --record --freq=999 --window=1 -- ./busy 4 1000"
check "window: the hot phase shows" wait_for hot_spin_function 30
check "window: the status line shows the window" has ", window 1s |"
check "window: the cold phase shows" wait_for cold_phase_function 50
n=60
while [ "$n" -gt 0 ]; do
	screen
	has hot_spin_function || break
	sleep 0.1
	n=$((n - 1))
done
check "window: the hot phase has left the graph" not has hot_spin_function
keys q
finished
check "window: no perf left" none_left

# Without a window it stays (the same run, z never pressed).
run "$TFLAME --record --freq=999 -- ./busy 1 4"
check "no window: the cold phase shows" wait_for cold_phase_function 60
check "no window: the hot phase stays" has hot_spin_function
# The command ends: recording ends, its exit status is shown, the graph stays.
check "command ends: recording ended" wait_for "recording ended" 60
check "command ends: the graph stays" has spin_f
check "command ends: no perf left while the graph is up" none_left
keys q
finished
check "command ends: exit 0" exited 0

run "$TFLAME --record --freq=999 -- ./busy 1 1 3"
check "command status shown" \
    wait_for "recording ended: the command exited with status 3" 60
keys q
finished

# A command that says a lot on standard error (which goes to perf record's,
# a pipe tflame drains) before it gets busy is never blocked by it.
printf '#!/bin/sh\nhead -c 300000 /dev/zero | tr "\\0" x >&2\nexec ./busy 1000 1000\n' \
    > "$tmpd/chatty"
chmod +x "$tmpd/chatty"
run "$TFLAME --record --freq=999 -- ./chatty"
check "chatty command: runs on" wait_for hot_spin_function 50
keys q
finished
check "chatty command: its output after the screen, as its own" \
    joined "tflame: ./chatty: xxxxxxxx"
check "chatty command: no perf left" none_left

# --duration: recording stops, the view stays.
run "$TFLAME --record --freq=999 --duration=2 -- ./busy 1000 1000"
check "duration: the hot function" wait_for hot_spin_function 30
check "duration: recording ended" wait_for "recording ended" 60
check "duration: no perf left, nor the command" none_left
check "duration: the graph stays" has hot_spin_function
keys k
check "duration: keys still work" not matches 28 '^all  '
keys q
finished
check "duration: exit 0" exited 0
check "duration: terminal restored" restored

finish
