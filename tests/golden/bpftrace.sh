#!/bin/sh
# Golden tests for the bpftrace loader, on the corpus copied
# into tests/data/corpus/bpftrace (see its README.md):
#  1. every capture and synthetic file with each variant of the README
#     (default, --includeoffset, --kernel, --addrs) against results/;
#  2. the --map variants, and the three --map failures (non-zero exit,
#     nothing on stdout, a message naming the problem);
#  3. the same input from a redirect, a pipe, gzip (one and two members)
#     and with --format=bpftrace, so that detection works on streams;
#  4. the other modes: --diff (two files), --svg.
. "$(dirname "$0")/lib.sh" || exit 99

bt=$CORPUS/bpftrace

# run NAME EXPECTED ARGS...: tflame --collapse ARGS must print EXPECTED.
run() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" --collapse "$@" > "$tmpd/out" 2>"$tmpd/err" ||
	    { bad "$name" "exit status $?"; head -3 "$tmpd/err"; return; }
	same "$name" "$tmpd/out" "$exp"
}

# 1. Every file, every variant.
for f in "$bt"/*.txt "$bt"/synthetic/*.txt; do
	d=$(dirname "$f")
	n=$(basename "$f" .txt)
	run "$n" "$d/results/$n.default.folded" "$f"
	for v in includeoffset kernel addrs; do
		run "$n --$v" "$d/results/$n.$v.folded" --$v "$f"
	done
done

# 2. --map.
run "two-maps --map=user" "$bt/results/two-maps.map-user.folded" \
    --map=user "$bt/two-maps.txt"
run "two-maps --map=@sleeping" "$bt/results/two-maps.map-sleeping.folded" \
    --map=@sleeping "$bt/two-maps.txt"
run "values --map=delta" "$bt/synthetic/results/values.map-delta.folded" \
    --map=delta "$bt/synthetic/values.txt"
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
mustfail "--map=nosuch" "no map @nosuch in the input (maps: @bytes @kern @samples @sleeping @usecs @user)" \
    --map=nosuch "$bt/two-maps.txt"
mustfail "--map=lat" "map @lat has no keyed entry with an integer value" \
    --map=lat "$bt/synthetic/values.txt"
mustfail "--map=total" "map @total has no keyed entry with an integer value" \
    --map=total "$bt/synthetic/values.txt"
printf 'Attaching 1 probe...\n@x: 5\n' > "$tmpd/nostack.txt"
mustfail "no stack map" "no stack map" "$tmpd/nostack.txt"

# 3. Streams, gzip and --format.
for n in kstack-ustack-comm json ustack-perf; do
	exp=$bt/results/$n.default.folded
	"$TFLAME" --collapse < "$bt/$n.txt" > "$tmpd/out" 2>"$tmpd/err" &&
	    same "$n (< file)" "$tmpd/out" "$exp" || bad "$n (< file)"
	cat "$bt/$n.txt" | "$TFLAME" --collapse > "$tmpd/out" 2>"$tmpd/err" &&
	    same "$n (pipe)" "$tmpd/out" "$exp" || bad "$n (pipe)"
	gzip -c < "$bt/$n.txt" > "$tmpd/in.gz"
	run "$n (gzip)" "$exp" "$tmpd/in.gz"
	head -c 20000 "$bt/$n.txt" | gzip -c > "$tmpd/in2.gz"
	tail -c +20001 "$bt/$n.txt" | gzip -c >> "$tmpd/in2.gz"
	"$TFLAME" --collapse < "$tmpd/in2.gz" > "$tmpd/out" 2>"$tmpd/err" &&
	    same "$n (gzip, 2 members, stdin)" "$tmpd/out" "$exp" ||
	    bad "$n (gzip, 2 members)"
	run "$n (--format=bpftrace)" "$exp" --format=bpftrace "$bt/$n.txt"
done
# Without the banner, the entries alone are still bpftrace.
grep -v '^Attaching' "$bt/kstack.txt" > "$tmpd/nobanner.txt"
run "kstack without banner" "$bt/results/kstack.default.folded" \
    "$tmpd/nobanner.txt"

# JSON as Python's json reads it (the reference): NaN and Infinity are
# numbers, a repeated key keeps its last value, escapes are decoded.
{
	printf '{"type": "stats", "data": {"@s": {"count": 2, "average": NaN, "max": -Infinity}}}\n'
	printf '{"type": "map", "data": {"@": {"\\n    f\\n    g\\u0041\\n": 3, "\\n    h\\n": 1, "\\n    f\\n    gA\\n": 5}}}\n'
} > "$tmpd/py.json"
printf 'gA;f 5\nh 1\n' > "$tmpd/py.want"
run "JSON: NaN, Infinity, repeated key" "$tmpd/py.want" "$tmpd/py.json"
grep -q 'not JSON' "$tmpd/err" && bad "JSON: NaN read as not JSON" || ok

# 4. --diff and --svg.
n=kstack-ustack-comm
sed 's/ \([0-9]*\)$/ \1 \1/' "$bt/results/$n.default.folded" \
    > "$tmpd/diff.exp"
run "$n --diff" "$tmpd/diff.exp" --diff "$bt/$n.txt" "$bt/$n.txt"
if "$TFLAME" --svg="$tmpd/out.svg" "$bt/$n.txt" 2>"$tmpd/err" &&
    grep -q 'entry_SYSCALL_64_after_hwframe' "$tmpd/out.svg"; then
	ok
else
	bad "$n --svg"
fi
finish
