#!/bin/sh
# The messages panel (!): every loader note and warning with its line
# number, the events of a perf input with their sample counts and the
# --event-filter= that chooses each, and the standard error of perf script
# (a fake perf) in the panel, never over the graph.  The status line
# counts the messages until the panel has been opened once.
. "$(dirname "$0")/lib.sh" || exit 99

two=$TESTS_DATADIR/corpus/flamegraph/test/perf-cycles-instructions-01.txt
cp "$two" "$tmpd/two.perf"
cp "$DATA/warn.folded" "$tmpd/warn.folded"

# top N: the first N lines of the last capture, trailing blanks dropped.
top() { sed -n "1,$1p" "$tmpd/screen" | sed 's/ *$//'; }

# panel_is N FILE: the first N screen lines are FILE's.
panel_is() {
	top "$1" > "$tmpd/top"
	if cmp -s "$2" "$tmpd/top"; then
		return 0
	fi
	diff "$2" "$tmpd/top" | sed 's/^/  diff: /'
	return 1
}

start 100 30
T send-keys -t t "cd $tmpd" Enter

# --- two events: the skipped one, its count, how to choose it ------------
run "$TFLAME two.perf"
viewer_up
check "two events: the count in the status line" \
    matches 29 '  1 message (!)  ? help$'
keys '!'
cat > "$tmpd/want" <<'EOF'
Messages (1)

Events in two.perf (samples of each; --event-filter= shows another):
  instructions  333 samples  shown    --event-filter=instructions
  cycles        111 samples  skipped  --event-filter=cycles

two.perf: several events in the input: showing "instructions" (333 samples), skipped "cycles"
  (111); choose with --event-filter=EVENT

EOF
check "!: the panel lists the events and the note" panel_is 9 "$tmpd/want"
keys q
check "q: back to the graph" wait_for '? help'
check "opened once: no count any more" matches 29 '^\[flame\]  *? help$'
keys q
finished
check "two events: exit 0" exited 0
check "two events: the note after the viewer too" joined \
    'tflame: two.perf: several events in the input: showing "instructions"'

# --- malformed lines: the line number ------------------------------------
run "$TFLAME warn.folded"
viewer_up
check "warn: counted" matches 29 '  1 message (!)  ? help$'
keys '!'
cat > "$tmpd/want" <<'EOF'
Messages (1)

warn.folded:2: not a folded line (expected "frame;frame;... count"): "this line has no count"
warn.folded: 1 malformed line skipped in all

EOF
check "warn: the line and its number" panel_is 5 "$tmpd/want"
keys Escape
check "Esc: back to the graph" wait_for '? help'
keys q
finished

# --- perf script's standard error: the panel, never the screen -----------
printf 'PERFILE2h\000\000\000\000\000\000\000more\n' > "$tmpd/fake.data"
mkdir -p "$tmpd/bin"
cat > "$tmpd/bin/perf" <<EOF
#!/bin/sh
echo "Warning: zzz lost 3 chunks" >&2
sleep 0.5
cat "$tmpd/two.perf"
echo "Warning: zzz second word" >&2
EOF
chmod +x "$tmpd/bin/perf"
run "PATH=$tmpd/bin:\$PATH $TFLAME fake.data"
check "perf stderr: the graph" wait_for "all  "
viewer_up
check "perf stderr: nothing over the graph" not has "zzz"
keys '!'
check "perf stderr: in the panel" has \
    "fake.data: perf script: Warning: zzz lost 3 chunks"
check "perf stderr: its second line" has \
    "fake.data: perf script: Warning: zzz second word"
keys '!'
keys q
finished
check "perf stderr: exit 0" exited 0
check "perf stderr: terminal restored" restored

# --- LC_ALL=C: a non-ASCII name as \u{1f525} ----------------------------
printf 'main;hot\360\237\224\245 5\n' > "$tmpd/fire.folded"
run "LC_ALL=C $TFLAME fire.folded"
viewer_up
keys k k
check "LC_ALL=C: the name escaped as \\u{1f525}" \
    matches 28 '^hot\\u{1f525}  5 samples  '
keys q
finished

finish
