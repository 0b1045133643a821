#!/bin/sh
# perf.data input (read through `perf script`), `tflame` alone, and the
# non-interactive --record mode.  A fake perf on PATH (or in $PERF) checks
# the command line tflame builds, failures, hangs and garbage; the real perf
# checks byte-for-byte agreement with `perf script | tflame` where it can
# record (skipped with a message where it cannot).
. "$(dirname "$0")/lib.sh" || exit 99

sample=$CORPUS/flamegraph/test/perf-funcab-cmd-01.txt
tag=tflame-pd-$$
fakebin=$tmpd/bin
mkdir -p "$fakebin" "$tmpd/nobin"
for t in sh cat sleep head sed diff cut; do
	ln -s "$(command -v $t)" "$tmpd/nobin/$t"
done

# The fake perf: FAKE_MODE says what it does; its arguments go to args.log
# and what it reads on standard input to stdin.log.
cat > "$fakebin/perf" <<EOF
#!/bin/sh
# $tag
printf '%s\n' "\$*" > "$tmpd/args.log"
case "\${FAKE_MODE:-good}" in
good)	case "\$3" in -|/dev/stdin) cat > "$tmpd/stdin.log" ;; esac
	cat "$sample" ;;
fail)	echo "perf: bad thing happened" >&2
	echo "second line" >&2
	exit 3 ;;
partial) head -n 20 "$sample"; echo "perf: died half way" >&2; exit 4 ;;
garbage) printf 'hello\nworld\n' ;;
hang)	exec sleep 1000 ;;
slices|slicefail) # one slice each: the first is slow, so the others wait
	printf '%s\n' "\$*" >> "$tmpd/slices.log"
	echo "perf: a warning every perf script gives" >&2
	case "\$*" in
	*"--time ,"*) sleep 1 ;;
	*",") echo "perf: the last slice's own" >&2 ;;
	*)	if [ "\$FAKE_MODE" = slicefail ]; then
			echo "perf: the middle slice failed" >&2
			exit 3
		fi ;;
	esac
	cat "$sample" ;;
linger)	cat "$sample"; exec >&-; exec sleep 1000 ;;
chatty)	i=0; while [ \$i -lt 3000 ]; do
		echo "warning \$i: some long message about a symbol to fill the pipe" >&2
		i=\$((i + 1)); done
	cat "$sample" ;;
esac
EOF
chmod +x "$fakebin/perf"
printf 'PERFILE2h\000\000\000\000\000\000\000more bytes\n' > "$tmpd/fake.data"

# run NAME STATUS COMMAND...: status, output in out, messages in err.
run() {
	name=$1 want=$2
	shift 2
	"$@" > "$tmpd/out" 2> "$tmpd/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "$name" "exit status $got, expected $want"
		sed 's/^/  stderr: /' "$tmpd/err" | head -5
		return 1
	fi
	ok
}

# exact NAME FILE TEXT: FILE holds exactly TEXT (and a newline).
exact() {
	printf '%s\n' "$3" > "$tmpd/exact"
	same "$1" "$2" "$tmpd/exact"
}

# tflame runs with a mark in its environment, which its children inherit,
# so that what it leaves behind can be told from other people's perf.
real_tflame=$TFLAME
TFLAME=$tmpd/tflame
printf '#!/bin/sh\nTFLAME_PD_TAG=%s exec "%s" "$@"\n' "$tag" "$real_tflame" \
    > "$TFLAME"
chmod +x "$TFLAME"

# left: the processes with the mark (tflame's children and theirs).
left() {
	grep -l "TFLAME_PD_TAG=$tag" /proc/[0-9]*/environ 2>/dev/null |
	    sed 's|/proc/\([0-9]*\)/environ|\1|'
}

# hung: the fake perf's sleep has started.
hung() {
	for p in $(left); do
		grep -qx sleep "/proc/$p/comm" 2>/dev/null && return 0
	done
	return 1
}

# gone NAME: no process tflame started is left (waits up to 3 s).
gone() {
	n=30
	while [ "$n" -gt 0 ]; do
		[ -z "$(left)" ] && { ok; return 0; }
		sleep 0.1
		n=$((n - 1))
	done
	bad "$1" "left: $(for p in $(left); do tr '\0' ' ' < /proc/$p/cmdline; echo; done)"
	for p in $(left); do kill -9 "$p"; done
	return 1
}

"$TFLAME" --collapse "$sample" > "$tmpd/sample.folded" 2>/dev/null
export PATH="$fakebin:$PATH"
unset PERF

# A perf.data file is read through `perf script -i FILE`.
run "fake: collapse" 0 "$TFLAME" --collapse "$tmpd/fake.data"
same "fake: collapse output" "$tmpd/out" "$tmpd/sample.folded"
exact "fake: perf script command line" "$tmpd/args.log" \
    "script -i $tmpd/fake.data"
run "fake: --pid" 0 "$TFLAME" --collapse --pid "$tmpd/fake.data"
exact "fake: --pid asks for the pid" "$tmpd/args.log" \
    "script -i $tmpd/fake.data -F +pid"
run "fake: --perf-args" 0 "$TFLAME" --collapse --perf-args='--no-inline  -v' \
    "$tmpd/fake.data"
exact "fake: --perf-args passed on" "$tmpd/args.log" \
    "script -i $tmpd/fake.data --no-inline -v"
PERF=$fakebin/perf PATH=$tmpd/nobin run "fake: \$PERF" 0 \
    "$TFLAME" --collapse "$tmpd/fake.data"
same "fake: \$PERF output" "$tmpd/out" "$tmpd/sample.folded"

# Standard input: the whole file reaches `perf script -i -`.
run "fake: stdin file" 0 "$TFLAME" --collapse < "$tmpd/fake.data"
same "fake: stdin file output" "$tmpd/out" "$tmpd/sample.folded"
same "fake: stdin file bytes" "$tmpd/stdin.log" "$tmpd/fake.data"
cat "$tmpd/fake.data" | "$TFLAME" --collapse - > "$tmpd/out" 2> "$tmpd/err"
same "fake: stdin pipe output" "$tmpd/out" "$tmpd/sample.folded"
same "fake: stdin pipe bytes" "$tmpd/stdin.log" "$tmpd/fake.data"
# Pipe-mode data through a pipe, more than a pipe holds: the feeder that
# copies it must not keep tflame waiting until it has copied it all.
{ printf 'PERFILE2\020\000\000\000\000\000\000\000'
  head -c 300000 /dev/zero; } > "$tmpd/big-pipe.data"
cat "$tmpd/big-pipe.data" | timeout 20 "$TFLAME" --collapse - > "$tmpd/out" \
    2> "$tmpd/err"
same "fake: big pipe-mode stdin output" "$tmpd/out" "$tmpd/sample.folded"
same "fake: big pipe-mode stdin bytes" "$tmpd/stdin.log" "$tmpd/big-pipe.data"

# Every mode: --svg and both sides of --diff.
"$TFLAME" --svg="$tmpd/want.svg" "$sample" 2>/dev/null
run "fake: svg" 0 "$TFLAME" --svg="$tmpd/got.svg" "$tmpd/fake.data"
same "fake: svg output" "$tmpd/got.svg" "$tmpd/want.svg"
"$TFLAME" --diff --collapse "$sample" "$sample" > "$tmpd/want.diff" 2>/dev/null
run "fake: diff" 0 "$TFLAME" --diff --collapse "$tmpd/fake.data" "$tmpd/fake.data"
same "fake: diff output" "$tmpd/out" "$tmpd/want.diff"

# --perf-slices: a file whose header holds its first and last sample times
# (1 s and 4 s here) is read by N perf scripts at once, one --time slice
# each, their outputs in slice order, their messages once each.
le64() {
	_n=$1 _i=0
	while [ $_i -lt 8 ]; do
		printf "\\$(printf '%03o' $((_n % 256)))"
		_n=$((_n / 256)) _i=$((_i + 1))
	done
}
{ printf PERFILE2; le64 104; le64 0; le64 0; le64 0; le64 104; le64 0
  le64 0; le64 0; le64 $((1 << 21)); le64 0; le64 0; le64 0
  le64 120; le64 16; le64 1000000000; le64 4000000000; } > "$tmpd/timed.data"
# hdr SAMPLE_TYPE: a header whose one event was sampled so.
hdr() {
	printf PERFILE2; le64 104; le64 64; le64 136; le64 64; le64 104; le64 0
	le64 0; le64 0; le64 $((1 << 21)); le64 0; le64 0; le64 0
	le64 120; le64 16; le64 1000000000; le64 4000000000
	le64 0; le64 0; le64 0; le64 "$1"; le64 0; le64 0; le64 0; le64 0
}
# Without a user stack (frame pointers) perf script finds no inline
# frames: --no-inline spares it the addr2line pass; with one, as it was.
hdr $((0x127)) > "$tmpd/fp.data"
run "fake: frame pointers" 0 "$TFLAME" --collapse "$tmpd/fp.data"
exact "fake: frame pointers: --no-inline" "$tmpd/args.log" \
    "script -i $tmpd/fp.data --no-inline"
hdr $((0x127 | 0x3000)) > "$tmpd/dwarf.data"
run "fake: dwarf" 0 "$TFLAME" --collapse "$tmpd/dwarf.data"
exact "fake: dwarf: perf's inline frames" "$tmpd/args.log" \
    "script -i $tmpd/dwarf.data"
run "fake: frame pointers, --perf-args" 0 "$TFLAME" --collapse \
    --perf-args=-v "$tmpd/fp.data"
exact "fake: frame pointers, --perf-args: as given" "$tmpd/args.log" \
    "script -i $tmpd/fp.data -v"
run "fake: frame pointers, stdin" 0 "$TFLAME" --collapse < "$tmpd/fp.data"
exact "fake: frame pointers, stdin: as it was" "$tmpd/args.log" \
    "script -i /dev/stdin"
cat "$sample" "$sample" "$sample" | "$TFLAME" --collapse > "$tmpd/three.folded"
rm -f "$tmpd/slices.log"
FAKE_MODE=slices run "fake: --perf-slices=3" 0 timeout 20 "$TFLAME" --collapse \
    --perf-slices=3 "$tmpd/timed.data"
same "fake: slices output" "$tmpd/out" "$tmpd/three.folded"
sort "$tmpd/slices.log" > "$tmpd/slices.sorted"
cat > "$tmpd/want.log" <<EOF2
script -i $tmpd/timed.data --time ,1.999999999
script -i $tmpd/timed.data --time 2.000000000,2.999999999
script -i $tmpd/timed.data --time 3.000000000,
EOF2
same "fake: slices command lines" "$tmpd/slices.sorted" "$tmpd/want.log"
cat > "$tmpd/want.err" <<EOF2
tflame: $tmpd/timed.data: perf script: perf: a warning every perf script gives
tflame: $tmpd/timed.data: perf script: perf: the last slice's own
EOF2
sort "$tmpd/err" > "$tmpd/err.sorted"
same "fake: slices say each message once" "$tmpd/err.sorted" "$tmpd/want.err"
FAKE_MODE=slicefail run "fake: a slice fails" 1 timeout 20 "$TFLAME" --collapse \
    --perf-slices=3 "$tmpd/timed.data"
grep -qx "tflame: $tmpd/timed.data: \`perf script -i $tmpd/timed.data\` exited with status 3" \
    "$tmpd/err" && grep -q "the middle slice failed" "$tmpd/err" && ok ||
    bad "fake: a slice's failure is perf script's" "$(cat "$tmpd/err")"
# One perf script: the default, --perf-args, standard input, no times.
for how in "" "--perf-args=-v" "<" "fake.data"; do
	rm -f "$tmpd/slices.log"
	case $how in
	"<")	FAKE_MODE=slices "$TFLAME" --collapse --perf-slices=3 \
		    < "$tmpd/timed.data" > "$tmpd/out" 2>/dev/null ;;
	fake.data) FAKE_MODE=slices "$TFLAME" --collapse --perf-slices=3 \
		    "$tmpd/fake.data" > "$tmpd/out" 2>/dev/null ;;
	"")	FAKE_MODE=slices "$TFLAME" --collapse "$tmpd/timed.data" \
		    > "$tmpd/out" 2>/dev/null ;;
	*)	FAKE_MODE=slices "$TFLAME" --collapse --perf-slices=3 $how \
		    "$tmpd/timed.data" > "$tmpd/out" 2>/dev/null ;;
	esac
	[ "$(wc -l < "$tmpd/slices.log")" -eq 1 ] && ok ||
	    bad "fake: one perf script ($how)" "$(cat "$tmpd/slices.log")"
done
gone "fake: slices leave no perf"

# A perf script that says a lot on standard error does not block tflame.
FAKE_MODE=chatty run "fake: chatty stderr" 0 timeout 20 "$TFLAME" --collapse \
    "$tmpd/fake.data"
same "fake: chatty output" "$tmpd/out" "$tmpd/sample.folded"

# perf script failing: its message and exit status, exit 1.
FAKE_MODE=fail run "fake: fail" 1 "$TFLAME" --collapse "$tmpd/fake.data"
cat > "$tmpd/want.err" <<EOF
tflame: $tmpd/fake.data: perf script: perf: bad thing happened
tflame: $tmpd/fake.data: perf script: second line
tflame: $tmpd/fake.data: \`perf script -i $tmpd/fake.data\` exited with status 3
EOF
same "fake: fail message" "$tmpd/err" "$tmpd/want.err"
[ ! -s "$tmpd/out" ] && ok || bad "fake: fail prints nothing"
FAKE_MODE=partial run "fake: partial" 1 "$TFLAME" --collapse "$tmpd/fake.data"
cat > "$tmpd/want.err" <<EOF
tflame: $tmpd/fake.data: perf script: perf: died half way
tflame: $tmpd/fake.data: \`perf script -i $tmpd/fake.data\` exited with status 4
EOF
same "fake: partial message" "$tmpd/err" "$tmpd/want.err"

# Garbage from perf script reads as perf input with no samples.
FAKE_MODE=garbage run "fake: garbage" 0 "$TFLAME" --collapse "$tmpd/fake.data"
cat > "$tmpd/want.err" <<EOF
tflame: $tmpd/fake.data:1: stack line outside a sample: "hello"
tflame: $tmpd/fake.data:2: stack line outside a sample: "world"
tflame: $tmpd/fake.data: 2 malformed lines skipped in all
tflame: $tmpd/fake.data: no samples in the input
EOF
same "fake: garbage message" "$tmpd/err" "$tmpd/want.err"

# A perf script that keeps running after its output ended is stopped.
FAKE_MODE=linger run "fake: linger" 0 timeout 20 "$TFLAME" --collapse \
    "$tmpd/fake.data"
same "fake: linger output" "$tmpd/out" "$tmpd/sample.folded"
gone "fake: linger leaves no perf"

# A hung perf script goes with tflame, whatever ends it.
for sig in TERM INT HUP KILL; do
	# A background job of a script starts with SIGINT ignored.
	FAKE_MODE=hang env --default-signal=INT "$TFLAME" --collapse \
	    "$tmpd/fake.data" > /dev/null 2>&1 &
	pid=$!
	(sleep 20; kill -9 "$pid" 2>/dev/null) &
	guard=$!
	n=50
	while [ "$n" -gt 0 ] && ! hung; do
		sleep 0.1
		n=$((n - 1))
	done
	kill -"$sig" "$pid"
	wait "$pid"
	st=$?
	kill "$guard" 2>/dev/null
	[ "$st" -gt 128 ] && ok || bad "fake: hang, SIG$sig ends tflame" "status $st"
	gone "fake: hang, SIG$sig leaves no perf"
done

# perf missing: exit 1 before anything, naming the packages.
cat > "$tmpd/want.err" <<EOF
tflame: $tmpd/fake.data is a perf.data file; reading it needs perf, which is not installed
tflame: install linux-perf (Debian) or linux-tools-\$(uname -r) (Ubuntu), or perf (RHEL, Fedora),
tflame: or run \`perf script -i FILE | tflame\` where perf is installed
EOF
PATH=$tmpd/nobin run "no perf" 1 "$TFLAME" --collapse "$tmpd/fake.data"
same "no perf message" "$tmpd/err" "$tmpd/want.err"
cat > "$tmpd/want.err" <<EOF
tflame: \$PERF: $tmpd/nobin/perf: No such file or directory
tflame: install linux-perf (Debian) or linux-tools-\$(uname -r) (Ubuntu), or perf (RHEL, Fedora),
tflame: or run \`perf script -i FILE | tflame\` where perf is installed
EOF
PERF=$tmpd/nobin/perf run "bad \$PERF" 1 "$TFLAME" --collapse "$tmpd/fake.data"
same "bad \$PERF message" "$tmpd/err" "$tmpd/want.err"

# on_tty DIR ARGS...: tflame ARGS in DIR with a terminal on its standard
# input (a private, detached tmux pane; stdout to out, stderr to err, the
# status returned).  Not `script`, which with its own standard input at end
# of file may hang up tflame before it has written anything.  Each call has
# its own server and waits for the status file: with one socket name and
# `wait-for`, a call could reach the server of the call before while it
# exited, return at once, and kill its own pane (status 98 in a loaded CI
# run; 2 of 200 calls in a loop of two such loops at once).
ntty=0
on_tty() {
	dir=$1
	shift
	printf 'cd "%s" || exit 99\nexport PATH="%s"\n"%s"' \
	    "$dir" "$PATH" "$TFLAME" > "$tmpd/tty.sh"
	for a in "$@"; do printf ' "%s"' "$a" >> "$tmpd/tty.sh"; done
	printf ' > "%s" 2> "%s"\necho $? > "%s"\n' \
	    "$tmpd/out" "$tmpd/err" "$tmpd/tty.st" >> "$tmpd/tty.sh"
	rm -f "$tmpd/tty.st"
	ntty=$((ntty + 1))
	tmux -L "tflame-tty-$$-$ntty" -f /dev/null new-session -d -x 80 -y 24 \
	    "sh '$tmpd/tty.sh'"
	n=3000 # 300 s
	while [ "$n" -gt 0 ] && [ ! -s "$tmpd/tty.st" ]; do
		sleep 0.1
		n=$((n - 1))
	done
	tmux -L "tflame-tty-$$-$ntty" kill-server 2> /dev/null
	[ -s "$tmpd/tty.st" ] || return 98
	return "$(cat "$tmpd/tty.st")"
}

# `tflame` alone on a terminal: ./perf.data, or a usage hint.
mkdir -p "$tmpd/alone"
on_tty "$tmpd/alone" --collapse
st=$?
[ "$st" -eq 2 ] && ok || bad "alone: exit 2" "status $st"
cp "$tmpd/err" "$tmpd/alone.err"
[ -s "$tmpd/out" ] && bad "alone: nothing on stdout" "$(cat "$tmpd/out")" || ok
cat > "$tmpd/want.err" <<EOF
tflame: no input: give a FILE, pipe a profile in, or run it where ./perf.data is
Usage: tflame [OPTION]... [FILE]   (perf.data, perf script output, folded stacks...)
Try 'tflame --help' for more information.
EOF
same "alone: usage hint" "$tmpd/alone.err" "$tmpd/want.err"
cp "$tmpd/fake.data" "$tmpd/alone/perf.data"
on_tty "$tmpd/alone" --collapse
st=$?
[ "$st" -eq 0 ] && ok || bad "alone: perf.data, exit 0" "status $st"
cp "$tmpd/out" "$tmpd/alone.out"
same "alone: opens ./perf.data" "$tmpd/alone.out" "$tmpd/sample.folded"
exact "alone: perf script -i perf.data" "$tmpd/args.log" "script -i perf.data"

# --record with a fake perf: its command lines, and a failure to start.
cat > "$fakebin/perf" <<EOF
#!/bin/sh
# $tag
case "\$1" in
record)	printf '%s\n' "\$*" | sed 's/--control=fd:[0-9]*,[0-9]*/--control=fd:C,A/' \
	    > "$tmpd/record.log"
	case "\${FAKE_MODE:-good}" in
	denied) cat >&2 <<'EOT'
Error:
Access to performance monitoring and observability operations is limited.
EOT
		exit 255 ;;
	esac
	printf 'PERFILE2'
	# Answer tflame's "ping" on the control pipe: recording.
	for a; do
		case "\$a" in
		--control=fd:*) c=\${a#--control=fd:} ;;
		esac
	done
	read -r cmd <&"\${c%,*}"
	[ "\$cmd" = ping ] && echo ack >&"\${c#*,}"
	case "\${FAKE_MODE:-good}" in
	# As perf does when its command ended 3: output closed, then a
	# moment later exit 3 (SIGINT meanwhile kills it, as perf re-raises).
	exit3)	exec >&-
		sleep 1
		echo '[ perf record: Captured and wrote 0.001 MB - ]' >&2
		exit 3 ;;
	esac
	trap 'exit 0' INT
	while :; do sleep 0.05; done ;;
script)	printf '%s\n' "\$*" > "$tmpd/script.log"
	cat > /dev/null
	cat "$sample" ;;
esac
EOF
run "fake record" 0 timeout 20 "$TFLAME" --record --duration=1 --collapse -a
same "fake record: output" "$tmpd/out" "$tmpd/sample.folded"
exact "fake record: perf record" "$tmpd/record.log" \
    "record -g -F 99 --no-buffering -o - --control=fd:C,A -a"
exact "fake record: perf script" "$tmpd/script.log" "script -i -"
run "fake record -p" 0 timeout 20 "$TFLAME" --record --duration=1 \
    --freq=999 --call-graph=dwarf --collapse -p 1,2
exact "fake record -p: perf record" "$tmpd/record.log" \
    "record --call-graph=dwarf -F 999 --no-buffering -o - --control=fd:C,A -p 1,2"
gone "fake record leaves no perf"
FAKE_MODE=denied run "fake record: denied" 1 timeout 20 "$TFLAME" --record \
    --duration=1 --collapse -a
cat > "$tmpd/want.err" <<EOF
tflame: perf record: Error:
tflame: perf record: Access to performance monitoring and observability operations is limited.
tflame: \`perf record\` failed to start (exited with status 255); run tflame as root, or:
tflame:   sysctl kernel.perf_event_paranoid=1   (or -1 for -a; see perf_event_paranoid)
tflame:   setcap cap_perfmon,cap_sys_ptrace+ep "\$(command -v perf)"
tflame:   in a container: allow perf_event_open in its seccomp profile, or add CAP_PERFMON
EOF
same "fake record: denied message" "$tmpd/err" "$tmpd/want.err"
# perf record closes its output a moment before it exits with its
# command's status (more than a moment under load): that status is
# waited for, not cut short by a SIGINT.
FAKE_MODE=exit3 run "fake record: command status" 3 timeout 20 "$TFLAME" \
    --record --collapse -- true
grep -q "^tflame: true: exited with status 3$" "$tmpd/err" && ok ||
    bad "fake record: command status shown" "$(cat "$tmpd/err")"
run "record: usage" 2 "$TFLAME" --record --collapse
exact "record: usage message" "$tmpd/err" \
    "tflame: --record needs -a, -p PID[,PID...] or -- COMMAND [ARGS...]
Try 'tflame --help' for more information."
PATH=$tmpd/nobin run "record: no perf" 1 "$TFLAME" --record --collapse -a
head -n 1 "$tmpd/err" > "$tmpd/err1"
exact "record: no perf message" "$tmpd/err1" \
    "tflame: --record needs perf, which is not installed"

# The real perf, where it can record.
PATH=$(echo "$PATH" | sed "s|^$fakebin:||")
perf=$(command -v perf)
if [ -z "$perf" ] || ! "$perf" record -g -o "$tmpd/probe.data" -- true \
    > /dev/null 2>&1; then
	echo "perfdata: SKIP: perf cannot record here; the real-perf tests did not run"
	finish
	exit $?
fi
cd "$tmpd"
busy='i=0; while [ $i -lt 300000 ]; do i=$((i + 1)); done'
perf record -F 999 -g -o perf.data -- sh -c "$busy" > /dev/null 2>&1
perf script -i perf.data 2>/dev/null | "$TFLAME" --collapse > want 2>/dev/null
run "perf: collapse" 0 "$TFLAME" --collapse perf.data
same "perf: collapse = perf script | tflame --collapse" out want
cp want want.collapse
[ -s want ] && ok || bad "perf: the recording has samples"
perf script -F +pid -i perf.data 2>/dev/null | "$TFLAME" --collapse --pid > want
run "perf: --pid" 0 "$TFLAME" --collapse --pid perf.data
same "perf: --pid output" out want
perf script -i perf.data 2>/dev/null | "$TFLAME" --collapse --addrs --all > want
run "perf: --addrs --all" 0 "$TFLAME" --collapse --addrs --all perf.data
same "perf: --addrs --all output" out want
perf script -i perf.data 2>/dev/null | "$TFLAME" --svg=want.svg 2>/dev/null
run "perf: svg" 0 "$TFLAME" --svg=got.svg perf.data
same "perf: svg output" got.svg want.svg
# Time slices: the same samples, none lost or doubled on a boundary, with
# frame pointers and with dwarf (inline frames: addr2line per slice).
for n in 2 5; do
	run "perf: --perf-slices=$n" 0 "$TFLAME" --collapse --perf-slices=$n \
	    perf.data
	same "perf: --perf-slices=$n output" out want.collapse
	run "perf: --perf-slices=$n --threads=1" 0 "$TFLAME" --collapse \
	    --threads=1 --perf-slices=$n perf.data
	same "perf: --perf-slices=$n --threads=1 output" out want.collapse
done
perf record -F 999 --call-graph dwarf -o dwarf.data -- sh -c "$busy" \
    > /dev/null 2>&1
perf script -i dwarf.data 2> /dev/null | "$TFLAME" --collapse > want \
    2> /dev/null
for n in 1 2 5; do
	run "perf: dwarf --perf-slices=$n" 0 "$TFLAME" --collapse \
	    --perf-slices=$n dwarf.data
	same "perf: dwarf --perf-slices=$n output" out want
done
[ -s want ] && ok || bad "perf: the dwarf recording has samples"
# Pipe-mode data, as a file and through standard input.
perf record -F 999 -g -o - -- sh -c "$busy" > pipe.data 2>/dev/null
perf script -i - < pipe.data 2>/dev/null | "$TFLAME" --collapse > want
run "perf: pipe mode" 0 "$TFLAME" --collapse pipe.data
same "perf: pipe mode output" out want
cat pipe.data | "$TFLAME" --collapse > out 2>/dev/null
same "perf: pipe mode through a pipe" out want
gone "perf: no perf script left"

# The README's example: record, then `tflame` alone opens ./perf.data.
grep -q '^    perf record -g -- ./myprog *# writes perf.data$' \
    "$TESTS_DATADIR/../../README" && ok || bad "README shows perf record -g"
grep -q '^    tflame *# opens ./perf.data' "$TESTS_DATADIR/../../README" &&
    ok || bad "README shows tflame alone"
mkdir readme && cd readme
printf '#!/bin/sh\n%s\n' "$busy" > myprog && chmod +x myprog
perf record -g -- ./myprog > /dev/null 2>&1
on_tty "$PWD" --collapse
st=$?
[ "$st" -eq 0 ] && ok || bad "README example: exit 0" "status $st $(cat "$tmpd/err")"
cp "$tmpd/out" out
perf script 2>/dev/null | "$TFLAME" --collapse > want 2>/dev/null
same "README example" out want
cd ..

# Non-interactive recording.
run "record: collapse" 0 timeout 30 "$TFLAME" --record --freq=999 --collapse \
    -- sh -c "$busy"
grep -q '^sh;' out && ok || bad "record: the command's stacks" out
run "record: svg" 0 timeout 30 "$TFLAME" --record -a --duration=1 --svg=now.svg
grep -q '</svg>' now.svg && ok || bad "record: svg written"
run "record: command status" 3 timeout 30 "$TFLAME" --record --collapse \
    -- sh -c "$busy; exit 3"
grep -q "^tflame: sh -c .*: exited with status 3$" err && ok ||
    bad "record: command status shown" "$(cat err)"
gone "record: no perf left"

finish
