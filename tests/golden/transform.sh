#!/bin/sh
# Transforms on the command line (--focus, --exclude, --hide,
# --collapse-recursion, --merge-threads, --order) against an independent
# reference: the same rule applied to the corpus's folded outputs line by
# line with awk, the lines merged and sorted, compared byte for byte with
# `tflame --collapse FLAG...`.  Then --diff (both profiles), --svg (the
# subtitle and the weight order) and the usage errors.
. "$(dirname "$0")/lib.sh" || exit 99

: "${AWK:=awk}"

# xf OP [RE]: one transform over folded lines ("stack count") on stdin.
# OP: focus, exclude, hide (RE, an extended regex the same in PCRE2), rec
# (collapse recursion of every function) or threads (root frame names).
xf() {
	XF_OP=$1 XF_RE=${2-} $AWK '
	BEGIN { op = ENVIRON["XF_OP"]; re = ENVIRON["XF_RE"] }
	{
		match($0, / [^ ]*$/)
		stack = substr($0, 1, RSTART - 1)
		cnt = substr($0, RSTART + 1)
		n = stack == "" ? 0 : split(stack, f, ";")
		out = ""; m = 0
		if (op == "exclude") {
			for (i = 1; i <= n; i++)
				if (f[i] ~ re)
					next
			print
			next
		}
		if (op == "focus") {
			for (i = 1; i <= n && f[i] !~ re; i++)
				;
			if (i > n)
				next
			for (; i <= n; i++)
				out = (m++ ? out ";" : "") f[i]
		} else if (op == "hide") {
			for (i = 1; i <= n; i++)
				if (f[i] !~ re)
					out = (m++ ? out ";" : "") f[i]
		} else if (op == "rec") {
			# A function seen nearer the root: back to its place then.
			split("", path); split("", depth)
			for (i = 1; i <= n; i++) {
				if (f[i] in path) {
					out = path[f[i]]; m = depth[f[i]]
				} else {
					out = (m++ ? out ";" : "") f[i]
					path[f[i]] = out; depth[f[i]] = m
				}
			}
		} else if (op == "threads") {
			for (i = 1; i <= n; i++) {
				if (i == 1) {
					r = f[1]
					if (match(r, /\/u?[0-9]/))
						r = substr(r, 1, RSTART - 1)
					if (match(r, /.[-_#:. ]([0-9]+|\?)$/))
						r = substr(r, 1, RSTART)
					if (r == "")
						r = f[1]
					out = r; m = 1
				} else
					out = out ";" f[i]
			}
		}
		print out " " cnt
	}'
}

# Merge equal stacks and sort them byte-wise, as --collapse prints them.
merge() {
	$AWK '{
		match($0, / [^ ]*$/)
		s = substr($0, 1, RSTART - 1)
		sum[s] += substr($0, RSTART + 1)
	}
	END {
		for (s in sum)
			if (sum[s] != 0)
				printf "%s\001%.15g\n", s, sum[s]
	}' | LC_ALL=C sort -t "$(printf '\001')" -k1,1 | tr '\001' ' '
}

# check NAME FILE "TFLAME FLAGS" "XF STEPS" (steps separated by "@").
check() {
	name=$1 in=$2 flags=$3 steps=$4
	set -f
	# shellcheck disable=SC2086
	"$TFLAME" --collapse $flags "$in" > "$tmpd/got" 2> "$tmpd/err"
	rc=$?
	set +f
	if [ "$rc" -ne 0 ]; then
		bad "$name" "exit status $rc"
		head -3 "$tmpd/err"
		return
	fi
	cp "$in" "$tmpd/ref.in"
	echo "$steps" | tr '@' '\n' > "$tmpd/steps"
	while read -r op re; do
		[ -n "$op" ] || continue
		xf "$op" "$re" < "$tmpd/ref.in" > "$tmpd/ref.out"
		mv "$tmpd/ref.out" "$tmpd/ref.in"
	done < "$tmpd/steps"
	merge < "$tmpd/ref.in" > "$tmpd/want"
	same "$name" "$tmpd/got" "$tmpd/want"
}

R=$CORPUS/flamegraph/results-perl-today
F=$CORPUS/inferno/flamegraph/fractional-samples
files="$R/*.txt $F/fractional.txt $F/with-space.txt"
# TFLAME_TEST_SUBSET=N (the sanitizer, distcheck and arm64 runs of CI):
# every Nth corpus file only; the whole corpus runs in the plain build,
# and awk's reference, not tflame, is most of this loop's time.
every=${TFLAME_TEST_SUBSET:-1}
n=0 i=0
for f in $files; do
	i=$((i + 1))
	[ $(((i - 1) % every)) -eq 0 ] || { n=$((n + 1)); continue; }
	b=$(basename "$f" .txt)
	check "$b exclude" "$f" "--exclude=Interpreter" "exclude Interpreter"
	check "$b exclude kernel" "$f" "--exclude=_\[k\]$" "exclude _\[k\]$"
	check "$b focus" "$f" "--focus=^JavaCalls::|^main$" \
	    "focus ^JavaCalls::|^main$"
	check "$b focus root" "$f" "--focus=^(java|cksum|perf)" \
	    "focus ^(java|cksum|perf)"
	check "$b hide" "$f" "--hide=^(Java|Interpreter|_)" \
	    "hide ^(Java|Interpreter|_)"
	check "$b collapse-recursion" "$f" "--collapse-recursion" "rec"
	check "$b merge-threads" "$f" "--merge-threads" "threads"
	check "$b in order" "$f" \
	    "--exclude=unknown --hide=^_ --merge-threads --focus=^(java|start_thread)$ --collapse-recursion" \
	    'exclude unknown@hide ^_@threads@focus ^(java|start_thread)$@rec'
	check "$b nothing, everything" "$f" "--focus=. --exclude=^$ --hide=^$" \
	    'focus .@exclude ^$@hide ^$'
	n=$((n + 1))
done
[ "$n" -gt 70 ] && ok || bad "corpus files found ($n)"

# --order changes drawings only: --collapse stays sorted.
f=$R/perf-java-stacks-01-collapsed-all.txt
"$TFLAME" --collapse "$f" > "$tmpd/plain" 2>&1
"$TFLAME" --collapse --order=weight "$f" > "$tmpd/weight" 2>&1
same "--collapse --order=weight" "$tmpd/weight" "$tmpd/plain"

# --diff: both profiles, as if each input had been transformed first.
a=$R/perf-java-stacks-01-collapsed-all.txt
b=$R/perf-java-stacks-02-collapsed-all.txt
xf exclude 'Interpreter' < "$a" | xf hide '^Java' > "$tmpd/a.x"
xf exclude 'Interpreter' < "$b" | xf hide '^Java' > "$tmpd/b.x"
"$TFLAME" --diff --collapse --exclude=Interpreter --hide=^Java "$a" "$b" \
    > "$tmpd/got" 2>/dev/null
"$TFLAME" --diff --collapse "$tmpd/a.x" "$tmpd/b.x" > "$tmpd/want" 2>/dev/null
same "--diff --exclude --hide" "$tmpd/got" "$tmpd/want"
"$TFLAME" --diff --collapse "$a" "$b" > "$tmpd/plain" 2>/dev/null
cmp -s "$tmpd/plain" "$tmpd/got" && bad "--diff transforms change something" ||
    ok

# --svg: the transformed profile, its steps as the subtitle.
"$TFLAME" --svg=- --exclude=Interpreter --hide=^Java "$a" > "$tmpd/got" \
    2>/dev/null
"$TFLAME" --svg=- --subtitle='exclude Interpreter › merge ^Java' \
    "$tmpd/a.x" > "$tmpd/want" 2>/dev/null
same "--svg subtitle" "$tmpd/got" "$tmpd/want"
"$TFLAME" --svg=- --subtitle=mine --exclude=Interpreter --hide=^Java "$a" \
    > "$tmpd/got" 2>/dev/null
"$TFLAME" --svg=- --subtitle=mine "$tmpd/a.x" > "$tmpd/want" 2>/dev/null
same "--svg --subtitle wins" "$tmpd/got" "$tmpd/want"

# --svg --order=weight: heaviest first from the left.
printf 'a;x 1\na;y 3\nb 2\nc 5\n' > "$tmpd/w.folded"
"$TFLAME" --svg=- --order=weight "$tmpd/w.folded" > "$tmpd/w.svg"
sed -n 's/.*<title>\([a-z]\) (.*<rect x="\([0-9.]*\)".*/\1 \2/p' \
    "$tmpd/w.svg" > "$tmpd/got"
"$TFLAME" --svg=- "$tmpd/w.folded" |
    sed -n 's/.*<title>\([a-z]\) (.*<rect x="\([0-9.]*\)".*/\1 \2/p' \
    > "$tmpd/byname"
if [ -s "$tmpd/got" ] && ! cmp -s "$tmpd/got" "$tmpd/byname"; then ok; else
	bad "--svg --order=weight differs from name order"; fi
# x of each frame: c (5) first, then a (4) with y before x, then b (2).
awk '{ x[$1] = $2 } END { print (x["c"] < x["a"] && x["a"] < x["b"] &&
    x["y"] < x["x"]) ? "yes" : "no" }' "$tmpd/got" > "$tmpd/ord"
[ "$(cat "$tmpd/ord")" = yes ] && ok || { bad "--svg weight order"; cat "$tmpd/got"; }

# A name that is a prefix of its sibling's: still heaviest first.
printf 'foo 5\nfoo-bar 1\nfoo-x 9\n' > "$tmpd/p.folded"
"$TFLAME" --svg=- --order=weight "$tmpd/p.folded" |
    sed -n 's/.*<title>\([a-z-]*\) (.*<rect x="\([0-9.]*\)".*/\1 \2/p' \
    > "$tmpd/got"
[ "$(cut -d' ' -f1 "$tmpd/got" | tr '\n' ,)" = "all,foo-x,foo,foo-bar," ] &&
    [ "$(sed -n '2s/.* //p' "$tmpd/got")" = 10.0 ] && ok ||
    { bad "--svg --order=weight, prefix names"; cat "$tmpd/got"; }

# Usage errors.
"$TFLAME" --collapse --focus='(' "$f" > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && grep -q -- "--focus: bad regular expression" "$tmpd/err" &&
    ok || bad "bad regex: exit 2 and a message"
"$TFLAME" --collapse --order=size "$f" > /dev/null 2> "$tmpd/err"
[ $? -eq 2 ] && grep -q -- "--order" "$tmpd/err" && ok || bad "bad --order"
"$TFLAME" --collapse --exclude=. "$f" > "$tmpd/out" 2> "$tmpd/err"
[ $? -eq 0 ] && [ ! -s "$tmpd/out" ] &&
    grep -q "no samples left after the transforms" "$tmpd/err" && ok ||
    bad "everything excluded: a note, no lines"
"$TFLAME" --help | grep -q -- "--collapse-recursion" && ok ||
    bad "--help lists the transforms"

finish
