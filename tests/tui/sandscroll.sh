#!/bin/sh
# The sandwich scrolls each half to keep the selection visible:
# with many callers, k moved the selection past the top of
# the upper half, where nothing showed it, and PgUp did nothing.  Now the
# half follows the selection, and PgUp/PgDn scroll the selection's half
# a page, the selection staying on the screen.
#
# python-json.perf.gz at 80x24: the table's first function (quorem, by
# self) has a chain of more than 25 callers; the upper half is lines
# 0-10 (F on line 10), the lower half lines 11-22, the status line 23.
. "$(dirname "$0")/lib.sh" || exit 99

py=$(cd "$(dirname "$0")/../.." && pwd)/data/python-json.perf.gz
[ -f "$py" ] || { echo "$NAME: SKIP: no $py"; exit 77; }

# raw: the pane as the terminal shows it (markers kept) into $tmpd/raw.
raw() { T capture-pane -p -t t > "$tmpd/raw"; }
# marked FIRST LAST: a line of FIRST..LAST holds the selection ">... <".
marked() { sed -n "$(($1 + 1)),$(($2 + 1))p" "$tmpd/raw" |
    grep -q '\(^\| \)>[^ ].*<\( \|$\)'; }
# selname: the selected name in the status line ("callers: NAME N ("),
# its leading ellipsis taken off (a long one is shortened keeping its end).
ell=$(printf '\342\200\246')
selname() { sed -n 24p "$tmpd/raw" | sed "s/.*callers: \([^ ]*\).*/\1/; s/^$ell//"; }
# barname FIRST LAST: the label of the marked bar in FIRST..LAST, the same.
barname() { sed -n "$(($1 + 1)),$(($2 + 1))p" "$tmpd/raw" |
    sed -n "s/\(^\| \)>\([^ <]*\).*/\2/p" | head -1 | sed "s/^$ell//"; }
# sel_in FIRST LAST: the marked bar in FIRST..LAST is the selected name:
# both show its end, so the shorter ends the longer.
sel_in() {
	_s=$(selname)
	_b=$(barname "$1" "$2")
	[ -n "$_s" ] && [ -n "$_b" ] || return 1
	case "$_s" in *"$_b") return 0 ;; esac
	case "$_b" in *"$_s") return 0 ;; esac
	return 1
}

start 80 24
run "$TFLAME $py"
viewer_up
keys t
wait_for 'Functions:'
keys Enter
wait_for '[sandwich]'
raw
check "sandwich open, F selected in the upper half" marked 0 10
n=0
while [ $n -lt 25 ]; do
	T send-keys -t t k
	n=$((n + 1))
done
sleep 1
settle
raw
check "k x 25: the status names a caller" has 'callers: '
check "k x 25: the selection still in the upper half" marked 0 10
check "k x 25: the marked bar is the one selected" sel_in 0 10
check "k x 25: the top line shows callers" not eval 'sed -n 1p "$tmpd/raw" | grep -q "^ *\$"'
cp "$tmpd/raw" "$tmpd/deep"
keys NPage
raw
check "PgDn: the half scrolled" not cmp -s "$tmpd/deep" "$tmpd/raw"
check "PgDn: the selection still shown" marked 0 10
check "PgDn: the marked bar is the one selected" sel_in 0 10
cp "$tmpd/raw" "$tmpd/down"
keys PPage
raw
check "PgUp: scrolled back" not cmp -s "$tmpd/down" "$tmpd/raw"
check "PgUp: the selection still shown" marked 0 10
check "PgUp: the marked bar is the one selected" sel_in 0 10
# Back down to F: the half follows.
n=0
while [ $n -lt 30 ]; do
	T send-keys -t t j
	n=$((n + 1))
done
sleep 1
settle
raw
check "j x 30: into the callees, the selection in the lower half" marked 11 22
T send-keys -t t q
finished

# --- 80 columns, long names: the figures stay (#48 item 5) -----------------
# The names give way (shortened from the left, keeping their ends), never
# the weights and shares, which were cut off the status line.
long=the_function_with_an_extremely_long_name_that_goes_on_and_on_forever
caller=a_really_long_caller_function_name_that_also_goes_on_for_quite_a_while
printf 'main;%s;%s 60\nmain;other 40\n' "$caller" "$long" > "$tmpd/long.folded"
run "$TFLAME $tmpd/long.folded"
viewer_up
keys t
wait_for 'Functions:'
keys Enter
wait_for '[sandwich]'
check "80 columns: F's figures all shown" matches 23 \
    'self 60 (60\.00%)  total 60 (60\.00%)  callers: '
check "80 columns: F's name kept by its end" matches 23 '_and_on_forever  self'
keys k
check "80 columns, a caller: every figure shown" matches 23 \
    'self 60 (60\.00%)  total 60 (60\.00%)  callers: .*_a_while 60 (60\.00%)$'
T send-keys -t t q
finished

finish
