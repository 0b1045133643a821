#!/bin/sh
# A real browser: headless Chromium opens SVGs written by tflame --svg,
# and browser.js drives it over the DevTools protocol: hover shows the
# details line, a click zooms (the frame fills the width, its parent stays
# dimmed, siblings hide), Reset Zoom, Ctrl-F searches (prompt answered),
# "Matched: x%", Ctrl-I ignores case, the zoom and search come back from the
# URL (?x=..&y=..&s=..), and the search (--search) and zoom written in the
# file apply on load; in the flame and the icicle orientation.  Screenshots
# are kept in $TFLAME_SHOTS when it is set.
# Without node, a smaller check reads the DOM after the script ran
# (--dump-dom) for a URL with zoom and search (also with TFLAME_NO_NODE
# set).  Without Chromium: SKIP.
set -u
: "${TFLAME:=$(cd "$(dirname "$0")/../.." && pwd)/tflame}"
: "${TESTS_DATADIR:=$(cd "$(dirname "$0")/../data" && pwd)}"
here=$(cd "$(dirname "$0")" && pwd)

chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
	for c in chromium chromium-browser google-chrome; do
		if command -v "$c" > /dev/null 2>&1; then
			chromium=$(command -v "$c")
			break
		fi
	done
fi
if [ -z "$chromium" ]; then
	echo "SKIP: Chromium not found (Debian: apt-get install chromium);" \
	    "the SVG script is not tried in a browser"
	exit 77
fi

tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-browser.XXXXXX")
trap 'rm -rf "$tmpd"' EXIT
shots=${TFLAME_SHOTS:-$tmpd/shots}
mkdir -p "$shots"
in=$TESTS_DATADIR/svg/tricky.folded
"$TFLAME" --svg="$tmpd/tricky.svg" "$in" 2>/dev/null &&
"$TFLAME" --svg="$tmpd/searched.svg" --search='^ns::' "$in" 2>/dev/null &&
"$TFLAME" --svg="$tmpd/icicle.svg" --inverted "$in" 2>/dev/null &&
"$TFLAME" --svg="$tmpd/icicle-searched.svg" --inverted --search='^ns::' \
    "$in" 2>/dev/null || {
	echo "FAIL: tflame --svg"
	exit 1
}

# chrome HEADLESS-ARGS...: run it once, quietly, with a time limit.
chrome() {
	prof=$(mktemp -d "$tmpd/profile.XXXXXX")
	timeout 60 "$chromium" --headless --no-sandbox --disable-gpu \
	    --disable-background-networking --disable-component-update \
	    --no-first-run --user-data-dir="$prof" "$@" 2> "$tmpd/chrome.err"
}

fail=0
# The plain command line: a screenshot of the graph as written.
chrome --screenshot="$shots/0-cli.png" --window-size=1200,800 \
    "file://$tmpd/tricky.svg" > /dev/null
if [ -s "$shots/0-cli.png" ]; then
	echo "ok screenshot from the command line"
else
	echo "FAIL screenshot from the command line: $(tail -3 "$tmpd/chrome.err")"
	fail=1
fi

if [ -z "${TFLAME_NO_NODE:-}" ] && command -v node > /dev/null 2>&1; then
	node "$here/browser.js" "$chromium" "$tmpd/tricky.svg" \
	    "$tmpd/searched.svg" "$shots" || fail=1
	# The same in the icicle orientation (ancestors above).
	mkdir -p "$shots/icicle"
	node "$here/browser.js" "$chromium" "$tmpd/icicle.svg" \
	    "$tmpd/icicle-searched.svg" "$shots/icicle" > "$tmpd/icicle.out"
	st=$?
	sed 's/^/icicle: /' "$tmpd/icicle.out"
	[ "$st" -eq 0 ] || fail=1
else
	echo "SKIP: node not found (or TFLAME_NO_NODE set); only the" \
	    "--dump-dom check runs"
	# The first frame "ns::f" (4 samples): zoom to it and search "^ns::"
	# through the URL.
	xy=$(grep -o '<title>ns::f (4 [^<]*</title><rect x="[^"]*" y="[^"]*"' \
	    "$tmpd/tricky.svg" | sed 's/.*x="\([^"]*\)" y="\([^"]*\)"/x=\1\&y=\2/')
	chrome --virtual-time-budget=3000 --dump-dom \
	    "file://$tmpd/tricky.svg?$xy&s=%5Ens%3A%3A" > "$tmpd/dom.xml"
	for want in 'class="parent"' 'class="hide"' 'fill="rgb(230,0,230)"' \
	    '>Matched: ' '>Reset Zoom<'; do
		if grep -qF "$want" "$tmpd/dom.xml"; then
			echo "ok dump-dom: $want"
		else
			echo "FAIL dump-dom: $want"
			fail=1
		fi
	done
fi
exit $fail
