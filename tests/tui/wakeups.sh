#!/bin/sh
# What the viewer asks of the system, counted with strace: a screen goes to
# the terminal in one write, not one per cursor move (about 40 for a
# screen with ncurses 6.4 before its screen has been suspended once), and
# the live viewer reads an input that comes steadily about once a second,
# just before its refresh, not four times a second (each wakeup cost
# about 0.1 ms: a fifth of its time on an idle machine).  Skipped where
# strace is missing or cannot trace (a container without ptrace).
. "$(dirname "$0")/lib.sh" || exit 99

if ! command -v strace > /dev/null 2>&1; then
	echo "$NAME: SKIP: strace not found"
	exit 77
fi
if ! strace -o /dev/null true > /dev/null 2>&1; then
	echo "$NAME: SKIP: strace cannot trace here"
	exit 77
fi

# LeakSanitizer cannot run under ptrace: the ASan suite's tflame would
# abort at exit (every other test checks for leaks).
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

sample=$TESTS_DATADIR/corpus/flamegraph/test/perf-funcab-cmd-01.txt
start 100 30

# --- a screen, one write ----------------------------------------------------
# writes: the trace's writes to the terminal (descriptor 1).
writes() { grep -c '^write(1,' "$tmpd/trace"; }
run "strace -o $tmpd/trace -e trace=write $TFLAME $TESTS_DATADIR/../../data/perl-regex.perf"
viewer_up
keys j
keys j
keys k
keys r
keys r
keys q
finished
check "writes: exit 0" exited 0
# Six screens (the first, five keys), set-up and the end: 12 writes.
# Before: 69.
n=$(writes); echo "$NAME: $n writes"
check "writes: $n to the terminal for six screens" [ "$n" -le 20 ]

# --- live: about a read a second --------------------------------------------
# perf record writes the sample (35 KB, 169 samples) 5 times a second for
# 4 s (perf script is cat), then waits for SIGINT.
mkdir -p "$tmpd/bin"
cat > "$tmpd/bin/perf" <<EOF
#!/bin/sh
case "\$1" in
script)	exec cat ;;
esac
trap 'exit 0' INT TERM
for a; do
	case "\$a" in
	--control=fd:*) c=\${a#--control=fd:}
		eval "read x <&\${c%,*}; echo ack >&\${c#*,}" ;;
	esac
done
i=0
while [ \$i -lt 20 ]; do cat "$sample"; sleep 0.2; i=\$((i + 1)); done
while :; do sleep 0.1; done
EOF
chmod +x "$tmpd/bin/perf"
# reads: the trace's reads of the input (the viewer asks for 256 KiB; the
# keyboard's reads ask for less).
reads() {
	awk '/^read\(/ { n = $0; sub(/.*, /, "", n); sub(/\).*/, "", n)
	    if (n + 0 >= 65536) c++ } END { print c + 0 }' "$tmpd/trace"
}
run "PATH=$tmpd/bin:\$PATH strace -o $tmpd/trace -e trace=read $TFLAME --record -a --duration=5"
check "live: recording ended" wait_for "recording ended" 150
check "live: every sample" wait_for "all  3,380 cpu-clock samples" 10
keys q
finished
check "live: exit 0" exited 0
# 0.18 MB/s for 4 s: a read a second, and a few more at the start (the
# rate is not known yet): 7.  Before: four a second, 18.
n=$(reads); echo "$NAME: $n reads"
check "live: $n reads in 5 s" [ "$n" -le 10 ]

finish
