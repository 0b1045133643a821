#!/bin/sh
# The selection is unmistakable: it was reverse video
# on black, so a wide selection (the root, a zoomed frame, a wide "+")
# read as a hole in the graph on a dark terminal, and the table's
# selected row was only bold.  Now the selected bar is bright (black on
# white in 256 and 8 colours; bold and underlined in normal video with
# NO_COLOR, where every other bar is reverse) with a marker at each end,
# ">" and "<"; the table's selected row is a highlighted bar too.
# Cells are read from what tmux holds (capture-pane -e): the colour a
# cell shows is its background, or its foreground when it is reversed.
#
# small.folded at 80x24: all on line 21 (full width), main above it
# (cells 12-79), the status lines 22-23.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded

# cell LINE COL: "bg=N rev=0|1 bold=0|1 ul=0|1 ch=C" of the cell at
# (LINE, COL), bg the colour shown behind the text ("d": the default;
# 8 colours as 0-7, 256 as the index).  tmux writes only what changes
# from the cell before, across lines too: the lines before are read.
cell() {
	T capture-pane -p -e -t t | sed -n "1,$(($1 + 1))p" |
	    LC_ALL=C awk -v want="$2" -v line="$(($1 + 1))" '
	function sgr(p,    n, q, k) {
		n = split(p, q, ";")
		if (p == "") { n = 1; q[1] = 0 }
		for (k = 1; k <= n; k++) {
			v = q[k] + 0
			if (v == 0) { fg = "d"; bg = "d"; rev = 0; bold = 0; ul = 0 }
			else if (v == 1) bold = 1
			else if (v == 4) ul = 1
			else if (v == 7) rev = 1
			else if (v == 22) bold = 0
			else if (v == 24) ul = 0
			else if (v == 27) rev = 0
			else if (v >= 30 && v <= 37) fg = v - 30
			else if (v == 39) fg = "d"
			else if (v >= 40 && v <= 47) bg = v - 40
			else if (v == 49) bg = "d"
			else if (v >= 90 && v <= 97) fg = v - 90 + 8
			else if (v >= 100 && v <= 107) bg = v - 100 + 8
			else if (v == 38 || v == 48) {
				if (q[k + 1] == 5) { c = q[k + 2]; k += 2 }
				else { c = "rgb"; k += 4 }
				if (v == 38) fg = c; else bg = c
			}
		}
	}
	BEGIN { fg = "d"; bg = "d"; rev = 0; bold = 0; ul = 0 }
	{
		col = 0
		s = $0
		while (length(s) > 0) {
			if (substr(s, 1, 2) == "\033[") {
				match(s, /^\033\[[0-9;]*[A-Za-z]/)
				p = substr(s, 3, RLENGTH - 3)
				if (substr(s, RLENGTH, 1) == "m")
					sgr(p)
				s = substr(s, RLENGTH + 1)
				continue
			}
			ch = substr(s, 1, 1)
			s = substr(s, 2)
			# UTF-8: a lead byte and its continuation bytes, one cell
			while (length(s) > 0 && substr(s, 1, 1) >= "\200" &&
			    substr(s, 1, 1) < "\300") {
				ch = ch substr(s, 1, 1); s = substr(s, 2)
			}
			if (NR == line && col == want) {
				print "bg=" (rev ? fg : bg) " rev=" rev " bold=" \
				    bold " ul=" ul " ch=" ch
				exit
			}
			col++
		}
		# past the text: blank cells in the last style
		if (NR == line)
			print "bg=" (rev ? fg : bg) " rev=" rev " bold=" \
			    bold " ul=" ul " ch= "
	}'
}

# shows LINE COL PATTERN: the cell matches PATTERN (an extended regex).
shows() {
	got=$(cell "$1" "$2")
	echo "$got" | grep -Eq -- "$3" ||
	    { echo "  cell $1,$2: \"$got\", want /$3/"; false; }
}

# raw LINE: screen line LINE as the terminal shows it (screen() takes the
# markers off for the other tests: tests/tui/lib.sh).
raw() { T capture-pane -p -t t | sed -n "$(($1 + 1))p"; }

# lacks LINE COL PATTERN: the cell does not match PATTERN.
lacks() {
	got=$(cell "$1" "$2")
	! echo "$got" | grep -Eq -- "$3" ||
	    { echo "  cell $1,$2: \"$got\", want no /$3/"; false; }
}

start 80 24
for mode in 256 8 mono; do
	case $mode in
	256) env= bright='bg=231 ' ;;
	8) env="TERM=xterm" bright='bg=(7|15) ' ;;
	mono) env="NO_COLOR=1" bright='rev=0 bold=1 ul=1' ;;
	esac
	run "$env $TFLAME $small"
	viewer_up
	check "$mode: all selected" matches 22 '^all  '
	check "$mode: the whole-width selection is bright" shows 21 40 "$bright"
	check "$mode: its label too" shows 21 1 "$bright"
	check "$mode: a marker at its left end" shows 21 0 'ch=>'
	check "$mode: a marker at its right end" shows 21 79 'ch=<'
	check "$mode: the name right of the marker" eval 'raw 21 | grep -q "^>all "'
	check "$mode: the right marker ends the line" eval 'raw 21 | grep -q " <\$"'
	keys k
	check "$mode: main selected" matches 22 '^main  '
	check "$mode: main bright" shows 20 40 "$bright"
	check "$mode: main's left marker" shows 20 12 'ch=>'
	check "$mode: main's right marker" shows 20 79 'ch=<'
	check "$mode: main's name right of its marker" \
	    eval 'raw 20 | grep -q "^idle        >main  *<\$"'
	check "$mode: all a plain bar again" eval 'raw 21 | grep -q "^all\$"'
	check "$mode: all not bright" lacks 21 40 "$bright"
	# The table: the selected row highlighted, the others not.
	keys t
	wait_for 'Functions:'
	if [ $mode = mono ]; then
		row='rev=1'
	else
		row=$bright
	fi
	check "$mode: the table's selected row highlighted" shows 2 30 "$row"
	check "$mode: from its first cell" shows 2 0 "$row"
	check "$mode: the next row plain" lacks 3 30 "$row"
	T send-keys -t t q
	finished
done

finish
