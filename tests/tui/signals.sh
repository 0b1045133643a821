#!/bin/sh
# The terminal is given back however the viewer ends: q, Ctrl-C, and the
# signals SIGTERM, SIGHUP (the SSH link dropping), SIGINT, SIGQUIT, and the
# crash signals SIGSEGV and SIGABRT (restored from the signal handler, then
# the default action: the shell reports the signal).  A viewer ended by a
# signal ends by that signal, so the shell sees 128 + N.  So does every
# other signal whose default action ends the process (SIGUSR1, SIGUSR2,
# SIGALRM, SIGPROF, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGPIPE...), sent with kill
# or, for SIGXCPU, by the kernel at the CPU time limit, while the viewer
# shows a file and while it reads a pipe.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
pidf=$tmpd/pid

# prompt_back: the viewer is gone and the shell prompt is on the screen.
prompt_back() {
	[ "$(T display -p -t t '#{alternate_on}')" = 0 ] &&
	    grep -v '^$' "$tmpd/screen" | tail -1 | grep -q '^\$ *$'
}

# cursor_shown: the terminal cursor is visible.
cursor_shown() { [ "$(T display -p -t t '#{cursor_flag}')" = 1 ]; }

# ended_by NAME SIGNAL STATUS [PIPE]: start the viewer (on a file, or with
# PIPE, reading the output of that command), send it SIGNAL, check that the
# terminal is restored and (when STATUS is given) the exit status.
ended_by() {
	rm -f "$pidf"
	if [ -n "${4:-}" ]; then
		viewer="$4 | sh -c 'echo \$\$ > $pidf; exec $TFLAME'"
		up="reading stdin" # the progress line, while the pipe is open
	else
		viewer="sh -c 'echo \$\$ > $pidf; exec $TFLAME $small'"
		up="? help"
	fi
	T send-keys -t t "clear; ulimit -c 0; stty -g > $tmpd/stty.before; " \
	    "$viewer; echo EX''IT=\$?" Enter
	if ! { wait_for "$up" && settle; } || [ ! -s "$pidf" ]; then
		bad "$1: the viewer did not start" "$tmpd/screen"
		return
	fi
	kill -s "$2" "$(cat "$pidf")"
	check "$1: the shell prompt is back" wait_until prompt_back
	# A shell drops the rest of a command line whose command died of
	# SIGINT, so the settings are read by a command line of their own.
	T send-keys -t t "stty -g > $tmpd/stty.after; echo DO''NE" Enter
	finished
	check "$1: terminal restored" restored
	check "$1: cursor shown" cursor_shown
	if [ -n "${3:-}" ]; then
		check "$1: exit status $3" exited_one_of $3
	fi
}

# exited_one_of N...: the exit status was one of N...
exited_one_of() {
	for st in "$@"; do
		exited "$st" && return 0
	done
	return 1
}

# crash_reported: the shell reported the crash (exit status 139) or, in a
# sanitizer build, the sanitizer did: it gets the signal next, reports it
# on the restored screen and exits its own way.
crash_reported() {
	{ has "Segmentation fault" && exited 139; } ||
	    has "AddressSanitizer: SEGV"
}

start 80 24
ended_by SIGTERM TERM 143
ended_by SIGHUP HUP 129
ended_by SIGINT INT
ended_by SIGQUIT QUIT 131
ended_by SIGSEGV SEGV
check "SIGSEGV: reported after the restore" crash_reported
ended_by SIGABRT ABRT 134
ended_by SIGUSR1 USR1 138
ended_by SIGUSR2 USR2 140
ended_by SIGALRM ALRM 142
ended_by SIGPROF PROF 155
ended_by SIGVTALRM VTALRM 154
ended_by SIGXCPU XCPU 152
ended_by SIGXFSZ XFSZ 153
ended_by SIGPIPE PIPE 141
# The same while the viewer draws a pipe that is still open (streaming).
ended_by "SIGUSR1 (streaming)" USR1 138 "(cat $small; sleep 5)"
ended_by "SIGTERM (streaming)" TERM 143 "(cat $small; sleep 5)"

# The CPU time limit: the kernel sends SIGXCPU while the viewer reads an
# endless pipe.
T send-keys -t t "clear; ulimit -c 0; stty -g > $tmpd/stty.before; " \
    "yes 'main;work 1' | sh -c 'ulimit -St 1; exec $TFLAME'; " \
    "echo EX''IT=\$?" Enter
# One second of processor time can take many on a busy machine: wait up
# to a minute.
cpu_spent() {
	k=600
	while [ "$k" -gt 0 ]; do
		screen
		prompt_back && return 0
		sleep 0.1
		k=$((k - 1))
	done
	return 1
}
check "CPU limit: the shell prompt is back" cpu_spent
T send-keys -t t "stty -g > $tmpd/stty.after; echo DO''NE" Enter
finished
check "CPU limit: terminal restored" restored
check "CPU limit: cursor shown" cursor_shown
check "CPU limit: ended by SIGXCPU" exited 152

# Ctrl-C typed at the keyboard (the terminal sends SIGINT).
T send-keys -t t "clear; stty -g > $tmpd/stty.before; $TFLAME $small" Enter
if viewer_up; then
	T send-keys -t t C-c
	check "Ctrl-C: the shell prompt is back" wait_until prompt_back
	T send-keys -t t "stty -g > $tmpd/stty.after; echo DO''NE" Enter
	finished
	check "Ctrl-C: terminal restored" restored
else
	bad "Ctrl-C: the viewer did not start" "$tmpd/screen"
fi

# q, at 200x60 this time.
start 200 60
run "$TFLAME $small"
viewer_up
keys q
finished
check "q: exit status 0" exited 0
check "q: terminal restored" restored
check "q: the shell prompt is back" prompt_back

finish
