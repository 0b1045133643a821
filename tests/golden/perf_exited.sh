#!/bin/sh
# A task that has exited reads the same with and without
# --pid/--tid.  perf script prints such a task as comm ":-1" with a pid
# (and, with -F +pid, which tflame asks for under --pid, a pid/tid) of -1:
#
#   :-1    -1 [001]    91.216986:     250000 cpu-clock:pppH:
#   :-1    -1/-1 [001]    91.216986:     250000 cpu-clock:pppH:
#
# The second form used to lose its header: the command name became
# ":-1____-1/-1_[001]____91.216986:" (the line up to the period) and the
# sample weighed 1, so --pid totals differed from the plain ones.  Each
# must read as comm ":-1", pid unknown ("?"), its period kept.
. "$(dirname "$0")/lib.sh"

# The same samples as plain perf script prints them and as with +pid.
cat > "$tmpd/tid.txt" <<'IN'
:-1    -1 [001]    91.216986:     250000 cpu-clock:pppH: 
	ffffffff810a1b2c finish_task_switch+0x7c ([kernel.kallsyms])
	ffffffff81a0c3d5 __schedule+0x2f5 ([kernel.kallsyms])

myapp  1241 [000]    91.217000:     250000 cpu-clock:pppH: 
	55d0c0a01234 work+0x14 (/usr/bin/myapp)
	55d0c0a01200 main+0x10 (/usr/bin/myapp)

:-1    -1 [000]    91.217250:     250000 cpu-clock:pppH: 
	ffffffff810a1b2c finish_task_switch+0x7c ([kernel.kallsyms])

IN
sed 's/^:-1    -1 /:-1    -1\/-1 /; s/^myapp  1241 /myapp  1234\/1241 /' \
    "$tmpd/tid.txt" > "$tmpd/pidtid.txt"

# check NAME FILE OPTION EXPECTED: tflame --collapse OPTION FILE.
check() {
	printf '%s' "$4" > "$tmpd/exp"
	"$TFLAME" --collapse $3 "$2" > "$tmpd/out" 2> "$tmpd/err"
	rc=$?
	if [ "$rc" -ne 0 ] || [ -s "$tmpd/err" ]; then
		bad "$1" "exit $rc: $(head -c 200 "$tmpd/err")"
		return
	fi
	same "$1" "$tmpd/out" "$tmpd/exp"
}

plain=':-1;__schedule;finish_task_switch 250000
:-1;finish_task_switch 250000
myapp;main;work 250000
'
check plain-tid "$tmpd/tid.txt" "" "$plain"
check plain-pidtid "$tmpd/pidtid.txt" "" "$plain"
check pid-pidtid "$tmpd/pidtid.txt" --pid ':-1-?;__schedule;finish_task_switch 250000
:-1-?;finish_task_switch 250000
myapp-1234;main;work 250000
'
check tid-pidtid "$tmpd/pidtid.txt" --tid ':-1-?/-1;__schedule;finish_task_switch 250000
:-1-?/-1;finish_task_switch 250000
myapp-1234/1241;main;work 250000
'
# The same as a tid-only line reads under --tid.
check tid-tid "$tmpd/tid.txt" --tid ':-1-?/-1;__schedule;finish_task_switch 250000
:-1-?/-1;finish_task_switch 250000
myapp-?/1241;main;work 250000
'

# The totals agree whatever the option.
for opt in "" --pid --tid; do
	"$TFLAME" --collapse $opt "$tmpd/pidtid.txt" 2>/dev/null |
	    awk '{ s += $NF } END { print s }'
done | sort -u > "$tmpd/totals"
if [ "$(wc -l < "$tmpd/totals")" -eq 1 ] &&
    [ "$(cat "$tmpd/totals")" = 750000 ]; then
	ok
else
	bad totals "$(tr '\n' ' ' < "$tmpd/totals")"
fi

finish
