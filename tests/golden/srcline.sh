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

finish
