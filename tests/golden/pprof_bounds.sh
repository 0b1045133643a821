#!/bin/sh
# The pprof loader's bounds through the binary (the unit tests,
# tests/unit/check_pprof, hold the rest):
#  1. the issue's drop_frames bomb (100 names "aaa...a!N" under
#     drop_frames "(a+)+$", the pprof fuzz seed drop-frames-bomb.pb):
#     loaded, each name given up on by the match limit, with the note,
#     within the budget (2 s) plus 10 s of processor time;
#  2. 64 Mi empty strings gzip'd (the issue's 537M made smaller: 128 MiB
#     inflated, 16 bytes a string and more before): refused with the
#     message, within 10 s of processor time (GNU time; the machines
#     that run the tests are shared, so wall time says little), and a
#     peak resident size of at most four times the inflated size plus
#     100 MB.
. "$(dirname "$0")/lib.sh" || exit 99

seeds=$(cd "$(dirname "$0")/../fuzz/seeds" && pwd)

# measured CMD...: run CMD (stdout to $tmpd/out, stderr $tmpd/err) under
# GNU time when there is one, its status in $rc; its peak resident size
# in KB in $peak, its processor time in whole seconds, rounded up, in $secs
# (both empty without GNU time).
if [ -x /usr/bin/time ] && /usr/bin/time -f %M true 2>/dev/null; then
	gnutime=/usr/bin/time
else
	gnutime=
fi
measured() {
	peak= secs=
	if [ -z "$gnutime" ]; then
		"$@" > "$tmpd/out" 2>"$tmpd/err"
		rc=$?
		return
	fi
	"$gnutime" -o "$tmpd/time" -f "%M %U %S" "$@" > "$tmpd/out" 2>"$tmpd/err"
	rc=$?
	# (its last line: before it, "Command exited with non-zero status")
	peak=$(tail -n 1 "$tmpd/time" | awk '{ print $1 }')
	secs=$(tail -n 1 "$tmpd/time" |
	    awk '{ s = $2 + $3; print int(s) + (s > int(s)) }')
}

# 1. drop_frames.
measured "$TFLAME" --collapse "$seeds/pprof/drop-frames-bomb.pb"
if [ "$rc" -ne 0 ]; then
	bad "drop_frames bomb" "exit status $rc"
	head -3 "$tmpd/err"
elif [ "$(wc -l < "$tmpd/out")" -ne 100 ]; then
	bad "drop_frames bomb" "$(wc -l < "$tmpd/out") stacks, want 100"
elif ! grep -q "drop_frames: the match limit gave up on 100 names; they are kept" \
    "$tmpd/err"; then
	bad "drop_frames bomb" "no note"
	head -3 "$tmpd/err"
elif [ -n "$secs" ] && [ "$secs" -gt 12 ]; then
	bad "drop_frames bomb" "$secs s, more than the budget (2 s) plus 10 s"
else
	ok
fi

# 2. Empty strings: "2\0" is field 6 (string_table) of length 0.
inflated=$((128 << 20))
yes 2 | tr '\n' '\000' | head -c "$inflated" | gzip -1 > "$tmpd/strings.gz"
measured "$TFLAME" --collapse --format=pprof "$tmpd/strings.gz"
bound=$((4 * inflated / 1024 + 100 * 1024))
echo "empty strings: peak ${peak:-?} KB (bound $bound KB), under ${secs:-?} s of processor time"
if [ "$rc" -ne 1 ] || [ -s "$tmpd/out" ]; then
	bad "empty strings" "exit status $rc"
	head -3 "$tmpd/err"
elif ! grep -q "pprof profile refused: its strings, mappings, functions and locations would take its tables past 320 MiB (2 times its 128 MiB, plus 64 MiB)" \
    "$tmpd/err"; then
	bad "empty strings" "no message"
	head -3 "$tmpd/err"
elif [ -n "$secs" ] && [ "$secs" -gt 10 ]; then
	bad "empty strings" "$secs s"
elif [ -z "$peak" ]; then
	echo "SKIP: empty strings: peak memory (no GNU time)"
	ok
elif nm "$TFLAME" 2>/dev/null | grep -q __asan_init; then
	echo "SKIP: empty strings: peak memory under ASan"
	ok
elif [ "$peak" -gt "$bound" ]; then
	bad "empty strings" "peak $peak KB, more than $bound KB"
else
	ok
fi
finish
