#!/bin/sh
# The annotate screen (`a`, #54) in a real terminal (tmux), on
# tests/data/srcline/hot.perf (perf script -F +srcline of hot.c, whose
# hot_function spends 52.27% of its self weight on line 8, 47.73% on
# line 7): /^hot_function$, Enter, n, a shows line 8's text with its
# share; n walks to line 7; / finds a line; q goes back.  Then a
# perf.data file whose perf annotate fails (a fake perf): the screen says
# so and the graph works on.
. "$(dirname "$0")/lib.sh" || exit 99

sd=$TESTS_DATADIR/srcline
cp "$sd/hot.perf" "$sd/hot.c" "$tmpd/"

start 100 30
run "cd $tmpd && $TFLAME hot.perf"
viewer_up
keys / && T send-keys -t t '^hot_function$' Enter && settle
keys n
keys a
check "a: the screen" wait_for 'annotate hot_function'
screen
check "a: line 8 with its share and text" has \
    ' 52.27% |     8  s += (s ^ i) / (i | 7); /* the hot line */'
check "a: line 7 with its share" has ' 47.73% |     7  for (i = 0; i < n; i++)'
check "a: the function's self weight, over the whole profile" has \
    'self 11.0 ms, whole profile'
check "a: the file" has 'hot.c'
keys d
check "d: instructions need perf.data" has 'Instructions come from perf annotate'
keys /
T send-keys -t t 'for \(' Enter
settle
screen
check "/: found, no message" not has 'no line matches'
keys /
T send-keys -t t 'nowhere' Enter
settle
screen
check "/: nothing found, said" has 'find: no line matches'
keys q
check "q: back to the graph" wait_for 'Matched 93.62% of all'
screen
check "q: the graph again" not has 'annotate hot_function'
keys q
finished
check "exit 0" exited 0
check "terminal restored" restored

# --- perf.data, perf annotate failing: a message, the viewer goes on ----
printf 'PERFILE2h\000\000\000\000\000\000\000more\n' > "$tmpd/fake.data"
mkdir -p "$tmpd/bin"
cat > "$tmpd/bin/perf" <<EOF
#!/bin/sh
if [ "\$1" = annotate ]; then echo "annotate broke here" >&2; exit 3; fi
grep -v '^  ' "$tmpd/hot.perf"
EOF
chmod +x "$tmpd/bin/perf"
run "PATH=$tmpd/bin:\$PATH $TFLAME fake.data"
viewer_up
keys / && T send-keys -t t '^hot_function$' Enter && settle
keys n
keys a
check "perf fails: said in the screen" wait_for 'annotate broke here'
screen
check "perf fails: the way back" has 'q or Esc goes back'
keys Escape
check "perf fails: the graph works on" wait_for 'Matched 93.62% of all'
keys a
check "perf fails: a again" wait_for 'annotate broke here'
keys q
keys q
finished
check "perf fails: exit 0" exited 0

# --- frames without symbols: the status line, then ! says what helps ---
printf 'xz;main;[liblzma.so.5] 95\nxz;main;work 5\n' > "$tmpd/xz.folded"
run "$TFLAME xz.folded"
check "no symbols: the status line" wait_for \
    '95.0% of the samples are in frames without symbols: liblzma.so.5 95.0%'
keys '!'
check "no symbols: ! says what helps" joined 'dbgsym'
check "no symbols: ! names debuginfod" joined 'debuginfod'
keys '!'
keys q
finished
check "no symbols: exit 0" exited 0

finish
