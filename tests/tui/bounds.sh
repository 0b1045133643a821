#!/bin/sh
# Bounds in the viewer: nothing hangs, nothing balloons.
#   - "/" with a backtracking pattern over 20,000 names: the viewer keeps
#     reading keys while it searches (Esc cancels it, the search before
#     stays; q quits), and left alone it ends within its budget (3 s) and
#     says how many names it gave up on;
#   - "#" on a frame whose name is 8 MB searches for that name at once
#     (it was quoted into a 48 MB regex: seconds, then "regular expression
#     is too large");
#   - --window=1e7 costs what has elapsed, not ten million buckets.
# The command line's side is tests/golden/bounds.sh.
. "$(dirname "$0")/lib.sh" || exit 99

bomb=$tmpd/bomb.folded
awk 'BEGIN {
	for (i = 0; i < 20000; i++)
		printf "main;f%d_aaaaaaaaaaaaaaaaaaaaaaaaaaaa! 1\n", i
	printf "other;zzz 20000\n"
}' > "$bomb"

# --- the search answers keys while it runs --------------------------------
start 100 24
run "$TFLAME $bomb"
viewer_up
# A search first, to see that it stays when the next one is cancelled.
keys / z z z Enter
check "a cheap search" has "/zzz/  Matched 50.00% of all"
T send-keys -t t / '(a+)+$' Enter
check "a long search says so" wait_for "Searching... (Esc cancels" 30
T send-keys -t t Escape
check "Esc cancels it" wait_for "Search cancelled: the search before stays." 20
keys k
check "the search before stays" wait_for "/zzz/  Matched 50.00% of all" 30

# Left alone, it ends within its budget and counts what it gave up on.
T send-keys -t t / '(a+)+$' Enter
check "a long search ends within its budget (3 s + 10 s)" \
    wait_for "The pattern gave up on " 130
check "... saying why" has "too costly: PCRE2's match limit"
keys j
check "... and what gave up counts as not matching" has "no match"

# q while it runs: the viewer quits then, not after it.
T send-keys -t t / '(a+)+$' Enter
check "searching again" wait_for "Searching... (Esc cancels" 30
T send-keys -t t q
check "q quits during a search" finished
check "exit status 0" exited 0
check "terminal restored" restored

# --- # on an 8 MB name ----------------------------------------------------
huge=$tmpd/huge.folded
awk 'BEGIN {
	s = "x(.*)"
	while (length(s) < 8388608)
		s = s s
	printf "big;%s 60\nother 40\n", s
}' > "$huge"
start 200 24
run "$TFLAME $huge"
check "the viewer shows the 8 MB name" wait_for "? help" 300
settle
keys k k
keys '#'
check "#: an 8 MB name found at once" \
    wait_for "Matched 60.00% of all  1/1 frame" 100
check "#: no regex built from it" not has "too large"
check "#: the frame searched is the 8 MB one" has "[flame]  /x(.*)x(.*)"
T send-keys -t t q
check "quits" finished

# --- --window=1e7 ---------------------------------------------------------
# A fake perf: record answers tflame's "ping" and writes a perf script
# sample twice a second; script is cat.  The tflame under test carries a
# mark in its environment, to be found in /proc.
sample=$TESTS_DATADIR/corpus/flamegraph/test/perf-funcab-cmd-01.txt
tag=tflame-bounds-$$
# fake_perf DIR: DIR/perf, whose record runs the shell text on its
# standard input once it has answered tflame.
fake_perf() {
	mkdir -p "$1"
	{
		cat <<'FAKE'
#!/bin/sh
case "$1" in
script)	exec cat ;;
esac
trap 'exit 0' INT TERM
for a; do
	case "$a" in
	--control=fd:*) c=${a#--control=fd:}
		eval "read x <&${c%,*}; echo ack >&${c#*,}" ;;
	esac
done
FAKE
		cat
	} > "$1/perf"
	chmod +x "$1/perf"
}
echo "while :; do cat '$sample'; sleep 0.5; done" | fake_perf "$tmpd/bin"
# rss_kb: the resident size of the marked tflame, in KiB (0: none).
rss_kb() {
	for p in $(grep -l "TFLAME_BOUNDS_TAG=$tag" /proc/[0-9]*/environ \
	    2>/dev/null | sed 's|/proc/\([0-9]*\)/environ|\1|'); do
		grep -qx tflame "/proc/$p/comm" 2>/dev/null || continue
		awk '/^VmRSS:/ { print $2; exit }' "/proc/$p/status"
		return
	done
	echo 0
}
start 100 30
run "TFLAME_BOUNDS_TAG=$tag PATH=$tmpd/bin:\$PATH $TFLAME --record -a --window=1e7"
check "--window=1e7: recording" wait_for "samples recorded, window" 100
sleep 2
kb=$(rss_kb)
echo "$NAME: --window=1e7: $kb KiB resident"
under() { [ "$1" -gt 0 ] && [ "$1" -lt "$2" ]; }
check "--window=1e7: under 64 MB resident ($kb KiB)" under "$kb" 65536
T send-keys -t t q
check "--window=1e7: q stops it" finished

# --- --window with ever-new names -----------------------------------------
# A program whose function names never repeat (a JIT): 20,000 samples a
# second, each with a new 400-byte name.  The window holds one second of
# them; what left it must go (its nodes and names), so the resident size
# stays flat once the window is full.  Kept, they grew 55 MB in 8 s.
cat <<'GEN' | fake_perf "$tmpd/newnames"
i=0
while :; do
	awk -v i=$i 'BEGIN {
		pad = sprintf("%400s", ""); gsub(/ /, "x", pad)
		for (j = 0; j < 2000; j++)
			printf "jit 7 %d.%06d: cpu-clock:\n\t  1 fn_%d_%d_%s (/x)\n\t  2 main (/x)\n\n", 100 + i / 10, j, i, j, pad
	}'
	i=$((i + 1))
	sleep 0.1
done
GEN
start 100 30
run "TFLAME_BOUNDS_TAG=$tag PATH=$tmpd/newnames:\$PATH $TFLAME --record -a --window=1"
check "--window=1, new names: recording" wait_for "samples recorded, window" 100
sleep 4
kb0=$(rss_kb)
sleep 8
kb1=$(rss_kb)
echo "$NAME: --window=1, new names: $kb0 KiB resident after 4 s, $kb1 KiB after 12 s"
# The graph holds about a second of what was recorded, main in it.
screen
n_all=$(sed -n 's/^all  \([0-9,]*\) cpu-clock samples.*/\1/p' \
    "$tmpd/screen" | tr -d ,)
n_rec=$(sed -n 's/.*: [0-9]*s, \([0-9,]*\) samples recorded.*/\1/p' \
    "$tmpd/screen" | tr -d ,)
holds() { [ "${n_all:-0}" -gt 0 ] && [ $((n_all * 3)) -lt "${n_rec:-0}" ]; }
check "--window=1, new names: the graph holds the window ($n_all of $n_rec)" \
    holds
check "--window=1, new names: main shown" has main
# The tree is made anew at each refresh: the selection and the zoom stay
# on their frames, found again by name.
T send-keys -t t k
sleep 1
T send-keys -t t k Enter
sleep 3
screen
on_main() { grep -q '^main  [0-9,]* cpu-clock samples .* of zoom' "$tmpd/screen"; }
check "--window=1, new names: zoomed on main, 3 s later" on_main
# AddressSanitizer keeps freed memory in quarantine (256 MB): resident
# size says nothing there, the plain build's run is the measure.
if { ldd "$TFLAME" 2>/dev/null; nm "$TFLAME" 2>/dev/null; } |
    grep -q 'libasan\|__asan_init'; then
	echo "SKIP: --window=1, new names: resident size in a sanitizer build"
else
	check "--window=1, new names: under 24 MB more in 8 s ($kb0 -> $kb1 KiB)" \
	    under "$kb1" $((kb0 + 24576))
fi
T send-keys -t t q
check "--window=1, new names: q stops it" finished

finish
