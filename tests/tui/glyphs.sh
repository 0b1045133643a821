#!/bin/sh
# tflame's own glyphs in a locale that is not UTF-8:
# with LC_ALL=C a shortened name reads "..Registry<..>::lookup", the
# ellipsis falling back to ASCII; only the bytes of the names themselves
# are escaped ("caf\u{e9}"), never tflame's own "…" (which read
# "\u{2026}", then cut again).  In UTF-8 the ellipsis stays "…".
#
# names.folded: main -> a long C++ name (60%) and other (40%).
. "$(dirname "$0")/lib.sh" || exit 99

names=$DATA/names.folded
printf 'main;caf\303\251_au_lait 30\nmain;other 70\n' > "$tmpd/u.folded"

# lookup_line: the screen line (as last captured) with "::lookup".
lookup_line() { grep -F '::lookup' "$tmpd/screen" | head -1; }
no_escaped_glyph() { not grep -qF '\u{2026}' "$tmpd/screen"; }

start 80 24
run "LC_ALL=C $TFLAME $names"
viewer_up
check "C, 80 columns: templates collapsed to <..>" has 'Registry<..>::lookup'
check "C, 80 columns: no escaped ellipsis" no_escaped_glyph
T send-keys -t t q
finished

start 40 24
run "LC_ALL=C $TFLAME $names"
viewer_up
check "C, 40 columns: the method kept" has '::lookup'
check "C, 40 columns: cut from the left with .." \
    eval 'lookup_line | grep -q "^\.\.[^.].*::lookup"'
check "C, 40 columns: no escaped ellipsis" no_escaped_glyph
check "C, 40 columns: no \\u escape at all" not has '\u{'
keys C
check "C: the C key's message in ASCII" has 'Templates collapsed to <..>'
check "C: and nothing escaped" not has '\u{'
T send-keys -t t q
finished
run "$TFLAME $names"
viewer_up
check "UTF-8, 40 columns: cut from the left with …" \
    eval 'lookup_line | grep -q "^…[^.]*::lookup"'
T send-keys -t t q
finished

start 80 24
run "LC_ALL=C $TFLAME $tmpd/u.folded"
viewer_up
check "C: a name's own bytes escaped" has 'caf\u{e9}_au_lait'
T send-keys -t t q
finished
# The same name, too long for its bar: its escape counted as it shows.
start 30 24
run "LC_ALL=C $TFLAME $tmpd/u.folded"
viewer_up
check "C, 30 columns: no escaped ellipsis" no_escaped_glyph
check "C, 30 columns: the end of the name kept" has '..u_lait other'
T send-keys -t t q
finished

# The breadcrumb of two transforms: its separator ">" and, cut at 50
# columns, its ellipsis ".." (they read "\u{203a}", "\u{2026}" before).
printf 'main;work 30\nmain;other 70\n' > "$tmpd/t.folded"
start 80 24
run "LC_ALL=C $TFLAME --hide=other --focus=main $tmpd/t.folded"
viewer_up
check "C: breadcrumb separator in ASCII" has 'merge other > focus main'
check "C: breadcrumb, nothing escaped" not has '\u{'
T send-keys -t t q
finished
start 50 24
run "LC_ALL=C $TFLAME --focus=main --hide=other --merge-threads $tmpd/t.folded"
viewer_up
check "C, 50 columns: breadcrumb cut with .." \
    eval 'grep -q "^\.\.[^.].*> merge threads" "$tmpd/screen"'
check "C, 50 columns: breadcrumb, nothing escaped" not has '\u{'
T send-keys -t t q
finished
start 100 60
run "LC_ALL=C $TFLAME $tmpd/t.folded"
viewer_up
keys '?'
check "C: the ? screen's <..> in ASCII" has 'template arguments to <..>'
check "C: the ? screen, nothing escaped or garbled" \
    not grep -q '\\u{\|M-\|~@' "$tmpd/screen"
T send-keys -t t q
finished

finish
