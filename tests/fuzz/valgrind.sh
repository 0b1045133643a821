#!/bin/sh
# `make check-valgrind`: the non-interactive paths under valgrind's
# memcheck, failing on any invalid access, use of uninitialised memory or
# leak (definite or indirect).
#   TFLAME          the tflame binary
#   TESTS_DATADIR   tests/data
#   UNIT_TESTS      the Check programs, run with CK_FORK=no so that valgrind
#                   sees the tests themselves, not a fork server
. "$(dirname "$0")/../golden/lib.sh" || exit 99
: "${UNIT_TESTS:=}"
VG="valgrind -q --error-exitcode=99 --leak-check=full \
--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
--track-origins=yes"
if ! command -v valgrind > /dev/null 2>&1; then
	echo "valgrind: not installed (Debian: apt-get install valgrind)" >&2
	exit 1
fi

# vg NAME CMD...: CMD must run clean under valgrind (exit 0 or 1: some
# inputs are meant to be rejected).
vg() {
	name=$1
	shift
	# shellcheck disable=SC2086
	$VG "$@" > "$tmpd/out" 2> "$tmpd/err"
	rc=$?
	if [ "$rc" -eq 99 ] || [ "$rc" -gt 1 ]; then
		bad "$name" "exit $rc"
		grep -E '^==[0-9]+==' "$tmpd/err" | head -20
	else
		ok
	fi
}

D=$TESTS_DATADIR
I=$D/corpus/inferno
inputs="$D/svg/s1.folded $D/svg/hostile.folded $D/svg/tricky.folded \
$D/svg/fractional.folded $D/tui/deep.folded $D/tui/warn.folded \
$D/stap/kernel-user.txt $D/stap/quirks.txt $D/stap/script-frames.txt \
$I/collapse-dtrace/stack-ustack.txt $I/collapse-dtrace/hex-addresses.txt \
$I/collapse-perf/go-stacks.txt $I/collapse-perf/versioned-vmlinux.txt \
$I/collapse-perf/weird-stack-line.txt $I/collapse-guess/unknown-format.txt \
$D/corpus/flamegraph/test/perf-java-stacks-02.txt $D/diff/work-O2.perf.gz"
for f in $inputs; do
	n=$(basename "$f")
	vg "collapse $n" "$TFLAME" --collapse "$f"
	vg "svg $n" "$TFLAME" --svg "$tmpd/out.svg" "$f"
done
vg "diff collapse" "$TFLAME" --diff --collapse "$D/tui/diff-before.folded" \
    "$D/tui/diff-after.folded"
vg "diff collapse perf" "$TFLAME" --diff --collapse "$D/diff/work-O0.perf.gz" \
    "$D/diff/work-O2.perf.gz"
vg "diff svg" "$TFLAME" --diff --svg "$tmpd/diff.svg" \
    "$D/tui/diff-before.folded" "$D/tui/diff-after.folded"

for u in $UNIT_TESTS; do
	CK_FORK=no vg "$(basename "$u")" "$u"
done
finish
