#!/bin/sh
# The SVG's tooltips word the numbers as the viewer's status line
# does: perf input has the weight in its unit and the sample
# records, folded input "N samples", --countname names the weight.  Each
# case compares the whole sorted list of <title>s.
. "$(dirname "$0")/lib.sh" || exit 99

tui=$TESTS_DATADIR/tui
titles() { grep -o '<title>[^<]*</title>' "$1" | LC_ALL=C sort; }

# case NAME EXPECTED-TITLES ARGS...: the titles of tflame --svg=- ARGS.
case_() {
	name=$1 want=$2
	shift 2
	printf '%s\n' "$want" | LC_ALL=C sort > "$tmpd/$name.want"
	"$TFLAME" --svg="$tmpd/$name.svg" "$@" 2> /dev/null
	titles "$tmpd/$name.svg" > "$tmpd/$name.got"
	if cmp -s "$tmpd/$name.got" "$tmpd/$name.want"; then
		ok
	else
		bad "$name"
		diff "$tmpd/$name.want" "$tmpd/$name.got" | sed 's/^/  | /'
	fi
}

case_ cycles "<title>all (6,000,000 cycles, 3 samples, 100%)</title>
<title>app (6,000,000 cycles, 3 samples, 100.00%)</title>
<title>__libc_start_main (6,000,000 cycles, 3 samples, 100.00%)</title>
<title>main (6,000,000 cycles, 3 samples, 100.00%)</title>
<title>idle (2,500,000 cycles, 1 sample, 41.67%)</title>
<title>work (3,500,000 cycles, 2 samples, 58.33%)</title>" "$tui/cycles.perf"

case_ countname "<title>all (6,000,000 bytes, 3 samples, 100%)</title>
<title>app (6,000,000 bytes, 3 samples, 100.00%)</title>
<title>__libc_start_main (6,000,000 bytes, 3 samples, 100.00%)</title>
<title>main (6,000,000 bytes, 3 samples, 100.00%)</title>
<title>idle (2,500,000 bytes, 1 sample, 41.67%)</title>
<title>work (3,500,000 bytes, 2 samples, 58.33%)</title>" \
    --countname=bytes "$tui/cycles.perf"

awk '{ sub(/cycles:u/, "cpu-clock:u") } 1' "$tui/cycles.perf" > "$tmpd/clock.perf"
case_ cpu-clock "<title>all (6.00 ms cpu-clock, 3 samples, 100%)</title>
<title>app (6.00 ms cpu-clock, 3 samples, 100.00%)</title>
<title>__libc_start_main (6.00 ms cpu-clock, 3 samples, 100.00%)</title>
<title>main (6.00 ms cpu-clock, 3 samples, 100.00%)</title>
<title>idle (2.50 ms cpu-clock, 1 sample, 41.67%)</title>
<title>work (3.50 ms cpu-clock, 2 samples, 58.33%)</title>" "$tmpd/clock.perf"

case_ folded "<title>all (100 samples, 100%)</title>
<title>call (40 samples, 40.00%)</title>
<title>eval (45 samples, 45.00%)</title>
<title>idle (15 samples, 15.00%)</title>
<title>lex (30 samples, 30.00%)</title>
<title>main (85 samples, 85.00%)</title>
<title>parse (40 samples, 40.00%)</title>" "$tui/small.folded"

# The script reads each frame's weight from the data-w attribute of a
# frame with units: every such frame has one.
n_t=$(grep -c '<title>' "$tmpd/cpu-clock.svg")
n_w=$(grep -c '<g data-w="[0-9]*"' "$tmpd/cpu-clock.svg")
if [ "$n_t" -gt 0 ] && [ "$n_t" = "$n_w" ]; then ok; else
	bad "data-w" "$n_w of $n_t frames"
fi
if grep -q '<g data-w' "$tmpd/folded.svg"; then bad "folded: no data-w"; else ok; fi

# The script reads the weights: in a browser (when there is one) a search
# for "work" through the URL matches 3,500,000 of 6,000,000 cycles.
chromium=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" > /dev/null 2>&1 && { chromium=$(command -v "$c"); break; }
done
if [ -z "$chromium" ]; then
	echo "numbers: no Chromium; the script's reading of the weights is not tried"
else
	"$TFLAME" --svg="$tmpd/cycles-search.svg" "$tui/cycles.perf" 2> /dev/null
	mkdir -p "$tmpd/prof"
	timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
	    --no-first-run --user-data-dir="$tmpd/prof" \
	    --virtual-time-budget=3000 --dump-dom \
	    "file://$tmpd/cycles-search.svg?s=work" > "$tmpd/dom.xml" 2> /dev/null
	if grep -qF '>Matched: 58.3%<' "$tmpd/dom.xml"; then ok; else
		bad "browser: Matched from the weights" \
		    "$(grep -o '>Matched: [^<]*<' "$tmpd/dom.xml")"
	fi
fi

finish
