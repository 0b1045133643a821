#!/bin/sh
# The viewer's `s`: save the view as an SVG.  The file must equal what
# --svg writes for the same view; existing files need a "y"; Esc cancels;
# a directory is refused with a message.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
out=$tmpd/out
mkdir -p "$out"

# type_path PATH: replace the prompt's line (the default name) with PATH.
type_path() {
	T send-keys -t t C-u
	T send-keys -t t -l "$1"
	settle
}

start 100 24
run "cd $out && $TFLAME $small"
viewer_up

# s, then Enter on the default name "tflame-small.folded-TIME.svg".
keys s
check "s: asks for a file name" has "Save SVG as: tflame-small.folded-"
keys Enter
check "Enter: saved (the absolute path)" has "Saved the SVG to $out/tflame-small.folded-"
saved=$(ls "$out"/tflame-small.folded-*.svg 2>/dev/null | head -1)
check "the default name is in the current directory" test -n "$saved"
"$TFLAME" --svg="$tmpd/batch.svg" "$small" 2>/dev/null
check "s writes what --svg writes (same view)" cmp -s "$saved" "$tmpd/batch.svg"

# Icicle view with a search: the same as --svg --inverted --search.
keys i
T send-keys -t t /
settle
T send-keys -t t -l 'ma'
keys Enter
keys s
type_path "$out/view.svg"
keys Enter
check "saved to the path typed" has "Saved the SVG to $out/view.svg"
"$TFLAME" --svg="$tmpd/batch2.svg" --inverted --search=ma "$small" 2>/dev/null
check "icicle + search: same as the batch export" cmp -s "$out/view.svg" "$tmpd/batch2.svg"

# The file exists now: n keeps it, y overwrites it.
cp "$out/view.svg" "$tmpd/keep.svg"
keys i
keys s
type_path "$out/view.svg"
keys Enter
check "exists: asks before overwriting" has "exists: overwrite it? (y/n)"
keys n
check "n: not saved" has "Not saved."
check "n: the file is unchanged" cmp -s "$out/view.svg" "$tmpd/keep.svg"
keys s
type_path "$out/view.svg"
keys Enter
keys y
check "y: saved" has "Saved the SVG to $out/view.svg"
check "y: the file is the new view (flame)" not cmp -s "$out/view.svg" "$tmpd/keep.svg"

# A zoomed view: the file starts zoomed, and is still well-formed.
keys k
keys Enter
keys s
type_path "$out/zoom.svg"
keys Enter
check "zoomed view saved" test -s "$out/zoom.svg"
"$TFLAME" --svg="$tmpd/flat.svg" --search=ma "$small" 2>/dev/null
check "the zoom is in the file" not cmp -s "$out/zoom.svg" "$tmpd/flat.svg"
if command -v xmllint > /dev/null 2>&1; then
	check "zoomed file is well-formed XML" xmllint --noout "$out/zoom.svg"
fi

# Esc cancels; a directory is refused.
keys s
keys Escape
check "Esc: not saved" has "Not saved."
keys s
type_path "$out"
keys Enter
check "a directory: refused with a message" has "Not saved:"
check "no temporary files left" test "$(ls -a "$out" | grep -c '^\.tflame\|\.tmp')" -eq 0

keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored

finish
