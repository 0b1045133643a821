#!/bin/sh
# Small terminals: the status line fits 80 and 40
# columns after a zoom, dropping lower-priority fields whole (never "[flame]"
# or "? help" cut to ".."), and the help screen scrolls (j/k, PgUp/PgDn,
# g/G) so that every key and the whole colour legend can be read at 40x10.
. "$(dirname "$0")/lib.sh" || exit 99

json=$(cd "$(dirname "$0")/../.." && pwd)/data/python-json.perf.gz
small=$DATA/small.folded

# deep_zoom: k 24 times, to encoder_listencode_obj, then Enter (the issue's
# steps).
deep_zoom() {
	keys k k k k k k k k k k k k k k k k k k k k k k k k
	keys Enter
}

# last_line_ok COLS: the last line holds [flame] and "? help" whole, nothing
# cut with "..", and fits the width.
last_line_ok() {
	l=$(line $(($(wc -l < "$tmpd/screen") - 1)))
	printf %s "$l" | grep -q '  \[flame\]  .*? help$' &&
	    ! printf %s "$l" | grep -qF '..' &&
	    [ "$(printf %s "$l" | wc -m)" -le "$1" ]
}

# want_count COLS: the selected frame's count as the status line words it
# (under 60 columns, the weight without the sample records).
want_count() {
	if [ "$1" -ge 60 ]; then
		echo '930 ms cpu-clock, 464 samples'
	else
		echo '930 ms cpu-clock'
	fi
}

for cols in 80 40; do
	start $cols 24
	run "$TFLAME $json"
	viewer_up
	deep_zoom
	check "$cols: zoomed" matches 22 '^encoder_listencode_obj'
	check "$cols: [flame] and ? help whole after a zoom" last_line_ok $cols
	check "$cols: the sample count kept" matches 23 "^$(want_count $cols)  "
	T send-keys -t t q
	finished
done
# At 80 the shares still fit; at 40 they are dropped whole.
start 80 24
run "$TFLAME $json"
viewer_up
deep_zoom
check "80: the share of all and self kept, the share of zoom goes first" \
    matches 23 '  37\.79% of all  self 0 s  \[flame\]'
T send-keys -t t q
finished

# --- the help at 40x10 ---------------------------------------------------
start 40 10
run "$TFLAME $small"
viewer_up
keys '?'
check "40x10 ?: the first lines" matches 0 '^ tflame: keys'
check "40x10 ?: says which lines and how to scroll" \
    matches 9 '^ 1-9/[0-9]*  j k PgUp PgDn; else back'
total=$(line 9 | sed 's|^ 1-9/\([0-9]*\).*|\1|')
check "40x10 ?: more lines than the screen" [ "$total" -gt 40 ]
keys j
check "j: one line down" matches 9 "^ 2-10/$total "
keys k
check "k: back up" matches 9 "^ 1-9/$total "
# Read every page with PgDn, to the end.
: > "$tmpd/all"
pg=0  # (keys uses n)
while [ $pg -lt 30 ]; do
	sed '$d' "$tmpd/screen" >> "$tmpd/all"
	line 9 | grep -q "^ [0-9]*-$total/$total " && break
	keys NPage
	pg=$((pg + 1))
done
check "PgDn: reaches the end" matches 9 "-$total/$total "
# Every key of the graph's table, and the legend, somewhere in the pages.
for k in 'Left  h' 'Right l' 'Up    k' 'Down  j' Enter 'Bksp  u' Esc i r w s \
    / 'n N' '#' 't S' 'Tab Ctrl-I' 'PgUp PgDn' 'g G' '< >' C 'y Y' Mouse M '?' Ctrl-L \
    'q Ctrl-C'; do
	check "40x10 ?: lists $k" grep -q "^   $k\( \|\$\)" "$tmpd/all"
done
tr '\n' ' ' < "$tmpd/all" | tr -s ' ' > "$tmpd/flat"
for w in 'Colours: warm = user code, blue = kernel' \
    'magenta = frames matching the search' \
    '+ = frames too narrow to draw;' 'the selection: a bright bar' \
    'their callers above them.'; do
	check "40x10 ?: legend: $w" grep -qF "$w" "$tmpd/flat"
done
keys PPage
check "PgUp: a page back" not matches 9 "-$total/$total "
keys g
check "g: the top" matches 9 "^ 1-9/$total "
keys G
check "G: the end" matches 9 "-$total/$total "
keys x
check "another key: back to the graph" matches 9 '? help$'
T send-keys -t t q
finished

# --- the help at 80x24 ---------------------------------------------------
start 80 24
run "$TFLAME $small"
viewer_up
keys '?'
check "80x24 ?: scrolls too" matches 23 "^ 1-23/[0-9]*  j k PgUp PgDn; else back"
keys G
check "80x24 G: the legend's end" has "callers above them."
keys q
check "q: back to the graph" matches 23 '? help$'
T send-keys -t t q
finished

finish
