#!/bin/sh
# A terminal whose terminfo entry is missing (TERM=alacritty on a box
# without ncurses-term, say): the viewer draws as xterm-256color and says so
# after it gives the terminal back, instead of refusing to start.  (When
# xterm-256color is missing too, tests/ship/static.sh checks the message in
# a minimal root.)
. "$(dirname "$0")/../tui/lib.sh" || exit 99

small=$DATA/small.folded

start 80 24
run "TERM=no-such-term-$$ $TFLAME $small"
check "draws with an unknown TERM" viewer_up
check "the graph is drawn" has "main"
T send-keys -t t q
check "quits" finished
check "exit status 0" exited 0
check "terminal restored" restored
T capture-pane -p -J -t t | grep '^tflame:' > "$tmpd/msg"
printf 'tflame: no terminfo entry for TERM="no-such-term-%s"; drew as xterm-256color\n' $$ > "$tmpd/want"
check "says which terminal type it drew as" cmp -s "$tmpd/want" "$tmpd/msg"
[ "$fail" -eq 0 ] || diff "$tmpd/want" "$tmpd/msg"

finish
