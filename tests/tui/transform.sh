#!/bin/sh
# Transforms in the viewer: f, F, x, m, c, T and o apply to the
# selected frame's function; zooms and transforms share one history
# (Backspace/u undo the last step, Esc goes to the root zoom and keeps the
# transforms, U drops them all); a breadcrumb line above the status lines
# names the transforms in order, cut from the left when long, with the
# share of the samples kept; a transform made while a pipe still streams
# applies to what arrives after it.  Screens are compared line by line.
#
# xf.folded, made here, 100 samples:
#   main;run;work;leaf 40      main;run;[unknown];junk 10
#   main;fib;fib;fib;calc 20   main;helper;lib::inner 10
#   ksoftirqd/0;smpboot 6      ksoftirqd/1;smpboot 4      idle 10
. "$(dirname "$0")/lib.sh" || exit 99

xf=$tmpd/xf.folded
printf '%s\n' 'main;run;work;leaf 40' 'main;run;[unknown];junk 10' \
    'main;fib;fib;fib;calc 20' 'main;helper;lib::inner 10' \
    'ksoftirqd/0;smpboot 6' 'ksoftirqd/1;smpboot 4' 'idle 10' > "$xf"

# lines FIRST LAST TEXT...: screen lines FIRST..LAST are exactly TEXT...
# (trailing blanks aside; an empty TEXT is a blank line).
lines() {
	first=$1
	last=$2
	shift 2
	sed -n "$((first + 1)),$((last + 1))p" "$tmpd/screen" |
	    sed 's/ *$//' > "$tmpd/lines.got"
	printf '%s\n' "$@" > "$tmpd/lines.want"
	cmp -s "$tmpd/lines.want" "$tmpd/lines.got" && return 0
	diff "$tmpd/lines.want" "$tmpd/lines.got" | sed 's/^/  diff: /'
	return 1
}

# top N FILE: the first N screen lines are those of the screen in FILE.
top() {
	head -n "$1" "$2" > "$tmpd/top.want"
	head -n "$1" "$tmpd/screen" > "$tmpd/top.got"
	cmp -s "$tmpd/top.want" "$tmpd/top.got"
}

# crumb COLS LEFT RIGHT: the breadcrumb LEFT, then RIGHT ending in the
# last of COLS columns (as the line reads with its blanks).
crumb() {
	pad=$(($1 - $(printf '%s' "$2" | wc -m) - $(printf '%s' "$3" | wc -m)))
	printf "%s%${pad}s%s" "$2" "" "$3"
}

# 80x24: the graph on lines 0-21 (0-20 under a breadcrumb), the status on
# lines 22-23.
start 80 24
helpline="[flame]$(printf '%67s' '')? help"

# --- f, x, u, Backspace ------------------------------------------------------
run "$TFLAME $xf"
viewer_up
cp "$tmpd/screen" "$tmpd/plain"
check "no transform: no breadcrumb" lines 20 23 \
    "idle    …d/0    main" "all" "all  100 samples  100.00% of all  self 0" \
    "$helpline"
keys k k
cp "$tmpd/screen" "$tmpd/at-run"
keys f
check "f: focus on run, the breadcrumb, % kept, totals of the new tree" \
    lines 16 23 "" "junk            leaf" "[unknown]       work" "run" "all" \
    "$(crumb 80 'focus run' '50.0% of samples kept')" \
    "run  50 samples  100.00% of all  self 0" "$helpline"
keys k h
check "k h: [unknown] selected" lines 22 22 \
    "[unknown]  10 samples  20.00% of all  self 0"
keys x
check "x: exclude [unknown], selection to its caller" \
    lines 16 23 "" "leaf" "work" "run" "all" \
    "$(crumb 80 'focus run › exclude [unknown]' '40.0% of samples kept')" \
    "run  40 samples  100.00% of all  self 0" "$helpline"
keys u
check "u: the exclusion undone, its selection back" lines 16 23 \
    "" "junk            leaf" "[unknown]       work" "run" "all" \
    "$(crumb 80 'focus run' '50.0% of samples kept')" \
    "[unknown]  10 samples  20.00% of all  self 0" "$helpline"
keys BSpace
check "Backspace: the focus undone, the screen as before it" same \
    "$tmpd/at-run"
keys_quiet BSpace
check "Backspace with nothing to undo: says so" lines 22 23 \
    "run  50 samples  50.00% of all  self 0" \
    "[flame]  Not zoomed in and no transform: nothing to go back to."
keys q
finished

# --- zooms and transforms on one history ---------------------------------
run "$TFLAME $xf"
viewer_up
keys k Enter k
cp "$tmpd/screen" "$tmpd/zoomed"
keys m
check "m: run merged into main, the zoom kept" lines 19 23 \
    "main" "all" \
    "$(crumb 80 'merge run' '100.0% of samples kept')" \
    "main  80 samples  80.00% of all  100.00% of zoom  self 0" \
    "[flame]  zoomed: main$(printf '%53s' '')? help"
check "m: work and [unknown] now children of main" lines 18 18 \
    "[unknown] fib                 helper    work"
keys u
check "u: the merge undone, zoom and selection as before" same \
    "$tmpd/zoomed"
keys u
check "u: then the zoom undone" same "$tmpd/at-run"
keys q
finished

# --- c, F, Esc, U ------------------------------------------------------------
run "$TFLAME $xf"
viewer_up
keys k k h h
cp "$tmpd/screen" "$tmpd/at-fib"
check "k k h h: the outer fib" lines 22 22 \
    "fib  20 samples  20.00% of all  self 0"
keys c
check "c: fib's recursion collapsed" lines 17 22 \
    "                calc            …:inner …known] work" \
    "        …oot    fib             helper  run" \
    "idle    …d/0    main" "all" \
    "$(crumb 80 'collapse fib' '100.0% of samples kept')" \
    "fib  20 samples  20.00% of all  self 0"
keys Enter Escape
check "Enter Esc: root zoom, the transform kept" lines 20 21 "all" \
    "$(crumb 80 'collapse fib' '100.0% of samples kept')"
keys U
check "U: every transform gone, the screen as before them" same \
    "$tmpd/at-fib"
keys k
check "k: the inner fib" lines 22 22 "fib  20 samples  20.00% of all  self 0"
keys F
check "F: focus on the inner fib's subtree, rooted there" lines 17 23 \
    "calc" "fib" "fib" "all" \
    "$(crumb 80 'subtree fib' '20.0% of samples kept')" \
    "fib  20 samples  100.00% of all  self 0" "$helpline"
keys q
finished

# --- T, o, a long breadcrumb cut from the left ------------------------------
# seq: T, focus main, exclude run, order by weight, merge fib.
long() {
	keys T
	keys k f
	keys k x
	keys o
	keys k m
}
run "$TFLAME $xf"
viewer_up
keys T
check "T: ksoftirqd/0 and /1 become one root" lines 18 19 \
    "        smpboot fib             helper  run" "idle    …ftirqd main"
check "T: the breadcrumb" lines 21 21 \
    "$(crumb 80 'merge threads' '100.0% of samples kept')"
keys o
check "o: heaviest first" lines 19 19 \
    "main                                                            idle    …oftirqd"
check "o: the breadcrumb" lines 21 21 \
    "$(crumb 80 'merge threads › order weight' '100.0% of samples kept')"
keys o
check "o again: by name, the order step taken back" lines 19 21 \
    "idle    …ftirqd main" "all" \
    "$(crumb 80 'merge threads' '100.0% of samples kept')"
keys U
long
check "80 columns: the breadcrumb cut from the left" lines 21 21 \
    "$(crumb 80 '…ds › focus main › exclude run › order weight › merge fib' \
    '30.0% of samples kept')"
keys U
check "U: no breadcrumb, main still selected" lines 20 22 \
    "idle    …d/0    main" "all" "main  80 samples  80.00% of all  self 0"
check "U: the graph as loaded" top 20 "$tmpd/plain"
keys q
finished

start 200 60
run "$TFLAME $xf"
viewer_up
long
check "200 columns: the whole breadcrumb" lines 57 59 \
    "$(crumb 200 'merge threads › focus main › exclude run › order weight › merge fib' \
    '30.0% of samples kept')" \
    "main  30 samples  100.00% of all  self 0" \
    "[flame]$(printf '%187s' '')? help"
check "200 columns: main's children, heaviest first" lines 53 54 \
    "$(printf '%133s' '')lib::inner" "calc$(printf '%129s' '')helper"
keys '?'
check "?: the transform keys" lines 20 27 \
    "   f F          focus on this function (all its frames) / on this frame's subtree" \
    "   x m          exclude the stacks through this function / merge it into its callers" \
    "   c T          collapse this function's recursion / merge per-CPU and per-thread roots" \
    "   o U          siblings heaviest first or by name / drop every transform" \
    "   < >          scroll the selected name in the status line" \
    "   C            collapse template arguments to <…> everywhere, or not" \
    "   y Y          copy the selected name / its subtree as folded stacks (OSC 52 clipboard)" \
    "   Mouse        click: select, click the selected: zoom, wheel: scroll, right click or click the status line: back"
keys z
keys q
finished

# --- s: the transformed profile, the breadcrumb as the subtitle -------------
out=$tmpd/out
mkdir -p "$out"
start 80 24
run "cd $out && $TFLAME $DATA/small.folded"
viewer_up
keys k h
check "k h: idle selected" matches 22 '^idle  '
keys x
keys s
T send-keys -t t C-u
T send-keys -t t -l "$out/x.svg"
settle
keys Enter
check "s: saved" has "Saved the SVG to $out/x.svg"
"$TFLAME" --svg="$tmpd/x.svg" --exclude='^idle$' --subtitle='exclude idle' \
    "$DATA/small.folded" 2> /dev/null
check "s: what --svg --exclude writes, the breadcrumb as subtitle" \
    cmp -s "$out/x.svg" "$tmpd/x.svg"
keys q
finished

# --- a transform while a pipe still streams --------------------------------
whole=$TESTS_DATADIR/corpus/flamegraph/test/perf-vertx-stacks-01.txt
part1=$tmpd/part1.perf
part2=$tmpd/part2.perf
gate=$tmpd/gate
cut=$(awk '{ b += length($0) + 1 } b > 200000 && /^$/ { print NR; exit }' \
    "$whole")
head -n "$cut" "$whole" > "$part1"
tail -n "+$((cut + 1))" "$whole" > "$part2"
# The samples left without start_thread, and their share of all.
kept=$("$TFLAME" --collapse --exclude='^start_thread$' "$whole" |
    awk '{ s += $NF } END { print s }')
nall=$("$TFLAME" --collapse "$whole" | awk '{ s += $NF } END { print s }')
pct=$(awk -v k="$kept" -v a="$nall" 'BEGIN { printf "%.1f", 100 * k / a }')
producer="(cat $part1; while [ ! -e $gate ]; do sleep 0.1; done; cat $part2)"

start 100 30
rm -f "$gate"
run "$producer | $TFLAME"
check "streaming: progress while the input pauses" wait_for "reading stdin: "
settle
keys k k
check "streaming: start_thread selected" matches 28 '^start_thread  '
keys x
check "streaming: x excludes start_thread" lines 27 27 \
    "$(crumb 100 'exclude start_thread' "$(awk -v k="$(
    "$TFLAME" --collapse --exclude='^start_thread$' "$part1" |
    awk '{ s += $NF } END { print s }')" -v a="$("$TFLAME" --collapse \
    "$part1" | awk '{ s += $NF } END { print s }')" \
    'BEGIN { printf "%.1f", 100 * k / a }')% of samples kept")"
touch "$gate"
check "streaming: loaded" wait_for "read stdin"
check "streaming: what arrived later is excluded too" lines 27 28 \
    "$(crumb 100 'exclude start_thread' "$pct% of samples kept")" \
    "java  $kept cpu-clock samples  100.00% of all  self 0"
keys q
finished
check "streaming: terminal restored" restored

# --- the reverse view: a transform, then its undo ----------------------------
# After m or x the reverse view is that of the profile the flag gives
# (--hide, --exclude: a breadcrumb too); an undo gives the
# screen before the step back, whole: of x, o, u, u the first undo finds
# the reverse tree kept before o, the second makes x's again.
# rev_ref FLAG [KEY]: the reverse view of xf with FLAG (then KEY), in
# $tmpd/rev.want (its graph lines, above the flag's breadcrumb).
rev_ref() {
	run "$TFLAME $1 $xf"
	viewer_up
	keys r
	[ -z "${2:-}" ] || keys "$2"
	sed -n '1,20p' "$tmpd/screen" > "$tmpd/rev.want"
	keys q
	finished
}
# rev_is: the graph lines shown are those of $tmpd/rev.want.
rev_is() {
	sed -n '1,20p' "$tmpd/screen" > "$tmpd/rev.got"
	cmp -s "$tmpd/rev.want" "$tmpd/rev.got" && return 0
	diff "$tmpd/rev.want" "$tmpd/rev.got" | sed 's/^/  diff: /'
	return 1
}
revhelp="[reverse flame]$(printf '%59s' '')? help"
start 80 24
rev_ref "--hide=^lib::inner\$"
cp "$tmpd/rev.want" "$tmpd/rev.hide"
rev_ref "--exclude=^lib::inner\$"
cp "$tmpd/rev.want" "$tmpd/rev.exclude"
rev_ref "--exclude=^lib::inner\$" o
cp "$tmpd/rev.want" "$tmpd/rev.name"
run "$TFLAME $xf"
viewer_up
# Heaviest first: leaf 40, calc 20, then 10 each by name: idle, junk,
# lib::inner.
keys r k l l l l
check "reverse: lib::inner selected" lines 22 22 \
    "lib::inner  10 samples  10.00% of all  self 10"
cp "$tmpd/screen" "$tmpd/rev.inner"
keys m
cp "$tmpd/rev.hide" "$tmpd/rev.want"
check "reverse m: the reverse view of --hide" rev_is
check "reverse m: breadcrumb, root, status" lines 21 23 \
    "$(crumb 80 'merge lib::inner' '100.0% of samples kept')" \
    "all  100 samples  100.00% of all  self 0" "$revhelp"
keys u
check "reverse u: the screen before m, whole" same "$tmpd/rev.inner"
keys x
cp "$tmpd/rev.exclude" "$tmpd/rev.want"
check "reverse x: the reverse view of --exclude" rev_is
check "reverse x: breadcrumb, root, status" lines 21 23 \
    "$(crumb 80 'exclude lib::inner' '90.0% of samples kept')" \
    "all  90 samples  100.00% of all  self 0" "$revhelp"
cp "$tmpd/screen" "$tmpd/rev.x"
keys o
cp "$tmpd/rev.name" "$tmpd/rev.want"
check "reverse o: the reverse view of --exclude, o (by name)" rev_is
keys u
check "reverse u: the screen after x again, whole" same "$tmpd/rev.x"
keys u
check "reverse u u: the screen before x, whole (its reverse made again)" \
    same "$tmpd/rev.inner"
keys q
finished

# --- three transforms, three undos ------------------------------------------
# After the first undo a second thread makes the tree the next undo shows
# (the history holds two; view_undo.c); each undo, slow or quick after the
# one before, gives the screen before its step back, whole.
run "$TFLAME $xf"
viewer_up
keys k k
cp "$tmpd/screen" "$tmpd/b1"
keys x k
cp "$tmpd/screen" "$tmpd/b2"
keys x k
cp "$tmpd/screen" "$tmpd/b3"
check "x x x: three transforms" has "exclude run › exclude"
keys x
check "x x x: the third" not same "$tmpd/b3"
keys u
check "x x x u: the screen before the third x" same "$tmpd/b3"
sleep 1
keys u
check "x x x u, a second later u: the screen before the second x" \
    same "$tmpd/b2"
keys u
check "x x x u u u: the screen before the first x" same "$tmpd/b1"
keys x k x k x u u u
check "x x x u u u, each at once: the screen before the first x" \
    same "$tmpd/b1"
keys q
finished

# streamed_reference GATE: from $part1, $part2 and the reference
# $tmpd/focused.folded, set fsum (its samples), fpct (its share of all)
# and producer (part 1, then part 2 once $tmpd/GATE exists), and keep the
# reference's screen in $tmpd/focused.screen.
streamed_reference() {
	fsum=$(awk '{ s += $NF } END { print s }' "$tmpd/focused.folded")
	asum=$(cat "$part1" "$part2" | awk '{ s += $NF } END { print s }')
	fpct=$(awk -v k="$fsum" -v a="$asum" 'BEGIN { printf "%.1f", 100 * k / a }')
	gate=$tmpd/$1
	producer="(cat $part1; while [ ! -e $gate ]; do sleep 0.1; done; cat $part2)"
	run "$TFLAME $tmpd/focused.folded"
	viewer_up
	cp "$tmpd/screen" "$tmpd/focused.screen"
	keys q
	finished
	rm -f "$gate"
}

# --- F after T while a pipe still streams -----------------------------------
# T makes a root name the input does not have (ksoftirqd); the names that
# arrive later must not make F's frame another or none when the
# transforms are made again on the grown profile.  Part 1 is over 64 KiB
# (a long name) so that it is read before the rest comes.
part1=$tmpd/threads1.folded
part2=$tmpd/threads2.folded
printf '%s\n' 'ksoftirqd/0;run_ksoftirqd;net_rx 6' \
    'ksoftirqd/1;run_ksoftirqd;net_rx 4' \
    'ksoftirqd/1;run_ksoftirqd;timer 2' 'main;work 5' > "$part1"
awk 'BEGIN { s = "pad;"; for (i = 0; i < 70000; i++) s = s "p"
	print s " 1" }' >> "$part1"
printf '%s\n' 'ksoftirqd/2;run_ksoftirqd;rcu 3' 'kworker/0:1;process 7' \
    'ksoftirqd/0;run_ksoftirqd;net_rx 1' 'main;other 2' > "$part2"
# The reference: the stacks through ksoftirqd/N;run_ksoftirqd, rooted at
# run_ksoftirqd, as a file of their own.
cat "$part1" "$part2" | awk '{
	n = split($1, f, ";")
	if (n < 2 || f[1] !~ /^ksoftirqd\/[0-9]+$/ || f[2] != "run_ksoftirqd")
		next
	s = f[2]
	for (i = 3; i <= n; i++)
		s = s ";" f[i]
	c[s] += $2
} END { for (s in c) print s, c[s] }' | sort > "$tmpd/focused.folded"
start 80 24
streamed_reference gate2
run "$producer | $TFLAME"
check "F after T, streaming: part 1 shown" wait_for "reading stdin: "
settle
keys T
keys k k
check "F after T, streaming: run_ksoftirqd selected" \
    matches 22 '^run_ksoftirqd  12 samples'
keys F
touch "$gate"
check "F after T, streaming: loaded" wait_for "read stdin"
keys j
# The graph is the reference's, one line lower (the breadcrumb).
sed -n '2,22p' "$tmpd/focused.screen" > "$tmpd/focused.want"
sed -n '1,21p' "$tmpd/screen" > "$tmpd/focused.got"
check "F after T, streaming: the later stacks focused as the reference" \
    cmp -s "$tmpd/focused.want" "$tmpd/focused.got"
check "F after T, streaming: breadcrumb and root" lines 21 22 \
    "$(crumb 80 "merge threads › subtree run_ksoftirqd" \
    "$fpct% of samples kept")" \
    "all  $fsum samples  100.00% of all  self 0"
keys q
finished
check "F after T, streaming: terminal restored" restored

# --- F after c while a pipe still streams -----------------------------------
# The same with fib's recursion collapsed first (c): the reference
# collapses it in awk (a frame f inside an f goes back to the outer one).
part1=$tmpd/rec1.folded
part2=$tmpd/rec2.folded
printf '%s\n' 'main;f;g;f;h 4' 'main;f;f 2' 'idle 1' > "$part1"
awk 'BEGIN { s = "pad;"; for (i = 0; i < 70000; i++) s = s "p"
	print s " 1" }' >> "$part1"
printf '%s\n' 'main;f;g;f;fresh 3' 'main;f;g 1' 'z;f;f 5' 'main;q;f 2' \
    > "$part2"
cat "$part1" "$part2" | awk '{
	n = split($1, f, ";")
	m = 0
	for (i = 1; i <= n; i++) {
		if (f[i] == "f")
			for (j = 1; j <= m; j++)
				if (o[j] == "f") {
					m = j
					break
				}
		if (f[i] != "f" || m == 0 || o[m] != "f")
			o[++m] = f[i]
	}
	if (m < 2 || o[1] != "main" || o[2] != "f")
		next
	s = o[2]
	for (i = 3; i <= m; i++)
		s = s ";" o[i]
	c[s] += $2
} END { for (s in c) print s, c[s] }' | sort > "$tmpd/focused.folded"
streamed_reference gate3
run "$producer | $TFLAME"
check "F after c, streaming: part 1 shown" wait_for "reading stdin: "
settle
keys k k
check "F after c, streaming: f selected" matches 22 '^f  6 samples'
keys c
keys F
touch "$gate"
check "F after c, streaming: loaded" wait_for "read stdin"
keys j
sed -n '2,22p' "$tmpd/focused.screen" > "$tmpd/focused.want"
sed -n '1,21p' "$tmpd/screen" > "$tmpd/focused.got"
check "F after c, streaming: the later stacks focused as the reference" \
    cmp -s "$tmpd/focused.want" "$tmpd/focused.got"
check "F after c, streaming: breadcrumb and root" lines 21 22 \
    "$(crumb 80 "collapse f › subtree f" "$fpct% of samples kept")" \
    "all  $fsum samples  100.00% of all  self 0"
keys q
finished
check "F after c, streaming: terminal restored" restored

# --- the reverse view heaviest first (#48 item 11) ---------------------------
# Its first row (the sampled functions) was in name order; people look for
# the heaviest: weight order is its default, o switches (and back).
printf 'main;a 10\nmain;b 90\n' > "$tmpd/ord.folded"
start 80 24
run "$TFLAME $tmpd/ord.folded"
viewer_up
check "normal view: by name (a first)" starts 20 main
keys r
check "reverse: heaviest first (b first)" starts 20 b
keys o
check "reverse o: by name (a first)" starts 19 a
keys o
check "reverse o o: heaviest first again" starts 20 b
keys r
check "back to the normal view: by name" eval 'line 19 | grep -q "^a  *b"'
keys q
finished

finish
