#!/bin/sh
# Messages that help: a bad --search with --svg fails with
# PCRE2's message and writes nothing.
. "$(dirname "$0")/lib.sh" || exit 99

small=$TESTS_DATADIR/tui/small.folded
cd "$tmpd" || exit 1
: > empty

"$TFLAME" --svg=out.svg --search='(' "$small" > out 2> err
rc=$?
printf 'tflame: --search: missing closing parenthesis at offset 1 of "("\n' \
    > exp.err
[ $rc -eq 2 ] && ok || bad "--svg --search='(': exit status $rc, expected 2"
same "--svg --search='(': PCRE2's message" err exp.err
[ ! -e out.svg ] && ok || bad "--svg --search='(': no SVG written"
same "--svg --search='(': nothing on standard output" out empty
# A good pattern still writes the SVG.
"$TFLAME" --svg=out.svg --search='ma(in)' "$small" > out 2> err
rc=$?
[ $rc -eq 0 ] && [ -s out.svg ] && ok || bad "--svg --search=good: $rc"
same "--svg --search=good: quiet" err empty

# LC_ALL=C: every non-ASCII code point escaped as \u{HEX} (--top, and a
# loader's message); a UTF-8 locale shows them; --collapse keeps bytes.
printf 'main;hot\360\237\224\245 5\nmain;caf\303\251 3\n' > fire.folded
printf 'main;x\302\233 1\nno count \360\237\224\245\nmain;y 2\n' > bad.folded
LC_ALL=C "$TFLAME" --top fire.folded > out 2> err
cat > exp <<'EOF'
Total: 8  Functions: 3 (all 3 by self)
Self   Self%  Total   Total%  Function
   5  62.50%      5   62.50%  hot\u{1f525}
   3  37.50%      3   37.50%  caf\u{e9}
   0   0.00%      8  100.00%  main
EOF
same "LC_ALL=C --top: \\u{1f525}" out exp
LC_ALL=C.UTF-8 "$TFLAME" --top fire.folded > out 2> err
sed 's/hot\\u{1f525}/hot\xf0\x9f\x94\xa5/; s/caf\\u{e9}/caf\xc3\xa9/' exp > exp.utf8
same "UTF-8 --top: the characters" out exp.utf8
LC_ALL=C "$TFLAME" --collapse fire.folded > out 2> err
LC_ALL=C sort fire.folded > exp
same "LC_ALL=C --collapse: bytes as they are" out exp
LC_ALL=C "$TFLAME" --collapse bad.folded > out 2> err
cat > exp <<'EOF'
tflame: bad.folded:2: not a folded line (expected "frame;frame;... count"): "no count \u{1f525}"
tflame: bad.folded: 1 malformed line skipped in all
EOF
same "LC_ALL=C message: \\u{1f525}" err exp
LC_ALL=C.UTF-8 "$TFLAME" --top bad.folded 2> /dev/null | grep -F 'x\u{9b}' > out
printf '   1  33.33%%      1   33.33%%  x\\u{9b}\n' > exp
same "a C1 control is \\u{9b} in a UTF-8 locale too" out exp

finish
