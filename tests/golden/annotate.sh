#!/bin/sh
# Down to the line, recorded here: tests/data/srcline/hot.c built with -g
# (its hot loop is line 8), perf record -g for a fraction of a second;
# --annotate names line 8 first with at least half of hot_function, from
# the perf.data file (perf annotate) and from `perf script -F +srcline`,
# whose --collapse is that of plain perf script and gives no message.
# perf annotate failing: a message, no crash.  Skipped (77) when perf
# cannot record here.
. "$(dirname "$0")/lib.sh" || exit 99

sd=$TESTS_DATADIR/srcline
command -v perf > /dev/null 2>&1 || { echo "no perf: skipped"; exit 77; }
command -v cc > /dev/null 2>&1 || { echo "no cc: skipped"; exit 77; }
cp "$sd/hot.c" "$tmpd/hot.c"
cd "$tmpd" || exit 99
cc -g -O1 -fno-omit-frame-pointer -o hot hot.c || exit 99
if ! timeout 20 perf record -q -g -o p.data ./hot 5000000 \
    > /dev/null 2>&1 || [ ! -s p.data ]; then
	echo "perf cannot record here: skipped"
	exit 77
fi

# first NAME FILE: the first line of hot_function in FILE's --annotate is
# hot.c:8, its share at least 50%, with its text.
first() {
	name=$1
	"$TFLAME" --annotate='^hot_function$' "$2" > out 2> err
	row=$(sed -n 3p out)
	share=$(echo "$row" | sed -n 's/^.* \([0-9.]*\)%  hot\.c:8  .*the hot line.*$/\1/p')
	if [ -z "$share" ]; then
		bad "$name" "first line: $row"
	elif ! awk -v s="$share" 'BEGIN { exit !(s >= 50) }'; then
		bad "$name" "share $share%"
	else
		ok
	fi
}
first annotate-perfdata p.data
perf script -i p.data > plain.txt 2> /dev/null
perf script -F +srcline -i p.data > srcline.txt 2> /dev/null
first annotate-srcline srcline.txt
"$TFLAME" --collapse srcline.txt > c1 2> err
"$TFLAME" --collapse plain.txt > c2
same annotate-srcline-collapse c1 c2
[ -s err ] && bad annotate-srcline-messages "$(head -c 200 err)"

# perf annotate failing: its words, exit 1, no crash
cat > fakeperf <<EOS
#!/bin/sh
[ "\$1" = annotate ] && { echo "annotate broke" >&2; exit 3; }
exec perf "\$@"
EOS
chmod +x fakeperf
PERF=$tmpd/fakeperf "$TFLAME" --annotate=hot_function p.data > out 2> err
rc=$?
[ $rc -eq 1 ] && grep -q 'perf annotate failed: annotate broke' err && ok ||
    bad annotate-perf-fails "rc $rc: $(head -c 200 err)"

# A stripped copy (no build id: perf finds no symbols in a cache either):
# stderr after --top names it.
cc -g -O1 -fno-omit-frame-pointer -Wl,--build-id=none -o hots hot.c &&
    strip hots || exit 99
if timeout 20 perf record -q -g -o s.data ./hots 5000000 > /dev/null 2>&1
then
	"$TFLAME" --top=3 s.data > out 2> err
	grep -q '^tflame: note: .* of the samples are in frames without symbols: hots [0-9.]*%' err &&
	    ok || bad missing-symbols-stripped "$(head -c 300 err)"
fi

finish
