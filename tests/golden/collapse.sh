#!/bin/sh
# Golden tests for --collapse against the reference tools' outputs.
#  1. FlameGraph's 13 perf inputs x 6 options (78 cases): equal to
#     test/results/ (as recorded) or results-perl-today/ (today's Perl with
#     the last sample kept).
#  2. inferno's collapse-perf cases; the ones with Rust names (single-event
#     and the six perf-rust-Yamakaky-dcpu results) with --demangle.
#  3. example-perf-stacks.txt.gz through standard input (gzip + pipe).
. "$(dirname "$0")/lib.sh" || exit 99

fg=$CORPUS/flamegraph
for f in "$fg"/test/*.txt; do
	b=$(basename "$f" .txt)
	for opt in pid tid kernel jit all addrs; do
		"$TFLAME" --collapse --$opt "$f" > "$tmpd/out" 2>"$tmpd/err" || {
			bad "$b-$opt" "exit status $?"; continue; }
		same "fg:$b-$opt" "$tmpd/out" \
		    "$fg/test/results/$b-collapsed-$opt.txt" \
		    "$fg/results-perl-today/$b-collapsed-$opt.txt"
	done
done

inf=$CORPUS/inferno/collapse-perf
for r in "$inf"/results/*-collapsed*.txt; do
	b=$(basename "$r" .txt)
	input=${b%%-collapsed*}
	opt=${b#"$input"-collapsed}
	opt=${opt#-}
	src=$inf/$input.txt
	dm=
	case $b in
	example-perf-stacks-*) continue ;;
	perf-rust-Yamakaky-dcpu-*) src=$fg/test/$input.txt dm=--demangle ;;
	single-event-*) dm=--demangle ;;
	esac
	"$TFLAME" --collapse $dm ${opt:+--$opt} "$src" > "$tmpd/out" \
	    2>"$tmpd/err" || { bad "inferno:$b" "exit status $?"; continue; }
	same "inferno:$b" "$tmpd/out" "$r"
done

# The large capture, gzip-compressed, through a pipe.
# (same reports its own failure: only a failed run is counted here.)
if "$TFLAME" --collapse < "$fg/example-perf-stacks.txt.gz" > "$tmpd/out" 2>"$tmpd/err"; then
	same "example-perf-stacks.txt.gz (stdin)" "$tmpd/out" \
	    "$inf/results/example-perf-stacks-collapsed.txt"
else
	bad "example-perf-stacks.txt.gz (stdin)" "exit status $?"
fi

# The large capture as a regular file (3 MB): two threads cut it in two
# halves parsed at once; the stacks must still be the reference's.
gzip -dc < "$fg/example-perf-stacks.txt.gz" > "$tmpd/eps.txt"
for t in 1 2; do
	if "$TFLAME" --collapse --threads=$t "$tmpd/eps.txt" > "$tmpd/out" 2>"$tmpd/err"; then
		same "example-perf-stacks.txt --threads=$t" "$tmpd/out" \
		    "$inf/results/example-perf-stacks-collapsed.txt"
	else
		bad "example-perf-stacks.txt --threads=$t" "exit status $?"
	fi
done
# Every perf input above in one file (and again with every line's bytes
# damaged here and there): messages and their line numbers too.
cat "$fg"/test/perf-*.txt "$inf"/*.txt "$tmpd/eps.txt" > "$tmpd/all.txt"
awk 'NR % 97 == 0 { $0 = "\t" $0 "\001(" } NR % 89 == 0 { $0 = "" } { print }' \
    "$tmpd/all.txt" > "$tmpd/damaged.txt"

# One thread or two: the same stacks and the same messages, for every perf
# input and option set above.
for src in "$fg"/test/perf-*.txt "$inf"/*.txt "$fg/example-perf-stacks.txt.gz" \
    "$tmpd/all.txt" "$tmpd/damaged.txt"; do
	for opt in "" --all --pid --addrs; do
		"$TFLAME" --collapse --threads=1 $opt "$src" > "$tmpd/one" 2>&1
		s1=$?
		"$TFLAME" --collapse --threads=2 $opt "$src" > "$tmpd/two" 2>&1
		s2=$?
		if [ "$s1" = "$s2" ] && cmp -s "$tmpd/one" "$tmpd/two"; then
			ok
		else
			bad "threads:$(basename "$src") $opt" "one vs two threads differ"
		fi
	done
done

# Folded input of more than 1 MiB (two parts at once): whole counts, every
# line's count with a fraction, fractions from the middle on only, and
# damaged lines; the same stacks, messages and exit status either way.
for opt in "" --all --pid --addrs; do
	"$TFLAME" --collapse $opt "$tmpd/all.txt" 2>/dev/null
done > "$tmpd/f1.folded"
: > "$tmpd/whole.folded"
while [ "$(wc -c < "$tmpd/whole.folded")" -le 1200000 ]; do
	cat "$tmpd/f1.folded" >> "$tmpd/whole.folded"
done
awk '{ $NF = $NF * 0.37 } { print }' "$tmpd/whole.folded" > "$tmpd/frac.folded"
n=$(wc -l < "$tmpd/whole.folded")
awk -v h=$((n / 2)) 'NR > h { $NF = $NF / 3 } { print }' \
    "$tmpd/whole.folded" > "$tmpd/late.folded"
awk 'NR % 97 == 0 { $0 = $0 " x" } NR % 89 == 0 { $0 = "" } { print }' \
    "$tmpd/frac.folded" > "$tmpd/damaged.folded"
for src in whole frac late damaged; do
	[ "$(wc -c < "$tmpd/$src.folded")" -gt 1048576 ] ||
	    bad "folded:$src" "under 1 MiB: not cut in two"
	"$TFLAME" --collapse --threads=1 "$tmpd/$src.folded" > "$tmpd/one" 2>&1
	s1=$?
	"$TFLAME" --collapse --threads=2 "$tmpd/$src.folded" > "$tmpd/two" 2>&1
	s2=$?
	if [ "$s1" = "$s2" ] && cmp -s "$tmpd/one" "$tmpd/two"; then
		ok
	else
		bad "threads:$src.folded" "one vs two threads differ"
	fi
done

finish
