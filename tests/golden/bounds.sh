#!/bin/sh
# Bounds on the command line: nothing hangs, nothing balloons.
#   - a backtracking regex (--exclude, --focus, --hide) over 20,000 names
#     ends within SEARCH_BUDGET_MS (3 s) plus 10 s, in at most 4 times the
#     input plus 100 MB, and says how many names it gave up on;
#   - an unknown option inside a cluster (-Zc) is named by itself, not by
#     whatever argv holds before the cluster.
# The viewer's side (the search interrupted, "#" on a huge name, --window)
# is tests/tui/bounds.sh.
. "$(dirname "$0")/lib.sh" || exit 99

BUDGET=3	# seconds: SEARCH_BUDGET_MS in include/search/search.h

# bomb FILE N: N distinct names on which (a+)+$ backtracks until PCRE2's
# match limit (28 a's then a "!", so "$" never matches).
bomb() {
	awk -v n="$2" 'BEGIN {
		for (i = 0; i < n; i++)
			printf "main;f%d_aaaaaaaaaaaaaaaaaaaaaaaaaaaa! 1\n", i
	}' > "$1"
}

# bounded NAME LIMIT_S COMMAND...: COMMAND's exit status; its wall time
# and peak RSS (KiB) in $tmpd/time; killed after LIMIT_S seconds (status
# 124 then).
bounded() {
	name=$1 lim=$2
	shift 2
	/usr/bin/time -f '%e %M' -o "$tmpd/time" timeout "$lim" "$@"
}

# ------------------------------------------------------ item 4: budgets
bomb "$tmpd/bomb.folded" 20000
insize=$(wc -c < "$tmpd/bomb.folded")
maxkb=$(( (insize * 4 + 100 * 1024 * 1024) / 1024 ))
for flag in --exclude --focus --hide; do
	bounded "$flag" $((BUDGET + 10)) "$TFLAME" --collapse "$flag=(a+)+\$" \
	    "$tmpd/bomb.folded" > "$tmpd/out" 2> "$tmpd/err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		bad "bomb $flag: exit status $rc (124: timed out)"
		head -3 "$tmpd/err"
		continue
	fi
	ok
	set -- $(tail -1 "$tmpd/time")
	echo "bomb $flag: ${1}s, ${2} KiB"
	if [ "${2:-0}" -gt "$maxkb" ]; then
		bad "bomb $flag: ${2} KiB > $maxkb KiB"
	else
		ok
	fi
	# The names given up on are said, with the flag and the limit.
	if grep "^tflame: " "$tmpd/err" |
	    grep -qF -- "$flag=(a+)+\$: the pattern gave up on "; then
		ok
	else
		bad "bomb $flag: no message on the names given up on"
		head -3 "$tmpd/err"
	fi
	# They count as not matching: --exclude keeps every stack.
	if [ "$flag" = --exclude ]; then
		if [ "$(wc -l < "$tmpd/out")" -eq 20000 ]; then
			ok
		else
			bad "bomb --exclude: stacks lost"
		fi
	fi
done

# --search with --top and --tree: the same budget, the same message.
for mode in --top --tree; do
	bounded "search $mode" $((BUDGET + 10)) "$TFLAME" "$mode" \
	    "--search=(a+)+\$" "$tmpd/bomb.folded" > "$tmpd/out" 2> "$tmpd/err"
	rc=$?
	if [ "$rc" -eq 0 ] && grep "^tflame: " "$tmpd/err" |
	    grep -qF -- "--search=(a+)+\$: the pattern gave up on "; then
		ok
	else
		bad "bomb --search $mode: exit status $rc (124: timed out)"
		head -3 "$tmpd/err"
	fi
done

# A pattern that costs little keeps its whole result and says nothing.
bounded cheap 60 "$TFLAME" --collapse '--exclude=^f1[0-9]*_' \
    "$tmpd/bomb.folded" > "$tmpd/out" 2> "$tmpd/err"
if [ "$(wc -l < "$tmpd/out")" -eq 8889 ] && [ ! -s "$tmpd/err" ]; then
	ok
else
	bad "cheap --exclude: $(wc -l < "$tmpd/out") lines kept, or a message"
	head -3 "$tmpd/err"
fi

# ---------------------------------------- item 11a: options in a cluster
# usage CASE EXPECTED ARGS...: exit status 2 and EXPECTED on stderr.
usage() {
	name=$1 exp=$2
	shift 2
	"$TFLAME" "$@" > /dev/null 2> "$tmpd/err" < /dev/null
	rc=$?
	if [ "$rc" -eq 2 ] && grep -qxF -- "tflame: $exp" "$tmpd/err"; then
		ok
	else
		bad "usage $name: status $rc"
		head -2 "$tmpd/err"
	fi
}
usage "-Zc" "unknown option: -Z" -Zc
usage "-cZ" "unknown option: -Z" -cZ
usage "-c -Zc" "unknown option: -Z" -c -Zc
usage "--collapse -Zn" "unknown option: -Z" --collapse -Zn
usage "--bogus" "unknown option: --bogus" --bogus
usage "-cf" "option needs an argument: -f" -cf
usage "--format" "option needs an argument: --format" --format
usage "-c --format" "option needs an argument: --format" -c --format

finish
