#!/bin/sh
# Messages that help (#30 item 6): a bad --search with --svg fails with
# PCRE2's message and writes nothing.
. "$(dirname "$0")/lib.sh"

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

finish
