#!/bin/sh
# Golden tests for the pprof loader, on the corpus copied into
# tests/data/corpus/pprof (see its README.md):
#  1. every case of cases.txt (FILE VARIANT OPTIONS) against
#     DIR/results/BASE.VARIANT.folded;
#  2. the same profiles raw (gunzipped), on standard input, through a pipe,
#     split over two gzip members, and with --format=pprof;
#  3. every hostile file but huge-values is rejected: non-zero exit,
#     nothing on stdout, a message; and crafted damage made here (a length
#     past the end, a bad wire type, a location id 0, 2^40 declared bytes,
#     an empty string table, a gzip bomb under ulimit -v);
#  4. --sample-index errors; --diff and --svg.
. "$(dirname "$0")/lib.sh" || exit 99

pp=$CORPUS/pprof

# run NAME EXPECTED ARGS...: tflame --collapse ARGS must print EXPECTED.
run() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; head -3 "$tmpd/err"; return; }
	same "$name" "$tmpd/out" "$exp"
}

# mustfail NAME TEXT ARGS...: non-zero exit, empty stdout, TEXT on stderr.
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

# 1. cases.txt.
grep -v '^#' "$pp/cases.txt" | while read -r file variant opts; do
	[ -n "$file" ] || continue
	exp="$pp/$(dirname "$file")/results/$(basename "$file" .pb.gz).$variant.folded"
	# shellcheck disable=SC2086
	"$TFLAME" --collapse $opts "$pp/$file" > "$tmpd/out" 2>"$tmpd/err" ||
	    { echo "FAIL: $file $variant (exit status $?)"; head -3 "$tmpd/err"; continue; }
	cmp -s "$tmpd/out" "$exp" || { echo "FAIL: $file $variant"; diff "$exp" "$tmpd/out" | head -5; }
done > "$tmpd/cases.log"
if grep -q FAIL "$tmpd/cases.log"; then
	cat "$tmpd/cases.log"
	bad "cases.txt"
else
	ok
fi
# The same with --opt=VALUE spelling.
run "go-heap --sample-index=alloc_space" "$pp/results/go-heap.si-alloc_space.folded" \
    --sample-index=alloc_space "$pp/go-heap.pb.gz"
run "go-heap --sample-index=2" "$pp/results/go-heap.si-2.folded" \
    --sample-index=2 "$pp/go-heap.pb.gz"

# 2. Raw, stdin, pipe, two members, --format.
for f in go-cpu go-heap; do
	exp=$pp/results/$f.default.folded
	gzip -dc < "$pp/$f.pb.gz" > "$tmpd/raw.pb"
	run "$f raw" "$exp" "$tmpd/raw.pb"
	"$TFLAME" --collapse < "$tmpd/raw.pb" > "$tmpd/out" 2>"$tmpd/err" &&
	    same "$f raw (< file)" "$tmpd/out" "$exp" || bad "$f raw (< file)"
	cat "$pp/$f.pb.gz" | "$TFLAME" --collapse > "$tmpd/out" 2>"$tmpd/err" &&
	    same "$f (pipe)" "$tmpd/out" "$exp" || bad "$f (pipe)"
	head -c 1000 "$tmpd/raw.pb" | gzip -c > "$tmpd/two.gz"
	tail -c +1001 "$tmpd/raw.pb" | gzip -c >> "$tmpd/two.gz"
	run "$f (2 gzip members)" "$exp" "$tmpd/two.gz"
	run "$f --format=pprof" "$exp" --format=pprof "$pp/$f.pb.gz"
done

# 3. Hostile files.
mustfail truncated-gzip "truncated gzip" "$pp/hostile/truncated-gzip.pb.gz"
mustfail bad-varint "varint longer than 10 bytes" "$pp/hostile/bad-varint.pb.gz"
mustfail string-index "string index 999 out of range" "$pp/hostile/string-index.pb.gz"
mustfail missing-location "location 42, which does not exist" \
    "$pp/hostile/missing-location.pb.gz"
mustfail value-count "2 values for 1 sample types" "$pp/hostile/value-count.pb.gz"
mustfail not-a-profile "not a valid pprof profile" --format=pprof \
    "$pp/hostile/not-a-profile.pb.gz"
mustfail "not-a-profile (auto)" "" "$pp/hostile/not-a-profile.pb.gz"
run huge-values "$pp/hostile/results/huge-values.default.folded" \
    "$pp/hostile/huge-values.pb.gz"
# Crafted here: bytes written with printf (octal escapes).
# 0a 05 08 01 10 02: sample_type {1, 2}; then the string table.
strs='\062\000\062\001a\062\001b'
printf "\012\004\010\001\020\002$strs\022\377\377\377\377\017" > "$tmpd/h1"
mustfail "length past the end" "past the end" --format=pprof "$tmpd/h1"
printf "\012\004\010\001\020\002$strs\013" > "$tmpd/h2"
mustfail "wire type 3" "wire type 3" --format=pprof "$tmpd/h2"
printf "\012\004\010\001\020\002$strs\042\002\010\000" > "$tmpd/h3"
mustfail "location id 0" "id 0" --format=pprof "$tmpd/h3"
printf "\012\004\010\001\020\002$strs\022\200\200\200\200\200\040\012" > "$tmpd/h4"
mustfail "2^40 declared bytes" "past the end" --format=pprof "$tmpd/h4"
printf "\012\004\010\001\020\002" > "$tmpd/h5"
mustfail "empty string table" "string index 1 out of range" --format=pprof "$tmpd/h5"
printf "\012\004\010\001\020\002$strs\022\005\012\001\007\020\001" > "$tmpd/h6"
mustfail "location 7 missing" "location 7, which does not exist" \
    --format=pprof "$tmpd/h6"
# A gzip bomb (600 MB of zeros in 2.6 MB) under a 256 MiB limit: refused
# with a message, not killed; except under ASan, which reserves far more
# address space, or under an emulator (TFLAME_EMULATOR, set by
# tests/cross/arm64.sh), which does too.  (Without a limit it is refused
# past PPROF_MAX_BYTES.)
if [ -n "${TFLAME_EMULATOR:-}" ]; then
	echo "SKIP: gzip bomb under ulimit -v: tflame runs in $TFLAME_EMULATOR"
elif ! nm "$TFLAME" 2>/dev/null | grep -q __asan_init; then
	head -c 629145600 /dev/zero | gzip -1 > "$tmpd/bomb.gz"
	( ulimit -v 262144; "$TFLAME" --collapse --format=pprof "$tmpd/bomb.gz" \
	    > "$tmpd/out" 2>"$tmpd/err" )
	rc=$?
	if [ "$rc" -eq 1 ] && [ ! -s "$tmpd/out" ] &&
	    grep -q "out of memory" "$tmpd/err"; then
		ok
	else
		bad "gzip bomb" "exit status $rc"
		head -3 "$tmpd/err"
	fi
	rm -f "$tmpd/bomb.gz"
fi

# 4. --sample-index errors, --diff, --svg.
mustfail "--sample-index=9" "sample index 9 is outside [0..3]" \
    --sample-index=9 "$pp/go-heap.pb.gz"
mustfail "--sample-index=nosuch" "must be one of: alloc_objects alloc_space inuse_objects inuse_space" \
    --sample-index=nosuch "$pp/go-heap.pb.gz"
exp=$pp/results/go-cpu.default.folded
sed 's/ \([0-9]*\)$/ \1 \1/' "$exp" > "$tmpd/diff.exp"
run "go-cpu --diff" "$tmpd/diff.exp" --diff "$pp/go-cpu.pb.gz" "$pp/go-cpu.pb.gz"
if "$TFLAME" --svg="$tmpd/out.svg" "$pp/go-cpu.pb.gz" 2>"$tmpd/err" &&
    grep -q 'main.fib' "$tmpd/out.svg"; then
	ok
else
	bad "go-cpu --svg"
fi

# 5. The sample type's unit in the front ends' words: nanoseconds read as
# durations (5,950,000,000 ns of cpu), bytes as binary sizes; counts stay
# plain numbers.
for c in "go-cpu.pb.gz|^Total: 5.95 s time" "go-heap.pb.gz|^Total: 7.03 MiB" \
    "go-mutex.pb.gz|^Total: 246 ms time"; do
	f=${c%%|*} want=${c#*|}
	"$TFLAME" --top=1 "$pp/$f" > "$tmpd/out" 2>"$tmpd/err"
	if grep -q "$want" "$tmpd/out"; then ok; else
		bad "units: $f" "$(head -1 "$tmpd/out")"; fi
done
"$TFLAME" --top=1 --sample-index=inuse_objects "$pp/go-heap.pb.gz" \
    > "$tmpd/out" 2>"$tmpd/err"
grep -q '^Total: [0-9,]*  Functions' "$tmpd/out" && ok ||
    bad "units: a count" "$(head -1 "$tmpd/out")"
finish
