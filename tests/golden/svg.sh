#!/bin/sh
# Golden tests for --svg.
#  1. Every case of tests/data/svg/cases.txt: tflame's <title> multiset and
#     its frames (title, rect geometry, fill and label of each frame; see
#     frames.awk) equal flamegraph.pl's, stored in tests/data/svg/expected/
#     by regen.sh; where inferno's SVG of the same input is in the corpus,
#     the titles equal its titles too.  Each output is well-formed XML
#     (xmllint) and its script parses (node --check), when those exist.
#  2. Output is reproducible, --svg=- writes the same bytes, and a locale
#     with a decimal comma changes no number.
#  3. Hostile names and option texts stay text: the file is well-formed,
#     has one script, and no name reaches the markup unescaped.
#  4. Errors: no samples, a directory, a missing or unwritable directory,
#     a full disk (a file size limit), an unknown palette.  The target is
#     never left half written and no temporary file stays behind.
. "$(dirname "$0")/lib.sh" || exit 99

svgd=$TESTS_DATADIR/svg
expd=$svgd/expected
titles() { grep -o '<title>[^<]*</title>' "$1" | LC_ALL=C sort; }
frames() { awk -f "$svgd/frames.awk" "$1" | LC_ALL=C sort; }

if command -v xmllint > /dev/null 2>&1; then
	have_xmllint=yes
else
	have_xmllint=no
	echo "SKIP: xmllint not found (Debian: apt-get install libxml2-utils);" \
	    "XML well-formedness is not checked"
fi
if command -v node > /dev/null 2>&1; then
	have_node=yes
else
	have_node=no
	echo "SKIP: node not found; the embedded script's syntax is not checked"
fi

# xml_ok NAME FILE: FILE is well-formed XML.
xml_ok() {
	[ "$have_xmllint" = yes ] || return 0
	if xmllint --noout "$2" 2> "$tmpd/xmlerr"; then
		ok
	else
		bad "$1 (xmllint)" "$(head -c 300 "$tmpd/xmlerr")"
	fi
}

# script_ok NAME FILE: the script in FILE parses as JavaScript.
script_ok() {
	[ "$have_node" = yes ] || return 0
	sed -n '/<!\[CDATA\[/,/\]\]>/p' "$2" | sed '1s/.*<!\[CDATA\[//; $s/\]\]>.*//' \
	    > "$tmpd/script.js"
	if node --check "$tmpd/script.js" 2> "$tmpd/jserr"; then
		ok
	else
		bad "$1 (script)" "$(head -c 300 "$tmpd/jserr")"
	fi
}

# no_temp NAME DIR: no temporary file of ours is left in DIR.
no_temp() {
	if ls -a "$2" 2>/dev/null | grep -q '^\.tflame-svg\.'; then
		bad "$1 (temporary file left)"
	else
		ok
	fi
}

# ---------------------------------------------------------- 1. the cases
grep -v '^#' "$svgd/cases.txt" | {
while IFS='|' read -r cname input opts topts inferno; do
	cout=$tmpd/$cname.svg
	# shellcheck disable=SC2086 # options are words
	if ! "$TFLAME" --svg="$cout" $opts $topts "$TESTS_DATADIR/$input" \
	    2> "$tmpd/err"; then
		bad "$cname" "exit status $?: $(head -c 200 "$tmpd/err")"
		continue
	fi
	titles "$cout" > "$tmpd/titles"
	same "$cname (titles)" "$tmpd/titles" "$expd/$cname.titles"
	frames "$cout" > "$tmpd/frames"
	gzip -dc < "$expd/$cname.frames.gz" > "$tmpd/frames.exp"
	same "$cname (frames)" "$tmpd/frames" "$tmpd/frames.exp"
	if [ -n "$inferno" ]; then
		titles "$TESTS_DATADIR/$inferno" > "$tmpd/titles.inferno"
		same "$cname (titles = inferno's)" "$tmpd/titles" \
		    "$tmpd/titles.inferno"
	fi
	xml_ok "$cname" "$cout"
	script_ok "$cname" "$cout"
done
echo "$pass $fail $failed_names" > "$tmpd/counts"
}
read -r p f names < "$tmpd/counts"
pass=$p fail=$f failed_names=$names

# ------------------------------------------ 2. reproducible, stdout, titles
tricky=$svgd/tricky.folded
"$TFLAME" --svg="$tmpd/a.svg" "$tricky" 2>/dev/null
"$TFLAME" --svg="$tmpd/b.svg" "$tricky" 2>/dev/null
same "reproducible" "$tmpd/b.svg" "$tmpd/a.svg"
"$TFLAME" --svg=- "$tricky" > "$tmpd/c.svg" 2>/dev/null
same "--svg=- writes the same bytes" "$tmpd/c.svg" "$tmpd/a.svg"
"$TFLAME" --svg=- < "$tricky" > "$tmpd/c.svg" 2>/dev/null
same "--svg=- from standard input" "$tmpd/c.svg" "$tmpd/a.svg"
grep -q '<text id="title" x="600.00" y="24" >Flame Graph</text>' "$tmpd/a.svg" &&
    ok || bad "default title"
"$TFLAME" --svg="$tmpd/i.svg" --inverted "$tricky" 2>/dev/null
grep -q '>Icicle Graph</text>' "$tmpd/i.svg" && ok || bad "icicle title"
"$TFLAME" --svg="$tmpd/s.svg" --search='^ns::' "$tricky" 2>/dev/null
grep -q '"search": "^ns::", "ignorecase": false' "$tmpd/s.svg" && ok ||
    bad "--search is the initial search"

# A locale with a decimal comma changes no number.
mkdir "$tmpd/loc"
if command -v localedef > /dev/null 2>&1 &&
    localedef -i de_DE -f UTF-8 "$tmpd/loc/de_DE.UTF-8" > /dev/null 2>&1; then
	LOCPATH=$tmpd/loc LC_ALL=de_DE.UTF-8 "$TFLAME" --svg="$tmpd/de.svg" \
	    --minwidth=0.5 "$svgd/fractional.folded" 2>/dev/null
	LC_ALL=C "$TFLAME" --svg="$tmpd/c.svg" --minwidth=0.5 \
	    "$svgd/fractional.folded" 2>/dev/null
	same "de_DE locale: same numbers" "$tmpd/de.svg" "$tmpd/c.svg"
else
	echo "SKIP: no de_DE locale could be made (localedef); the decimal" \
	    "comma is not tried"
fi

# ------------------------------------------------------------- 3. hostile
h=$tmpd/hostile.svg
if "$TFLAME" --svg="$h" \
    --title='<b>"T"</b> & </text><script>alert(1)</script>' \
    --subtitle='</text>]]><script>alert(2)</script>' \
    --countname='<c>&"' \
    --nametype='"</script><script>alert(3)//' \
    --fonttype='x;}</style><script>alert(4)</script>' \
    --search='</script><script>alert(5)//]]>' \
    "$svgd/hostile.folded" 2> "$tmpd/err"; then
	ok
else
	bad "hostile (exit status)"
fi
xml_ok "hostile" "$h"
script_ok "hostile" "$h"
n=$(grep -c '<script' "$h")
[ "$n" -eq 1 ] && ok || bad "hostile: one <script>" "found $n"
n=$(grep -c ']]>' "$h")
[ "$n" -eq 1 ] && ok || bad "hostile: one CDATA end" "found $n"
for want in \
    '<title>&lt;script&gt;alert(1)&lt;/script&gt; (5 &lt;c&gt;&amp;&quot;, ' \
    '<title>&quot;onload=alert(1) x (3 ' \
    '<title>&lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;&lt;title&gt; (1 ' \
    '<title>]]&gt;end (2 ' \
    '<title>ctl��[31mred (1 ' \
    '<title>bad��utf8 (1 ' \
    '<title>tab�here (1 ' \
    '<title>�nel (1 ' \
    '<title>non�char (1 ' \
    '<title>�del (1 ' \
    '<title>over��ong (1 ' \
    '<title>sur���rogate (1 ' \
    '<title>trunc�� (1 ' \
    '>&lt;b&gt;&quot;T&quot;&lt;/b&gt; &amp; &lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;</text>' \
    '>&lt;/text&gt;]]&gt;&lt;script&gt;alert(2)&lt;/script&gt;</text>' \
    '"nametype": "\"\u003c/script\u003e\u003cscript\u003ealert(3)//"' \
    '"countname": "\u003cc\u003e\u0026\""' \
    '"search": "\u003c/script\u003e\u003cscript\u003ealert(5)//]]\u003e"' \
    'font-family:x&lt;/style&gt;&lt;script&gt;alert(4)&lt;/script&gt;;'; do
	if grep -qF -- "$want" "$h"; then
		ok
	else
		bad "hostile: $want"
	fi
done
if LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$h"; then
	bad "hostile: a control character in the output"
else
	ok
fi

# -------------------------------------------------------------- 4. errors
# run NAME STATUS TEXT ARGS...: tflame exits with STATUS and says TEXT.
run() {
	name=$1 want=$2 text=$3
	shift 3
	"$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err"
	st=$?
	if [ "$st" -ne "$want" ]; then
		bad "$name" "exit status $st, expected $want"
	elif ! grep -qF -- "$text" "$tmpd/err"; then
		bad "$name" "message: $(head -c 200 "$tmpd/err")"
	else
		ok
	fi
}

mkdir "$tmpd/w"
printf '' > "$tmpd/empty.folded"
run "no samples" 1 "no samples" --svg="$tmpd/w/e.svg" "$tmpd/empty.folded"
[ ! -e "$tmpd/w/e.svg" ] && ok || bad "no samples: no file"
printf 'a;b 0\nc 0\n' > "$tmpd/zero.folded"
run "zero counts" 1 "no samples" --svg="$tmpd/w/e.svg" "$tmpd/zero.folded"
[ ! -e "$tmpd/w/e.svg" ] && ok || bad "zero counts: no file"
run "a directory" 1 "Is a directory" --svg="$tmpd/w" "$tricky"
run "a directory/" 1 "Is a directory" --svg="$tmpd/w/" "$tricky"
run "missing directory" 1 "No such file or directory" \
    --svg="$tmpd/nodir/x.svg" "$tricky"
run "unknown palette" 2 "unknown palette" --svg="$tmpd/w/p.svg" \
    --colors=chartreuse "$tricky"
[ ! -e "$tmpd/w/p.svg" ] && ok || bad "unknown palette: no file"
no_temp "errors" "$tmpd/w"

# An unwritable directory: by permissions, or (as root, who ignores them)
# a directory of /proc.
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$tmpd/ro"
	chmod 555 "$tmpd/ro"
	run "unwritable directory" 1 "Permission denied" \
	    --svg="$tmpd/ro/x.svg" "$tricky"
	no_temp "unwritable directory" "$tmpd/ro"
	chmod 755 "$tmpd/ro"
elif [ -d /proc/self ]; then
	run "unwritable directory" 1 "cannot write /proc/self/tflame.svg" \
	    --svg=/proc/self/tflame.svg "$tricky"
else
	echo "SKIP: no unwritable directory to try (root, no /proc)"
fi

# A full disk, as a file size limit: the old file stays, nothing is left.
printf 'old\n' > "$tmpd/w/keep.svg"
chmod 640 "$tmpd/w/keep.svg"
(
	ulimit -f 8 2>/dev/null || exit 3
	"$TFLAME" --svg="$tmpd/w/keep.svg" \
	    "$CORPUS/inferno/collapse-perf/results/example-perf-stacks-collapsed.txt" \
	    2> "$tmpd/err"
)
st=$?
if [ "$st" -eq 3 ]; then
	echo "SKIP: ulimit -f not available"
else
	[ "$st" -eq 1 ] && ok || bad "file too large: exit status $st"
	grep -qF "cannot write $tmpd/w/keep.svg: " "$tmpd/err" && ok ||
	    bad "file too large: message" "$(head -c 200 "$tmpd/err")"
	[ "$(cat "$tmpd/w/keep.svg")" = old ] && ok ||
	    bad "file too large: the old file changed"
	no_temp "file too large" "$tmpd/w"
fi
# Replacing a file keeps its permission bits.
"$TFLAME" --svg="$tmpd/w/keep.svg" "$tricky" 2>/dev/null
[ "$(stat -c %a "$tmpd/w/keep.svg" 2>/dev/null)" = 640 ] && ok ||
    bad "replaced file keeps its mode"
same "replaced file" "$tmpd/w/keep.svg" "$tmpd/a.svg"
no_temp "replace" "$tmpd/w"

finish
