#!/bin/sh
# Frame names are untrusted: escape sequences, C1 controls, invalid UTF-8,
# bidirectional overrides and combining marks must reach the screen as
# visible escapes, never as terminal commands.  UTF-8 names show as they
# are.  The window title must not change and the screen must not be
# cleared or scribbled over.
. "$(dirname "$0")/lib.sh" || exit 99

f=$tmpd/hostile.folded
# The loader splits frames on ';', so the OSC title sequence becomes two
# frames ("\e]0" and "pwned\a\e[2J"): each must still be harmless.
{
	printf 'evil;\033]0;pwned\007\033[2J;b 40\n'
	printf 'evil;\033[H\033[31mred;\302\233c1 40\n'
	printf 'names;caf\303\251;\346\227\245\346\234\254\350\252\236;'
	printf 'bad\377\376bytes;\342\200\256rtl;e\314\201;tab\there;'
	printf 'back\\slash 120\n'
} > "$f"

# title_kept: the pane's title is what it was before the viewer ran.
title_kept() { [ "$(T display -p -t t '#{pane_title}')" = "$title0" ]; }

# status_has TEXT: the first status line (line 22) contains TEXT.
status_has() { line 22 | grep -qF -- "$1"; }

start 80 24
title0=$(T display -p -t t '#{pane_title}')
run "$TFLAME $f"
check "the viewer starts" viewer_up
check "status line in its place" matches 23 '? help$'
check "root row in its place" starts 21 all
check "OSC start shown escaped" has '\e]0'
check "title text and clear shown escaped" has 'pwned\x07\e[2J'
check "cursor and colour sequences shown escaped" has '\e[H\e[31mred'
check "invalid UTF-8 shown escaped" has 'bad\xff\xfe'
check "C1 control shown escaped" has '\u{9b}c1'
check "UTF-8 shown as is" has 'café'
check "wide characters shown as is" has '日本語'
check "bidi override shown escaped" has '\u{202e}rtl'
check "combining mark shown escaped" has 'e\u{301}'
check "tab shown escaped" has 'tab\there'
check "backslash doubled" has 'back\\slash'
check "window title unchanged" title_kept

# The status line shows a hostile name in full, escaped.
keys Up Left Up Right Up
check "status line: escaped name" status_has 'pwned\x07\e[2J  40 samples'
keys Down Left
check "status line: next hostile name" \
    status_has '\e[H\e[31mred  40 samples'
check "window title still unchanged" title_kept
keys q
finished
check "quit: exit status 0" exited 0
check "quit: terminal restored" restored

# A name far wider than the screen: the status line scrolls it with > and
# <, the graph keeps its end (layout/shortname.h), nothing breaks.
long=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "x%03d", i }')
printf 'main;%s 5\nmain;short 5\n' "$long" > "$tmpd/long.folded"
run "$TFLAME $tmpd/long.folded"
viewer_up
keys k k l
check "long name: its end in the graph" matches 19 \
    "^short  *$(printf '\342\200\246')0x291x292x293x294x295x296x297x298x299\$"
check "long name: the status line shows its start" matches 22 '^ x000x001'
check "long name: and says there is more" matches 22 '>$'
check "long name: the counts on the next line" \
    matches 23 '^5 samples  50.00% of all'
keys '>'
check "long name: > scrolls the status line" matches 22 '^<'
keys '<'
check "long name: < scrolls it back" matches 22 '^ x000x001'
keys q
finished
check "long name: terminal restored" restored

# Unusable input: a message and exit status 1, before the terminal is
# touched.  TERM=dumb proves it: a viewer that got as far as the terminal
# would complain about it instead.  A hostile file name is shown escaped.
: > "$tmpd/empty"
printf ' \n\t\r\n' > "$tmpd/blank"
LC_ALL=C awk 'BEGIN { s = 7; for (i = 0; i < 65536; i++) {
	s = (s * 16807) % 2147483647; printf "%c", int(s / 128) % 256 } }' \
    > "$tmpd/random"
printf '\037\213\010\000\000\000\000\000\000\003' > "$tmpd/corrupt.gz"
head -c 3000 "$tmpd/random" >> "$tmpd/corrupt.gz"
printf '\t1 main (m)\n\t2 start (m)\n\n' > "$tmpd/frames.perf"
cp "$tmpd/random" "$tmpd/evil$(printf '\033')[2J"
# fresh: a cleared screen, so that finished() cannot see the DONE of the
# command line before.
fresh() {
	T send-keys -t t clear Enter
	wait_until not has DONE
}

start 100 24
for c in "empty:$tmpd/empty:no samples" "blank:$tmpd/blank:no samples" \
    "random bytes:$tmpd/random:cannot tell the format" \
    "corrupt gzip:$tmpd/corrupt.gz:corrupt.gz: " \
    "perf frames without a header:--format=perf $tmpd/frames.perf:frames.perf:1: stack line outside a sample" \
    "hostile file name:$tmpd/evil*:evil\\e[2J; use --format"; do
	what=${c%%:*} c=${c#*:}
	args=${c%%:*} msg=${c#*:}
	fresh
	run "TERM=dumb $TFLAME $args"
	finished
	check "$what: exit status 1" exited 1
	check "$what: message" joined "$msg"
	check "$what: not a terminal complaint" not joined "cannot move the cursor"
	check "$what: terminal untouched" restored
	fresh
	run "$TFLAME $args"
	finished
	check "$what (xterm): exit status 1" exited 1
	check "$what (xterm): message" joined "$msg"
	check "$what (xterm): terminal untouched" restored
done
# A raw ESC [2J would have erased the start of the message.
check "hostile file name: the screen was not cleared" \
    joined "tflame: cannot tell the format of $tmpd/evil"

finish
