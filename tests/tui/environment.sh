#!/bin/sh
# The viewer in a hostile environment: a storm of SIGWINCH and
# resizes, Ctrl-Z and fg, standard error closed (D6: the terminal must not
# land on fd 2), and no terminal at all.  Each ends with the terminal as it
# was and the exit status documented.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded
pidf=$tmpd/pid

# prompt_back: the viewer is gone and the shell prompt is on the screen.
prompt_back() {
	[ "$(T display -p -t t '#{alternate_on}')" = 0 ] &&
	    grep -v '^$' "$tmpd/screen" | tail -1 | grep -q '^\$ *$'
}

# ----------------------------------------------------- a SIGWINCH storm
start 80 24
rm -f "$pidf"
run "sh -c 'echo \$\$ > $pidf; exec $TFLAME $small'"
viewer_up
cp "$tmpd/screen" "$tmpd/first"
if [ -s "$pidf" ]; then
	run_pid=$(cat "$pidf")
	i=0
	while [ "$i" -lt 500 ]; do
		kill -s WINCH "$run_pid" 2> /dev/null || break
		i=$((i + 1))
	done
	check "SIGWINCH storm: the viewer lives" kill -0 "$run_pid"
else
	bad "SIGWINCH storm: no pid file"
fi
for size in "20 5" "200 60" "1 1" "133 41" "80 24" "7 3" "80 24"; do
	T resize-window -t t -x "${size% *}" -y "${size#* }"
done
check "SIGWINCH storm and resizes: the same screen at 80x24" \
    wait_until same "$tmpd/first"
keys k
check "SIGWINCH storm: keys still work" not same "$tmpd/first"
keys q
finished
check "SIGWINCH storm: exit status 0" exited 0
check "SIGWINCH storm: terminal restored" restored

# ---------------------------------------------------------- Ctrl-Z, fg
start 80 24
T send-keys -t t "clear; stty -g > $tmpd/stty.before; $TFLAME $small" Enter
if viewer_up; then
	cp "$tmpd/screen" "$tmpd/first"
	T send-keys -t t C-z
	check "Ctrl-Z: the shell prompt is back" wait_until prompt_back
	T send-keys -t t "stty -g > $tmpd/stty.after" Enter
	sleep 0.5
	check "Ctrl-Z: terminal restored while stopped" restored
	T send-keys -t t "clear; fg" Enter
	check "fg: the viewer is back" wait_for '? help'
	settle
	check "fg: the same screen" same "$tmpd/first"
	keys q
	T send-keys -t t "echo EX''IT=\$?; stty -g > $tmpd/stty.after; echo DO''NE" Enter
	check "fg, q: ends" wait_for DONE
	check "fg, q: exit status 0" exited 0
	check "fg, q: terminal restored" restored
else
	bad "Ctrl-Z: the viewer did not start" "$tmpd/screen"
fi

# ----------------------------------------- D6: standard error closed
# Before the fix /dev/tty landed on fd 2 and the stderr capture was put
# over it: the viewer exited 0 at once and drew nothing.
start 80 24
run "cat $small | $TFLAME 2>&-"
check "piped, 2>&-: the viewer draws" viewer_up
keys k
check "piped, 2>&-: keys work" has '? help'
keys q
finished
check "piped, 2>&-: exit status 0" exited 0
check "piped, 2>&-: terminal restored" restored
run "$TFLAME $small < /dev/null 2>&-"
check "file, </dev/null 2>&-: the viewer draws" viewer_up
keys q
finished
check "file, </dev/null 2>&-: exit status 0" exited 0
check "file, </dev/null 2>&-: terminal restored" restored

# ------------------------------------- the viewer's s through a link
# A link that leads nowhere (or one the kernel would not follow) still
# asks before anything is written; y writes through the link, which stays.
start 100 24
ln -s made.svg "$tmpd/dangling.svg"
run "cd $tmpd && $TFLAME $small"
viewer_up
keys s
T send-keys -t t C-u
T send-keys -t t -l "$tmpd/dangling.svg"
settle
keys Enter
check "s, a dangling link: asks first" has "exists: overwrite it? (y/n)"
keys y
check "s, a dangling link: saved" has "Saved the SVG to $tmpd/dangling.svg"
check "s, a dangling link: the link stays" test -L "$tmpd/dangling.svg"
check "s, a dangling link: the file it names is made" test -s "$tmpd/made.svg"
check "s: no temporary file" test "$(ls -A "$tmpd" | grep -c '^\.tflame')" -eq 0
keys q
finished
check "s: exit status 0" exited 0

# ------------------------------------------------------ no terminal at all
# setsid: no controlling terminal, so /dev/tty cannot be opened.
if command -v setsid > /dev/null 2>&1; then
	setsid -w "$TFLAME" "$small" < /dev/null > "$tmpd/out" 2> "$tmpd/err"
	st=$?
	[ "$st" -eq 1 ] && ok || bad "no tty: exit status $st, expected 1"
	printf 'tflame: no terminal to draw on; use --collapse, --svg=FILE or --top to print instead, or ssh -t to give a remote command a terminal\n' > "$tmpd/exp"
	cmp -s "$tmpd/err" "$tmpd/exp" && ok ||
	    bad "no tty: message: $(head -c 200 "$tmpd/err")"
	[ ! -s "$tmpd/out" ] && ok || bad "no tty: nothing on standard output"
	cat "$small" | setsid -w "$TFLAME" > "$tmpd/out" 2> "$tmpd/err"
	st=$?
	[ "$st" -eq 1 ] && cmp -s "$tmpd/err" "$tmpd/exp" && ok ||
	    bad "no tty, piped: status $st: $(head -c 200 "$tmpd/err")"
else
	echo "SKIP: no tty (setsid not found)"
fi

finish
