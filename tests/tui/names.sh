#!/bin/sh
# Long C++ names: a box shows the end of the name (the
# method), with argument lists dropped and template arguments collapsed
# from the innermost level out; the status line shows the whole name on
# one line and scrolls it with < and > (no timed marquee); C collapses
# every template argument list, in the boxes and in the status line.
#
# names.folded (100 samples):
#   all 100
#   `- main 100
#      |- ns::detail::Registry<std::__cxx11::basic_string<char, ...>,
#      |  Widget>::lookup(std::__cxx11::basic_string<...> const&)  60
#      `- other 40
#
# At 80 columns the Registry frame is 48 cells (47 and a gap); at 200, 120.
. "$(dirname "$0")/lib.sh" || exit 99

names=$DATA/names.folded
E=$(printf '\342\200\246') # the ellipsis
full='ns::detail::Registry<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, Widget>::lookup(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)'

# label N TEXT: screen line N is exactly TEXT, padded to the pane's width.
label() { [ "$(line "$1" | sed 's/ *$//')" = "$2" ]; }

# --- 80x24 ---------------------------------------------------------------
start 80 24
run "$TFLAME $names"
viewer_up
check "80: templates collapsed to fit, the method kept" \
    label 19 "ns::detail::Registry<$E>::lookup                 other"

keys k k
check "80: Registry selected" matches 22 '^ ns::detail::Registry<std'
# The whole name on one line: its first 78 columns between the markers.
check "80: status shows the start of the full name, > for more" \
    label 22 " $(printf %s "$full" | cut -c1-78)>"
# No timed marquee: the line stays put.
cp "$tmpd/screen" "$tmpd/still"
sleep 2
screen
check "80: the name does not move by itself" same "$tmpd/still"
keys '>'
check "80: > scrolls the name" matches 22 '^<.*>$'
keys '>' '>' '>'
check "80: > reaches the end of the name" \
    label 22 "<$(printf %s "$full" | rev | cut -c1-78 | rev)"
keys '<' '<' '<' '<'
check "80: < scrolls back" \
    label 22 " $(printf %s "$full" | cut -c1-78)>"

keys C
check "C: templates collapsed in the status line" \
    label 22 "ns::detail::Registry<$E>::lookup(std::__cxx11::basic_string<$E> const&)"
check "C: the counts on the second line" matches 23 "^60 samples  60.00% of all"
check "C: says so" has "Templates collapsed"
keys C
check "C again: the full name back" \
    label 22 " $(printf %s "$full" | cut -c1-78)>"
T send-keys -t t q
finished

# --- 200x24: room for the name without its arguments ---------------------
start 200 24
run "$TFLAME $names"
viewer_up
check "200: arguments dropped, templates kept" \
    matches 19 "^ns::detail::Registry<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, Widget>::lookup  *other"
keys C
check "200 C: templates collapsed in the box" \
    matches 19 "^ns::detail::Registry<$E>::lookup(std::__cxx11::basic_string<$E> const&)  *other"
T send-keys -t t q
finished

finish
