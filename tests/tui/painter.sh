#!/bin/sh
# One flame painter: the sandwich
# draws its halves with the graph's painter, so it gains what the graph
# has: module colours (a kernel frame blue, a JIT frame green, whatever
# its name), names shortened keeping their end ("…Registry<…>::lookup",
# never cut with ".."), "+"/"-"/"=" marks for --diff in 8 colours, and
# the selected search match underlined.  Colours and attributes are read
# from the cells tmux holds (capture-pane -e).
. "$(dirname "$0")/lib.sh" || exit 99

kernel=$DATA/kernel.perf
names=$DATA/names.folded
b=$DATA/diff-before.folded
a=$DATA/diff-after.folded

# lineof WORD: the first screen line (0-based) of the last capture that
# holds WORD.
lineof() { grep -nF -- "$1" "$tmpd/screen" | head -1 | cut -d: -f1 |
    awk '{ print $1 - 1 }'; }

# bg LINE WORD: the 256-colour background where WORD starts on LINE.
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

# family WORD: the hue ("blue", "green", "hot") of WORD's cell, on the
# first line that shows it.
family() {
	n=$(bg "$(lineof "$1")" "$1")
	if [ -z "$n" ] || [ "$n" -lt 16 ] || [ "$n" -gt 231 ]; then
		echo "other($n)"
		return
	fi
	n=$((n - 16))
	r=$((n / 36)) g=$((n / 6 % 6)) b=$((n % 6))
	if [ "$b" -gt "$r" ] && [ "$b" -gt "$g" ]; then echo blue
	elif [ "$g" -gt "$r" ] && [ "$g" -gt "$b" ]; then echo green
	elif [ "$r" -gt "$b" ] && [ "$r" -ge "$g" ]; then echo hot
	else echo "other($n)"
	fi
}
is_family() {
	got=$(family "$1")
	[ "$got" = "$2" ] || { echo "  $1: $got, not $2"; return 1; }
}

# attrs LINE WORD: the SGR attributes (not colours) where WORD starts.
attrs() {
	T capture-pane -p -e -t t | sed -n "$(($1 + 1))p" |
	    awk -v w="$2" '{
		i = index($0, w); s = substr($0, 1, i - 1)
		sub(/>$/, "", s) # the marker of the selection: its style
		n = split(s, part, "\033\\[")
		a = ""
		for (k = n; k > 1; k--) {
			p = part[k]
			if (p !~ /^[0-9;]*m$/)
				break
			sub(/m$/, "", p)
			a = p ";" a
			if (p == "0" || k < n && part[k + 1] ~ /^[0-9;]*m[^\033]/)
				break
		}
		m = split(a, q, ";")
		for (k = 1; k <= m; k++) {
			if (q[k] == 38 || q[k] == 48) { k += (q[k + 1] == 5) ? 2 : 4; continue }
			if (q[k] != "" && q[k] < 10 && q[k] > 0) has[q[k]] = 1
		}
		out = ""
		for (k = 1; k < 10; k++) if (k in has) out = out (out == "" ? "" : " ") k
		print out
	}'
}
# underlined LINE WORD: WORD's cell on LINE is underlined.
underlined() { attrs "$1" "$2" | grep -qw 4; }

start 80 24

# Module colours: main's sandwich, kernel.perf's callees below main.
run "$TFLAME $kernel"
viewer_up
keys k
keys k
check "main selected" matches 22 '^main  '
keys S
wait_for '[sandwich]'
check "sandwich of main" has '[sandwich] main'
check "a kernel callee is blue" is_family entry_SYSCALL_64_after_hwframe blue
check "a kernel callee below it is blue" is_family do_syscall_64 blue
check "a JIT callee is green" is_family Interpreter green
check "a user callee stays hot" is_family __write hot
T send-keys -t t q
finished

# A long C++ name: shortened keeping its end, with the graph's "…".
run "$TFLAME $names"
viewer_up
keys k
keys k
keys S
wait_for '[sandwich]'
check "the callee's method shown" has '::lookup'
check "shortened with an ellipsis" has "…"
check "never cut with .." not grep -q '\.\. *' "$tmpd/screen"
T send-keys -t t q
finished

# --diff in 8 colours: each callee marked by its change.
run "TERM=xterm $TFLAME --diff $b $a"
viewer_up
keys k
check "--diff: main selected" matches 22 '^main$'
keys S
wait_for '[sandwich]'
check "8 colours: grew marked +" has '+grow'
check "8 colours: shrank marked -" has '-shrink'
check "8 colours: same marked =" has '=same'
T send-keys -t t q
finished

# The selected match underlined, as in the graph.
run "$TFLAME --search=main $kernel"
viewer_up
keys k
keys k
keys S
wait_for '[sandwich]'
check "the selection (F, a match) underlined" \
    underlined "$(lineof main)" main
T send-keys -t t q
finished

finish
