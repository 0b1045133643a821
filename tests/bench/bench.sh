#!/bin/sh
# tflame's benchmark (`make bench`): builds perf script inputs of the given
# sizes from the project's own sample profiles (data/), runs tflame's
# non-interactive paths, and prints each figure beside `wc -l` on the same
# file in the same run, with peak RSS.  With FLAMEGRAPH_DIR set to a
# FlameGraph checkout, stackcollapse-perf.pl and flamegraph.pl run too.
# With TFLAME_PORTABLE (tests/bench/tflame-portable: every source built
# with TF_NO_SIMD, as configure --disable-simd does), the portable
# scanners' --collapse figures are printed beside the SSE2 ones.
# The viewer is measured too, on a pseudo-terminal (keybench): its first
# screen beside `wc -l`, and how fast each kind of key is answered and how
# many bytes the answer sends, on a folded tree of BENCH_NODES nodes.
# Each of tflame's runs follows a run of `wc -l` on its input, and its
# ratio is to the median of those (paired), so a slow stretch of the
# machine slows both.  A benchmark, not a test: it prints figures and
# judges nothing.
#
#   BENCH_SIZES   sizes in MB (default "200 1024")
#   BENCH_DIR     where inputs are built and kept (default /tmp/tflame-bench)
#   BENCH_RUNS    runs per figure, the median is printed (default 3)
#   BENCH_NODES   nodes of the tree the keys are measured on (default 1000000)
#   BENCH_KEYS    presses of each kind of key (default 50)
#   KEYBENCH      the keypress driver; empty: no viewer figures
set -eu
: "${TFLAME:?}" "${MKPROFILE:?}" "${RUNSTAT:?}" "${DATADIR:?}"
sizes=${BENCH_SIZES:-200 1024}
dir=${BENCH_DIR:-/tmp/tflame-bench}
runs=${BENCH_RUNS:-3}
nodes=${BENCH_NODES:-1000000}
keys=${BENCH_KEYS:-50}
keybench=${KEYBENCH:-}
mkdir -p "$dir"

. "$(dirname "$0")/perfinput.sh"

# row TOOL MB RESULT [BASELINE_WALL]: one table row from a runstat line;
# a fifth field in RESULT (from paired) is the baseline.
row() {
	set -- "$1" "$2" $3 ${4:-}
	awk -v tool="$1" -v mb="$2" -v wall="$3" -v cpu="$4" -v rss="$5" \
	    -v st="$6" -v base="$7" 'BEGIN {
		rate = wall > 0 ? mb / wall : 0
		ratio = base > 0 ? wall / base : 0
		printf "  %-28s %8.3f s %9.1f MB/s %8.1fx wc %9.1f MB%s\n",
		    tool, wall, rate, ratio, rss / 1024, st == 0 ? "" : "  (exit " st ")"
	}'
}

# paired FILE CMD...: CMD prints a runstat line for one run; it runs $runs
# times, each right after a run of `wc -l FILE`, so that both see the same
# state of a noisy machine.  Prints CMD's median wall, median CPU, largest
# RSS, last exit status, then wc -l's median wall: the ratio's base.
paired() {
	file=$1
	shift
	i=0
	while [ "$i" -lt "$runs" ]; do
		echo "w $("$RUNSTAT" 1 /dev/null wc -l "$file")"
		echo "c $("$@")"
		i=$((i + 1))
	done | awk '
	function median(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	$1 == "w" { bw[++nb] = $2 }
	$1 == "c" { cw[++nc] = $2; cc[nc] = $3; if ($4 > rss) rss = $4; st = $5 }
	END { printf "%.3f %.3f %d %d %.4f\n", median(cw, nc), median(cc, nc),
	    rss, st, median(bw, nb) }'
}

echo "tflame benchmark: $(uname -m), $(getconf _NPROCESSORS_ONLN) CPUs, median of $runs runs"
for size in $sizes; do
	in=$(perf_input "$size")
	mb=$(awk -v b="$(wc -c < "$in")" 'BEGIN { printf "%.1f", b / 1048576 }')
	echo
	echo "perf script, $mb MB ($in):"
	wc=$("$RUNSTAT" "$runs" /dev/null wc -l "$in")
	base=${wc%% *}
	row "wc -l" "$mb" "$wc" "$base"
	row "tflame --collapse" "$mb" "$(paired "$in" \
	    "$RUNSTAT" 1 "$dir/out-$size.folded" "$TFLAME" --collapse "$in")"
	# Transforms right after loading (the target: within 1.5x of the row above).
	row "tflame --collapse --exclude --hide" "$mb" "$(paired "$in" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse \
	    --exclude='\[unknown\]|cpu_idle' --hide='^_' "$in")"
	row "tflame --collapse --threads=1" "$mb" "$(paired "$in" \
	    "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse --threads=1 "$in")"
	# The portable scanners (configure --disable-simd) beside SSE2, on
	# the same file in the same run; TFLAME_PORTABLE is
	# tests/bench/tflame-portable, built by make bench.
	if [ -n "${TFLAME_PORTABLE:-}" ] && [ -x "$TFLAME_PORTABLE" ]; then
		row "portable --collapse" "$mb" "$(paired "$in" "$RUNSTAT" 1 \
		    "$dir/portable-$size.folded" "$TFLAME_PORTABLE" --collapse "$in")"
		row "portable --threads=1" "$mb" "$(paired "$in" \
		    "$RUNSTAT" 1 /dev/null "$TFLAME_PORTABLE" --collapse \
		    --threads=1 "$in")"
		if cmp -s "$dir/portable-$size.folded" "$dir/out-$size.folded"; then
			echo "  (portable output: identical)"
		else
			echo "  (portable output: differs)"
		fi
		rm -f "$dir/portable-$size.folded"
	else
		echo "  (portable scanners: no TFLAME_PORTABLE; make bench builds it)"
	fi
	[ -z "$keybench" ] ||
		row "tflame, first screen" "$mb" \
		    "$(paired "$in" "$keybench" -f -r 1 "$TFLAME" "$in")"
	stacks=$(wc -l < "$dir/out-$size.folded")
	fmb=$(awk -v b="$(wc -c < "$dir/out-$size.folded")" 'BEGIN { printf "%.1f", b / 1048576 }')
	if [ -n "${FLAMEGRAPH_DIR:-}" ] && [ -f "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" ]; then
		row "stackcollapse-perf.pl" "$mb" \
		    "$("$RUNSTAT" 1 "$dir/pl-$size.folded" perl "$FLAMEGRAPH_DIR/stackcollapse-perf.pl" "$in")" "$base"
		if cmp -s "$dir/pl-$size.folded" "$dir/out-$size.folded"; then
			echo "  (stackcollapse-perf.pl output: identical)"
		else
			echo "  (stackcollapse-perf.pl output: differs)"
		fi
	fi
	echo "folded, $fmb MB, $stacks unique stacks:"
	fwc=$("$RUNSTAT" "$runs" /dev/null wc -l "$dir/out-$size.folded")
	row "wc -l" "$fmb" "$fwc" "${fwc%% *}"
	row "tflame --collapse (folded)" "$fmb" "$(paired \
	    "$dir/out-$size.folded" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse \
	    "$dir/out-$size.folded")"
	# The same stacks in a fixed random order: no longer sorted, so
	# --collapse builds the tree (the file above is printed as it is read).
	shuf=$dir/shuf-$size.folded
	[ -s "$shuf" ] && [ "$shuf" -nt "$dir/out-$size.folded" ] ||
		awk 'BEGIN { srand(1) } { printf "%.9f\t%s\n", rand(), $0 }' \
		    "$dir/out-$size.folded" | sort -k1,1 | cut -f2- > "$shuf"
	row "tflame --collapse (shuffled)" "$fmb" "$(paired \
	    "$shuf" "$RUNSTAT" 1 /dev/null "$TFLAME" --collapse "$shuf")"
done

# async-profiler and memleak text (tests/bench/textfmt.sh).
. "$(dirname "$0")/textfmt.sh"
# bpftrace and pprof input (tests/bench/stackmaps.sh).
[ -z "${MKPPROF:-}" ] || . "$(dirname "$0")/stackmaps.sh"
# A Chrome .cpuprofile (tests/bench/cpuprofile.sh).
[ -z "${MKCPUPROFILE:-}" ] || . "$(dirname "$0")/cpuprofile.sh"
# --off-cpu on a scheduler recording (tests/bench/offcpu.sh).
. "$(dirname "$0")/offcpu.sh"

[ -n "$keybench" ] || exit 0

# The keys: a folded tree of $nodes nodes, from the frame names of data/.
for f in "$DATADIR/perl-regex.perf" "$DATADIR/python-json.perf.gz" \
    "$DATADIR/system.folded"; do
	"$TFLAME" --collapse "$f"
done > "$dir/names.folded"
tree=$dir/tree-$nodes.folded
[ -s "$tree" ] || "$MKPROFILE" --tree "$nodes" "$tree" "$dir/names.folded" 2>/dev/null
# Count the nodes of the tree tflame builds: one per distinct (parent, name).
counted=$("$TFLAME" --collapse "$tree" | awk '{
	sub(/ [0-9.]+$/, "")
	n = split($0, f, ";")
	p = 0
	for (i = 1; i <= n; i++) {
		k = p SUBSEP f[i]
		if (!(k in id))
			id[k] = ++nodes
		p = id[k]
	}
} END { print nodes + 1 }')
tmb=$(awk -v b="$(wc -c < "$tree")" 'BEGIN { printf "%.1f", b / 1048576 }')
echo
echo "viewer, folded, $tmb MB, $(wc -l < "$tree") stacks, $counted nodes ($tree):"
twc=$("$RUNSTAT" "$runs" /dev/null wc -l "$tree")
row "wc -l" "$tmb" "$twc" "${twc%% *}"
row "tflame, first screen" "$tmb" \
    "$(paired "$tree" "$keybench" -f -r 1 "$TFLAME" "$tree")"
for geometry in 200x60 80x24; do
	echo "keys on a ${geometry} terminal, $keys each (median, max, median bytes):"
	"$keybench" -g "$geometry" -n "$keys" "$TFLAME" "$tree"
done
# A transform and its undo in the reverse view (a width where the widest
# caller of the root is a frame, not a "+" bar); each makes or drops a
# tree of up to a million nodes, so 10 of each.
echo "reverse view: x and its undo u, 999x60, 10 each:"
"$keybench" -u -g 999x60 -n 10 "$TFLAME" "$tree"

# The function table and the sandwich, in the core (tests/bench/funcbench,
# processor time): on the tree above, then on the same stacks with frames
# renamed "hot" to make a function of about 100,000 instances: near the
# leaves (those named [a-z]... among the last five frames: small callee
# subtrees, as malloc's), and in the middle (every _?Py[A-N]... frame:
# their subtrees hold nearly the whole tree).
: "${FUNCBENCH:=$(dirname "$RUNSTAT")/funcbench}"
if [ -x "$FUNCBENCH" ]; then
	echo
	echo "function table and sandwich, $tmb MB, $(wc -l < "$tree") stacks:"
	fwc=$("$RUNSTAT" "$runs" /dev/null wc -l "$tree")
	row "wc -l" "$tmb" "$fwc" "${fwc%% *}"
	"$FUNCBENCH" -r "$runs" "$tree"
	for kind in leaves middle; do
		hot=$dir/hot-$kind-$nodes.folded
		# (if/else: mawk, Debian's awk, takes no regex match in ?:)
		[ -s "$hot" ] && [ "$hot" -nt "$tree" ] ||
			awk -F';' -v OFS=';' -v kind=$kind '{
			    for (i = 2; i < NF; i++)
				if (kind == "leaves") {
					if (i >= NF - 5 && $i ~ /^[a-z]/)
						$i = "hot"
				} else if ($i ~ /^_?Py[A-N]/)
					$i = "hot"
			} 1' "$tree" > "$hot"
		echo "the same stacks with frames renamed hot ($kind, $hot):"
		fwc=$("$RUNSTAT" "$runs" /dev/null wc -l "$hot")
		row "wc -l" "$tmb" "$fwc" "${fwc%% *}"
		"$FUNCBENCH" -r "$runs" -n hot "$hot"
		# The same in the viewer: t, the table's keys, Enter on hot
		# (filtered by /^hot$), the sandwich's keys (keybench -t).
		echo "keys of the table and the sandwich of hot ($kind), 200x60, $keys each:"
		"$keybench" -t -g 200x60 -n "$keys" -p '^hot$' "$TFLAME" "$hot"
	done
fi
# Each transform on the tree, in process (tests/bench/xformbench), beside
# `wc -l` on the same file.
xformbench=$(dirname "$MKPROFILE")/xformbench
if [ -x "$xformbench" ]; then
	echo
	echo "transforms, $tmb MB, $(wc -l < "$tree") stacks:"
	fwc=$("$RUNSTAT" "$runs" /dev/null wc -l "$tree")
	row "wc -l" "$tmb" "$fwc" "${fwc%% *}"
	"$xformbench" "$tree" "$runs" "${fwc%% *}"
fi
# The viewer's undo and the trees its history holds (tests/bench/histbench).
histbench=$(dirname "$MKPROFILE")/histbench
[ -x "$histbench" ] && { echo; "$histbench" "$tree"; }
# --window at live rates: an expiry's cost (tests/bench/windowbench).
windowbench=$(dirname "$MKPROFILE")/windowbench
if [ -x "$windowbench" ]; then
	echo
	"$windowbench" "$DATADIR/perl-regex.perf"
	"$windowbench" "$tree"
fi

# The heat map screen: open, cursor, a range's tree (tests/bench/heatbench).
heatbench=$(dirname "$MKPROFILE")/heatbench
[ -x "$heatbench" ] && { echo; "$heatbench"; }
# The sample store's share of a load, on the biggest perf input
# (tests/bench/storebench; #53: at most 15%).
storebench=$(dirname "$MKPROFILE")/storebench
[ -x "$storebench" ] &&
    { echo; "$storebench" "$(perf_input "${sizes##* }")" 5; }

# The time order screen: open, pan, zoom (tests/bench/orderbench).
orderbench=$(dirname "$MKPROFILE")/orderbench
[ -x "$orderbench" ] && { echo; "$orderbench"; }

# SVG export: 200,000 distinct stacks (those of the collapsed perf inputs,
# then of the tree), or as many as there are.
svgin=$dir/svg-200k.folded
cat "$dir"/out-*.folded "$tree" |
    awk '{ k = $0; sub(/ [^ ]*$/, "", k) } !seen[k]++' |
    head -n 200000 > "$svgin"
smb=$(awk -v b="$(wc -c < "$svgin")" 'BEGIN { printf "%.1f", b / 1048576 }')
echo
echo "--svg, folded, $smb MB, $(wc -l < "$svgin") distinct stacks ($svgin):"
swc=$("$RUNSTAT" "$runs" /dev/null wc -l "$svgin")
row "wc -l" "$smb" "$swc" "${swc%% *}"
row "tflame --svg" "$smb" \
    "$(paired "$svgin" "$RUNSTAT" 1 /dev/null "$TFLAME" --svg=- "$svgin")"
if [ -n "${FLAMEGRAPH_DIR:-}" ] && [ -f "$FLAMEGRAPH_DIR/flamegraph.pl" ]; then
	row "flamegraph.pl" "$smb" \
	    "$("$RUNSTAT" 1 /dev/null perl "$FLAMEGRAPH_DIR/flamegraph.pl" "$svgin")" "${swc%% *}"
fi
. "$(dirname "$0")/perfdata.sh"
TFLAME="$TFLAME" DATADIR="$DATADIR" sh "$(dirname "$0")/live.sh"
