#!/bin/sh
# --svg --flamechart (#49): the flame chart as an SVG.
#  - tests/data/time/order.perf (perf script text): thread 4242 runs
#    phase_a 300 ms, phase_b 300 ms, phase_a 100 ms; 4243 work_x: two
#    lanes named by thread, the phases left to right, 3:3:1;
#  - folded input: lines in file order (flamegraph.pl --flamechart), and
#    the corpus's flame chart has flamegraph.pl's frames (title multiset);
#  - the option's combinations that make no sense are usage errors;
#  - a program recorded here (tests/data/flamechart/phases.c, when cc and
#    perf can record): phase_a, phase_b, phase_a for 150, 150, 50 ms of
#    CPU (150 and 50 samples at 999 Hz: enough for 10%, and short),
#    widths 3:3:1 within 10%, and its "helper" thread a lane of its own
#    with its own function.
. "$(dirname "$0")/lib.sh" || exit 99

# frames SVG NAME: "x width" of each frame named NAME, left to right.
frames() {
	sed -n "s/.*<title>$2 ([^<]*<\/title><rect x=\"\([0-9.]*\)\" y=\"[0-9.]*\" width=\"\([0-9.]*\)\".*/\1 \2/p" \
	    "$1" | sort -n
}

# names SVG NAME...: the frames of the NAMEs, left to right, by name.
names() {
	svg=$1
	shift
	for n in "$@"; do
		frames "$svg" "$n" | sed "s/\$/ $n/"
	done | sort -n | awk '{ $1 = $2 = ""; sub(/^  /, ""); printf "%s%s", s,
	    $0; s = " " } END { print "" }'
}

# ratio SVG: the widths of phase_a, phase_b, phase_a are 3:3:1 within 10%.
ratio() {
	{ frames "$1" phase_a; frames "$1" phase_b; } | sort -n |
	    awk '{ w[NR] = $2 } END { if (NR != 3) exit 1
	    if (w[1] / w[3] < 2.7 || w[1] / w[3] > 3.3) exit 1
	    if (w[2] / w[3] < 2.7 || w[2] / w[3] > 3.3) exit 1 }'
}

check() {
	name=$1
	shift
	if "$@"; then ok; else bad "$name"; fi
}

p=$TESTS_DATADIR/time/order.perf
"$TFLAME" --svg="$tmpd/o.svg" --flamechart "$p" 2> "$tmpd/err"
check "perf: written" [ -s "$tmpd/o.svg" ]
check "perf: the title" grep -q '>Flame Chart<' "$tmpd/o.svg"
check "perf: the phases left to right" \
    [ "$(names "$tmpd/o.svg" phase_a phase_b)" = "phase_a phase_b phase_a" ]
check "perf: 3:3:1" ratio "$tmpd/o.svg"
check "perf: lanes named by thread, most samples first" \
    [ "$(names "$tmpd/o.svg" "phases 4242" "phases 4243")" = \
    "phases 4242 phases 4243" ]
check "perf: work_x in the second lane" eval \
    '[ "$(frames "$tmpd/o.svg" work_x | cut -d" " -f1)" = \
    "$(frames "$tmpd/o.svg" "phases 4243" | cut -d" " -f1)" ]'
check "perf: tooltips as the graph's" grep -q \
    '<title>phase_b (303 ms cpu-clock, 30 samples, 33.33%)</title>' \
    "$tmpd/o.svg"
check "perf: the search and zoom script" grep -q 'function fg_click' \
    "$tmpd/o.svg"
check "perf: well-formed" eval \
    '! command -v xmllint > /dev/null || xmllint --noout "$tmpd/o.svg"'

# Folded: the lines as they come; b, c, then b again.
printf 'a;b 1\na;c 2\na;b 3\n' > "$tmpd/f.folded"
"$TFLAME" --svg="$tmpd/f.svg" --flamechart "$tmpd/f.folded"
check "folded: file order" [ "$(names "$tmpd/f.svg" b c)" = "b c b" ]
"$TFLAME" --svg="$tmpd/g.svg" "$tmpd/f.folded"
check "folded: the flame graph merges them" \
    [ "$(names "$tmpd/g.svg" b c)" = "b c" ]
fc=$CORPUS/inferno/flamegraph/flamechart
if [ -f "$fc/flames.txt" ]; then
	"$TFLAME" --svg="$tmpd/c.svg" --flamechart "$fc/flames.txt"
	grep -o '<title>[^<]*</title>' "$tmpd/c.svg" | sort > "$tmpd/mine"
	grep -o '<title>[^<]*</title>' "$fc/flame.svg" | sort > "$tmpd/ref"
	check "corpus: flamegraph.pl's frames" cmp -s "$tmpd/mine" "$tmpd/ref"
fi

# Usage errors.
for args in "--flamechart $p" "--top=3 --flamechart $p" \
    "--svg=$tmpd/x.svg --flamechart --focus=main $p" \
    "--svg=$tmpd/x.svg --flamechart --time=0-1 $p" \
    "--svg=$tmpd/x.svg --flamechart --diff $p $p"; do
	# shellcheck disable=SC2086
	"$TFLAME" $args > /dev/null 2> "$tmpd/err"
	rc=$?
	check "usage: $args" [ $rc -eq 2 ]
	check "usage says --flamechart: $args" grep -q -- '--flamechart' \
	    "$tmpd/err"
done

# A program recorded here, where cc and perf can (no probe first: perf
# takes over a second to start here; -N -B: no build-id cache work).  A
# sample every 250 us of the thread's processor time (-c, not -F: perf's
# frequency mode starts each thread at tiny periods and ramps them up, so
# a short phase's weight was off by more than the 10% on a loaded machine):
# the phases spin for processor time, so their widths follow it to a
# sample or two.
perf=$(command -v perf)
if [ -z "$perf" ] || ! command -v cc > /dev/null 2>&1 ||
    ! cc -O0 -fno-omit-frame-pointer -pthread -o "$tmpd/phases" \
    "$TESTS_DATADIR/flamechart/phases.c" 2> /dev/null ||
    ! (cd "$tmpd" && "$perf" record -N -B -e cpu-clock -c 250000 -g -o rec.data -- \
    ./phases 150 150 50 60 > /dev/null 2>&1) || [ ! -s "$tmpd/rec.data" ]
then
	echo "flamechart: SKIP: cannot build or record here; the recorded part did not run"
	finish
	exit $?
fi
"$TFLAME" --svg="$tmpd/r.svg" --flamechart "$tmpd/rec.data" 2> "$tmpd/err"
check "recorded: the phases left to right" \
    [ "$(names "$tmpd/r.svg" phase_a phase_b)" = "phase_a phase_b phase_a" ]
check "recorded: 3:3:1 within 10%" ratio "$tmpd/r.svg"
check "recorded: the helper thread's lane" grep -q '<title>helper [0-9]* (' \
    "$tmpd/r.svg"
check "recorded: helper_spin under it, not under phases" eval \
    '[ "$(names "$tmpd/r.svg" phase_b helper_spin)" = "phase_b helper_spin" ]'
if [ "$fail" -gt 0 ]; then
	frames "$tmpd/r.svg" phase_a
	frames "$tmpd/r.svg" phase_b
fi
finish
