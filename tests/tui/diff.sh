#!/bin/sh
# The differential view in tmux: red for growth, blue for shrinkage, white
# for no change (capture-pane -e), the w key, the status line, and the
# +/- marks where there are no shades.
#
# BEFORE: main;grow 10, main;shrink 50, main;same 20  (80)
# AFTER:  main;grow 60, main;shrink 10, main;same 20  (90)
# grow +50 is the largest change (deepest red), shrink -40 a deep blue,
# same 0 white.  xterm-256 reds are 196 203 210 217 224 (g = b), blues
# 21 63 105 147 189 (r = g), white 231.
. "$(dirname "$0")/lib.sh" || exit 99

b=$DATA/diff-before.folded
a=$DATA/diff-after.folded

# bg WORD: the xterm-256 background code of the cells holding WORD.
bg() {
	T capture-pane -p -e -t t | grep -- "$1" |
	    sed 's/\x1b\[/\n/g' | grep -B1 -- "$1" | grep -o '^48;5;[0-9]*' |
	    tail -1 | cut -d';' -f3
}
in_set() { case " $2 " in *" $1 "*) return 0 ;; esac; return 1; }
# widths: "GROW SHRINK" cell widths on the children's row (line 19), from
# where the labels start (grow, same, shrink in name order; 80 columns).
widths() {
	line 19 | awk '{ g = index($0, "grow"); s = index($0, "same");
	    k = index($0, "shrink"); print s - g, 81 - k }'
}

start 80 24
run "$TFLAME --diff $b $a"
viewer_up
screen
check "diff: frames drawn" has grow
c=$(bg grow)
check "grow is red (bg $c)" in_set "$c" "196 203 210 217 224"
c=$(bg shrink)
check "shrink is blue (bg $c)" in_set "$c" "21 63 105 147 189"
c=$(bg same)
check "same is white (bg $c)" in_set "$c" "231 255 15"
c=$(bg grow)
check "largest change is the deepest red" in_set "$c" "196"

# Widths from AFTER by default: grow 60/90 of 80 cells (53.3), shrink
# 10/90 (8.9, rounded to 9).
set -- $(widths)
check "AFTER widths: grow 53 cells ($1), shrink 9 ($2)" test "$1" -eq 53 -a "$2" -eq 9

# Select main's child grow and read the status line.
# At 80 columns the width basis is the first field to go (the change stays).
keys k k
screen
check "status: before, after, change" \
    has "before 10 (12.50%)  after 60 (66.67%)  change +50 (+54.17 pp)  [flame]"
T resize-window -t t -x 120 -y 24
settle
screen
check "status at 120 columns: width basis" \
    has "change +50 (+54.17 pp)  [widths: after]"
T resize-window -t t -x 80 -y 24
settle

# w: widths from BEFORE (shrink 50 of 80 is now the widest); w says so.
keys w
screen
check "w: says widths from BEFORE" has "Widths from BEFORE (w: from AFTER)."
set -- $(widths)
check "BEFORE widths: grow 10 cells ($1), shrink 50 ($2)" test "$1" -eq 10 -a "$2" -eq 50
keys w
screen
check "w again: after" has "Widths from AFTER (w: from BEFORE)."

# --negate swaps the hues.
keys q
finished
run "$TFLAME --diff --negate $b $a"
viewer_up
c=$(bg grow)
check "--negate: grow is blue (bg $c)" in_set "$c" "21 63 105 147 189"
keys q
finished

# Without colours the direction is a mark.
run "NO_COLOR=1 $TFLAME --diff $b $a"
viewer_up
screen
check "NO_COLOR: +grow" has "+grow"
check "NO_COLOR: -shrink" has "-shrink"
check "NO_COLOR: =same" has "=same"
keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored

finish
