#!/bin/sh
# The function table (t) and the sandwich view (S, Enter in the table) in
# a real terminal (tmux), at 80x24 and 40x10, on search.folded (204
# samples; see tests/tui/search.sh for the tree):
#
#   main;parse;lex;malloc 37      function  self  total
#   main;parse;malloc 13          call        59     70
#   main;eval;call;malloc;memset 11   malloc  57     68 (37+13+11+7)
#   main;eval;call 59             idle        53     53
#   main;eval;free 23             free        23     30
#   main;eval;tiny;mmap 1         memset      11     11
#   main;free;malloc 7            mmap         1      1
#   idle 53                       eval, lex, main, parse, tiny: self 0
#
# The self and total figures the checks rely on are computed here with awk.
. "$(dirname "$0")/lib.sh" || exit 99

fix=$TESTS_DATADIR/search/search.folded

# figures NAME: "self total" of function NAME from the file (a stack
# counted once however often NAME is in it).
figures() {
	awk -v fn="$1" '{
		n = $NF; s = $0; sub(/ [^ ]*$/, "", s)
		k = split(s, f, ";")
		if (f[k] == fn) self += n
		for (i = 1; i <= k; i++) if (f[i] == fn) { tot += n; break }
	} END { printf "%d %d\n", self, tot }' "$fix"
}

check "awk: call 59 70" [ "$(figures call)" = "59 70" ]
check "awk: malloc 57 68" [ "$(figures malloc)" = "57 68" ]

start 80 24
run "$TFLAME $fix"
viewer_up

# --- the table ------------------------------------------------------------
keys t
cat > "$tmpd/want" <<'EOF'
Functions: 11 of 11, by self; total 204 samples
Self   Self% Total  Total% Function
  59  28.92%    70  34.31% call
  57  27.94%    68  33.33% malloc
  53  25.98%    53  25.98% idle
  23  11.27%    30  14.71% free
  11   5.39%    11   5.39% memset
   1   0.49%     1   0.49% mmap
   0   0.00%    94  46.08% eval
   0   0.00%    37  18.14% lex
   0   0.00%   151  74.02% main
   0   0.00%    50  24.51% parse
   0   0.00%     1   0.49% tiny
EOF
head -13 "$tmpd/screen" | sed 's/ *$//' > "$tmpd/got"
check "t: the table, hottest self first" cmp -s "$tmpd/want" "$tmpd/got" ||
    diff "$tmpd/want" "$tmpd/got"
check "t: the status line" matches 23 '^\[table\] o: sort'

keys o
check "o: sorted by total" matches 0 'by total;'
check "o: main first" matches 2 ' 151  74.02% main$'
keys o
check "o o: sorted by name" matches 0 'by name;'
check "o o: call first" matches 2 ' call$'
check "o o: then eval" matches 3 ' eval$'
keys o
check "o o o: by self again" matches 2 '59  28.92% .* call$'

# j moves the cursor: Enter below opens the sandwich of the row under it.
keys j

# --- the filter -----------------------------------------------------------
keys /
check "/: the filter prompt" matches 23 '^filter:'
keys '^' m a
keys Enter
# malloc (self 57) and main (0): 57 of 204 = 27.94%.
want=$(awk 'BEGIN { printf "%.2f%%", 57 * 100 / 204 }')
check "/^ma: the share in the status line" \
    matches 23 "^filter \\^ma: 2 functions, self $want of the total"
check "/^ma: malloc first" matches 2 ' malloc$'
check "/^ma: then main" matches 3 ' main$'
check "/^ma: no other row" [ -z "$(line 4 | tr -d ' ')" ]
# Keys that come together are all read before the next draw: the cursor
# stays on a row through them (j past the last row, then Enter, at once).
keys G
T send-keys -t t -l "$(printf 'jjj\r')"
check "j j j Enter at once: the sandwich of the last row" \
    wait_for "[sandwich] main"
keys Escape
keys g

# --- Enter: the sandwich --------------------------------------------------
keys Enter
check "Enter: the sandwich of malloc" \
    matches 23 '^\[sandwich\] malloc  self 57 (27.94%)  total 68 (33.33%)'
# Both halves' F is as wide as malloc's total: the whole width.
check "callers' F spans the screen" matches 10 '^malloc *$'
check "callees' F spans the screen" matches 11 '^malloc *$'
check "callers above F, by name" matches 9 '^call  *free  *lex  *parse *$'
check "callees below F" matches 12 'memset'
keys Up
check "Up: the widest caller" matches 23 'callers: lex 37 (18.14%)'
keys Down
keys Down
check "Down Down: F in the callees" matches 23 'callees: malloc *$'
keys Down
check "Down: memset" matches 23 'callees: memset 11'
keys Escape
check "Esc: back to the table" matches 0 '^Functions: 2 of 11'

# --- Esc: the graph with the function found -----------------------------
keys Escape
check "Esc: the graph, malloc searched" matches 23 '/\^malloc\$/  Matched 33.33%'
check "Esc: its widest instance selected" matches 22 '^malloc  37 samples'
keys n
check "n: the next instance" matches 22 '^malloc  '
check "n: one of four" matches 23 'Matched 33.33% of all  [1-4]/4'

# --- S on a frame ---------------------------------------------------------
keys S
check "S: the sandwich of the selected frame" \
    matches 23 '^\[sandwich\] malloc  self 57'
keys Escape
check "Esc: back to the graph" matches 23 '^\[flame\]'

# --- help -----------------------------------------------------------------
keys t
keys '?'
check "? in the table: its keys" has "sort by self, total, name"
keys q
check "any key leaves the help" matches 0 '^Functions:'
keys Escape
keys '?'
check "? in the graph lists t and S" has "table of functions / sandwich (callers, callees) of this one"
keys q
keys t
keys q
finished
check "q in the table quits, status 0" exited 0
check "terminal restored" restored

# --- 40x10 ----------------------------------------------------------------
start 40 10
run "$TFLAME $fix"
viewer_up
keys t
check "40x10: the title" matches 0 '^Functions: 11 of 11, by self'
check "40x10: narrow columns" matches 1 '^  Self%  Total% Function'
check "40x10: call first" matches 2 '^ 28.92%  34.31% call'
keys G
check "40x10: G shows the last row" has "tiny"
keys Enter
check "40x10: the sandwich" matches 9 '^\[sandwich\] tiny'
keys Escape
keys Escape
keys q
finished
check "40x10: status 0" exited 0

# --- --diff ---------------------------------------------------------------
df=$TESTS_DATADIR/corpus/inferno/diff-folded
start 100 24
run "$TFLAME --diff $df/before.txt $df/after.txt"
viewer_up
keys t
check "--diff: Before After Change" \
    matches 1 '^ *Before  *After  *Change  *Change%  *Total% Function'
check "--diff: the first row" \
    matches 2 '^ *27  *21  *-6  -7.50%  26.25% __srcu_read_unlock_\[k\]'
keys o o o
check "--diff: o cycles to change" matches 0 'by change'
check "--diff: largest growth first" matches 2 ' +12 +15.00% '
keys g
keys Enter
check "--diff: the sandwich" matches 23 '^\[sandwich\] __fget_light_\[k\]'
keys q
finished
check "--diff: status 0" exited 0

finish
