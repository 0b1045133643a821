#!/bin/sh
# The command line's transforms (--focus, --exclude, --hide,
# --collapse-recursion, --merge-threads) are steps of the viewer's history,
# as if typed as keys: the breadcrumb names them with the share of the
# samples kept, the root reads the transformed profile's samples, and
# Backspace/u undo them one by one (the last first), U drops them all.
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
	cmp -s "$tmpd/top.want" "$tmpd/top.got" && return 0
	diff "$tmpd/top.want" "$tmpd/top.got" | sed 's/^/  diff: /'
	return 1
}

# crumb COLS LEFT RIGHT: the breadcrumb LEFT, then RIGHT ending in the
# last of COLS columns (as the line reads with its blanks).
crumb() {
	pad=$(($1 - $(printf '%s' "$2" | wc -m) - $(printf '%s' "$3" | wc -m)))
	printf "%s%${pad}s%s" "$2" "" "$3"
}

start 80 24
helpline="[flame]$(printf '%67s' '')? help"

# The screens without transforms, and with m on work then f on run typed.
run "$TFLAME $xf"
viewer_up
cp "$tmpd/screen" "$tmpd/plain"
keys k k k
check "k k k: work selected" lines 22 22 \
    "work  40 samples  40.00% of all  self 0"
keys m f
cp "$tmpd/screen" "$tmpd/typed"
check "typed m, f: the breadcrumb" lines 21 21 \
    "$(crumb 80 'merge work › focus run' '50.0% of samples kept')"
keys q
finished

# --- --hide --focus: shown, kept share, undone one by one ---------------
run "$TFLAME --hide=wor. --focus=run $xf"
viewer_up
check "--hide --focus: the graph as with the keys typed" top 21 \
    "$tmpd/typed"
check "--hide --focus: breadcrumb, share kept, root of the new tree" \
    lines 20 23 "all" \
    "$(crumb 80 'merge wor. › focus run' '50.0% of samples kept')" \
    "all  50 samples  100.00% of all  self 0" "$helpline"
keys u
check "u: the focus undone, the merge left" lines 20 23 "all" \
    "$(crumb 80 'merge wor.' '100.0% of samples kept')" \
    "all  100 samples  100.00% of all  self 0" "$helpline"
check "u: work merged into run" has "leaf"
check "u: no work frame" not has "work"
keys BSpace
check "Backspace: the merge undone, the profile as loaded" same \
    "$tmpd/plain"
keys_quiet BSpace
check "Backspace with nothing left: says so" lines 23 23 \
    "[flame]  Not zoomed in and no transform: nothing to go back to."
keys q
finished

# --- U drops them all ---------------------------------------------------
run "$TFLAME --exclude=idle --collapse-recursion --merge-threads $xf"
viewer_up
check "three flags: three steps in order" lines 20 22 "all" \
    "$(crumb 80 'exclude idle › collapse recursion › merge threads' \
    '90.0% of samples kept')" \
    "all  90 samples  100.00% of all  self 0"
keys U
check "U: every command-line transform gone" same "$tmpd/plain"
keys q
finished

# --- s: the subtitle names each step once, as --svg does -----------------
out=$tmpd/out
mkdir -p "$out"
run "cd $out && $TFLAME --exclude='^idle\$' $DATA/small.folded"
viewer_up
keys s
T send-keys -t t C-u
T send-keys -t t -l "$out/x.svg"
settle
keys Enter
check "s: saved" has "Saved the SVG to $out/x.svg"
"$TFLAME" --svg="$tmpd/x.svg" --exclude='^idle$' "$DATA/small.folded" \
    2> /dev/null
check "s: what --svg --exclude writes (subtitle: exclude ^idle\$)" \
    cmp -s "$out/x.svg" "$tmpd/x.svg"
check "s: the subtitle once" grep -q '>exclude ^idle\$<' "$out/x.svg"
keys q
finished

finish
