#!/bin/sh
# async-profiler's collapsed stacks and bcc memleak in the viewer (issue
# #52, items 4 and 5): the frame type suffix cut from the names and named
# as the frame's module on the status line; memleak's bytes in KiB/MiB
# with its allocations as the samples, [kernel] frames in the kernel; `!`
# names the format detected.
. "$(dirname "$0")/lib.sh" || exit 99

A=$TESTS_DATADIR/asprof/sample2.collapsed
printf '%s\n' \
    '[11:16:34] Top 2 stacks with outstanding allocations:' \
    '	3072 bytes in 3 allocations from stack' \
    '		0x00007f0000001000	f+0x1 [libfoo.so]' \
    '		main+0x2 [app]' \
    '	1048576 bytes in 1 allocations from stack' \
    '		kmalloc [kernel]' \
    '		main+0x2 [app]' > "$tmpd/leak.txt"

# second TEXT: the status's second line (line 23), blanks squeezed, is TEXT.
second() {
	got=$(line 23 | tr -s ' ' | sed 's/ $//')
	[ "$got" = "$1" ] || { echo "  second: '$got'"; return 1; }
}

start 120 24
T send-keys -t t "cd $tmpd" Enter
cp "$A" "$tmpd/sample2.collapsed"
run "$TFLAME sample2.collapsed"
viewer_up
check "asprof: no type suffix shown" not matches 0 '_\['
check "asprof: none anywhere" not has '_[j]'
check "asprof: the names without it" has "NioSocketImpl.implRead"
keys k
check "asprof: a JIT-compiled frame" matches 22 '^BusyClient\.run  188 samples'
check "asprof: its type on the status line" second "in JIT-compiled [flame] ? help"
keys '!'
check "!: the format named" has \
    "sample2.collapsed: read as asprof (detected from its first bytes"
keys q
keys q
finished
check "asprof: exit 0" exited 0

# An inlined frame (beginRead_[i], 7 samples): found by search, selected.
run "$TFLAME sample2.collapsed"
viewer_up
keys / 'beginRead$' Enter
keys n
check "asprof: the inlined frame" matches 22 '^NioSocketImpl\.beginRead  7 samples'
check "asprof: inlined, in its JIT-compiled caller" \
    matches 23 '^inlined in JIT-compiled  \[flame\]  /beginRead\$/'
keys q
finished

run "$TFLAME leak.txt"
viewer_up
check "memleak: the total in bytes and allocations" \
    matches 22 '^all  1\.00 MiB, 4 allocations  100\.00% of all  self 0 B'
keys k k
check "memleak: the kernel's frame" \
    matches 22 '^kmalloc  1\.00 MiB, 1 allocation  99\.71% of all  self 1\.00 MiB'
check "memleak: its module" second "in kernel [flame] ? help"
keys / '^f$' Enter
keys n
check "memleak: a user frame in KiB" \
    matches 22 '^f  3\.00 KiB, 3 allocations  0\.29% of all .* self 3\.00 KiB'
check "memleak: its library" matches 23 '^in libfoo\.so  \[flame\]'
keys '!'
check "!: memleak named" has "leak.txt: read as memleak (detected"
keys q
keys q
finished

finish
