#!/bin/sh
# The manual page renders cleanly: groff prints no
# warning for an ASCII or a UTF-8 terminal (a glyph the device lacks has a
# fallback), no words run together (a macro's arguments are joined
# without spaces: ".BR > ), its numbers" printed "itsnumbers"), and no
# .TP follows another with nothing between them.
. "$(dirname "$0")/lib.sh" || exit 99

man1=$(cd "$(dirname "$0")/../../man" && pwd)/tflame.1
[ -f "$man1" ] || { echo "manpage: no $man1"; exit 99; }
if ! command -v groff > /dev/null 2>&1; then
	echo "manpage: no groff; skipped"
	exit 77
fi

for dev in ascii utf8; do
	groff -man -ww -T"$dev" "$man1" > "$tmpd/$dev.txt" 2> "$tmpd/$dev.err"
	if [ -s "$tmpd/$dev.err" ]; then
		bad "groff -T$dev warns" "$(head -3 "$tmpd/$dev.err" | tr '\n' '|')"
	else
		ok
	fi
done

# Wide lines, so that no run-together words are hidden by a line break.
groff -man -rLL=400n -Tutf8 "$man1" 2> /dev/null | col -b > "$tmpd/wide.txt"
for run in itsnumbers itsshareofthewhole; do
	if grep -q "$run" "$tmpd/wide.txt"; then
		bad "words run together: $run"
	else
		ok
	fi
done
if command -v man > /dev/null 2>&1; then
	n=$(MANWIDTH=80 man -l "$man1" 2> /dev/null | grep -c itsnumbers)
	[ "$n" = 0 ] && ok || bad "man: itsnumbers" "$n"
fi

awk 'prev == ".TP" && $0 == ".TP" { print NR; bad = 1 } { prev = $0 }
	END { exit bad }' "$man1" > "$tmpd/tp" && ok ||
    bad "doubled .TP" "line $(head -1 "$tmpd/tp")"

finish
