#!/bin/sh
# Golden tests for the speedscope loader (issue #52 item 2), on the files
# of speedscope's repository copied into tests/data/speedscope (README.md):
#  1. each file against results/BASE.folded (made by fold.py from the
#     rules), also on standard input, gzip-compressed and with
#     --format=speedscope;
#  2. speedscope's importer snapshot (speedscope-file-format.test.ts.snap):
#     each function's self weight as a share of the profile's agrees
#     within one percentage point;
#  3. the files speedscope refuses (invalid_*) and crafted damage: exit 1,
#     nothing on stdout, a message naming the event, field or byte;
#  4. --heatmap and --time on a timed profile.
. "$(dirname "$0")/lib.sh" || exit 99

sd=$TESTS_DATADIR/speedscope

# run NAME EXPECTED ARGS...: tflame --collapse ARGS must print EXPECTED.
run() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; head -3 "$tmpd/err"; return; }
	same "$name" "$tmpd/out" "$exp"
}

# mustfail NAME TEXT FILE: exit 1, empty stdout, TEXT on stderr.
mustfail() {
	"$TFLAME" --collapse "$3" > "$tmpd/out" 2>"$tmpd/err"
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
for f in "$sd"/0*.json "$sd"/timed.speedscope.json; do
	b=$(basename "$f" .json)
	exp=$sd/results/$b.folded
	run "$b" "$exp" "$f"
	run "$b stdin" "$exp" - < "$f"
	gzip -c "$f" > "$tmpd/$b.gz"
	run "$b gzip" "$exp" "$tmpd/$b.gz"
	run "$b --format" "$exp" --format=speedscope "$f"
done

# 2. speedscope's snapshot: "TITLE<TAB>PROFILE<TAB>FRAME<TAB>SELF" rows.
awk '
/^exports\[`importSpeedscopeProfiles / {
	title = $0; sub(/^exports\[`importSpeedscopeProfiles /, "", title)
	sub(/ [0-9]+`\].*/, "", title); n = 0; inblock = 1; next }
inblock && /^`;/ {
	for (i = 1; i <= n; i++) print title "\t" prof "\t" fn[i] "\t" fw[i]
	inblock = 0; next }
inblock && /^      "name": / { v = $0; sub(/^ *"name": "/, "", v)
	sub(/",$/, "", v); fn[++n] = v; next }
inblock && /^      "selfWeight": / { v = $0; sub(/^ *"selfWeight": /, "", v)
	sub(/,$/, "", v); fw[n] = v; next }
inblock && /^  "name": / { v = $0; sub(/^ *"name": "/, "", v)
	sub(/",$/, "", v); prof = v; next }
' "$sd/speedscope-file-format.test.ts.snap" | grep -v ': ' > "$tmpd/snap"
[ "$(wc -l < "$tmpd/snap")" -ge 16 ] || bad "snapshot rows" "$(wc -l < "$tmpd/snap")"
cut -f1,2 "$tmpd/snap" | sort -u > "$tmpd/profiles"
while IFS='	' read -r title prof; do
	case $title in
	"0.0.1 evented profile"*) f=0.0.1_simple.speedscope.json root= ;;
	"0.1.2 sampled profile") f=0.1.2_simple-sampled.speedscope.json root= ;;
	"0.6.0 multiple profiles") f=0.6.0_two-sampled.speedscope.json root="$prof;" ;;
	*) bad "snapshot: $title" "no file for it"; continue ;;
	esac
	"$TFLAME" --collapse "$sd/$f" > "$tmpd/c" || { bad "snapshot: $title"; continue; }
	grep "	$prof	" "$tmpd/snap" | grep -F "$title	" | awk -F'\t' -v root="$root" '
	FNR == NR { want[$3] = $4; wsum += $4; next }
	{ if (root != "" && index($0, root) != 1) next
	  w = $0; sub(/.* /, "", w); s = $0; sub(/ [^ ]*$/, "", s)
	  n = split(s, p, ";")
	  got[p[n]] += w; gsum += w }
	END {
		bad = 0
		for (f in want) {
			a = wsum ? want[f] / wsum : 0; b = gsum ? got[f] / gsum : 0
			d = a - b; if (d < 0) d = -d
			if (d > 0.01) { printf "%s: %.4f against %.4f\n", f, b, a; bad = 1 }
		}
		exit bad
	}' - "$tmpd/c" && ok || bad "snapshot: $title $prof"
done < "$tmpd/profiles"

# 3. Refused.
mustfail invalid_out-of-order "events[6]: closes frame 1 but frame 0 is open" \
    "$sd/invalid_out-of-order-events.json"
mustfail invalid_incomplete "unbalanced" "$sd/invalid_incomplete-trace.json"
head -c 300 "$sd/0.1.2_simple-sampled.speedscope.json" > "$tmpd/trunc.json"
mustfail truncated "byte " "$tmpd/trunc.json"
sed 's/\[0, 1, 3\]/[0, 1, 4000000000]/' "$sd/0.1.2_simple-sampled.speedscope.json" > "$tmpd/range.json"
mustfail "index out of range" "profiles[0].samples[2]: frame 4000000000 out of range" "$tmpd/range.json"
sed 's/"weights": \[1, 1, 4, 3, 5\]/"weights": [1, 1, 4, 3]/' "$sd/0.1.2_simple-sampled.speedscope.json" > "$tmpd/short.json"
mustfail "weights short" "fewer weights than samples" "$tmpd/short.json"
{ printf '{"$schema": "https://www.speedscope.app/file-format-schema.json", "x": '
  awk 'BEGIN { for (i = 0; i < 200000; i++) printf "[" }'; } > "$tmpd/deep.json"
mustfail "deep nesting" "nested deeper than 512 levels" "$tmpd/deep.json"
# A million-frame stack of one sample: memory stays bounded (ulimit -v).
{ printf '{"$schema": "https://www.speedscope.app/file-format-schema.json", '
  printf '"shared": {"frames": [{"name": "f"}]}, "profiles": [{"type": "sampled", '
  printf '"unit": "none", "samples": [['
  awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "0,"; printf "0" }'
  printf ']], "weights": [1]}]}'; } > "$tmpd/long.json"
if bounded "$TFLAME" --collapse "$tmpd/long.json" > "$tmpd/out" 2>"$tmpd/err"; then
	[ "$(awk -F';' '{ print NF }' "$tmpd/out")" = 1000001 ] && ok || bad "long stack" "depth"
else
	bad "long stack" "exit status $?"
fi

# 4. Time: samples at 0, 100, 350, 750 and 1650 ms (a running sum).
"$TFLAME" --heatmap --rows=10 "$sd/timed.speedscope.json" > "$tmpd/out" 2>"$tmpd/err" ||
    bad "heatmap" "exit status $?"
printf '# second offset_ms samples\n0\t0\t1\n0\t100\t1\n0\t300\t1\n0\t700\t1\n1\t600\t1\n' > "$tmpd/want"
same "heatmap" "$tmpd/out" "$tmpd/want"
printf 'main;eval 400000000\nmain;parse 250000000\nmain;parse;eval 900000000\n' > "$tmpd/want"
run "--time" "$tmpd/want" --time=0.1-0.8 "$sd/timed.speedscope.json"

# 5. Durations: weights in a time unit read as time, with the samples
# beside them; weights of unit none stay a plain count.
"$TFLAME" --top "$sd/0.1.2_simple-sampled.speedscope.json" > "$tmpd/out" \
    2>"$tmpd/err" || bad "top" "exit status $?"
if grep -q '^Total: 14.00 s time, 5 samples' "$tmpd/out"; then ok; else
	bad "top durations" "$(head -1 "$tmpd/out")"; fi
"$TFLAME" --top "$sd/0.0.1_simple.speedscope.json" > "$tmpd/out" \
    2>"$tmpd/err" || bad "top none" "exit status $?"
if grep -q '^Total: 14  Functions' "$tmpd/out"; then ok; else
	bad "top: unit none a count" "$(head -1 "$tmpd/out")"; fi

# `!` (and stderr) names the fields the loader did not read.
"$TFLAME" --collapse "$sd/0.6.0_two-sampled.speedscope.json" > /dev/null \
    2>"$tmpd/err"
grep -q 'fields not read: .*activeProfileIndex, profiles.endValue' \
    "$tmpd/err" && ok || bad "fields not read" "$(head -2 "$tmpd/err")"

finish
