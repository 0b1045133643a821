#!/bin/sh
# Copying: y puts the selected frame's full name on the
# clipboard with OSC 52 and Y its subtree as folded stacks; tmux with
# set-clipboard on turns OSC 52 into a paste buffer, which show-buffer
# reads back byte for byte.  The status line says what went and its size.
. "$(dirname "$0")/lib.sh" || exit 99

names=$DATA/names.folded
full='ns::detail::Registry<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, Widget>::lookup(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)'

# buffer_is FILE: the newest paste buffer holds exactly FILE's bytes.
buffer_is() {
	T show-buffer > "$tmpd/buffer" 2> /dev/null && cmp -s "$1" "$tmpd/buffer"
}

start 80 24
T set -g set-clipboard on
run "$TFLAME $names"
viewer_up
keys k k
check "Registry selected" matches 22 "^ ns::detail::Registry<std"
keys y
printf %s "$full" > "$tmpd/want"
check "y: the full name in the buffer" buffer_is "$tmpd/want"
check "y: says what and how big" \
    has "Copied the name (205 bytes) to the clipboard."
[ "$(wc -c < "$tmpd/want")" -eq 205 ] || bad "fixture: the name is 205 bytes"

keys j
check "main selected" matches 22 "^main  "
keys Y
printf 'main;%s 60\nmain;other 40\n' "$full" > "$tmpd/want"
check "Y: the subtree as folded stacks" buffer_is "$tmpd/want"
check "Y: says how many stacks and bytes" \
    has "Copied 2 stacks (228 bytes) to the clipboard."
[ "$(wc -c < "$tmpd/want")" -eq 228 ] || bad "fixture: the stacks are 228 bytes"

# The copied text reads back as the same profile.
T send-keys -t t q
finished
"$TFLAME" --collapse "$tmpd/buffer" > "$tmpd/again"
"$TFLAME" --collapse "$names" > "$tmpd/orig"
check "Y: the copy is the profile again" cmp -s "$tmpd/orig" "$tmpd/again"

# More than 100 KB: whole lines up to the limit.
awk 'BEGIN { for (i = 0; i < 5000; i++) printf "main;handler_%05d_with_a_long_name 1\n", i }' \
    > "$tmpd/many.folded"
run "$TFLAME $tmpd/many.folded"
viewer_up
keys k
keys Y
T show-buffer > "$tmpd/buffer"
check "Y: at most 100 KB" [ "$(wc -c < "$tmpd/buffer")" -le 102400 ]
check "Y: whole lines only" [ "$(tail -c 1 "$tmpd/buffer" | od -An -c | tr -d ' ')" = '\n' ]
check "Y: says it was cut" has "cut at 100 KB"
T send-keys -t t q
finished

finish
