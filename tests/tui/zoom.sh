#!/bin/sh
# Zoom gives the screen to the zoomed frame's subtree: at most
# three rows of callers stay, the rest fold into one "... N callers" row,
# and the view shows the zoomed frame with as many levels of its subtree as
# fit, in the flame and the icicle view.
#
# rec.folded, made here: one stack 600 frames deep, f000 (the root's
# child) to f599, 10 samples.  Zooming to f300 leaves 301 callers (all and
# f000..f299): f299, f298, f297 are shown, the 298 others folded.
. "$(dirname "$0")/lib.sh" || exit 99

rec=$tmpd/rec.folded
i=0
s=
while [ "$i" -lt 600 ]; do
	s="$s${s:+;}$(printf 'f%03d' "$i")"
	i=$((i + 1))
done
echo "$s 10" > "$rec"
json=$(cd "$(dirname "$0")/../.." && pwd)/data/python-json.perf.gz

# status_name NAME: the first status line (80x24: line 22) names NAME.
status_name() { line 22 | grep -q "^$1  "; }

# rows FIRST LAST WORD...: screen lines FIRST..LAST are exactly the
# full-width frame labels WORD... (one per line, top to bottom).
rows() {
	first=$1
	last=$2
	shift 2
	sed -n "$((first + 1)),$((last + 1))p" "$tmpd/screen" |
	    sed 's/ *$//' > "$tmpd/rows.got"
	printf '%s\n' "$@" > "$tmpd/rows.want"
	cmp -s "$tmpd/rows.want" "$tmpd/rows.got"
}

# fnames FROM TO: f-labels FROM to TO, one per line, either way.
fnames() {
	k=$1
	step=1
	[ "$1" -gt "$2" ] && step=-1
	while :; do
		printf 'f%03d\n' "$k"
		[ "$k" -eq "$2" ] && break
		k=$((k + step))
	done
}

start 80 24

# --- a 600-deep recursion -------------------------------------------------
run "$TFLAME $rec"
viewer_up
T send-keys -t t -N 301 k
check "301 k: f300 selected" wait_until status_name f300
keys Enter
check "zoom f300: the zoomed frame" status_name f300
# shellcheck disable=SC2046
check "flame: f300's subtree above it, 3 callers, the fold" \
    rows 0 21 $(fnames 317 297) "... 298 callers"
keys i
# shellcheck disable=SC2046
check "icicle: the fold, 3 callers, f300 and its subtree below" \
    rows 0 21 "... 298 callers" $(fnames 297 317)
keys i
keys j j j
check "j j j: the third caller" status_name f297
keys j
check "j into the fold: the next caller, by name" status_name f296
keys k k
check "k: back out of the fold" status_name f298
keys BSpace
check "Backspace: the selection kept" status_name f298
check "Backspace: no fold at the root" not has "callers"
keys q
finished

# --- data/python-json.perf.gz: k 24 times, then Enter -----------------------
if [ -f "$json" ]; then
	run "$TFLAME $json"
	viewer_up
	T send-keys -t t -N 24 k
	check "json: 24 k" wait_until status_name encoder_listencode_obj
	keys Enter
	check "json flame: zoomed frame on line 17, callers and fold below" \
	    rows 17 21 encoder_listencode_obj encoder_listencode_dict \
	    encoder_listencode_obj encoder_listencode_list "... 21 callers"
	check "json flame: the zoomed frame's children above it" \
	    not matches 16 '^ *$'
	keys i
	check "json icicle: fold, callers, zoomed frame on line 4" \
	    rows 0 4 "... 21 callers" encoder_listencode_list \
	    encoder_listencode_obj encoder_listencode_dict \
	    encoder_listencode_obj
	check "json icicle: the zoomed frame's children below it" \
	    not matches 5 '^ *$'
	keys q
	finished
fi

finish
