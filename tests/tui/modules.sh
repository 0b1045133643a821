#!/bin/sh
# Kernel frames and modules: the viewer colours a
# frame by the module perf names on its stack line, with no --kernel:
# [kernel.kallsyms] blue, JIT (/tmp/perf-PID.map) green, user code hot;
# and the status line says where the selected frame lives ("in
# libc.so.6", on the second line: the counts keep the first), "in
# several modules" for a function merged from two.
# Colours are read from the cells tmux holds (capture-pane -e).
#
# kernel.perf, at 120x24 (lines 0-based): all 21, app 20, main 19;
# Interpreter, __write, helper 18; entry_SYSCALL_64_after_hwframe 17;
# do_syscall_64 16.
. "$(dirname "$0")/lib.sh" || exit 99

kernel=$DATA/kernel.perf
small=$DATA/small.folded

# bg LINE WORD: the 256-colour background index in force where WORD
# starts on screen line LINE (the last "48;5;N" before it).
bg() {
	T capture-pane -p -e -t t | sed -n "$(($1 + 1))p" |
	    awk -v w="$2" '{
		i = index($0, w); if (i == 0) exit
		s = substr($0, 1, i - 1); c = ""
		while (match(s, /48;5;[0-9]+/)) {
			c = substr(s, RSTART + 5, RLENGTH - 5)
			s = substr(s, RSTART + RLENGTH)
		}
		print c
	    }'
}

# family LINE WORD: "blue", "green", "hot" or "other": which hue the
# cell's colour is (the xterm colour cube's red, green and blue levels).
family() {
	n=$(bg "$1" "$2")
	if [ -z "$n" ] || [ "$n" -lt 16 ] || [ "$n" -gt 231 ]; then
		echo "other($n)"
		return
	fi
	n=$((n - 16))
	r=$((n / 36)) g=$((n / 6 % 6)) b=$((n % 6))
	if [ "$b" -gt "$r" ] && [ "$b" -gt "$g" ]; then echo blue
	elif [ "$g" -gt "$r" ] && [ "$g" -gt "$b" ]; then echo green
	elif [ "$r" -gt "$b" ] && [ "$r" -ge "$g" ]; then echo hot
	else echo "other($1)"
	fi
}

# is_family LINE WORD FAMILY
is_family() {
	got=$(family "$1" "$2")
	[ "$got" = "$3" ] || { echo "  $2: $got, not $3"; return 1; }
}

# status TEXT [SECOND]: the first status line (line 22) is exactly TEXT,
# and the second (line 23), its runs of blanks made one, is SECOND
# (default "[flame] ? help": no module).
status() {
	got=$(line 22 | sed 's/ *$//')
	[ "$got" = "$1" ] || { echo "  status: '$got'"; return 1; }
	got=$(line 23 | tr -s ' ' | sed 's/ $//')
	[ "$got" = "${2:-[flame] ? help}" ] ||
	    { echo "  second: '$got'"; return 1; }
}

start 120 24
run "$TFLAME $kernel"
viewer_up
check "kernel frames are blue without --kernel" \
    is_family 16 do_syscall_64 blue
check "kernel frames: the one below too" \
    is_family 17 entry_SYSCALL_64_after_hwframe blue
check "JIT code is green" is_family 18 Interpreter green
check "user code stays hot: libc" is_family 18 __write hot
check "user code stays hot: the program" is_family 19 main hot
check "a function of two user modules stays hot" is_family 18 helper hot
check "folded-style names unchanged: no _[k] added" not has "_[k]"
check "the root has no module" \
    status "all  5,000,000 cycles, 5 samples  100.00% of all  self 0"
keys k
check "the command frame has none" \
    status "app  5,000,000 cycles, 5 samples  100.00% of all  self 0"
keys k
check "the program's own frame" \
    status "main  5,000,000 cycles, 5 samples  100.00% of all  self 0" \
	    "in app [flame] ? help"
keys k
check "libc, by its file name" \
    status "__write  2,000,000 cycles, 2 samples  40.00% of all  self 0" \
	    "in libc.so.6 [flame] ? help"
keys h
check "JIT code: the map file" \
    status "Interpreter  1,000,000 cycles, 1 sample  20.00% of all  self 1,000,000" \
	    "in perf-101.map [flame] ? help"
keys l l
check "a function from two modules" \
    status "helper  2,000,000 cycles, 2 samples  40.00% of all  self 2,000,000" \
	    "in several modules [flame] ? help"
keys h k
check "the kernel's frames" \
    status "entry_SYSCALL_64_after_hwframe  2,000,000 cycles, 2 samples  40.00% of all  self 0" \
	    "in [kernel.kallsyms] [flame] ? help"
keys k
check "the kernel's leaf" \
    status "do_syscall_64  2,000,000 cycles, 2 samples  40.00% of all  self 2,000,000" \
	    "in [kernel.kallsyms] [flame] ? help"
# The reverse view carries the modules: do_syscall_64 is a first level.
keys r
check "reverse view: still blue" is_family 19 entry_SYSCALL_64_after_hwframe blue
check "reverse view: still in the kernel" \
    status "do_syscall_64  2,000,000 cycles, 2 samples  40.00% of all  self 2,000,000" \
	    "in [kernel.kallsyms] [reverse flame] ? help"
keys q
finished

# --kernel names them _[k] as before; the colour is the same blue.
run "$TFLAME --kernel $kernel"
viewer_up
check "--kernel: the suffix" has "do_syscall_64_[k]"
check "--kernel: blue" is_family 16 do_syscall_64_ blue
keys q
finished

# Folded input has no module: no "in" field.
run "$TFLAME $small"
viewer_up
keys k
check "folded: no module" status "main  85 samples  85.00% of all  self 0"
keys q
finished

# DTrace: a kernel stack is the frames from the leaf
# out to its outermost frame of a core kernel module (unix, genunix,
# kernel, mach_kernel, *.ko): zfs` too; ustack()'s frames stay user code.
# The names keep their module` as --collapse writes them.
# kernel.dtrace at 120x24: all 21, app`main 20, libc.so.1`__pwrite 19,
# unix`sys_syscall 18, genunix`fop_write 17, zfs`zio_wait 16.
run "$TFLAME $DATA/kernel.dtrace"
viewer_up
check "DTrace: unix\` is kernel" is_family 18 'unix`sys_syscall' blue
check "DTrace: genunix\` is kernel" is_family 17 'genunix`fop_write' blue
check "DTrace: zfs\` on a kernel stack is kernel" \
    is_family 16 'zfs`zio_wait' blue
check "DTrace: libc stays hot" is_family 19 'libc.so.1`__pwrite' hot
check "DTrace: the program stays hot" is_family 20 'app`main' hot
keys k
check "DTrace: the program's module" \
    status 'app`main  4 samples  100.00% of all  self 0' \
	    "in app [flame] ? help"
keys k k k
check "DTrace: in genunix" \
    status 'genunix`fop_write  3 samples  75.00% of all  self 0' \
	    "in genunix [flame] ? help"
keys q
finished

# SystemTap: [kernel] and kernel modules ([ext4]: no path) are kernel,
# [/path] user code, named by its file name.  kernel-user.txt at 120x24:
# all 21, rest_init 20, cpu_idle 19, default_idle 18; h from rest_init
# selects __libc_start_main (too narrow to see).
run "$TFLAME $TESTS_DATADIR/stap/kernel-user.txt"
viewer_up
check "stap: [kernel] is kernel" is_family 19 cpu_idle blue
check "stap: the one below too" is_family 18 default_idle blue
keys k
check "stap: in kernel" \
    status "rest_init  2,404 samples  64.87% of all  self 0" \
	    "in kernel [flame] ? help"
keys h
check "stap: user code from two libcs" \
    status "__libc_start_main  67 samples  1.81% of all  self 0" \
	    "in several modules [flame] ? help"
keys q
finished

finish
