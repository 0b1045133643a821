#!/bin/sh
# make check-layers (tests/layers/check.sh): it passes on the tree, and it
# fails, naming the file and the edge, on copies of the tree with one
# breach each: a model file including a tui header, a core header
# including curses, an upward include (diff -> export), a folder the
# table does not know.
set -u
exec < /dev/null
: "${TESTS_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-layers.XXXXXX") || exit 99
trap 'rm -rf "$tmpd"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

# check ROOT: make check-layers on ROOT's src/ and include/.
check() {
	make -s check-layers LAYERS_ROOT="$1" > "$tmpd/out" 2>&1
}

check "$TESTS_SRCDIR" || { bad "the tree breaks a layer"; cat "$tmpd/out"; }

# breach NAME FILE LINE WANT: a copy of the tree with LINE added at the top
# of FILE must fail, and the message must contain WANT.
breach() {
	rm -rf "$tmpd/root"
	mkdir "$tmpd/root"
	cp -R "$TESTS_SRCDIR/src" "$TESTS_SRCDIR/include" "$tmpd/root/"
	mkdir -p "$(dirname "$tmpd/root/$2")"
	{ printf '%s\n' "$3"; cat "$tmpd/root/$2" 2>/dev/null; } > "$tmpd/new"
	mv "$tmpd/new" "$tmpd/root/$2"
	if check "$tmpd/root"; then
		bad "$1: passed"
	elif ! grep -qF "$4" "$tmpd/out"; then
		bad "$1: message"
		cat "$tmpd/out"
	fi
}

breach "model -> tui" src/model/tree.c '#include "tui/view.h"' \
    'src/model/tree.c: model may not include tui/view.h'
breach "new model file -> tui" src/model/bad.c '#include "tui/tui.h"' \
    'src/model/bad.c: model may not include tui/tui.h'
breach "curses in a core header" include/util/escape.h '#include <ncurses.h>' \
    'include/util/escape.h: util may not include curses'
breach "diff -> export" src/diff/diff.c '#include "export/collapse.h"' \
    'src/diff/diff.c: diff may not include export/collapse.h'
breach "search -> loaders" include/search/search.h '# include "loaders/loader.h"' \
    'include/search/search.h: search may not include loaders/loader.h'
breach "unknown folder" src/plugins/x.c '#include "util/xalloc.h"' \
    'src/plugins/x.c: no layer plugins'

[ "$fail" -eq 0 ] || { echo "$fail failed"; exit 1; }
echo "layers: all passed"
