#!/bin/sh
# The layer rule, checked: every #include "FOLDER/..." in src/X/ and
# include/X/ must be an edge of the table below, and only the folders the
# table marks may include curses.  Usage: check.sh ROOT (the folder that
# holds src/ and include/); make check-layers runs it on the tree.
#
# Each row: a folder, then the folders its files may include besides
# their own ("curses": <curses.h>, <ncurses.h>, <ncursesw/...>).  A new
# folder needs a row; a new edge is a change to this table, made on
# purpose (see HACKING, "Layout").  loaders may use search: pprof's
# drop_frames is matched with the search module's limits and budget.
set -u
root=${1:?usage: check.sh ROOT}
table='
util
input     util
model     util
search    util model
loaders   util input model search
diff      util model loaders
export    util model diff
layout    util model
svg       util model layout
tui       util input model loaders diff search export layout svg curses
cli       util input model loaders diff search export layout svg tui curses
'

cd "$root" || exit 2
# One line per include, "file:line", read by one awk with the table.
find src include -type f \( -name '*.c' -o -name '*.h' \) | sort |
    xargs grep -H -E '^[ 	]*#[ 	]*include[ 	]*["<]' /dev/null |
    awk -v table="$table" -v files="$(find src include -type f \( -name '*.c' -o -name '*.h' \) | sort)" '
	BEGIN {
		n = split(table, rows, "\n")
		for (i = 1; i <= n; i++) {
			k = split(rows[i], w, " ")
			if (k == 0)
				continue
			known[w[1]] = 1
			ok[w[1], w[1]] = 1
			for (j = 2; j <= k; j++)
				ok[w[1], w[j]] = 1
		}
		# Every file, includes or not, must be in a known folder.
		n = split(files, fl, "\n")
		for (i = 1; i <= n; i++) {
			f = fl[i]
			split(f, p, "/")
			if (p[3] == "")
				msg(f ": not in a layer folder")
			else if (!(p[2] in known))
				msg(f ": no layer " p[2] " in tests/layers/check.sh")
		}
	}
	function msg(s) { print s; bad = 1 }
	{
		f = $0
		sub(/:.*/, "", f)
		line = substr($0, length(f) + 2)
		split(f, p, "/")
		from = p[2]
		if (!(from in known) || p[3] == "")
			next
		if (match(line, /"[a-z_]+\/[^"]*"/)) {
			inc = substr(line, RSTART + 1, RLENGTH - 2)
			to = inc
			sub(/\/.*/, "", to)
			if (!((from, to) in ok))
				msg(f ": " from " may not include " inc)
		} else if (line ~ /<(n?curses|ncursesw\/|term\.h)/ &&
		    !((from, "curses") in ok))
			msg(f ": " from " may not include curses")
	}
	END {
		if (bad)
			print "layer rule broken (see HACKING, \"Layout\")"
		exit bad
	}'
