#!/bin/sh
# Moving back the way one came: up after down returns to the
# child one came from, not the widest one, over several levels and in both
# views; n after moving with h j k l goes on from the frame selected, in
# the order of the screen, instead of going back to the match one left.
#
# small.folded (100 samples):     search.folded (see search.sh): the
#   all 100                       matches of malloc|free in flame order are
#   |- idle 15                    1 call;malloc  2 eval;free  3 main;free
#   `- main 85                    4 free;malloc  5 lex;malloc
#      |- eval 45 `- call 40      6 parse;malloc
#      `- parse 40 `- lex 30
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
fix=$TESTS_DATADIR/search/search.folded

# status_is NAME: the first status line (80x24: line 22) starts with NAME.
status_is() { line 22 | grep -q "^$1  "; }

start 80 24
run "$TFLAME $small"
viewer_up
keys k k
check "k k: eval, the widest child" status_is eval
keys l
check "l: parse" status_is parse
keys j
check "j: main" status_is main
keys k
check "k after j: back to parse, not eval" status_is parse
keys k
check "k: lex" status_is lex
keys j j j
check "j j j: all" status_is all
keys k
check "k: main again" status_is main
keys k
check "k: parse again" status_is parse
keys k
check "k: lex again" status_is lex
keys_quiet k
check "k at the top: lex stays" status_is lex
# A move to the side forgets the way back.
keys j j h
check "j j h: idle" status_is idle
keys l k
check "l k: main, then its widest child" status_is eval
# The icicle view: j goes up the stack there, k down.
keys i
keys l
check "icicle: parse" status_is parse
keys k
check "icicle k: main" status_is main
keys j
check "icicle j after k: parse again" status_is parse
keys q
finished

run "$TFLAME $fix"
viewer_up
keys /
T send-keys -t t 'malloc|free' Enter
check "search applied" wait_for " 6 frames"
keys n n
check "n n: eval;free, 2/6" has " 2/6 frames"
keys j
check "j: eval" status_is eval
keys n
check "n from eval: main;free, the next match on the screen (3/6)" \
    has " 3/6 frames"
check "n from eval: main;free selected" status_is "free  7 samples"
keys n
check "n from a match: on in flame order, free;malloc (4/6)" \
    has " 4/6 frames"
keys j j
check "j j: main" status_is main
keys N
check "N from main: the match just above it on the screen (3/6)" \
    has " 3/6 frames"
keys q
finished

finish
