# Shared helpers for the golden tests (sourced).
#   TFLAME          the binary under test
#   TESTS_DATADIR   tests/data (fixtures copied from the conformance corpus)
set -u
# make -j hands all but one job a standard input that is an empty pipe, and
# perf (and tflame) read a pipe on standard input in place of ./perf.data:
# no test may depend on which job it was.
exec < /dev/null
: "${TFLAME:=$(cd "$(dirname "$0")/../.." && pwd)/tflame}"
: "${TESTS_DATADIR:=$(cd "$(dirname "$0")/../data" && pwd)}"
CORPUS=$TESTS_DATADIR/corpus
pass=0
fail=0
failed_names=""
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-golden.XXXXXX") || exit 99
[ -d "$tmpd" ] || exit 99
trap 'rm -rf "$tmpd"' EXIT

# vlimit: the address space (KiB) `bounded` allows, 1 GiB; none in a
# sanitizer build (its shadow memory alone is more) or under an emulator.
vlimit=1048576
if [ -n "${TFLAME_EMULATOR:-}" ] ||
    { ldd "$TFLAME" 2>/dev/null; nm "$TFLAME" 2>/dev/null; } |
    grep -q 'libasan\|libtsan\|__asan_init\|__tsan_init'; then
	vlimit=
fi
# bounded CMD...: CMD with its address space bounded by vlimit.
bounded() {
	( [ -z "$vlimit" ] || ulimit -v "$vlimit" || exit 125; exec "$@" )
}

ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	failed_names="$failed_names $1"
	echo "FAIL: $1${2:+ ($2)}"
}

# same NAME OUTPUT EXPECTED [EXPECTED2]: pass when OUTPUT equals one of them.
same() {
	name=$1 out=$2
	shift 2
	for exp in "$@"; do
		if [ -f "$exp" ] && cmp -s "$out" "$exp"; then
			ok
			return 0
		fi
	done
	bad "$name"
	diff "$1" "$out" | cut -c1-200 | head -6
	return 1
}

finish() {
	echo "$(basename "$0" .sh): $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
