#!/bin/sh
# ThreadSanitizer regression run: every place tflame starts a second
# thread (util/thread.c), driven with inputs big enough to take it.
#
#   tests/tsan/run.sh --builddir DIR
#
# DIR is a build configured with CFLAGS/LDFLAGS -fsanitize=thread (.ci/run
# makes one in build-tsan) in which tflame, tests/unit/check_tflame and
# tests/bench/mkprofile are built.  Each --threads=2 run must exit 0 with
# no race report (TSAN_OPTIONS makes a report exit 66) and print the same
# bytes as --threads=1 of the same binary; the unit tests (which reach the
# threaded tree, reader, queue and collapse paths) run under it too; the
# viewer builds its reverse tree and its heat map on second threads while
# keys arrive.
# Prints "tsan: N passed, M failed"; exits 1 on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
builddir=.
while [ $# -gt 0 ]; do
	case $1 in
	--builddir) builddir=$2; shift ;;
	*) echo "usage: $0 [--builddir DIR]" >&2; exit 2 ;;
	esac
	shift
done
builddir=$(cd "$builddir" && pwd)
tflame=$builddir/tflame
TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"
export TSAN_OPTIONS
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tflame-tsan.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

ok() { pass=$((pass + 1)); echo "ok: $1"; }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

# Inputs: a 40 MB perf script text (two parts at once), folded stacks in
# byte order and shuffled (the tree's finish runs on two threads).
gzip -dc "$top/data/python-json.perf.gz" > "$tmp/py.perf"
"$builddir/tests/bench/mkprofile" 40 "$tmp/big.perf" \
    "$top/data/perl-regex.perf" "$tmp/py.perf" > /dev/null 2>&1 ||
    { bad "mkprofile"; }
"$tflame" --collapse --threads=1 "$tmp/big.perf" > "$tmp/sorted.folded"
awk 'BEGIN { srand(7) } { print rand() "\t" $0 }' "$tmp/sorted.folded" |
    sort -k1,1 | cut -f2- > "$tmp/shuffled.folded"

# Run tflame with args twice, --threads=2 then --threads=1: both exit 0,
# same output, no race.
same() {
	name=$1
	shift
	"$tflame" --threads=2 "$@" > "$tmp/two" 2> "$tmp/two.err"
	st=$?
	"$tflame" --threads=1 "$@" > "$tmp/one" 2> "$tmp/one.err"
	if [ $st -ne 0 ] || grep -q ThreadSanitizer "$tmp/two.err"; then
		bad "$name: exit $st"
		sed -n 1,40p "$tmp/two.err"
	elif ! cmp -s "$tmp/two" "$tmp/one"; then
		bad "$name: --threads=2 and --threads=1 differ"
	else
		ok "$name"
	fi
}

same "perf --collapse" --collapse "$tmp/big.perf"
same "perf --collapse --pid --all" --collapse --pid --all "$tmp/big.perf"
same "perf --svg" --svg=- "$tmp/big.perf"
# The sample store: each half keeps its own, joined after its tree.
same "perf --heatmap" --heatmap "$tmp/big.perf"
same "perf --time" --collapse --time=10%-60% "$tmp/big.perf"
same "folded in order --collapse" --collapse "$tmp/sorted.folded"
same "folded shuffled --collapse" --collapse "$tmp/shuffled.folded"
same "folded shuffled --svg --reverse" --svg=- --reverse \
    "$tmp/shuffled.folded"
same "folded --top" --top=50 "$tmp/shuffled.folded"
same "diff --collapse" --collapse --diff "$tmp/sorted.folded" \
    "$tmp/shuffled.folded"

# The unit tests: each case in its own process, under the sanitizer.
if CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-10} \
    "$builddir/tests/unit/check_tflame" > "$tmp/unit.log" 2>&1 &&
    ! grep -q ThreadSanitizer "$tmp/unit.log"; then
	ok "unit tests ($(grep -o 'Checks: [0-9]*' "$tmp/unit.log"))"
else
	bad "unit tests"
	grep -B2 -A30 -e ThreadSanitizer -e 'Failures: [1-9]' \
	    -e 'Errors: [1-9]' "$tmp/unit.log" | sed -n 1,80p
fi

# The viewer: r builds the reverse tree on a second thread (started
# ahead of time) while keys arrive; after an undo a second thread makes
# what the next undo shows (view_undo.c), in both views.
if command -v tmux > /dev/null 2>&1; then
	sock=$tmp/tmux.sock
	tmux -S "$sock" new-session -d -x 120 -y 40 \
	    "'$tflame' '$tmp/shuffled.folded' 2> '$tmp/view.err';
	     echo \$? > '$tmp/view.rc'" 2> /dev/null
	sleep 3
	for k in r k k r i r j x k x u u r k x k x k x u u u; do
		tmux -S "$sock" send-keys "$k" 2> /dev/null
		sleep 0.3
	done
	tmux -S "$sock" send-keys q 2> /dev/null
	i=0
	while [ ! -s "$tmp/view.rc" ] && [ $i -lt 120 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	tmux -S "$sock" kill-server 2> /dev/null
	if [ "$(cat "$tmp/view.rc" 2> /dev/null)" = 0 ] &&
	    ! grep -q ThreadSanitizer "$tmp/view.err"; then
		ok "viewer, reverse tree and undos while keys arrive"
	else
		bad "viewer: exit $(cat "$tmp/view.rc" 2> /dev/null)"
		sed -n 1,40p "$tmp/view.err"
	fi
	# The heat map made ahead on a second thread once loaded: H at
	# once (waits for it), then again later (takes what it made).
	rm -f "$tmp/view.rc"
	tmux -S "$sock" new-session -d -x 120 -y 40 \
	    "'$tflame' '$tmp/big.perf' 2> '$tmp/heat.err';
	     echo \$? > '$tmp/view.rc'" 2> /dev/null
	i=0
	while ! tmux -S "$sock" capture-pane -p 2> /dev/null |
	    grep -q '? help' && [ $i -lt 240 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	for k in H l k Enter l Enter H Escape H r H q q; do
		tmux -S "$sock" send-keys "$k" 2> /dev/null
		sleep 0.3
	done
	i=0
	while [ ! -s "$tmp/view.rc" ] && [ $i -lt 120 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	tmux -S "$sock" kill-server 2> /dev/null
	if [ "$(cat "$tmp/view.rc" 2> /dev/null)" = 0 ] &&
	    ! grep -q ThreadSanitizer "$tmp/heat.err"; then
		ok "viewer, the heat map made ahead while keys arrive"
	else
		bad "viewer, heat map: exit $(cat "$tmp/view.rc" 2> /dev/null)"
		sed -n 1,40p "$tmp/heat.err"
	fi
else
	echo "SKIP: viewer (no tmux)"
fi

echo "tsan: $pass passed, $fail failed"
[ $fail -eq 0 ]
