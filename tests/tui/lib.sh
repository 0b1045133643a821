# Shared helpers for the terminal tests (sourced).
#
# Each test script drives the real tflame binary inside a private tmux
# server (its own socket, no configuration file), sends keys, and reads the
# screen back with capture-pane.  Every wait is a short polling loop with a
# time limit, and the server is killed on exit, so a test always ends by
# itself.
#
#   TFLAME          the binary under test
#   TESTS_DATADIR   tests/data (fixtures in tests/data/tui)
set -u
exec < /dev/null	# never make's standard input: see tests/golden/lib.sh
: "${TFLAME:=$(cd "$(dirname "$0")/../.." && pwd)/tflame}"
: "${TESTS_DATADIR:=$(cd "$(dirname "$0")/../data" && pwd)}"
NAME=$(basename "$0" .sh)
DATA=$TESTS_DATADIR/tui

if ! command -v tmux > /dev/null 2>&1; then
	echo "$NAME: SKIP: tmux not found"
	exit 77
fi

# The server inherits this environment, and the panes inherit the server's.
unset NO_COLOR TMUX COLORTERM
export LANG=C.UTF-8 LC_ALL=C.UTF-8

sock=tflame-test-$$
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-tui.XXXXXX") || exit 99
[ -d "$tmpd" ] || exit 99
pass=0
fail=0

T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
	T kill-server > /dev/null 2>&1
	rm -rf "$tmpd"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	echo "FAIL: $1"
	if [ -n "${2:-}" ] && [ -f "$2" ]; then
		sed 's/^/  | /' "$2" | head -30
	fi
}

# check NAME COMMAND...: one test case, passed when COMMAND succeeds.
check() {
	name=$1
	shift
	if "$@"; then ok; else bad "$name" "$tmpd/screen"; fi
}

# screen [FILE]: the pane's text into FILE (default $tmpd/screen), the
# selected bar's markers taken off (unmark): tests read labels where the
# picture had them before the markers came (tests/tui/highlight.sh checks
# the markers themselves, from capture-pane).
screen() { T capture-pane -p -t t | unmark > "${1:-$tmpd/screen}"; }

# unmark: the selected bar ">name ... <" as "name ...   ", cell for cell.
unmark() { sed 's/\(^\| \)>\(.*\)<\( \|$\)/\1\2  \3/; s/ *$//'; }

# has TEXT: the screen (as last captured) contains TEXT.
has() { grep -qF -- "$1" "$tmpd/screen"; }

# joined TEXT: the pane, with lines the terminal wrapped joined, contains
# TEXT (for messages that start with a file name of any length).
joined() {
	T capture-pane -p -J -t t > "$tmpd/joined"
	grep -qF -- "$1" "$tmpd/joined"
}

# line N: line N (0-based) of the last capture.
line() { sed -n "$(($1 + 1))p" "$tmpd/screen"; }

# starts N WORD: screen line N starts with the frame label WORD.
starts() { line "$1" | grep -q "^$2\( \|\$\)"; }

# matches N REGEX: screen line N matches REGEX.
matches() { line "$1" | grep -q -- "$2"; }

# same FILE: the screen is the one saved in FILE.
same() { cmp -s "$1" "$tmpd/screen"; }

# not COMMAND...: COMMAND fails.
not() { ! "$@"; }

# wait_for TEXT [TENTHS]: poll the screen until it shows TEXT (default 10 s).
wait_for() {
	n=${2:-100}
	while [ "$n" -gt 0 ]; do
		screen
		has "$1" && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

# wait_until COMMAND...: poll the screen until COMMAND succeeds on the
# capture (default 10 s).
wait_until() {
	n=100
	while [ "$n" -gt 0 ]; do
		screen
		"$@" && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}

# settle: wait until two captures 0.1 s apart agree (the screen is drawn).
settle() {
	n=50
	screen "$tmpd/settle.a"
	while [ "$n" -gt 0 ]; do
		sleep 0.1
		screen "$tmpd/settle.b"
		if cmp -s "$tmpd/settle.a" "$tmpd/settle.b"; then
			cp "$tmpd/settle.b" "$tmpd/screen"
			return 0
		fi
		mv "$tmpd/settle.b" "$tmpd/settle.a"
		n=$((n - 1))
	done
	return 1
}

# keys KEY...: send keys to the viewer, wait for the screen to change (at
# most 3 s: a slow machine), then for it to settle.
keys() {
	screen "$tmpd/before"
	T send-keys -t t "$@"
	n=30
	while [ "$n" -gt 0 ]; do
		sleep 0.1
		screen
		cmp -s "$tmpd/before" "$tmpd/screen" || break
		n=$((n - 1))
	done
	settle
}

# mouse BUTTON X Y: one mouse event at cell (X, Y), 0-based, typed as
# the bytes of xterm's normal tracking (ESC [ M, then button, column and
# row, each plus 32); BUTTON 0 left press, 2 right press, 3 release, 64
# wheel up, 65 wheel down.
mouse_chr() { printf "\\$(printf %o "$1")"; }
mouse() {
	T send-keys -t t -l "$(printf '\033[M')$(mouse_chr $((32 + $1)))$(mouse_chr $((33 + $2)))$(mouse_chr $((33 + $3)))"
}

# keys_quiet KEY...: send keys that should leave the screen as it is.
keys_quiet() {
	T send-keys -t t "$@"
	sleep 0.5
	settle
}

# start COLS LINES: a new session running a plain shell with prompt "$ ",
# replacing the one before.
start() {
	if T has-session -t t > /dev/null 2>&1; then
		T rename-session -t t old
		T new-session -d -s t -x "$1" -y "$2" "env PS1='$ ' sh"
		T kill-session -t old
	else
		T new-session -d -s t -x "$1" -y "$2" "env PS1='$ ' sh"
	fi
	wait_for '$' 50
}

# run COMMAND: type a command line at the shell prompt.  The line records
# the terminal settings before and after and the exit status, as
# "EXIT=N", then prints "DONE-K." for the K-th run (both typed with quotes
# inside, so the command line itself never matches; numbered, so that
# finished() never takes the DONE of the run before, still on the screen
# until the shell has cleared it, for this one's).
runs=0
run() {
	runs=$((runs + 1))
	rm -f "$tmpd/stty.before" "$tmpd/stty.after"
	T send-keys -t t "clear; stty -g > $tmpd/stty.before; $1; " \
	    "echo EX''IT=\$?; stty -g > $tmpd/stty.after; echo DO''NE-$runs." \
	    Enter
}

# viewer_up: wait for the viewer's status line.
viewer_up() { wait_for '? help' && settle; }

# finished: wait for the command line started by run() to end.
finished() { wait_for "DONE-$runs."; }

# restored: the terminal is as it was: same settings, not on the alternate
# screen, the shell's prompt back.
restored() {
	[ -s "$tmpd/stty.before" ] && [ -s "$tmpd/stty.after" ] &&
	    cmp -s "$tmpd/stty.before" "$tmpd/stty.after" &&
	    [ "$(T display -p -t t '#{alternate_on}')" = 0 ]
}

# exited N: the command line reported exit status N.
exited() { has "EXIT=$1"; }

finish() {
	echo "$NAME: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
