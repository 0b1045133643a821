#!/bin/sh
# make bench, perf.data: tflame --collapse on a perf.data file beside
# `perf script` on the same file in the same run (#50's targets).  Two
# recordings of tflame itself (built -O2 -g: the program with debug
# information) folding BENCH_PERFDATA_MB (default 60) MB of perf text
# BENCH_PERFDATA_LOOPS (default 4) times: --call-graph dwarf (inline
# frames: perf's addr2line pass) and frame pointers (-g).  Rows, each the
# median of $runs runs (wall, CPU with the children perf waited for,
# peak RSS): perf script, perf script --no-inline, tflame --collapse, and
# tflame --collapse --perf-slices=CPUs; the ratio is to perf script's wall.
# Then whether tflame's output equals `perf script | tflame --collapse`.
# Sourced by bench.sh (dir, runs, perf_input, TFLAME, RUNSTAT set).
echo
perf=$(command -v perf) || { echo "perf.data: perf not found; skipped"; return 0; }
if ! "$perf" record -o /dev/null -- true > /dev/null 2>&1; then
	echo "perf.data: perf cannot record here; skipped"
	return 0
fi
# prow TOOL RESULT BASE: a row from a runstat line, its wall against BASE's.
prow() {
	set -- "$1" $2 $3
	awk -v tool="$1" -v wall="$2" -v cpu="$3" -v rss="$4" -v st="$5" \
	    -v base="$6" 'BEGIN {
		printf "  %-28s %8.3f s wall %8.3f s cpu %6.2fx perf script %8.1f MB%s\n",
		    tool, wall, cpu, (base > 0 ? wall / base : 0), rss / 1024,
		    st == 0 ? "" : "  (exit " st ")"
	}'
}
pmb=${BENCH_PERFDATA_MB:-60}
loops=${BENCH_PERFDATA_LOOPS:-4}
pin=$(perf_input "$pmb")
cpus=$(getconf _NPROCESSORS_ONLN)
work="i=0; while [ \$i -lt $loops ]; do \"$TFLAME\" --collapse --threads=1 \"$pin\" > /dev/null; i=\$((i + 1)); done"
for rec in dwarf fp; do
	data=$dir/tflame-$rec.data
	case $rec in
	dwarf)	"$perf" record -F 2999 --call-graph dwarf -o "$data" -- \
		    sh -c "$work" > /dev/null 2>&1 ;;
	fp)	"$perf" record -F 2999 -g -o "$data" -- sh -c "$work" \
		    > /dev/null 2>&1 ;;
	esac
	mb=$(du -m "$data" | cut -f1)
	base=$("$RUNSTAT" "$runs" /dev/null "$perf" script -i "$data")
	echo "perf.data, $rec, $mb MB, $("$perf" script -i "$data" -F time 2>/dev/null | wc -l) samples ($data):"
	prow "perf script" "$base" "${base%% *}"
	prow "perf script --no-inline" "$("$RUNSTAT" "$runs" /dev/null \
	    "$perf" script --no-inline -i "$data")" "${base%% *}"
	prow "tflame --collapse" "$("$RUNSTAT" "$runs" /dev/null \
	    "$TFLAME" --collapse "$data")" "${base%% *}"
	prow "  --perf-slices=$cpus" "$("$RUNSTAT" "$runs" /dev/null \
	    "$TFLAME" --collapse --perf-slices="$cpus" "$data")" "${base%% *}"
	"$perf" script -i "$data" 2>/dev/null | "$TFLAME" --collapse \
	    > "$dir/want.folded" 2>/dev/null
	"$TFLAME" --collapse --perf-slices="$cpus" "$data" > "$dir/got.folded" \
	    2>/dev/null
	cmp -s "$dir/want.folded" "$dir/got.folded" &&
	    echo "  --perf-slices=$cpus output: identical to perf script | tflame --collapse" ||
	    echo "  --perf-slices=$cpus output: DIFFERS from perf script | tflame --collapse"
done
