#!/bin/sh
# Regenerate tests/data/svg/expected/ from flamegraph.pl.  Usage:
#	FG=/path/to/FlameGraph tests/data/svg/regen.sh
# For each line NAME|INPUT|OPTIONS|...|... of cases.txt it runs
#	perl $FG/flamegraph.pl OPTIONS tests/data/INPUT
# and keeps the sorted <title> lines (NAME.titles) and the sorted frames
# (NAME.frames.gz: frames.awk's one line per frame, gzip -9n).  Both sorts
# use LC_ALL=C.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=$(cd "$here/.." && pwd)
: "${FG:?set FG to the FlameGraph directory (with flamegraph.pl)}"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
grep -v '^#' "$here/cases.txt" | while IFS='|' read -r name input opts topts inferno; do
	# shellcheck disable=SC2086 # OPTIONS are words
	perl "$FG/flamegraph.pl" $opts "$data/$input" > "$tmp" 2>/dev/null
	grep -o '<title>[^<]*</title>' "$tmp" | LC_ALL=C sort \
	    > "$here/expected/$name.titles"
	awk -f "$here/frames.awk" "$tmp" | LC_ALL=C sort | gzip -9n \
	    > "$here/expected/$name.frames.gz"
done
