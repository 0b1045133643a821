#!/bin/sh
# The static binary (./configure --enable-static-binary) on a box with no
# library at all: a minimal root holding only the binary, a terminfo
# directory with xterm-256color, /dev/null and (for the viewer) the profile,
# entered with chroot (as root) or unshare -rm + chroot (a user namespace).
#  1. ldd says "not a dynamic executable";
#  2. --collapse --pid of a perf input through standard input: the FlameGraph
#     corpus's recorded result, byte for byte;
#  3. --svg=- : the same bytes as the binary outside the root;
#  4. the viewer in tmux, TERM=xterm-256color: drawn, q, terminal restored;
#  5. TERM=screen (no entry in the root): drawn as xterm-256color, and said;
#  6. no terminfo directory at all: refuses, naming TERM=xterm-256color.
# Skipped, with a message, when the binary is not static or neither chroot
# nor a user namespace is allowed here.
. "$(dirname "$0")/../tui/lib.sh" || exit 99

corpus=$TESTS_DATADIR/corpus/flamegraph
case $(ldd "$TFLAME" 2>&1) in
*"not a dynamic executable"*) ok ;;
*)	echo "$NAME: SKIP: $TFLAME is dynamically linked" \
	    "(./configure --enable-static-binary)"
	exit 77 ;;
esac

root=$tmpd/root
mkdir -p "$root/dev" "$root/usr/share/terminfo/x"
cp "$TFLAME" "$root/tflame"
ti=$(infocmp -D 2>/dev/null | while read -r d; do
	[ -f "$d/x/xterm-256color" ] && { echo "$d/x/xterm-256color"; break; }
done)
[ -n "$ti" ] || ti=/usr/share/terminfo/x/xterm-256color
cp "$ti" "$root/usr/share/terminfo/x/" || { echo "$NAME: SKIP: no xterm-256color terminfo entry"; exit 77; }
cp "$DATA/small.folded" "$root/p.folded"

# inroot COMMAND...: run COMMAND in the root.  The script is a file, so
# that the tmux pane can run it too.
cat > "$tmpd/inroot" <<EOS
#!/bin/sh
root='$root'
if [ "\$(id -u)" -eq 0 ]; then
	[ -c "\$root/dev/null" ] || mknod -m 666 "\$root/dev/null" c 1 3 2>/dev/null
	if [ -c "\$root/dev/null" ]; then exec chroot "\$root" "\$@"; fi
fi
[ -e "\$root/dev/null" ] || : > "\$root/dev/null"
exec unshare -rm sh -c 'mount --bind /dev/null "\$0/dev/null" && exec chroot "\$0" "\$@"' "\$root" "\$@"
EOS
chmod +x "$tmpd/inroot"
if ! "$tmpd/inroot" /tflame --version > "$tmpd/v" 2> "$tmpd/verr"; then
	echo "$NAME: SKIP: cannot enter a minimal root here (chroot or" \
	    "unshare -rm not allowed): $(head -1 "$tmpd/verr")"
	exit 77
fi
check "--version in the root" grep -q '^built with: .* static=yes ' "$tmpd/v"
ls -A "$root" > "$tmpd/ls"
printf 'dev\np.folded\ntflame\nusr\n' > "$tmpd/want"
check "the root holds nothing else" cmp -s "$tmpd/want" "$tmpd/ls"

# 2. --collapse, input on standard input, output on standard output.
in=$corpus/test/perf-java-stacks-01.txt
"$tmpd/inroot" /tflame --collapse --pid < "$in" > "$tmpd/c" 2> "$tmpd/cerr"
recorded() {
	cmp -s "$tmpd/c" "$corpus/test/results/perf-java-stacks-01-collapsed-pid.txt" ||
	cmp -s "$tmpd/c" "$corpus/results-perl-today/perf-java-stacks-01-collapsed-pid.txt"
}
check "--collapse in the root: the recorded result" recorded
check "--collapse: no message" test ! -s "$tmpd/cerr"

# 3. --svg=- against the same binary outside the root.
"$tmpd/inroot" /tflame --svg=- < "$DATA/small.folded" > "$tmpd/s" 2> "$tmpd/serr"
"$TFLAME" --svg=- < "$DATA/small.folded" > "$tmpd/s.out"
check "--svg in the root: same bytes as outside" cmp -s "$tmpd/s" "$tmpd/s.out"
check "--svg: an SVG" grep -q '^<svg ' "$tmpd/s"

# 4. The viewer with its terminfo entry in the root.
start 80 24
run "TERM=xterm-256color LANG=C.UTF-8 $tmpd/inroot /tflame /p.folded"
check "viewer in the root (xterm-256color)" viewer_up
check "viewer draws the graph" has "main"
T send-keys -t t q
check "viewer quits" finished
check "viewer exit 0" exited 0
check "terminal restored" restored

# 5. TERM names an entry the root lacks.
start 80 24
run "TERM=screen LANG=C.UTF-8 $tmpd/inroot /tflame /p.folded"
check "viewer in the root (TERM=screen, no entry)" viewer_up
T send-keys -t t q
check "quits (TERM=screen)" finished
check "exit 0 (TERM=screen)" exited 0
T capture-pane -p -J -t t | grep '^tflame:' > "$tmpd/msg"
echo 'tflame: no terminfo entry for TERM="screen"; drew as xterm-256color' > "$tmpd/want"
check "says it drew as xterm-256color" cmp -s "$tmpd/want" "$tmpd/msg"

# 6. No terminfo at all: the message names the TERM to try.
rm -r "$root/usr"
start 200 24
run "TERM=screen LANG=C.UTF-8 $tmpd/inroot /tflame /p.folded"
check "no terminfo: fails" finished
check "no terminfo: exit 1" exited 1
T capture-pane -p -J -t t | grep '^tflame:' > "$tmpd/msg"
cat > "$tmpd/want" <<'EOS'
tflame: no terminfo entry for TERM="screen" nor for xterm-256color (looked in $TERMINFO, ~/.terminfo, /etc/terminfo, /lib/terminfo, /usr/share/terminfo); install ncurses-base or ncurses-term, or copy x/xterm-256color from a terminfo directory into one of those and run with TERM=xterm-256color
tflame: cannot draw on terminal type "screen"; use --collapse
EOS
check "no terminfo: says which TERM to try" cmp -s "$tmpd/want" "$tmpd/msg"
[ "$fail" -eq 0 ] || diff "$tmpd/want" "$tmpd/msg"

finish
