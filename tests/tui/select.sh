#!/bin/sh
# The selection against search matches: the selected
# frame is reverse video and bold in 256 and 8 colours (white on black,
# far from the magenta of the matches), underlined too when it is itself a
# match; with NO_COLOR, where every bar is reverse video, it is the one bar
# in normal video, bold and underlined, and matches stay reverse.  Read
# from the attributes tmux holds for each cell (capture-pane -e).
#
# small.folded: main (cells 12-79 at 80 columns) with eval above it.
. "$(dirname "$0")/lib.sh" || exit 99

small=$DATA/small.folded

# attrs LINE WORD: the SGR attributes (not the colours) in force where WORD
# starts on screen line LINE (0-based), sorted, one line: "1 7".
attrs() {
	T capture-pane -p -e -t t | sed -n "$(($1 + 1))p" |
	    awk -v w="$2" '{
		i = index($0, w); s = substr($0, 1, i - 1)
		sub(/>$/, "", s) # the marker of the selection: its style
		# the escapes right before the word (tmux starts a new cell
		# style with them)
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

# is LINE WORD ATTRS: the attributes at WORD are exactly ATTRS.
is() { got=$(attrs "$1" "$2"); [ "$got" = "$3" ] || { echo "  attrs at $2: \"$got\", want \"$3\""; false; }; }

start 80 24
for mode in 256 8 mono; do
	case $mode in
	256) env= ;;
	8) env="TERM=xterm" ;;
	mono) env="NO_COLOR=1" ;;
	esac
	run "$env $TFLAME --search=eval $small"
	viewer_up
	keys k
	check "$mode: main selected" matches 22 '^main  '
	if [ $mode = mono ]; then
		check "$mode: the selection bold, underlined, not reversed" \
		    is 20 main "1 4"
		check "$mode: a match reverse, bold, underlined" \
		    is 19 eval "1 4 7"
	else
		check "$mode: the selection reverse and bold" is 20 main "1 7"
		check "$mode: a match neither" is 19 eval ""
	fi
	keys k
	check "$mode: eval selected" matches 22 '^eval  '
	if [ $mode = mono ]; then
		check "$mode: the selected match as the selection" \
		    is 19 eval "1 4"
	else
		check "$mode: the selected match reverse, bold, underlined" \
		    is 19 eval "1 4 7"
	fi
	check "$mode: main back to a plain bar" \
	    is 20 main "$([ $mode = mono ] && echo 7)"
	T send-keys -t t q
	finished
done

finish
