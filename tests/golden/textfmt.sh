#!/bin/sh
# async-profiler's collapsed stacks and bcc memleak's reports (issue #52,
# items 4 and 5) through the binary: the real files of tests/data/asprof
# and tests/data/memleak against their expected folded output (the
# async-profiler file is its own expected output, sorted: --collapse keeps
# its text; memleak's was worked out by hand from the loader's rules: the
# last report, leaf-first frames turned round, offsets and addresses
# dropped), detected plain, gzipped and on a pipe; the viewer's path
# (--top) with the type suffixes cut and memleak's bytes in KiB; hostile
# input: each bad line a message with its number, the rest loaded, exit
# 0, no control bytes on stderr, bounded in time and memory.
. "$(dirname "$0")/lib.sh" || exit 99

A=$TESTS_DATADIR/asprof/sample2.collapsed
M=$TESTS_DATADIR/memleak/memleak_example.txt
vlimit=1048576
if { ldd "$TFLAME" 2>/dev/null; nm "$TFLAME" 2>/dev/null; } |
    grep -q 'libasan\|libtsan\|__asan_init\|__tsan_init'; then
	vlimit=
fi

# run NAME STATUS ARGS...: tflame ARGS, within 60 s and 1 GiB, ends with
# STATUS; stdout in $tmpd/out, stderr (printable text only) in $tmpd/err.
run() {
	name=$1 want=$2
	shift 2
	(
		[ -z "$vlimit" ] || ulimit -v "$vlimit" || exit 125
		exec timeout 60 "$TFLAME" "$@"
	) > "$tmpd/out" 2> "$tmpd/err" < "${stdin:-/dev/null}"
	st=$?
	if [ "$st" -ne "$want" ]; then
		bad "$name" "exit status $st, expected $want"
		head -3 "$tmpd/err"
		return 1
	fi
	if [ "$(LC_ALL=C tr -d '\n\040-\176\200-\377' < "$tmpd/err" |
	    wc -c)" -ne 0 ] ||
	    ! iconv -f UTF-8 -t UTF-8 < "$tmpd/err" > /dev/null 2>&1; then
		bad "$name" "control bytes on stderr"
		return 1
	fi
	ok
}

# has NAME PATTERN [FILE]: FILE ($tmpd/err) matches PATTERN (grep -E).
has() {
	grep -Eq -- "$2" "${3:-$tmpd/err}" && ok ||
	    { bad "$1" "no /$2/ in ${3:-stderr}"; head -3 "${3:-$tmpd/err}"; }
}

# ---------------------------------------------------------- the real files
LC_ALL=C sort "$A" > "$tmpd/a.want"
gzip -c "$A" > "$tmpd/a.gz"
gzip -c "$M" > "$tmpd/m.gz"
for fmt in asprof memleak; do
	if [ $fmt = asprof ]; then
		in=$A gz=$tmpd/a.gz exp=$tmpd/a.want
	else
		in=$M gz=$tmpd/m.gz exp=$TESTS_DATADIR/memleak/memleak_example.folded
	fi
	run "$fmt" 0 --collapse "$in" && same "$fmt" "$tmpd/out" "$exp"
	run "$fmt named" 0 --collapse --format=$fmt "$in" &&
	    same "$fmt named" "$tmpd/out" "$exp"
	run "$fmt gzip" 0 --collapse "$gz" && same "$fmt gzip" "$tmpd/out" "$exp"
	stdin=$gz run "$fmt gzip pipe" 0 --collapse - &&
	    same "$fmt gzip pipe" "$tmpd/out" "$exp"
	cat "$in" > "$tmpd/fifo.in"
	stdin=$tmpd/fifo.in run "$fmt stdin" 0 --collapse &&
	    same "$fmt stdin" "$tmpd/out" "$exp"
	[ -s "$tmpd/err" ] && bad "$fmt: messages" || ok
done

# The viewer's names: the type suffix cut, the weights unchanged.
run "asprof --top" 0 --top=50 "$A"
grep -q '_\[[jik01]\]' "$tmpd/out" && bad "asprof --top: a suffix shown" || ok
has "asprof --top: NioSocketImpl.read" ' NioSocketImpl\.read$' "$tmpd/out"
has "asprof --top: total" '^Total: 188 ' "$tmpd/out"
# --svg keeps the names and colours them as flamegraph.pl's java palette.
run "asprof --svg java" 0 --svg=- --colors=java "$A"
has "asprof --svg: JIT green" 'fill="rgb\([0-9]+,2[0-9][0-9],[0-9]+\)"' \
    "$tmpd/out"
# ... by default: an async-profiler input is drawn in the java palette
# without --colors=java; read as plain folded, flamegraph.pl's hot.
cp "$tmpd/out" "$tmpd/java.svg"
run "asprof --svg" 0 --svg=- "$A"
cmp -s "$tmpd/out" "$tmpd/java.svg" && ok ||
    bad "asprof --svg: not the java palette by default"
run "asprof as folded --svg" 0 --svg=- --format=folded "$A"
cmp -s "$tmpd/out" "$tmpd/java.svg" &&
    bad "asprof as folded --svg: the java palette" || ok

# memleak in the viewer's words: bytes in binary units, allocations.
printf '\t3072 bytes in 3 allocations from stack\n\t\tf+0x1 [a]\n' \
    > "$tmpd/kib.txt"
run "memleak --top" 0 --top "$tmpd/kib.txt"
has "memleak --top: KiB and allocations" \
    '^Total: 3\.00 KiB, 3 allocations ' "$tmpd/out"

# ------------------------------------------------------------ hostile input
# Truncated lines, numbers past 64 bits, missing fields: each reported
# with its line number; the stacks around them load (one line in three
# at most is bad, or it would not be told from text that is not folded).
printf '%s\n' \
    'java/lang/Thread.run_[j];a_[i] 5' \
    'java/lang/Thread.run_[j];a_[i] 1' \
    'java/lang/Thread.run_[j];a_[i]' \
    'java/lang/Thread.run_[j];b_[0] 99999999999999999999999' \
    'java/lang/Thread.run_[j];b_[1] 7' \
    'java/lang/Thread.run_[j];c_[' \
    'java/lang/Thread.run_[j];b_[1] 3' > "$tmpd/bad.collapsed"
for mode in --collapse --top; do
	run "asprof hostile $mode" 0 $mode "$tmpd/bad.collapsed"
	has "asprof hostile $mode: line 3" 'bad\.collapsed:3: '
	has "asprof hostile $mode: line 4" 'bad\.collapsed:4: .*too large'
	has "asprof hostile $mode: line 6" 'bad\.collapsed:6: '
done
has "asprof hostile: the rest" '^Total: 16 ' "$tmpd/out"

printf '%s\n' \
    '[11:16:33] Top 5 stacks with outstanding allocations:' \
    '	99999999999999999999 bytes in 1 allocations from stack' \
    '		f+0x1 [a]' \
    '	16 bytes in  allocations from stack' \
    '	32 bytes in 2 allocations from stack' \
    '		0x00007f	g+0x2 [libc.so.6]' \
    '		main+0x1 [a' \
    '	8 bytes in 1 allocatio' > "$tmpd/bad.memleak"
for mode in --collapse --top; do
	run "memleak hostile $mode" 0 $mode "$tmpd/bad.memleak"
	has "memleak hostile $mode: line 2" 'bad\.memleak:2: .*too large'
	has "memleak hostile $mode: line 4" 'bad\.memleak:4: '
	has "memleak hostile $mode: line 7" 'bad\.memleak:7: '
	has "memleak hostile $mode: line 8" 'bad\.memleak:8: '
done
run "memleak hostile: the rest" 0 --collapse "$tmpd/bad.memleak"
has "memleak hostile: the rest" '^main\+0x1 \[a;g 32$' "$tmpd/out"

# Deep stacks: 100,000 frames.
awk 'BEGIN { printf "\t1 bytes in 1 allocations from stack\n"
	for (i = 0; i < 100000; i++) printf "\t\tf%d+0x1 [a]\n", i }' \
    > "$tmpd/deep.memleak"
run "memleak 100,000 deep" 0 --collapse "$tmpd/deep.memleak"
[ "$(tr ';' '\n' < "$tmpd/out" | wc -l)" = 100000 ] && ok ||
    bad "memleak 100,000 deep: frames"
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "f%d_[j];", i
	print "x_[0] 1" }' > "$tmpd/deep.collapsed"
run "asprof 100,000 deep" 0 --top "$tmpd/deep.collapsed"
has "asprof 100,000 deep: the leaf" ' x$' "$tmpd/out"

# Random bytes forced through either: no crash, exit 0 (what reads is
# loaded, the rest reported) or "no samples".
LC_ALL=C awk 'BEGIN { s = 52; for (i = 0; i < 262144; i++) {
	s = (s * 16807) % 2147483647; printf "%c", int(s / 128) % 256 } }' \
    > "$tmpd/random"
for fmt in asprof memleak; do
	run "random bytes [$fmt forced]" 0 --collapse --format=$fmt \
	    "$tmpd/random"
	run "random bytes [$fmt forced, --top]" 0 --top --format=$fmt \
	    "$tmpd/random"
done

finish
