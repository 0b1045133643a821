#!/bin/sh
# Hostile input, faults and signals.
#
# Every input is made here, in a temporary directory, and run through
# --collapse and --svg (for the format-specific ones both auto-detected and
# with --format forced).  Each run must:
#   - end with the documented exit status (0 usable input, 1 unusable input
#     or output, 2 bad usage) and say the meaningful part on standard error
#     (line numbers of bad lines, "no samples", ...);
#   - not hang: it runs under `timeout 60`, and a timeout is a failure;
#   - stay within 1 GiB of address space (ulimit -v), except in a sanitizer
#     build, whose shadow memory needs terabytes of address space;
#   - never write a control character or invalid UTF-8 to standard error;
#   - with --svg and status 0, write well-formed XML (xmllint), and with
#     status 1 write no file.
#
# The cases, and where a case is asserted elsewhere:
#   1 empty file                 11 C0/C1 controls, escapes, bad UTF-8 in
#   2 whitespace only               names, file names and arguments
#   3 1 MiB of random bytes      12 perf headers without frames
#   4 NUL bytes in names         13 perf frames without headers
#   5 one line of 8 MB           14 input cut in the middle of a sample
#   6 a stack 100,000 deep       15 corrupt, truncated, damaged gzip
#   7 200,000 siblings           16 a directory, a missing or unreadable file
#   8 counts over 64 bits        17 unwritable --svg targets (svg.sh: a
#   9 negative, NaN, inf, 5e,       directory, dir/, a missing or read-only
#     hex and signed counts         directory, a file size limit)
#  10 CRLF line ends (perf,      18 a full disk (/dev/full; cli.sh: --collapse)
#     folded, stap, dtrace)      19 SIGPIPE (| head), SIGPIPE ignored
#                                20 bad usage (cli.sh: each message)
# The viewer on hostile and unusable input: tests/tui/hostile.sh.  The
# loaders on the same inputs, in process: tests/unit/check_badinput.c.
. "$(dirname "$0")/lib.sh" || exit 99

# ------------------------------------------------------------ the bounds
# ASan reserves terabytes of address space for its shadow memory, so a
# ulimit -v kills a sanitizer build at start: detect one and do without.
vlimit=1048576
if { ldd "$TFLAME" 2>/dev/null; nm "$TFLAME" 2>/dev/null; } |
    grep -q 'libasan\|libtsan\|__asan_init\|__tsan_init'; then
	vlimit=
	echo "NOTE: sanitizer build: memory is not bounded (ulimit -v)"
fi
if command -v xmllint > /dev/null 2>&1; then
	have_xmllint=yes
else
	have_xmllint=no
	echo "SKIP: xmllint not found (Debian: apt-get install libxml2-utils);" \
	    "SVG well-formedness is not checked"
fi

# bounded COMMAND...: COMMAND under the time and memory bounds.
bounded() {
	(
		if [ -n "$vlimit" ]; then
			ulimit -v "$vlimit" || exit 125
		fi
		exec timeout 60 "$@"
	)
}

ESC=$(printf '\033')
C0=$(printf '[\001-\011\013-\037\177]')
C1=$(printf '\302[\200-\237]')

# clean_stderr NAME FILE: FILE has no control character but newlines, no
# C1 control and only valid UTF-8.
clean_stderr() {
	if [ "$(LC_ALL=C tr -d '\n\040-\176\200-\377' < "$2" | wc -c)" -ne 0 ] ||
	    LC_ALL=C grep -q "$C0" "$2" || LC_ALL=C grep -q "$C1" "$2" ||
	    ! iconv -f UTF-8 -t UTF-8 < "$2" > /dev/null 2>&1; then
		bad "$1 (raw control bytes or invalid UTF-8 on stderr)"
		LC_ALL=C sed -n l "$2" | head -3 | cut -c1-200
		return 1
	fi
	return 0
}

# run NAME STATUS PATTERN ARGS...: tflame ARGS (bounded) ends with STATUS
# and its stderr matches the extended regular expression PATTERN ("" for
# anything, "^$" for nothing).  Output in $tmpd/out, stderr in $tmpd/err.
run() {
	name=$1 want=$2 pat=$3
	shift 3
	bounded "$TFLAME" "$@" > "$tmpd/out" 2> "$tmpd/err"
	st=$?
	clean_stderr "$name" "$tmpd/err" || return 1
	if [ "$st" -eq 124 ]; then
		bad "$name" "timed out after 60 s"
		return 1
	elif [ "$st" -ne "$want" ]; then
		bad "$name" "exit status $st, expected $want"
		sed 's/^/  stderr: /' "$tmpd/err" | head -3 | cut -c1-200
		return 1
	elif [ "$pat" = "^$" ]; then
		if [ -s "$tmpd/err" ]; then
			bad "$name" "stderr not empty"
			sed 's/^/  stderr: /' "$tmpd/err" | head -3 | cut -c1-200
			return 1
		fi
	elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$tmpd/err"; then
		bad "$name" "stderr lacks /$pat/"
		sed 's/^/  stderr: /' "$tmpd/err" | head -3 | cut -c1-200
		return 1
	fi
	ok
}

# svg NAME STATUS PATTERN ARGS...: run --svg=FILE ARGS; with status 0 the
# file is well-formed XML, otherwise there is none.
svg() {
	sname=$1 swant=$2 spat=$3
	shift 3
	rm -f "$tmpd/o.svg"
	run "$sname" "$swant" "$spat" --svg="$tmpd/o.svg" "$@" || return 1
	if [ "$swant" -ne 0 ]; then
		[ ! -e "$tmpd/o.svg" ] && ok || bad "$sname: a file was written"
	elif [ "$have_xmllint" = yes ]; then
		if xmllint --noout --huge "$tmpd/o.svg" 2> "$tmpd/xmlerr"; then
			ok
		else
			bad "$sname (xmllint)" "$(head -c 300 "$tmpd/xmlerr")"
		fi
	fi
}

# both NAME FILE FORMATS CSTATUS CPATTERN SSTATUS SPATTERN: --collapse and
# --svg on FILE, auto-detected and with each --format of FORMATS.  The
# last --collapse output stays in $tmpd/cout.
both() {
	bname=$1 bfile=$2 bfmts=$3 bcst=$4 bcpat=$5 bsst=$6 bspat=$7
	for bf in auto $bfmts; do
		run "$bname [$bf, --collapse]" "$bcst" "$bcpat" --collapse \
		    --format="$bf" "$bfile"
		cp "$tmpd/out" "$tmpd/cout"
		svg "$bname [$bf, --svg]" "$bsst" "$bspat" --format="$bf" "$bfile"
	done
}

# collapsed NAME EXPECTED: the last --collapse output of both() is
# EXPECTED (a file).
collapsed() { same "$1 (output)" "$tmpd/cout" "$2"; }

d=$tmpd
NOSAMPLES='no samples in the input'
NOSVG='no samples; no SVG written'
ALL="perf folded stap dtrace"

# ------------------------------------------------ 1, 2: empty, whitespace
: > "$d/empty"
both "empty file" "$d/empty" "$ALL" 0 "$NOSAMPLES" 1 "$NOSVG"
[ ! -s "$tmpd/out" ] && ok || bad "empty file: output"
printf ' \n\t\n\r\n   \t \r\n\n' > "$d/blank"
both "whitespace only" "$d/blank" "$ALL" 0 "$NOSAMPLES" 1 "$NOSVG"

# ------------------------------------------------------- 3: random bytes
# 1 MiB from a fixed-seed generator (MINSTD: exact in awk's doubles).
LC_ALL=C awk 'BEGIN { s = 20240901
	for (i = 0; i < 1048576; i++) {
		s = (s * 16807) % 2147483647
		printf "%c", int(s / 128) % 256
	} }' > "$d/random"
both "random bytes" "$d/random" "" 1 "cannot tell the format of .*random; use --format" \
    1 "cannot tell the format"
for f in perf folded; do
	run "random bytes [$f forced]" 0 "random:1: (stack line outside a sample|not a folded line)" \
	    --collapse --format=$f "$d/random"
	svg "random bytes [$f forced, --svg]" 0 "malformed lines skipped" \
	    --format=$f "$d/random"
done
for f in stap dtrace; do
	run "random bytes [$f forced]" 0 \
	    "input ends in the middle of a stack: the frames from line [0-9]+ on" \
	    --collapse --format=$f "$d/random"
	svg "random bytes [$f forced, --svg]" 1 "$NOSVG" --format=$f "$d/random"
done

# ---------------------------------------------------------- 4: NUL bytes
printf 'a\000b;c 5\nok 1\n' > "$d/nul.folded"
both "NUL in folded names" "$d/nul.folded" folded 0 "^$" 0 "^$"
printf 'a\000b;c 5\nok 1\n' > "$d/nul.exp"
collapsed "NUL in folded names" "$d/nul.exp"
printf 'app 1 1.0: 5 cycles:\n\t1 ma\000in (m)\n\t2 st\000art (li\000b)\n\n' > "$d/nul.perf"
printf 'ap\000p 2 2.0: 3 cycles:\n\t1 main (m)\n\n' >> "$d/nul.perf"
both "NUL in perf names" "$d/nul.perf" perf 0 "^$" 0 "^$"
printf 'ap\000p;main 3\napp;st\000art;ma\000in 5\n' > "$d/nul.perf.exp"
collapsed "NUL in perf names" "$d/nul.perf.exp"

# ------------------------------------------------------- 5: an 8 MB line
# Longer than the 64 KiB the format is detected from: detection reads to
# the end of the line.
head -c 8388608 /dev/zero | tr '\0' x > "$d/x8m"
{ printf 'main;'; cat "$d/x8m"; printf ' 7\nmain;b 1\n'; } > "$d/long.folded"
both "8 MB folded line" "$d/long.folded" folded 0 "^$" 0 "^$"
LC_ALL=C sort "$d/long.folded" > "$d/long.exp"
collapsed "8 MB folded line" "$d/long.exp"
{ printf 'app 1 1.0: 5 cycles:\n\t1 '; cat "$d/x8m"; printf ' (m)\n\t2 main (m)\n\n'; } \
    > "$d/long.perf"
both "8 MB perf frame" "$d/long.perf" perf 0 "^$" 0 "^$"
{ printf 'app;main;'; cat "$d/x8m"; printf ' 5\n'; } > "$d/long.perf.exp"
collapsed "8 MB perf frame" "$d/long.perf.exp"
# A line of 8 MB with no stack in it, among good ones.
{ printf 'main;a 1\nmain;b 2\n'; cat "$d/x8m"; printf '\nmain;c 3\n'; } > "$d/longbad.folded"
both "8 MB malformed line" "$d/longbad.folded" folded 0 \
    'longbad.folded:3: not a folded line .*"x{60}\.\.\."' 0 'longbad.folded:3: '
rm -f "$d/x8m" "$d/long.folded" "$d/long.exp" "$d/long.perf" "$d/long.perf.exp" \
    "$d/longbad.folded"

# ------------------------------------------------- 6: 100,000 frames deep
awk 'BEGIN { printf "main"; for (i = 0; i < 100000; i++) printf ";f%d", i
	print " 3"; print "main;x 1" }' > "$d/deep.folded"
both "100,000 deep, folded" "$d/deep.folded" folded 0 "^$" 0 "^$"
collapsed "100,000 deep, folded" "$d/deep.folded"
awk 'BEGIN { print "app 1 1.0: 3 cycles:"
	for (i = 99999; i >= 0; i--) printf "\t%x f%d (/m)\n", i + 1, i
	print ""; print "app 1 2.0: 1 cycles:"; print "\t1 x (/m)"; print "" }' \
    > "$d/deep.perf"
sed 's/^main/app/' "$d/deep.folded" > "$d/deep.exp"
both "100,000 deep, perf" "$d/deep.perf" perf 0 "^$" 0 "^$"
collapsed "100,000 deep, perf" "$d/deep.exp"
awk 'BEGIN { for (i = 99999; i >= 0; i--) printf " 0x%x : f%d+0x1/0x2 [m]\n", i + 1, i
	print "\t3"; print " 0x1 : x+0x1/0x2 [m]"; print "\t1" }' > "$d/deep.stap"
sed 's/^main;//' "$d/deep.folded" > "$d/deep.exp"
both "100,000 deep, stap" "$d/deep.stap" stap 0 "^$" 0 "^$"
collapsed "100,000 deep, stap" "$d/deep.exp"
rm -f "$d/deep.perf" "$d/deep.stap" "$d/deep.exp"

# ------------------------------------------------------ 7: wide siblings
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "main;s%d 1\n", i }' |
    LC_ALL=C sort > "$d/wide.folded"
both "200,000 siblings" "$d/wide.folded" folded 0 "^$" 0 "^$"
collapsed "200,000 siblings" "$d/wide.folded"

# ---------------------------------------------------- 8: counts too large
printf 'a;b 99999999999999999999\na;c 1\na;d 2\n' > "$d/over.folded"
both "folded count over 64 bits" "$d/over.folded" folded \
    0 'over.folded:1: count too large for 64 bits: "a;b 99999999999999999999"' \
    0 'over.folded:1: count too large'
printf 'a;c 1\na;d 2\n' > "$d/over.exp"
collapsed "folded count over 64 bits" "$d/over.exp"
printf 'app 1 1.0: 99999999999999999999 cycles:\n\t1 main (m)\n\n' > "$d/over.perf"
printf 'app 1 2.0: 5 cycles:\n\t1 other (m)\n\n' >> "$d/over.perf"
both "perf period over 64 bits" "$d/over.perf" perf \
    0 'over.perf:1: sample period too large for 64 bits' \
    0 'over.perf:1: sample period too large'
printf 'app;other 5\n' > "$d/over.exp"
collapsed "perf period over 64 bits" "$d/over.exp"
# Each count fits, their sum does not: capped, and said so.
printf 'a;b 18446744073709551615\na;c 18446744073709551615\n' > "$d/sum.folded"
both "sum over 64 bits, folded" "$d/sum.folded" folded \
    0 'exceed 2\^64-1 and were capped' 0 'exceed 2\^64-1 and were capped'
collapsed "sum over 64 bits, folded" "$d/sum.folded"
printf 'app 1 1.0: 18446744073709551615 cycles:\n\t1 main (m)\n\n' > "$d/sum.perf"
printf 'app 1 2.0: 18446744073709551615 cycles:\n\t1 main (m)\n\n' >> "$d/sum.perf"
both "sum over 64 bits, perf" "$d/sum.perf" perf \
    0 'exceed 2\^64-1 and were capped' 0 'exceed 2\^64-1 and were capped'
printf 'app;main 18446744073709551615\n' > "$d/sum.exp"
collapsed "sum over 64 bits, perf" "$d/sum.exp"

# ------------------------------------------- 9: counts that are not counts
printf 'a;b 3\na;c 1\na;ok 2\n' > "$d/good.exp"
for c in -5 nan NaN inf -inf Infinity 0x10 +3 .5 '5 6x' 5e 5e+ e5 1e5.5 12abc; do
	printf 'a;ok 2\na;b 3\na;x %s\na;c 1\n' "$c" > "$d/count.folded"
	both "count '$c'" "$d/count.folded" folded \
	    0 "count.folded:3: not a folded line .*\"a;x " 0 "count.folded:3: "
	collapsed "count '$c'" "$d/good.exp"
done

# ------------------------------------------------------- 10: CRLF ends
# Each format read with CRLF gives exactly what it gives with LF.
for src in "perf:$CORPUS/flamegraph/test/perf-funcab-cmd-01.txt" \
    "folded:$TESTS_DATADIR/tui/small.folded" \
    "stap:$TESTS_DATADIR/stap/kernel-user.txt" \
    "dtrace:$CORPUS/flamegraph/example-dtrace-stacks.txt"; do
	f=${src%%:*} src=${src#*:}
	sed 's/$/\r/' "$src" > "$d/crlf.$f"
	"$TFLAME" --collapse "$src" > "$d/lf.out" 2>/dev/null
	"$TFLAME" --svg="$d/lf.svg" "$src" 2>/dev/null
	for g in auto $f; do
		run "CRLF $f [$g, --collapse]" 0 "^$" --collapse --format=$g \
		    "$d/crlf.$f"
		same "CRLF $f [$g]: as with LF" "$tmpd/out" "$d/lf.out"
		svg "CRLF $f [$g, --svg]" 0 "^$" --format=$g "$d/crlf.$f"
		same "CRLF $f [$g, --svg]: as with LF" "$tmpd/o.svg" "$d/lf.svg"
	done
done

# --------------------------------------- 11: controls and bad UTF-8 in names
# --collapse writes names byte for byte (documented: it is data for other
# tools); messages and the SVG never carry them raw.
{
	printf 'evil;\033]0;pwned\007\033[2J;b 40\n'
	printf 'evil;\302\233c1;\2336n 3\n'
	printf 'bad;\377\376utf8;\355\240\200 2\n'
	printf 'ok;a 1\nok;b 1\n'
	printf '\033[31mnot a folded line\033[0m\n'
	printf 'bad utf8 \377 and C1 \302\233 and raw \233 and bell \007\n'
} > "$d/ctl.folded"
both "controls in folded names" "$d/ctl.folded" folded 0 \
    'ctl.folded:6: not a folded line .*"\\e\[31mnot a folded line\\e\[0m"' \
    0 'ctl.folded:7: .*\\xff and C1 \\u{9b} and raw \\x9b and bell \\x07'
LC_ALL=C grep -v 'not a folded\|bad utf8' "$d/ctl.folded" | LC_ALL=C sort > "$d/ctl.exp"
collapsed "controls in folded names: kept raw" "$d/ctl.exp"
# The SVG: no control character but tab and newline, no C1, valid UTF-8.
if LC_ALL=C grep -q "$(printf '[\001-\010\013\014\016-\037\177]')" "$tmpd/o.svg" ||
    LC_ALL=C grep -q "$C1" "$tmpd/o.svg" ||
    ! iconv -f UTF-8 -t UTF-8 < "$tmpd/o.svg" > /dev/null 2>&1; then
	bad "controls in folded names: a control byte in the SVG"
else
	ok
fi
printf 'app 1 1.0: 5 cycles:\n\t1 \033]0;x\007 (m)\n\t2 \302\233J\377 (\033[2J)\n\n' > "$d/ctl.perf"
printf 'app 1 1.0: 5 cycles:\n\t1 f (m)\n\t\033[2J\n\n' >> "$d/ctl.perf"
both "controls in perf names" "$d/ctl.perf" perf \
    0 'ctl.perf:7: unrecognized stack line: "\\t\\e\[2J"' 0 'ctl.perf:7: '
printf 'app;\302\233J\377;\033]0:x\007 5\napp;f 5\n' | LC_ALL=C sort > "$d/ctl.exp"
collapsed "controls in perf names: kept raw (; made :)" "$d/ctl.exp"
# In file names and arguments: escaped once.
cp "$d/random" "$d/name$ESC[2J$(printf '\233')"
run "control bytes in a file name" 1 \
    'cannot tell the format of .*name\\e\[2J\\x9b; use --format' \
    --collapse "$d/name$ESC[2J$(printf '\233')"
run "control bytes in a missing file's name" 1 \
    'no\\e\]0;x\\x07: No such file or directory' \
    --collapse "$d/no$ESC]0;x$(printf '\007')"
run "control bytes in an unknown option" 2 'unknown option: --x\\e\[2J' \
    --collapse "--x$ESC[2J"
run "control bytes in --format" 2 'unknown format .*: x\\e\[2J' \
    --collapse "--format=x$ESC[2J" "$d/empty"
run "control bytes in --event-filter" 0 'no samples of event "\\e\[2J"' \
    --collapse "--event-filter=$ESC[2J" "$d/nul.perf"
rm -f "$d/name$ESC[2J$(printf '\233')"

# ----------------------------------------- 12, 13: headers and frames alone
# A header without frames is a sample without a call chain (documented); a
# header at the very end, with no blank line after it, was cut off.
printf 'app 1 1.0: 5 cycles:\n\napp 1 2.0: 3 cycles:\n\napp 1 3.0: 2 cycles:\n\t1 main (m)\n\napp 1 4.0: 7 cycles:\n' \
    > "$d/nochain.perf"
both "perf headers without frames" "$d/nochain.perf" perf \
    0 'nochain.perf:8: sample cut off at the end of the input' 0 'nochain.perf:8: '
printf 'app 8\napp;main 2\n' > "$d/nochain.exp"
collapsed "perf headers without frames" "$d/nochain.exp"
# Frames before the first header (a file cut at its start) are reported,
# the rest loads, also when the format is detected.
printf '\t1 main (m)\n\t2 start (m)\n\napp 1 3.0: 2 cycles:\n\t1 main (m)\n\n' > "$d/orphans.perf"
both "perf frames without a header" "$d/orphans.perf" perf 0 \
    'orphans.perf:1: stack line outside a sample' 0 'orphans.perf:2: stack line outside a sample'
printf 'app;main 2\n' > "$d/orphans.exp"
collapsed "perf frames without a header" "$d/orphans.exp"
printf '\t1 main (m)\n\t2 start (m)\n\n' > "$d/noheader.perf"
run "perf frames, no header at all" 1 "cannot tell the format" --collapse "$d/noheader.perf"
run "perf frames, no header at all [perf]" 0 \
    'noheader.perf:2: stack line outside a sample.*|no samples' --collapse \
    --format=perf "$d/noheader.perf"
grep -q 'noheader.perf:1: stack line outside' "$tmpd/err" && grep -q "$NOSAMPLES" "$tmpd/err" &&
    ok || bad "perf frames, no header at all [perf]: both messages"
svg "perf frames, no header at all [perf, --svg]" 1 "$NOSVG" --format=perf "$d/noheader.perf"

# ------------------------------------------------ 14: cut in mid-sample
printf 'app 1 1.0: 5 cycles:\n\t1 main (m)\n\t2 sta' > "$d/cut1.perf"
both "perf cut in a frame" "$d/cut1.perf" perf 0 'cut1.perf:3: unrecognized stack line: "\\t2 sta"' \
    0 'cut1.perf:3: '
printf 'app;main 5\n' > "$d/cut.exp"
collapsed "perf cut in a frame" "$d/cut.exp"
printf 'app 1 1.0: 5 cycles:\n\t1 main (m)\n\napp 1 2.0: 5 cyc' > "$d/cut2.perf"
both "perf cut in a header" "$d/cut2.perf" perf 0 'cut2.perf:4: sample cut off' 0 'cut2.perf:4: '
collapsed "perf cut in a header" "$d/cut.exp"
printf 'a;b 5\na;c 3\na;d' > "$d/cut.folded"
both "folded cut in a line" "$d/cut.folded" folded 0 'cut.folded:3: not a folded line' \
    0 'cut.folded:3: '
head -c 300 "$TESTS_DATADIR/stap/kernel-user.txt" > "$d/cut.stap"
both "stap cut in a stack" "$d/cut.stap" stap 0 \
    'cut.stap: input ends in the middle of a stack: the frames from line 6 on' 0 'line 6 on'
head -c 3000 "$CORPUS/flamegraph/example-dtrace-stacks.txt" > "$d/cut.dtrace"
both "dtrace cut in a stack" "$d/cut.dtrace" dtrace 0 \
    'cut.dtrace: input ends in the middle of a stack: the frames from line 84 on' 0 'line 84 on'

# ------------------------------------------------------------- 15: gzip
if "$TFLAME" --collapse "$CORPUS/flamegraph/example-perf-stacks.txt.gz" \
    > "$d/gz.full" 2>/dev/null; then
	gz=$CORPUS/flamegraph/example-perf-stacks.txt.gz
	# The gzip magic and header, then garbage.
	{ printf '\037\213\010\000\000\000\000\000\000\003'; head -c 5000 "$d/random"; } > "$d/corrupt.gz"
	both "corrupt gzip" "$d/corrupt.gz" "$ALL" 1 '^tflame: .*corrupt.gz: [a-z]' 1 'corrupt.gz: '
	# A real file cut in half: what came before is used, and said so.
	head -c "$(($(wc -c < "$gz") / 2))" "$gz" > "$d/half.gz"
	both "truncated gzip" "$d/half.gz" perf 0 \
	    'half.gz: truncated gzip input; showing the [0-9]+ samples read before it' \
	    0 'truncated gzip input; showing'
	grep -Eq 'half.gz:[0-9]+: unrecognized stack line' "$tmpd/err" && ok ||
	    bad "truncated gzip: the cut line is reported"
	# Cut inside the gzip header: nothing usable.
	head -c 20 "$gz" > "$d/header.gz"
	both "gzip cut in its header" "$d/header.gz" perf 1 'header.gz: truncated gzip input' \
	    1 'header.gz: truncated gzip input'
	# Garbage after a good member: the member is used.
	gzip -c < "$TESTS_DATADIR/tui/small.folded" > "$d/trail.gz"
	head -c 4000 "$d/random" >> "$d/trail.gz"
	both "garbage after gzip data" "$d/trail.gz" folded 0 \
	    'trail.gz: .*; showing the 5 samples read before it' 0 'showing the 5 samples'
	"$TFLAME" --collapse "$TESTS_DATADIR/tui/small.folded" > "$d/small.exp" 2>/dev/null
	run "garbage after gzip data: output" 0 "" --collapse "$d/trail.gz"
	same "garbage after gzip data (output)" "$tmpd/out" "$d/small.exp"
else
	echo "SKIP: gzip input (tflame built without zlib)"
fi
# Text that only starts with the gzip magic (a collapsed file whose first
# frame name begins with those bytes, found by fuzzing) is text.
printf '\037\213\200ar 2\nb 1\n' > "$d/magic.folded"
run "gzip magic, then text [--collapse]" 0 "" --collapse "$d/magic.folded"
same "gzip magic, then text (output)" "$tmpd/out" "$d/magic.folded"
{ printf '\037\213\010'; printf '3b 5\nb 1\n'; } > "$d/magic8.folded"
run "gzip magic and method, then text [--collapse]" 0 "" --collapse "$d/magic8.folded"
same "gzip magic and method, then text (output)" "$tmpd/out" "$d/magic8.folded"

# --------------------------------------------- 16: what is not a profile
run "a directory" 1 ": is a directory" --collapse "$d"
svg "a directory [--svg]" 1 "is a directory" "$d"
run "a directory on stdin" 1 '\(standard input\): is a directory' --collapse - < "$d"
run "a missing file" 1 "missing: No such file or directory" --collapse "$d/missing"
svg "a missing file [--svg]" 1 "missing: No such file or directory" "$d/missing"
if [ "$(id -u)" -ne 0 ]; then
	cp "$d/nul.folded" "$d/unreadable"
	chmod 000 "$d/unreadable"
	run "an unreadable file" 1 "unreadable: Permission denied" --collapse "$d/unreadable"
	svg "an unreadable file [--svg]" 1 "Permission denied" "$d/unreadable"
	chmod 600 "$d/unreadable"
fi
# Opened, but every read fails (as root too).
if [ -r /proc/self/mem ]; then
	run "a read error" 1 "/proc/self/mem: Input/output error" --collapse /proc/self/mem
	svg "a read error [--svg]" 1 "Input/output error" /proc/self/mem
fi

# --------------------------------------------------- 17, 18: the output
# svg.sh covers: OUT a directory, OUT/, a missing directory, an unwritable
# directory, a file size limit (a disk filling up under the temporary file).
# A device is written into, never renamed over (as root that would replace
# the device node): /dev/full is a full disk, /dev/null swallows.  Links
# here, so that a broken tflame can only replace the link.
S=$TESTS_DATADIR/tui/small.folded
if [ -c /dev/full ]; then
	ln -s /dev/full "$d/full.svg"
	run "--svg to a full disk" 1 "cannot write .*full.svg: .*No space left on device" \
	    --svg="$d/full.svg" "$S"
	[ -c /dev/full ] && [ -L "$d/full.svg" ] && ok ||
	    bad "--svg to a full disk: the device or the link was replaced"
	bounded "$TFLAME" --svg=- "$S" > /dev/full 2> "$tmpd/err"
	[ $? -eq 1 ] && grep -q 'standard output: write error: No space left' \
	    "$tmpd/err" && ok || bad "--svg=- to a full disk"
	bounded "$TFLAME" --collapse "$S" > /dev/full 2> "$tmpd/err"
	[ $? -eq 1 ] && grep -q 'write error on standard output: No space left' \
	    "$tmpd/err" && ok || bad "--collapse to a full disk"
	bounded "$TFLAME" --collapse --diff "$S" "$S" > /dev/full 2> "$tmpd/err"
	[ $? -eq 1 ] && grep -q 'write error' "$tmpd/err" && ok ||
	    bad "--collapse --diff to a full disk"
else
	echo "SKIP: no /dev/full; a full disk is only tried in svg.sh (ulimit -f)"
fi
if [ -c /dev/null ]; then
	ln -s /dev/null "$d/null.svg"
	run "--svg to /dev/null" 0 "^$" --svg="$d/null.svg" "$S"
	[ -c /dev/null ] && [ -L "$d/null.svg" ] && ok ||
	    bad "--svg to /dev/null: the device or the link was replaced"
fi
# A link to a file: the file is written in place, the link stays
# (output.sh has the whole rule).
printf 'old\n' > "$d/target.svg"
ln -s target.svg "$d/link.svg"
run "--svg through a link" 0 "^$" --svg="$d/link.svg" "$S"
[ -L "$d/link.svg" ] && grep -q '</svg>' "$d/target.svg" && ok ||
    bad "--svg through a link: the link stays, the file is written"
ls -a "$d" | grep -q '^\.tflame-svg\.' && bad "--svg: a temporary file stays" || ok

# -------------------------------------------------------------- 19: SIGPIPE
# The reader goes away: tflame ends by SIGPIPE (or had written everything),
# quietly.  With SIGPIPE ignored, the write error is reported (status 1).
for mode in --collapse --svg=-; do
	{ bounded "$TFLAME" $mode "$d/deep.folded" 2> "$tmpd/err"; echo $? > "$tmpd/st"; } |
	    head -c 100 > /dev/null
	st=$(cat "$tmpd/st")
	if [ "$st" -ne 141 ] && [ "$st" -ne 0 ]; then
		bad "SIGPIPE $mode" "exit status $st"
	elif [ -s "$tmpd/err" ]; then
		bad "SIGPIPE $mode: stderr not empty" "$(head -c 200 "$tmpd/err")"
	else
		ok
	fi
	{ (trap '' PIPE; exec timeout 60 "$TFLAME" $mode "$d/deep.folded") 2> "$tmpd/err"
	    echo $? > "$tmpd/st"; } | head -c 100 > /dev/null
	st=$(cat "$tmpd/st")
	[ "$st" -eq 1 ] && grep -q 'write error.*Broken pipe' "$tmpd/err" && ok ||
	    bad "SIGPIPE ignored $mode" "status $st: $(head -c 200 "$tmpd/err")"
done

# --------------------------------------------------------- 20: bad usage
# cli.sh checks each usage message; here: status 2 whatever the input.
run "bad usage: unknown option" 2 "unknown option" --collapse --bogus "$d/random"
run "bad usage: two inputs" 2 "too many input files" --collapse "$d/random" "$d/random"
run "bad usage: --collapse and --svg" 2 "exclude each other" --svg=x --collapse "$d/empty"

finish
