#!/bin/sh
# Off-CPU graphs in the viewer (issue #47): --colors=chain draws
# offwaketime's target frames blue, the waker's (below "--") aqua and the
# separators grey, read from the cells tmux holds (capture-pane -e);
# --hot-cold draws the off-CPU frames blue and the on-CPU ones hot;
# --record --off-cpu draws sleepers.c's waits live (when perf and cc can);
# and --units=us words the status line's numbers as durations.
#
# offwaketime.folded at 120x24 (lines 0-based): all 21, sleeper 20, main
# 19, sleep_long 18, do_nanosleep 15, schedule 14, -- 13, hrtimer_wakeup 12.
. "$(dirname "$0")/lib.sh" || exit 99

od=$TESTS_DATADIR/offcpu

# hue LINE WORD: "blue", "aqua", "grey" or "other(N)": the hue of the
# 256-colour background in force where WORD starts on screen line LINE.
hue() {
	T capture-pane -p -e -t t | sed -n "$(($1 + 1))p" |
	    awk -v w="$2" '{
		i = index($0, w); if (i == 0) { print "absent"; exit }
		s = substr($0, 1, i - 1); c = ""
		while (match(s, /48;5;[0-9]+/)) {
			c = substr(s, RSTART + 5, RLENGTH - 5)
			s = substr(s, RSTART + RLENGTH)
		}
		n = c + 0
		if (c == "") { print "other()"; exit }
		if (n >= 232) { print "grey"; exit }
		if (n < 16) { print "other(" c ")"; exit }
		n -= 16; r = int(n / 36); g = int(n / 6) % 6; b = n % 6
		if (r == g && g == b) print "grey"
		else if (b > r && b > g) print "blue"
		else if (g == b && g > r) print "aqua"
		else print "other(" c ")"
	    }'
}

# hue_of WORD: the hue where WORD first appears on the screen.
hue_of() {
	n=$(T capture-pane -p -t t | grep -n -F -- "$1" | head -1 | cut -d: -f1)
	[ -n "$n" ] && hue $((n - 1)) "$1" || echo absent
}

# is_hue LINE WORD HUE
is_hue() {
	got=$(hue "$1" "$2")
	[ "$got" = "$3" ] || { echo "  $2: $got, not $3"; return 1; }
}

start 120 24
run "$TFLAME --colors=chain $od/offwaketime.folded"
viewer_up
check "chain: the target's frames blue" is_hue 18 sleep_long blue
check "chain: the target's kernel frames blue" is_hue 15 do_nanosleep blue
check "chain: the separator grey" is_hue 13 -- grey
check "chain: the waker's frames aqua" is_hue 12 hrtimer_wakeup aqua
check "chain: the waker's comm aqua" is_hue 9 swapper/1 aqua
keys q
finished

# Without --colors=chain the target is in the usual hot colours.
run "$TFLAME $od/offwaketime.folded"
viewer_up
check "hot: sleep_long not blue" not is_hue 18 sleep_long blue
keys q
finished

# --hot-cold: the off-CPU states blue, the spinning function hot.
start 200 50
run "$TFLAME --hot-cold $od/sched.perf.gz"
viewer_up
check "hot-cold: [off-CPU S] blue" test "$(hue_of '[off-CPU S]')" = blue
check "hot-cold: [off-CPU R] blue" test "$(hue_of '[off-CPU R]')" = blue
check "hot-cold: spin_50ms hot (on screen, not blue)" \
    test "$(hue_of spin_50ms | sed 's/^other([0-9]*)$/hot/')" = hot
check "hot-cold: the total in time" has "11.47 s time"
keys q
finished

# --units=us: the selected frame's time, not a raw count.
run "$TFLAME --units=us $od/offcputime.folded"
viewer_up
check "units: the total as a duration" has "1.84 s time"
keys q
finished

# --record --off-cpu, live: the test program's waits as they end.
if cc -O0 -g -fno-omit-frame-pointer -pthread -o "$tmpd/sleepers" \
    "$od/sleepers.c" > /dev/null 2>&1 &&
    perf record -e sched:sched_switch -o "$tmpd/p.data" -- true \
    > /dev/null 2>&1; then
	start 160 40
	run "$TFLAME --record --off-cpu -- $tmpd/sleepers"
	wait_for 'recording ended' 300
	screen
	check "live: the sleeper's waits" has "sleeper"
	check "live: the state frames" has "[off-CPU S]"
	check "live: durations" has " s off-CPU, "
	keys q
	finished
else
	echo "$NAME: no cc or no tracepoint access: --record not tried"
fi

finish
