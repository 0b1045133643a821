#!/bin/sh
# Golden tests for the DTrace and SystemTap loaders and for format
# detection on standard input and gzip input.
#  1. inferno's collapse-dtrace cases against results/ (inferno's output):
#     flamegraph-bug with --includeoffset, rust-names and stack-ustack with
#     --demangle, and their raw names without it against
#     tests/data/dtrace/expected/ (stackcollapse.pl's output; see the
#     README there); only-header-lines gives nothing and a note.
#  2. FlameGraph's example-dtrace-stacks.txt against results/dtrace-example
#     and, with --includeoffset, results/dtrace-example-offsets.
#  3. tests/data/stap/*.txt against tests/data/stap/expected/
#     (stackcollapse-stap.pl's output, corrected by hand where tflame
#     differs on purpose; see the README there).
#  4. Every case again from standard input, redirected and through a pipe,
#     so the format is detected from the first bytes of a stream; and with
#     --format given explicitly.
#  5. A gzip-compressed copy of one input per format (perf, dtrace, stap,
#     folded), as a file and on standard input.
#  6. Detection failures keep their message.
. "$(dirname "$0")/lib.sh" || exit 99

dt=$CORPUS/inferno/collapse-dtrace
fg=$CORPUS/flamegraph
stap=$TESTS_DATADIR/stap
dtx=$TESTS_DATADIR/dtrace/expected

# check NAME FORMAT INPUT "OPTIONS" EXPECTED [EXPECTED2]: run INPUT as a
# file, redirected, piped and with --format=FORMAT; each must give EXPECTED.
check() {
	name=$1 fmt=$2 in=$3 opts=$4
	shift 4
	"$TFLAME" --collapse $opts "$in" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; return; }
	same "$name" "$tmpd/out" "$@"
	"$TFLAME" --collapse $opts < "$in" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name (< file)" "exit status $?"; return; }
	same "$name (< file)" "$tmpd/out" "$@"
	cat "$in" | "$TFLAME" --collapse $opts > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name (pipe)" "exit status $?"; return; }
	same "$name (pipe)" "$tmpd/out" "$@"
	"$TFLAME" --collapse --format="$fmt" $opts "$in" > "$tmpd/out" \
	    2>"$tmpd/err" ||
	    { bad "$name (--format)" "exit status $?"; return; }
	same "$name (--format=$fmt)" "$tmpd/out" "$@"
}

# gz NAME INPUT "OPTIONS" EXPECTED: a gzip copy, as a file and on stdin.
gz() {
	name=$1 in=$2 opts=$3 exp=$4
	gzip -c < "$in" > "$tmpd/in.gz"
	"$TFLAME" --collapse $opts "$tmpd/in.gz" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name (gzip)" "exit status $?"; return; }
	same "$name (gzip)" "$tmpd/out" "$exp"
	"$TFLAME" --collapse $opts < "$tmpd/in.gz" > "$tmpd/out" \
	    2>"$tmpd/err" ||
	    { bad "$name (gzip, stdin)" "exit status $?"; return; }
	same "$name (gzip, stdin)" "$tmpd/out" "$exp"
}

# stderr_has NAME TEXT: the last run's standard error contains TEXT.
stderr_has() {
	if grep -F -q -- "$2" "$tmpd/err"; then
		ok
	else
		bad "$1" "no \"$2\" on stderr"
		head -3 "$tmpd/err"
	fi
}

# 1. inferno's collapse-dtrace cases.
for b in hex-addresses java scope_with_no_argument_list; do
	check "dtrace:$b" dtrace "$dt/$b.txt" "" "$dt/results/$b.txt"
done
check "dtrace:flamegraph-bug" dtrace "$dt/flamegraph-bug.txt" \
    --includeoffset "$dt/results/flamegraph-bug.txt"
for b in rust-names stack-ustack; do
	check "dtrace:$b --demangle" dtrace "$dt/$b.txt" --demangle \
	    "$dt/results/$b.txt"
	check "dtrace:$b raw" dtrace "$dt/$b.txt" "" "$dtx/$b-raw.txt" \
	    "$dt/results-perl-today/$b.txt"
done
"$TFLAME" --collapse --format=dtrace "$dt/only-header-lines.txt" \
    > "$tmpd/out" 2>"$tmpd/err"
if [ $? -eq 0 ] && [ ! -s "$tmpd/out" ]; then ok; else
	bad "dtrace:only-header-lines"; fi
stderr_has "dtrace:only-header-lines note" \
    "file ended while skipping the header"

# 2. The large illumos profile.
check "dtrace:example" dtrace "$fg/example-dtrace-stacks.txt" "" \
    "$dt/results/dtrace-example.txt"
check "dtrace:example --includeoffset" dtrace "$fg/example-dtrace-stacks.txt" \
    --includeoffset "$dt/results/dtrace-example-offsets.txt"

# 3. SystemTap.
for f in "$stap"/*.txt; do
	b=$(basename "$f" .txt)
	check "stap:$b" stap "$f" "" "$stap/expected/$b.txt"
done
"$TFLAME" --collapse "$stap/quirks.txt" > "$tmpd/out" 2>"$tmpd/err"
stderr_has "stap:quirks dropped frames reported" \
    "input ends in the middle of a stack: the frames from line 12 on"

# 5. gzip, one input per format.
gz "perf:perf-dd-stacks-01 --all" "$fg/test/perf-dd-stacks-01.txt" --all \
    "$fg/results-perl-today/perf-dd-stacks-01-collapsed-all.txt"
gz "dtrace:example" "$fg/example-dtrace-stacks.txt" "" \
    "$dt/results/dtrace-example.txt"
gz "stap:kernel-user" "$stap/kernel-user.txt" "" \
    "$stap/expected/kernel-user.txt"
# A collapsed file reads back as itself.
gz "folded:dtrace-example" "$dt/results/dtrace-example.txt" "" \
    "$dt/results/dtrace-example.txt"
check "folded:stack-ustack" folded "$dt/results/stack-ustack.txt" "" \
    "$dt/results/stack-ustack.txt"

# 6. Detection that cannot tell says so, file or stream.
unk=$CORPUS/inferno/collapse-guess/unknown-format.txt
if "$TFLAME" --collapse "$unk" > "$tmpd/out" 2>"$tmpd/err"; then
	bad "guess:unknown-format" "exit status 0"
else
	stderr_has "guess:unknown-format" \
	    "cannot tell the format of $unk; use --format"
fi
if "$TFLAME" --collapse < "$unk" > "$tmpd/out" 2>"$tmpd/err"; then
	bad "guess:unknown-format (stdin)" "exit status 0"
else
	stderr_has "guess:unknown-format (stdin)" \
	    "cannot tell the format of (standard input); use --format"
fi

finish
