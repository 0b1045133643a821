#!/bin/sh
# `perf script -F +srcline` input (tests/data/srcline/hot.perf, a real
# recording of tests/data/srcline/hot.c, cut down): the srcline lines
# change no --collapse output and give no message; --lines names frames
# "func (file:line)" (against tests/data/srcline/hot-lines.folded).
. "$(dirname "$0")/lib.sh" || exit 99

sd=$TESTS_DATADIR/srcline
grep -v '^  ' "$sd/hot.perf" > "$tmpd/plain.perf"

# collapse NAME ARGS...: --collapse of hot.perf and of it without its
# srcline lines are the same, and hot.perf gives no message.
collapse() {
	name=$1
	shift
	"$TFLAME" --collapse "$@" "$sd/hot.perf" > "$tmpd/out" 2> "$tmpd/err"
	"$TFLAME" --collapse "$@" "$tmpd/plain.perf" > "$tmpd/exp" 2>&1
	if [ -s "$tmpd/err" ]; then
		bad "$name" "messages: $(head -c 200 "$tmpd/err")"
	elif [ ! -s "$tmpd/out" ]; then
		bad "$name" "no output"
	else
		same "$name" "$tmpd/out" "$tmpd/exp"
	fi
}
collapse srcline-collapse
collapse srcline-collapse-1thread --threads=1
collapse srcline-collapse-pid --pid --kernel

"$TFLAME" --collapse --lines "$sd/hot.perf" > "$tmpd/out" 2> "$tmpd/err"
[ -n "${REGEN:-}" ] && cp "$tmpd/out" "$sd/hot-lines.folded"
same srcline-lines "$tmpd/out" "$sd/hot-lines.folded"
[ -s "$tmpd/err" ] && bad srcline-lines-messages "$(head -c 200 "$tmpd/err")"
"$TFLAME" --collapse --lines --threads=1 "$sd/hot.perf" > "$tmpd/out" 2>&1
same srcline-lines-1thread "$tmpd/out" "$sd/hot-lines.folded"

# --annotate from the srcline lines, the source read from hot.c beside
# the fixture (its srcline names "hot.c": run from there).
annot() {
	name=$1 exp=$2
	shift 2
	(cd "$sd" && "$TFLAME" "$@" hot.perf) > "$tmpd/out" 2> "$tmpd/err"
	[ -n "${REGEN:-}" ] && cp "$tmpd/out" "$sd/$exp"
	same "$name" "$tmpd/out" "$sd/$exp"
	[ -s "$tmpd/err" ] && bad "$name-messages" "$(head -c 200 "$tmpd/err")"
}
annot srcline-annotate hot-annotate.txt --annotate='^hot_function$'
annot srcline-annotate-lines hot-annotate-1.txt --annotate=hot_ \
    --annotate-lines=1
(cd "$sd" && "$TFLAME" --annotate=nosuch hot.perf) > "$tmpd/out" 2>&1
[ $? -eq 1 ] && grep -q 'no function' "$tmpd/out" && ok ||
    bad srcline-annotate-nomatch
# without srcline lines: said on standard error
"$TFLAME" --annotate=hot_ "$tmpd/plain.perf" > "$tmpd/out" 2> "$tmpd/err"
grep -q 'no source lines' "$tmpd/err" && grep -q '(no line)' "$tmpd/out" &&
    ok || bad srcline-annotate-nolines
# Read in two parts at once (over 1 MiB): the lines of both parts kept.
i=0
while [ $i -lt 110 ]; do cat "$sd/hot.perf"; i=$((i + 1)); done > "$tmpd/big.perf"
(cd "$sd" && "$TFLAME" --annotate=hot_ --threads=2 "$tmpd/big.perf") \
    > "$tmpd/out2" 2>&1
(cd "$sd" && "$TFLAME" --annotate=hot_ --threads=1 "$tmpd/big.perf") \
    > "$tmpd/out1" 2>&1
same srcline-annotate-parts "$tmpd/out2" "$tmpd/out1"
grep -q '52.27%  hot.c:8' "$tmpd/out2" && ok || bad srcline-annotate-parts-share

# Frames without symbols: named after --top on standard error, with what
# helps; not at 10% or less, not for --collapse.
printf 'xz;main;[liblzma.so.5] 95\nxz;main;work 5\n' > "$tmpd/xz.folded"
"$TFLAME" --top "$tmpd/xz.folded" > "$tmpd/out" 2> "$tmpd/err"
grep -q '^tflame: note: 95.0% of the samples are in frames without symbols: liblzma.so.5 95.0%\. What helps: .*-dbgsym.*debuginfod.*-fno-omit-frame-pointer.*--call-graph=dwarf.*--addrs' \
    "$tmpd/err" && ok || bad missing-symbols-top "$(cat "$tmpd/err")"
"$TFLAME" --collapse "$tmpd/xz.folded" > "$tmpd/out" 2> "$tmpd/err"
[ -s "$tmpd/err" ] && bad missing-symbols-collapse-quiet "$(cat "$tmpd/err")"
printf 'xz;main;[liblzma.so.5] 10\nxz;main;work 90\n' > "$tmpd/xz.folded"
"$TFLAME" --top "$tmpd/xz.folded" > "$tmpd/out" 2> "$tmpd/err"
[ -s "$tmpd/err" ] && bad missing-symbols-10 "$(cat "$tmpd/err")" || ok

finish
