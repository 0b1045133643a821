#!/bin/sh
# The format registry from the command line: --format=help lists every
# format, one line each, and exits 0; --format=NAME reads an input of
# that format as detection does (the same --collapse output), for every
# format; an unknown name is a usage error that points at the list.
. "$(dirname "$0")/lib.sh" || exit 99

"$TFLAME" --format=help > "$tmpd/list" 2>"$tmpd/err" &&
    [ ! -s "$tmpd/err" ] && ok || bad "--format=help: status or stderr"
for f in perf stap dtrace folded bpftrace pprof speedscope firefox asprof memleak; do
	n=$(grep -c "^  $f  *[^ ]" "$tmpd/list")
	[ "$n" = 1 ] && ok || bad "--format=help: $f listed $n times"
done
# Nothing but the formats (and auto), each line one format.
n=$(grep -vc "^  [a-z]*  *[^ ]" "$tmpd/list")
[ "$n" -le 1 ] && ok || bad "--format=help: $n other lines"
grep -q "^  auto " "$tmpd/list" && ok || bad "--format=help: auto"

# One input per format, each read with its name and detected.
fg=$CORPUS/flamegraph inf=$CORPUS/inferno
gzip -dc "$CORPUS/pprof/go-allocs.pb.gz" > "$tmpd/pprof.pb"
set -- \
    perf "$fg/test/perf-cycles-instructions-01.txt" \
    stap "$TESTS_DATADIR/stap/kernel-user.txt" \
    dtrace "$fg/example-dtrace-stacks.txt" \
    folded "$inf/diff-folded/before.txt" \
    bpftrace "$CORPUS/bpftrace/kstack.txt" \
    pprof "$tmpd/pprof.pb" \
    speedscope "$TESTS_DATADIR/speedscope/0.1.2_simple-sampled.speedscope.json" \
    firefox "$TESTS_DATADIR/firefox/processed-1.json" \
    asprof "$TESTS_DATADIR/asprof/sample2.collapsed" \
    memleak "$TESTS_DATADIR/memleak/memleak_example.txt"
while [ $# -ge 2 ]; do
	f=$1 in=$2
	shift 2
	[ -f "$in" ] || { bad "$f: no input $in"; continue; }
	"$TFLAME" --collapse "$in" > "$tmpd/auto" 2>/dev/null ||
	    { bad "$f: detected: status $?"; continue; }
	"$TFLAME" --collapse --format=$f "$in" > "$tmpd/named" 2>/dev/null ||
	    { bad "$f: --format=$f: status $?"; continue; }
	[ -s "$tmpd/named" ] && cmp -s "$tmpd/auto" "$tmpd/named" && ok ||
	    bad "$f: --format=$f differs from detection"
done

"$TFLAME" --collapse --format=nosuch "$fg/test/perf-cycles-instructions-01.txt" \
    > /dev/null 2>"$tmpd/err"
st=$?
[ "$st" = 2 ] && grep -q "format=help" "$tmpd/err" && ok ||
    bad "--format=nosuch: status $st, $(head -1 "$tmpd/err")"

finish
