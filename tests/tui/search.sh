#!/bin/sh
# Search and the reverse view in a real terminal (tmux): the prompt and its
# editing keys, the matched share against a figure computed here with awk,
# n / N in flame order (un-zooming and zooming as needed), #, ignoring case,
# bad patterns, the highlight colour, and r (leaf functions next to the
# root; r again gives the same screen back), --search and --reverse.
#
# search.folded (204 samples), root at the bottom as drawn:
#
#   main;parse;lex;malloc 37          malloc|free: the stacks holding a
#   main;parse;malloc 13              match weigh 37+13+11+23+7 = 91 of
#   main;eval;call;malloc;memset 11   204 = 44.61%.  Summing the matching
#   main;eval;call 59                 frames instead (68 + 30 = 98, 48.04%)
#   main;eval;free 23                 would count main;free;malloc twice.
#   main;eval;tiny;mmap 1             Under main (151): 91/151 = 60.26%.
#   main;free;malloc 7                In flame order the six matches are
#   idle 53                           call;malloc (11), eval;free (23),
#                                     main;free (7), free;malloc (7),
# lex;malloc (37), parse;malloc (13).  Reversed, the root's children are
# the sampled functions: call 59, free 23, idle 53, malloc 57, memset 11.
. "$(dirname "$0")/lib.sh" || exit 99

fix=$TESTS_DATADIR/search/search.folded

# share ERE [FIRST]: percentage, as "%.2f%%", of the samples (of the stacks
# starting with frame FIRST, when given) whose stack has a frame matching
# ERE; each stack counts once.  Computed from the file, not by tflame.
share() {
	awk -v re="$1" -v first="${2:-}" '{
		n = $NF; s = $0; sub(/ [^ ]*$/, "", s)
		k = split(s, f, ";")
		if (first != "" && f[1] != first) next
		t += n
		for (i = 1; i <= k; i++) if (f[i] ~ re) { m += n; break }
	} END { printf "%.2f%%\n", 100 * m / t }' "$fix"
}

# status_is NAME: the first status line (80x24: line 22) starts with NAME.
status_is() { line 22 | grep -q "^$1  "; }

# last_is TEXT: the last line (80x24: 23) starts with TEXT.
last_is() { line 23 | grep -qF -- "$1"; }

# highlighted: some frame has the match colour (256 colours: 164).
highlighted() {
	T capture-pane -p -e -t t > "$tmpd/colours"
	grep -q '48;5;164m' "$tmpd/colours"
}

viewer_running() {
	[ "$(T display -p -t t '#{pane_current_command}')" = tflame ]
}

# The figures this script relies on, worked out independently.
check "awk: malloc|free is 44.61%" [ "$(share 'malloc|free')" = 44.61% ]
check "awk: under main 60.26%" [ "$(share 'malloc|free' main)" = 60.26% ]
check "awk: malloc is 33.33%" [ "$(share malloc)" = 33.33% ]
check "awk: ^main\$ is 74.02%" [ "$(share '^main$')" = 74.02% ]

start 80 24
run "$TFLAME $fix"
viewer_up
cp "$tmpd/screen" "$tmpd/initial"
check "no search: no highlight" not highlighted

# --- the prompt -----------------------------------------------------------
keys /
check "/: the prompt on the last line" matches 23 '^Search: *$'
check "/: the selection line stays" status_is all
check "/: the cursor shows" [ "$(T display -p -t t '#{cursor_flag}')" = 1 ]
keys x y z
check "typing shows" last_is "Search: xyz"
keys Escape
check "Esc cancels: the first screen" same "$tmpd/initial"
check "Esc: the cursor hidden again" \
    [ "$(T display -p -t t '#{cursor_flag}')" = 0 ]

keys / m a l l o c '|' f r e e
keys Enter
want=$(share 'malloc|free')
check "Enter: pattern and matched share ($want)" \
    last_is "[flame]  /malloc|free/  Matched $want of all  6 frames"
check "Enter: the matches are magenta" highlighted
check "Enter: the selection stays" status_is all

# --- n and N in flame order ---------------------------------------------
keys n
check "n: the first match, call;malloc" status_is "malloc  11 samples"
check "n: 1/6" has "Matched 44.61% of all  1/6 frames"
keys n
check "n: eval;free" status_is "free  23 samples"
check "n: 2/6" has " 2/6 frames"
keys N
check "N: back to 1/6" has " 1/6 frames"
keys N
check "N from the first: wraps to the last" has "wrapped around"
check "N: parse;malloc" status_is "malloc  13 samples"
keys n
check "n from the last: wraps to the first" status_is "malloc  11 samples"

# n un-zooms: zoomed into idle, the next match is outside.
keys Escape j j j j
check "back at the root" status_is all
keys k h Enter
check "zoomed into idle" matches 20 '^idle *$'
keys n
check "n un-zooms to show the match" not has "zoomed:"
check "n after un-zooming: call;malloc" status_is "malloc  11 samples"
keys BSpace
check "Backspace: the zoom n left" matches 20 '^idle *$'
keys Escape

# The share of the zoom.
keys j j j j k Enter
want=$(share 'malloc|free' main)
check "zoomed into main: share of the zoom ($want)" \
    has "Matched 44.61% of all  $want of zoom  6 frames"
keys Escape

# --- bad patterns ---------------------------------------------------------
keys / m a l l o c '('
keys Enter
check "bad pattern: PCRE2's message and offset" \
    has "Bad pattern: missing closing parenthesis at offset 7"
check "bad pattern: still running" viewer_running
check "bad pattern: the highlight stays" highlighted
keys_quiet Escape
check "bad pattern: the previous search stays" has "/malloc|free/  Matched"

# History: Up gives the bad pattern back, Up again the one before.
keys / Up
check "Up: the last pattern" last_is "Search: malloc("
keys Up
check "Up again: the one before" last_is "Search: malloc|free"
keys Down
check "Down: forward again" last_is "Search: malloc("
keys BSpace
check "Backspace edits the recalled line" last_is "Search: malloc"
keys C-u
check "Ctrl-U empties the line" matches 23 '^Search: *$'
keys Escape

# --- case -----------------------------------------------------------------
keys / M A L L O C
keys Enter
check "case-sensitive by default" has "/MALLOC/  no match"
check "no match: no highlight" not highlighted
keys n
check "n without a match: a note" has "No frame matches"
keys / Tab
check "Tab in the prompt: ignore case" \
    matches 23 '^Search (ignore case): *$'
keys M A L L O C Enter
want=$(share malloc)
check "ignoring case: /MALLOC/i ($want)" has "/MALLOC/i  Matched $want of all"
keys Tab
check "Tab: case-sensitive again" has "case-sensitive"
keys_quiet Escape
check "Tab searched again" has "/MALLOC/  no match"
keys / "(?i)MALLOC" Enter
check "(?i) ignores case too" has "/(?i)MALLOC/i  Matched $want of all"

# Backslashes show as typed.
keys /
keys -l '^m\w+c$'
keys Enter
check "a backslash is shown once" has "/^m\\w+c\$/  Matched $want of all"

# --- # --------------------------------------------------------------------
check "main still selected" status_is main
keys '#'
want=$(share '^main$')
check "#: the selected name, exactly ($want)" \
    has "/^main\$/  Matched $want of all  1/1 frame"

# --- n zooms in to a frame too narrow to draw -------------------------------
keys / m m a p Enter
keys n
check "n: mmap (under one cell) is shown" status_is "mmap  1 sample"
check "n: zoomed only as far as needed" has "zoomed: tiny"
keys Escape

# --- Enter on an empty prompt clears the highlight ----------------------------
keys j j j j j
keys / Enter
check "empty Enter: no search" not has "Matched"
check "empty Enter: no highlight" not highlighted
check "empty Enter: the first screen again" same "$tmpd/initial"

# --- the reverse view -----------------------------------------------------
keys r
check "r: the reverse view is named" has "[reverse flame]"
# Heaviest first (#48): call 59, malloc 57, idle 53, free 23, memset 11.
check "r: the leaf functions next to the root" \
    matches 20 "^call  *malloc  *idle  *free  *$(printf '\342\200\246')mset"
check "r: the root stays at the bottom" starts 21 all
check "r: callers above (call <- eval <- main)" matches 19 '^eval '
keys r
check "r again: exactly the first screen" same "$tmpd/initial"

# The selection follows the name; the search carries over.
keys / m a l l o c '|' f r e e Enter
keys N
check "N: parse;malloc" status_is "malloc  13 samples"
keys r
check "r: malloc nearest the root (57)" status_is "malloc  57 samples"
check "r: the matched share is the same" has "Matched 44.61% of all  1/4 frames"
check "r: highlighted" highlighted
keys i
check "r + i: reverse icicle" has "[reverse icicle]"
check "r + i: leaf functions below the root" matches 1 '^call  *malloc  *idle'
keys i r
check "r back: parse;malloc (nearest the root, widest)" \
    status_is "malloc  13 samples"
check "r back: the normal view" has "[flame]  /malloc|free/"

# --- help -----------------------------------------------------------------
keys '?'
for k in / 'n N' '#' r Tab; do
	check "?: lists $k" has "   $k "
done
keys x
keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored

# --- the command line -------------------------------------------------------
run "$TFLAME --reverse --search='malloc|free' $fix"
viewer_up
check "--reverse: reverse view" has "[reverse flame]"
check "--reverse: leaf functions next to the root" \
    matches 20 "^call  *malloc  *idle  *free  *$(printf '\342\200\246')mset"
check "--search: applied from the start" has "/malloc|free/  Matched 44.61%"
check "--search: highlighted" highlighted
keys / Up
check "--search: in the history" last_is "Search: malloc|free"
keys Escape q
finished

run "$TFLAME --search='a{2,1}' $fix"
viewer_up
check "--search bad: reported" \
    has "Bad pattern: numbers out of order in {} quantifier at offset 5"
check "--search bad: running" viewer_running
keys q
finished
check "--search bad: exit status 0" exited 0

# Monochrome: matches are reverse, bold and underlined.
run "NO_COLOR=1 $TFLAME --search=malloc $fix"
viewer_up
T capture-pane -p -e -t t > "$tmpd/mono"
check "NO_COLOR: matches bold, underlined, reversed" grep -q '\[1;4;7m' \
    "$tmpd/mono"
keys q
finished

# Hostile and non-ASCII names: # quotes them into patterns that show as
# plain text, and UTF-8 typed in the prompt is one character per letter.
h=$tmpd/hostile.folded
{
	printf 'evil;\033[31mred 35\n'
	printf 'evil;bad\377bytes 25\n'
	printf 'other;caf\303\251 30\n'
	printf 'other 10\n'
} > "$h"
start 80 24
run "$TFLAME $h"
viewer_up
keys k k
keys '#'
check "#: an escape sequence quoted as text" \
    has '/^\x{1b}\[31mred$/  Matched 35.00% of all  1/1 frame'
keys l
keys '#'
check "#: a name that is not UTF-8, byte by byte" \
    has '/^bad\x{ff}bytes$/  Matched 25.00% of all  1/1 frame'
keys /
keys -l 'caf.$'
keys Enter
check "UTF-8: . is one character" has '/caf.$/  Matched 30.00% of all'
keys /
keys -l 'café'
keys Enter
check "UTF-8: typed and shown as is" has '/café/  Matched 30.00% of all'
check "hostile: the screen in place" starts 21 all
keys q
finished
check "hostile: terminal restored" restored

# A small screen: the prompt takes the one status line.
start 30 5
run "$TFLAME $fix"
wait_for '[flame]' && settle
keys /
check "30x5: the prompt" matches 4 '^Search:'
keys a b c Enter
check "30x5: viewer still up" viewer_running
keys q
finished
check "30x5: terminal restored" restored

finish
