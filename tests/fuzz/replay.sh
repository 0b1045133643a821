#!/bin/sh
# Replay every input a fuzzer crashed on (tests/fuzz/crashes/TARGET/*)
# through the tflame command: --collapse and --svg, with the target's
# format for a loader's crash and detection otherwise.  Each run must exit
# 0 or 1 (an unusable input is fine, a crash is not) and print no
# sanitizer report (the CI's sanitizer build runs this too).
. "$(dirname "$0")/../golden/lib.sh" || exit 99
crashes=$(cd "$(dirname "$0")" && pwd)/crashes

# run NAME ARGS...: the command must exit 0 or 1 without a sanitizer report.
run() {
	name=$1
	shift
	"$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err"
	rc=$?
	if [ "$rc" -gt 1 ]; then
		bad "$name" "exit $rc"
		head -5 "$tmpd/err"
	elif grep -qE 'Sanitizer|runtime error:' "$tmpd/err"; then
		bad "$name" "sanitizer report"
		head -5 "$tmpd/err"
	else
		ok
	fi
}

for f in "$crashes"/*/*; do
	[ -f "$f" ] || continue
	target=$(basename "$(dirname "$f")")
	case $target in
	perf|folded|stap|dtrace) fmt=--format=$target ;;
	*) fmt= ;;
	esac
	name=$target/$(basename "$f")
	run "$name --collapse" $fmt --collapse "$f"
	run "$name --svg" $fmt --svg "$tmpd/out.svg" "$f"
done
[ $((pass + fail)) -gt 0 ] || bad "no crash inputs found in $crashes"
finish
