#!/bin/sh
# Build the libFuzzer targets (make fuzz) and run each in turn.
#
#   tests/fuzz/run.sh [--time SECONDS] [--runs N] [--builddir DIR] [TARGET...]
#
# --time is the total for all targets (default 64: 8 s each), split evenly;
# --runs N runs each target N executions instead (e.g. --runs 10000000).
# TARGETs are names like perf, folded, svg (default: all of tests/fuzz/fuzz_*.c).
# Each target keeps its corpus in BUILDDIR/fuzz-build/corpus/TARGET (the
# committed seeds in tests/fuzz/seeds/TARGET are read too, never written);
# a crashing input is saved as BUILDDIR/fuzz-build/crash-TARGET-*.  Prints
# "fuzz: N targets, M execs, K crashes" and fails when K > 0.
set -u
here=$(cd "$(dirname "$0")" && pwd)
srcdir=$(cd "$here/../.." && pwd)
builddir=$srcdir
total=64
runs=
while [ $# -gt 0 ]; do
	case $1 in
	--time) total=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--builddir) builddir=$(cd "$2" && pwd); shift 2 ;;
	--) shift; break ;;
	-*) echo "usage: $0 [--time SECONDS] [--runs N] [--builddir DIR] [TARGET...]" >&2
	    exit 2 ;;
	*) break ;;
	esac
done
if [ $# -eq 0 ]; then
	for f in "$here"/fuzz_*.c; do
		n=$(basename "$f" .c)
		set -- "$@" "${n#fuzz_}"
	done
fi

make -s -C "$builddir" fuzz || exit 1
out=$builddir/fuzz-build
per=$((total / $#))
[ "$per" -ge 1 ] || per=1

# Leaks are errors; a run that stops on a sanitizer report exits non-zero.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

ntargets=0 execs=0 crashes=0
for t in "$@"; do
	bin=$out/fuzz_$t
	if [ ! -x "$bin" ]; then
		echo "fuzz: no target $t" >&2
		crashes=$((crashes + 1))
		continue
	fi
	# Inputs past these sizes find nothing new but cost time.
	case $t in
	folded_line) maxlen=512 ;;
	regex) maxlen=256 ;;
	pprof) maxlen=16384 ;;
	*) maxlen=4096 ;;
	esac
	if [ -n "$runs" ]; then limit="-runs=$runs"; else limit="-max_total_time=$per"; fi
	mkdir -p "$out/corpus/$t"
	log=$out/fuzz-$t.log
	"$bin" $limit -max_len=$maxlen -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$out/crash-$t-" \
	    "$out/corpus/$t" "$here/seeds/$t" > "$log" 2>&1
	rc=$?
	n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	ntargets=$((ntargets + 1))
	execs=$((execs + ${n:-0}))
	if [ "$rc" -ne 0 ]; then
		crashes=$((crashes + 1))
		echo "fuzz: $t failed (exit $rc), see $log:"
		grep -E 'ERROR|SUMMARY|^artifact|Test unit written' "$log" | head -5
	else
		echo "fuzz: $t: ${n:-0} execs"
	fi
done
echo "fuzz: $ntargets targets, $execs execs, $crashes crashes"
[ "$crashes" -eq 0 ]
