#!/bin/sh
# The viewer in a real terminal (tmux): where the root goes in both views,
# the selection keys, zoom / back / reset, scrolling a deep graph, resizing,
# the help screen, colours, quitting with the terminal restored, a profile
# through a pipe, and loader warnings printed after the screen is given back.
#
# small.folded (100 samples):            deep.folded: f01;...;f40 (10)
#   all 100                                           and f01;f02;side (5)
#   |- idle 15
#   `- main 85
#      |- eval 45   `- call 40
#      `- parse 40  `- lex 30
#
# At 80 columns a sample is 0.8 cells: idle takes cells 0-11 and main
# starts at cell 12; at 200 columns main starts at cell 30.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
deep=$DATA/deep.folded

# status_is NAME: the first status line (80x24: line 22) starts with NAME.
status_is() { line 22 | grep -q "^$1  "; }

# shown WORD: a line of the 80x24 graph area (lines 0-21) starts with the
# frame label WORD.
shown() { sed -n 1,22p "$tmpd/screen" | grep -q "^$1\\( \\|\$\\)"; }

# selected: the name in the first status line.
selected() { line 22 | sed 's/  .*//'; }

# viewer_running: the pane's program is tflame.
viewer_running() {
	[ "$(T display -p -t t '#{pane_current_command}')" = tflame ]
}

# --- 80x24: the flame view, the root on the last graph line ---------------
start 80 24
run "$TFLAME $small"
viewer_up
# 24 lines: the graph on lines 0-21, the status on lines 22-23.
check "80x24 flame: root on line 21" starts 21 all
check "80x24 flame: status names the selection" status_is all
check "80x24 flame: counts in the status line" \
    has "all  100 samples  100.00% of all  self 0"
check "80x24 flame: view and help hint" matches 23 '^\[flame\] .*? help$'
check "80x24 flame: widths follow the samples" matches 20 '^idle \{8\}main'
check "80x24 flame: callees above callers" \
    matches 19 '^ \{12\}eval \{32\}parse'
cp "$tmpd/screen" "$tmpd/initial"

# Moves: k/j and the arrows, h/l and the arrows.
keys k
check "k: widest child of all is main" status_is main
keys Up
check "Up: widest child of main is eval" status_is eval
keys l
check "l: right neighbour of eval is parse" status_is parse
keys Left
check "Left: back to eval" status_is eval
keys Right
check "Right: parse again" status_is parse
keys h
check "h: eval" status_is eval
keys j
check "j: parent of eval is main" status_is main
check "main's counts" \
    has "main  85 samples  85.00% of all  self 0"
keys Down
check "Down: all" status_is all
keys_quiet Down
check "Down at the root stays" status_is all
check "back to the first screen" same "$tmpd/initial"

# Zoom, back, reset.
keys k Up k
cp "$tmpd/screen" "$tmpd/sel-call"
keys j
cp "$tmpd/screen" "$tmpd/sel-eval"
keys Enter
check "Enter zooms: the screen changes" not same "$tmpd/sel-eval"
check "Enter zooms: eval fills the width" matches 19 '^eval *$'
check "Enter zooms: 100% of zoom" \
    has "eval  45 samples  45.00% of all  100.00% of zoom  self 5"
check "Enter zooms: main stays as a full-width row" matches 20 '^main *$'
check "Enter zooms: all stays as a full-width row" matches 21 '^all *$'
check "Enter zooms: status says so" has "zoomed: eval"
keys BSpace
check "Backspace: back to the previous screen" same "$tmpd/sel-eval"
keys Enter
keys k
keys Enter
check "zoom twice" has "zoomed: call"
keys u
check "u: back one zoom" has "zoomed: eval"
keys u
check "u: back to the root, the selection kept" same "$tmpd/sel-call"
keys u
check "u with no history: a note" has "Not zoomed in"
keys j
check "a key clears the note" same "$tmpd/sel-eval"
keys Enter
keys Escape
check "Esc: back to the root" same "$tmpd/sel-eval"
check "at the root no \"of zoom\" share" not has "of zoom"
keys BSpace
check "Backspace after Esc: the zoom Esc left" has "zoomed: eval"
keys Escape
keys_quiet C-l
check "Ctrl-L redraws the same screen" same "$tmpd/sel-eval"

# The icicle view.
keys i
check "i: icicle, root on the first line" starts 0 all
check "i: icicle, callees below callers" matches 1 '^idle \{8\}main'
check "i: the view is named" has "[icicle]"
keys Down
check "icicle: Down is the widest child" status_is call
keys Up
check "icicle: Up is the parent" status_is eval
keys i
check "i again: the flame view as before" same "$tmpd/sel-eval"

# Help.
keys '?'
check "?: the help screen" has "tflame: keys"
for k in 'Left  h' 'Right l' 'Up    k' 'Down  j' Enter 'Bksp  u' Esc \
    'PgUp PgDn' 'g G'; do
	check "?: lists $k" has "   $k "
done
check "?: says how to scroll and leave" has "j k PgUp PgDn; else back"
# More keys than lines: the rest below (tests/tui/small.sh scrolls more).
keys G
for k in Ctrl-L 'q Ctrl-C'; do
	check "?: lists $k" has "   $k "
done
keys z
check "any key closes the help" same "$tmpd/sel-eval"
keys z
check "an unknown key: a note" has "Unknown key"

# Resize down to 20x5, smaller still, and back.
keys Escape
cp "$tmpd/screen" "$tmpd/before-resize"
T resize-window -t t -x 20 -y 5
check "20x5: root above the one status line" wait_until starts 3 all
check "20x5: the status line" matches 4 eval
T resize-window -t t -x 6 -y 2
check "6x2: a note" wait_until has "too sm"
T resize-window -t t -x 1 -y 1
sleep 0.3
check "1x1: still running" viewer_running
T resize-window -t t -x 80 -y 24
check "resized back: the same screen" wait_until same "$tmpd/before-resize"

# Colours: 256 colours in tmux-256color.
T capture-pane -p -e -t t > "$tmpd/colours"
check "colours: 256-colour backgrounds" grep -q '48;5;' "$tmpd/colours"

# Quit.
keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored

# --inverted starts in the icicle view.
run "$TFLAME --inverted $small"
viewer_up
check "--inverted: root on the first line" starts 0 all
keys q
finished

# A profile through a pipe: the keys come from /dev/tty.
run "cat $small | $TFLAME"
viewer_up
check "pipe: the graph is drawn" starts 21 all
keys k
check "pipe: keys work" status_is main
keys q
finished
check "pipe: exit status 0" exited 0
check "pipe: terminal restored" restored

# Monochrome with NO_COLOR: reverse video, no colour.
run "NO_COLOR=1 $TFLAME $small"
viewer_up
T capture-pane -p -e -t t > "$tmpd/mono"
check "NO_COLOR: no colours" not grep -q '48;5;\|\[4[0-7]m' "$tmpd/mono"
check "NO_COLOR: reverse video bars" grep -q '\[7m' "$tmpd/mono"
keys q
finished

# A file with a bad line: a count in the status line, the message after.
run "$TFLAME $DATA/warn.folded"
viewer_up
check "warnings: counted in the status line" has "1 message (!)"
keys q
finished
check "warnings: printed after the viewer" joined "malformed line"
check "warnings: terminal restored" restored

# No samples: a message, no screen.
: > "$tmpd/empty.folded"
run "$TFLAME $tmpd/empty.folded"
finished
check "no samples: exit status 1" exited 1
check "no samples: message" joined "no samples"

# --- a deep graph: scrolling keeps the selection on the screen -----------
run "$TFLAME $deep"
viewer_up
check "deep: root at the bottom" starts 21 all
keys g
check "g: the top of the graph" starts 0 f40
check "g: the selection moved onto the screen" shown "$(selected)"
keys G
check "G: back to the bottom" starts 21 all
check "G: the selection is on the screen" shown "$(selected)"
keys PPage
check "PgUp: scrolled" not starts 21 all
check "PgUp: the selection is on the screen" shown "$(selected)"
keys NPage
check "PgDn: back down" starts 21 all
keys q
finished

# --- 200x60 ---------------------------------------------------------------
start 200 60
run "$TFLAME $small"
viewer_up
check "200x60 flame: root on line 57" starts 57 all
check "200x60: widths follow the samples" matches 56 '^idle \{26\}main'
keys k Up
cp "$tmpd/screen" "$tmpd/big-eval"
keys Enter
check "200x60: zoom" has "zoomed: eval"
keys BSpace
check "200x60: back" same "$tmpd/big-eval"
keys i
check "200x60 icicle: root on line 0" starts 0 all
cp "$tmpd/screen" "$tmpd/big-icicle"
T resize-window -t t -x 20 -y 5
check "200x60 -> 20x5" wait_until starts 0 all
T resize-window -t t -x 200 -y 60
check "200x60: resized back" wait_until same "$tmpd/big-icicle"
keys q
finished
check "200x60: terminal restored" restored

finish
