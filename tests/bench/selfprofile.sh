#!/bin/sh
# tflame profiling itself (`make selfprofile`): perf records one run of
# tflame on a bench input, and tflame reads the recording.  It prints where
# the run spent its time (share of samples by leaf function, then the
# hottest call chains) and leaves the recording's flame graph as folded
# stacks and an SVG, to open with `tflame FILE.folded` or a browser.
#
#   SELFPROF_SIZE  MB of perf script input, built as `make bench` builds
#                  it (default 200)
#   SELFPROF_ARGS  tflame's arguments before the input (default
#                  "--collapse --threads=1")
#   SELFPROF_INPUT another input file instead
#   BENCH_DIR      where inputs and results are kept (default
#                  /tmp/tflame-bench)
#   PERF           the perf program (default perf; Debian: linux-perf)
#
# The call chains come from DWARF unwinding, so an optimised build without
# frame pointers profiles as it is; functions the compiler inlined count as
# their callers.
set -eu
: "${TFLAME:?}" "${MKPROFILE:?}" "${DATADIR:?}"
size=${SELFPROF_SIZE:-200}
args=${SELFPROF_ARGS:---collapse --threads=1}
dir=${BENCH_DIR:-/tmp/tflame-bench}
perf=${PERF:-perf}
mkdir -p "$dir"

if ! command -v "$perf" > /dev/null 2>&1; then
	echo "selfprofile: $perf not found (Debian: apt-get install linux-perf)" >&2
	exit 1
fi

. "$(dirname "$0")/perfinput.sh"
in=${SELFPROF_INPUT:-$(perf_input "$size")}

data=$dir/self.data
folded=$dir/self.folded
svg=$dir/self.svg
echo "recording: tflame $args $in"
# $args is split into words on purpose.
# shellcheck disable=SC2086
"$perf" record -q -F 4999 --call-graph dwarf,16384 -o "$data" -- \
    "$TFLAME" $args "$in" > /dev/null
"$perf" script -i "$data" 2> /dev/null | "$TFLAME" --collapse > "$folded"
"$TFLAME" --svg="$svg" --title="tflame $args" "$folded"

# Only tflame's own thread(s): the first frame is the command name.
awk '
	{
		n = $NF; sub(/ [0-9]+$/, "")
		total += n
		k = split($0, f, ";")
		leaf[f[k]] += n
		# the chain without the command name, leaf last
		chain = f[2]; for (i = 3; i <= k; i++) chain = chain ";" f[i]
		chains[chain] += n
	}
	END {
		if (total == 0) { print "no samples"; exit 1 }
		printf "\n%.0f counted (the sum of the samples\047 periods)\n", total
		printf "\nshare  leaf function\n"
		for (l in leaf) printf "%5.1f%%  %s\n", 100 * leaf[l] / total, l | "sort -rn | head -20"
		close("sort -rn | head -20")
		printf "\nshare  hottest call chains (outermost first)\n"
		for (c in chains) printf "%5.1f%%  %s\n", 100 * chains[c] / total, c | "sort -rn | head -10"
	}' "$folded"
echo
echo "flame graph: $folded (tflame $folded) and $svg"
