#!/bin/sh
# Golden tests for the Chrome/V8 loader (issue #52, item 1), on the files
# copied into tests/data/chrome (see its README.md):
#  1. each profile's folded output against the expected file computed by
#     the issue's rules (weights: time to the next sample in microseconds);
#     the same through a pipe, gzip-compressed, with --format=chrome;
#  2. each function's self share agrees within one percentage point with
#     speedscope's importer snapshot (selfWeight per function; speedscope
#     leaves (idle) out, so the shares here are of the samples but idle);
#  3. time: --heatmap (idle left out) and --time on a .cpuprofile made by
#     hand (time.cpuprofile: samples at known times);
#  4. hostile input: truncated JSON, a node id that does not exist, a
#     parent cycle, numbers out of range, deep nesting, fewer deltas than
#     samples: exit 1, nothing on stdout, a message naming the field or
#     byte;
#  5. a profile recorded here with `node --cpu-prof`, when node is there.
. "$(dirname "$0")/lib.sh" || exit 99

cd_=$TESTS_DATADIR/chrome

# run NAME EXPECTED ARGS...: tflame --collapse ARGS must print EXPECTED.
run() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; head -3 "$tmpd/err"; return; }
	same "$name" "$tmpd/out" "$exp"
}

# mustfail NAME TEXT FILE: non-zero exit, empty stdout, TEXT on stderr.
mustfail() {
	name=$1 text=$2
	shift 2
	if "$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err"; then
		bad "$name" "exit status 0"
	elif [ -s "$tmpd/out" ]; then
		bad "$name" "output on stdout"
	elif ! grep -F -q -- "$text" "$tmpd/err"; then
		bad "$name" "no \"$text\" on stderr"
		head -3 "$tmpd/err"
	else
		ok
	fi
}

# 1. Folded output by the rules.
for f in Chrome_65_simple.cpuprofile node_10.11.0_example.cpuprofile \
    Chrome_69_simple.json.gz Chrome_66_worker.json.gz; do
	b=${f%.gz}
	exp=$cd_/${b%.*}.folded
	run "$f" "$exp" "$cd_/$f"
	run "$f --format=chrome" "$exp" --format=chrome "$cd_/$f"
	gzip -dcf "$cd_/$f" | "$TFLAME" --collapse > "$tmpd/out" 2>"$tmpd/err" ||
	    bad "$f pipe" "exit status $?"
	same "$f pipe" "$tmpd/out" "$exp"
	gzip -dcf "$cd_/$f" | gzip -c > "$tmpd/in.gz"
	run "$f gzip" "$exp" "$tmpd/in.gz"
done

# 2. Self shares against speedscope's snapshot.
# snap BLOCK: "NAME<TAB>SELF" for each frame of the snapshot's block.
snap() {
	awk -v want="exports[\`$1\`] = \`" '
	index($0, want) == 1 { on = 1; next }
	on && /^`;/ { exit }
	on && /^      "name": / {
		n = $0; sub(/^      "name": "/, "", n); sub(/",$/, "", n)
	}
	on && /^      "selfWeight": / {
		w = $0; gsub(/[^0-9]/, "", w); print n "\t" w
	}' "$cd_/speedscope-chrome.test.ts.snap"
}
# ours FILE [ROOT [TIME]]: "NAME<TAB>SELF" for each leaf of tflame's
# folded output (under ROOT; (idle) left out; --time=TIME).
ours() {
	"$TFLAME" --collapse ${3:+"--time=$3"} "$1" 2>/dev/null | awk -v root="${2:-}" '
	{
		i = match($0, / [0-9]+$/)
		st = substr($0, 1, i - 1); w = substr($0, i + 1)
		if (root != "") {
			if (index(st, root ";") != 1) next
			st = substr(st, length(root) + 2)
		}
		n = split(st, fr, ";")
		if (fr[n] != "(idle)") print fr[n] "\t" w
	}'
}
# shares NAME FILE BLOCK [ROOT [TIME]]: every function within one point.
shares() {
	snap "$3" > "$tmpd/theirs"
	ours "$2" "${4:-}" "${5:-}" > "$tmpd/ours"
	[ -s "$tmpd/theirs" ] && [ -s "$tmpd/ours" ] ||
	    { bad "$1 shares" "nothing to compare"; return; }
	if awk -F '\t' '
	FNR == NR { a[$1] += $2; ta += $2; next }
	{ b[$1] += $2; tb += $2 }
	END {
		for (n in b) a[n] += 0
		for (n in a) {
			d = 100 * a[n] / ta - 100 * b[n] / tb
			if (d > 1 || d < -1) {
				printf "%s: %.2f%% against %.2f%%\n", n,
				    100 * b[n] / tb, 100 * a[n] / ta
				bad = 1
			}
		}
		exit bad
	}' "$tmpd/theirs" "$tmpd/ours"; then ok; else bad "$1 shares"; fi
}
shares "Chrome 65" "$cd_/Chrome_65_simple.cpuprofile" \
    "importFromChromeCPUProfile 1"
shares "Node 10" "$cd_/node_10.11.0_example.cpuprofile" \
    "importFromV8Profiler Node 10 1"
shares "Chrome 69" "$cd_/Chrome_69_simple.json.gz" \
    "importFromChromeTimeline Chrome 69 1"
# speedscope gives a profile's last sample no weight (there is no next
# one), the rules endTime - t[last]: 13.2 ms of (program) on the main
# thread here, 2.7 points.  --time=-T leaves it out, T its time from the
# trace's first whole second (2951 s): endTime 2952.195060 s minus its
# weight; the worker's last, 1.2 ms, at 2952.213156 s.
shares "Chrome 66 main" "$cd_/Chrome_66_worker.json.gz" \
    "importFromChromeTimeline Workers Chrome 66 1" CrRendererMain -1.181826
shares "Chrome 66 worker" "$cd_/Chrome_66_worker.json.gz" \
    "importFromChromeTimeline Workers Chrome 66 2" "DedicatedWorker thread" \
    -1.213156

# 3. Time.  time.cpuprofile starts at 2 s; samples at 2.000 work, 2.010
# (idle), 2.030 work, 2.500 (program), 3.100 (idle), 3.120 work; endTime
# 3.140 s.  Heat map (50 rows, 20 ms): the idle ones are left out.
printf '# second offset_ms samples\n0\t0\t1\n0\t20\t1\n0\t500\t1\n1\t120\t1\n' \
    > "$tmpd/hm.exp"
"$TFLAME" --heatmap "$cd_/time.cpuprofile" > "$tmpd/out" 2>"$tmpd/err" ||
    bad "heatmap" "exit status $?"
same "heatmap" "$tmpd/out" "$tmpd/hm.exp"
printf '(idle) 40000\n(program) 600000\nwork 500000\n' > "$tmpd/all.exp"
run "time.cpuprofile" "$tmpd/all.exp" "$cd_/time.cpuprofile"
printf '(program) 600000\nwork 470000\n' > "$tmpd/range.exp"
run "--time" "$tmpd/range.exp" --time=0.02-0.6 "$cd_/time.cpuprofile"
printf '(idle) 20000\nwork 20000\n' > "$tmpd/range.exp"
run "--time 1-" "$tmpd/range.exp" --time=1- "$cd_/time.cpuprofile"

# Durations: the weights are microseconds, shown as time with the
# samples beside them (--top's total line).
"$TFLAME" --top "$cd_/time.cpuprofile" > "$tmpd/out" 2>"$tmpd/err" ||
    bad "top" "exit status $?"
if grep -q '^Total: 1.14 s wall-time, 6 samples' "$tmpd/out"; then ok; else
	bad "top durations"; head -2 "$tmpd/out"; fi

# 4. Hostile input.
N='"callFrame":{"functionName":"f","url":""}'
hostile() {
	name=$1 text=$2
	printf '%s' "$3" > "$tmpd/h.cpuprofile"
	mustfail "$name" "$text" --format=chrome "$tmpd/h.cpuprofile"
}
head -c 700 "$cd_/Chrome_65_simple.cpuprofile" > "$tmpd/trunc.cpuprofile"
mustfail "truncated" "byte 700: truncated" "$tmpd/trunc.cpuprofile"
hostile "no such sample node" "samples[1]: node 99 does not exist" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[1,99],\"timeDeltas\":[1,1]}"
hostile "no such child" "node 1: child 42 does not exist" \
    "{\"nodes\":[{\"id\":1,$N,\"children\":[42]}],\"samples\":[1],\"timeDeltas\":[1]}"
hostile "no such parent" "node 2: parent 77 does not exist" \
    "{\"nodes\":[{\"id\":1,$N},{\"id\":2,$N,\"parent\":77}],\"samples\":[1],\"timeDeltas\":[1]}"
hostile "parent cycle" "parent cycle" \
    "{\"nodes\":[{\"id\":1,$N,\"parent\":3},{\"id\":2,$N,\"parent\":1},{\"id\":3,$N,\"parent\":2}],\"samples\":[2],\"timeDeltas\":[1]}"
hostile "self parent" "parent cycle" \
    "{\"nodes\":[{\"id\":1,$N,\"children\":[1]}],\"samples\":[1],\"timeDeltas\":[1]}"
hostile "repeated id" "nodes[1]: id 1 repeated" \
    "{\"nodes\":[{\"id\":1,$N},{\"id\":1,$N}],\"samples\":[1],\"timeDeltas\":[1]}"
hostile "sample id range" "samples[0]: node id -5 out of range" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[-5],\"timeDeltas\":[1]}"
hostile "delta range" "timeDeltas[1]: 99999999999999999 out of range" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[1,1],\"timeDeltas\":[1,99999999999999999]}"
hostile "delta huge" "byte 95: an integer expected" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[1],\"timeDeltas\":[1e300]}"
hostile "startTime range" "startTime: 1e+300 out of range" \
    "{\"nodes\":[{\"id\":1,$N}],\"startTime\":1e300,\"samples\":[1],\"timeDeltas\":[1]}"
hostile "time sum range" "time out of range" \
    "{\"nodes\":[{\"id\":1,$N}],\"startTime\":8999999999999999,\"samples\":[1,1],\"timeDeltas\":[1,8999999999999999]}"
hostile "few deltas" "2 samples but 1 timeDeltas" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[1,1],\"timeDeltas\":[1]}"
hostile "samples no nodes" "1 samples but no nodes" \
    "{\"nodes\":[],\"samples\":[1],\"timeDeltas\":[1]}"
hostile "trailing" "byte 94: bytes after the end" \
    "{\"nodes\":[{\"id\":1,$N}],\"samples\":[1],\"timeDeltas\":[1]} x"
# a declared hit count of 10^9 sizes nothing
printf '{"nodes":[{"id":1,%s,"hitCount":1000000000}],"samples":[1],"timeDeltas":[5],"endTime":9}' \
    "$N" > "$tmpd/hits.cpuprofile"
printf 'f 4\n' > "$tmpd/hits.exp"
run "hitCount 1e9" "$tmpd/hits.exp" "$tmpd/hits.cpuprofile"
# nesting 100,000 deep: the head format and plain arrays
awk 'BEGIN { printf "{\"head\":"; for (i = 0; i < 100000; i++)
	printf "{\"functionName\":\"f\",\"id\":%d,\"children\":[", i
	print "" }' > "$tmpd/deep.cpuprofile"
mustfail "deep head" "nested deeper than 512" "$tmpd/deep.cpuprofile"
awk 'BEGIN { printf "{\"nodes\":[{\"id\":1,\"x\":"; for (i = 0; i < 100000; i++)
	printf "["; print "" }' > "$tmpd/deep2.cpuprofile"
mustfail "deep arrays" "nested deeper than 512" --format=chrome \
    "$tmpd/deep2.cpuprofile"
# a chain of 100,000 nodes (parents): no recursion
awk 'BEGIN { printf "{\"nodes\":[{\"id\":0,\"callFrame\":{\"functionName\":\"(root)\"}}"
	for (i = 1; i <= 100000; i++)
		printf ",{\"id\":%d,\"parent\":%d,\"callFrame\":{\"functionName\":\"f%d\"}}", i, i - 1, i % 3
	printf "],\"samples\":[100000,99999],\"timeDeltas\":[1,2],\"endTime\":10}\n" }' \
    > "$tmpd/chain.cpuprofile"
if "$TFLAME" --top "$tmpd/chain.cpuprofile" > "$tmpd/out" 2>"$tmpd/err"; then
	ok
else
	bad "chain" "exit status $?"
fi

# 5. A profile recorded here: two functions that spin for 300 ms each.
if command -v node > /dev/null 2>&1; then
	cat > "$tmpd/spin.js" <<'JS'
function spinAlpha(ms) { const e = Date.now() + ms; let x = 0; while (Date.now() < e) x++; return x; }
function spinBeta(ms) { const e = Date.now() + ms; let x = 0; while (Date.now() < e) x++; return x; }
spinAlpha(300); spinBeta(300);
JS
	if node --cpu-prof --cpu-prof-dir="$tmpd/prof" "$tmpd/spin.js" &&
	    prof=$(ls "$tmpd"/prof/*.cpuprofile) && [ -f "$prof" ]; then
		"$TFLAME" --collapse "$prof" > "$tmpd/out" 2>"$tmpd/err" ||
		    bad "node" "exit status $?"
		# each spinning function weighs 150-600 ms, under the script's
		# anonymous frame "(anonymous spin.js:1)"
		if awk '
		/\(anonymous spin\.js:1\);spinAlpha [0-9]+$/ { a += $NF }
		/\(anonymous spin\.js:1\);spinBeta [0-9]+$/ { b += $NF }
		END { exit !(a > 150000 && a < 600000 && b > 150000 && b < 600000) }' \
		    "$tmpd/out"; then ok; else bad "node" "spin weights"; cat "$tmpd/out"; fi
		"$TFLAME" --heatmap "$prof" > "$tmpd/out" 2>"$tmpd/err" &&
		    [ "$(grep -c -v '^#' "$tmpd/out")" -ge 10 ] && ok ||
		    bad "node heatmap"
	else
		bad "node" "node --cpu-prof wrote no profile"
	fi
else
	echo "SKIP: node --cpu-prof (no node)"
fi

# `!` (and stderr) names the fields the loader did not read.
"$TFLAME" --collapse "$cd_/Chrome_65_simple.cpuprofile" > /dev/null \
    2>"$tmpd/err"
grep -q 'fields not read: .*callFrame.columnNumber.*positionTicks' \
    "$tmpd/err" && ok || bad "fields not read" "$(head -2 "$tmpd/err")"

echo "chrome: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
