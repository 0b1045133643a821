#!/bin/sh
# Golden tests for the Firefox Profiler loader (issue #52 item 3), on the
# files copied into tests/data/firefox (README.md):
#  1. each file (processed format, Gecko format with a child process held
#     as JSON text, a DevTools recording around a Gecko profile) against
#     results/BASE.folded (made by fold.py from the rules), also on
#     standard input, gzip-compressed, with --format=firefox and =gecko;
#  2. crafted damage: truncated JSON, a prefix cycle, indices out of
#     range, a huge declared length, deep nesting, profiles as JSON text
#     nested without end: exit 1, nothing on stdout, a message naming the
#     field or byte, memory bounded (ulimit -v, not in a sanitizer build);
#  3. --heatmap and --time (the child process 1 s after the parent).
. "$(dirname "$0")/lib.sh" || exit 99

fd=$TESTS_DATADIR/firefox

run() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; head -3 "$tmpd/err"; return; }
	same "$name" "$tmpd/out" "$exp"
}

# mustfail NAME TEXT FILE: exit 1, empty stdout, TEXT on stderr, within 1 GiB.
mustfail() {
	bounded "$TFLAME" --collapse "$3" > "$tmpd/out" 2>"$tmpd/err"
	st=$?
	if [ "$st" -ne 1 ]; then
		bad "$1" "exit status $st"
	elif [ -s "$tmpd/out" ]; then
		bad "$1" "output on stdout"
	elif ! grep -F -q -- "$2" "$tmpd/err"; then
		bad "$1" "no \"$2\" on stderr"
		head -3 "$tmpd/err"
	else
		ok
	fi
}

# 1. The corpus.
for f in "$fd"/*.json; do
	b=$(basename "$f" .json)
	exp=$fd/results/$b.folded
	run "$b" "$exp" "$f"
	run "$b stdin" "$exp" - < "$f"
	gzip -c "$f" > "$tmpd/$b.gz"
	run "$b gzip" "$exp" "$tmpd/$b.gz"
	run "$b --format=firefox" "$exp" --format=firefox "$f"
	run "$b --format=gecko" "$exp" --format=gecko "$f"
done

# 2. Refused.
p=$fd/processed-1.json
head -c 5000 "$p" > "$tmpd/trunc.json"
mustfail truncated "byte " "$tmpd/trunc.json"
# stackTable row 0 of each thread names row 4 as its prefix: a cycle.
sed 's/"prefix": \[$/&/; s/"prefix":\[null,/"prefix":[4,/' "$p" > "$tmpd/cycle.json"
tr -d ' \n' < "$p" | sed 's/"prefix":\[null,/"prefix":[4,/' > "$tmpd/cycle.json"
mustfail "prefix cycle" "stackTable[0]: prefix 4 is not an earlier row" "$tmpd/cycle.json"
tr -d ' \n' < "$p" | sed 's/"stack":\[1,2,2,3,0,1,4\]/"stack":[1,2,2,3,0,1,5000000000]/' > "$tmpd/stack.json"
mustfail "stack out of range" "samples[6]: stack 5e+09 out of range (5 stacks)" "$tmpd/stack.json"
tr -d ' \n' < "$p" | sed 's/"func":\[0,1,2,3,4\]/"func":[0,1,2,3,40]/' > "$tmpd/func.json"
mustfail "func out of range" "func 40 out of range" "$tmpd/func.json"
# 10^9 declared samples: "length" is not read; the file loads.
tr -d ' \n' < "$p" | sed 's/"length":7/"length":1000000000/g' > "$tmpd/length.json"
tr -d ' \n' < "$p" | "$TFLAME" --collapse - > "$tmpd/want"
bounded "$TFLAME" --collapse "$tmpd/length.json" > "$tmpd/out" 2>"$tmpd/err" ||
    bad "declared length" "exit status $?"
same "declared length" "$tmpd/out" "$tmpd/want"
{ printf '{"meta": {}, "threads": '
  awk 'BEGIN { for (i = 0; i < 200000; i++) printf "[" }'; } > "$tmpd/deep.json"
mustfail "deep nesting" "nested deeper than 512 levels" "$tmpd/deep.json"
# A profile as JSON text in a profile as JSON text ... five deep.
mustfail "nested text" "nested more than 4 deep" "$fd/hostile/nested-text.json"
printf '{"meta": {}, "threads": [{"name": "T", "samples": {"stack": [0]}}]}' > "$tmpd/nostr.json"
mustfail "no tables" "threads[0]" "$tmpd/nostr.json"

# 3. Time: the parent's threads at 0-6 ms, the child's at 1000-1006 ms.
for f in gecko-1 processed-1; do
	"$TFLAME" --heatmap "$fd/$f.json" > "$tmpd/out" 2>"$tmpd/err" ||
	    bad "$f heatmap" "exit status $?"
	printf '# second offset_ms samples\n0\t0\t14\n1\t0\t7\n' > "$tmpd/want"
	same "$f heatmap" "$tmpd/out" "$tmpd/want"
done
grep '^GeckoMain;' "$fd/results/gecko-1.folded" | awk '{ $NF = $NF / 2; print }' > "$tmpd/want"
run "gecko-1 --time" "$tmpd/want" --time=1-2 "$fd/gecko-1.json"
grep '^Content;' "$fd/results/processed-1.folded" > "$tmpd/want"
run "processed-1 --time" "$tmpd/want" --time=0.5-1.5 "$fd/processed-1.json"
# The DevTools recording: 39 samples 0.6-38.4 ms, 10 a 10 ms row.
"$TFLAME" --heatmap --rows=100 "$fd/Firefox_63_simple-firefox.json" > "$tmpd/out" 2>"$tmpd/err" ||
    bad "devtools heatmap" "exit status $?"
printf '# second offset_ms samples\n0\t0\t10\n0\t10\t10\n0\t20\t10\n0\t30\t9\n' > "$tmpd/want"
same "devtools heatmap" "$tmpd/out" "$tmpd/want"

# `!` (and stderr) names the fields the loader did not read.
"$TFLAME" --collapse "$fd/processed-1.json" > /dev/null 2>"$tmpd/err"
grep -q 'fields not read: .*threads.markers' "$tmpd/err" && ok ||
    bad "fields not read" "$(head -2 "$tmpd/err")"

finish
