#!/bin/sh
# The .deb of `make deb` on this machine: dpkg -i, then the installed
# tflame runs (--version, --collapse of a corpus input against its recorded
# result, man finds its page), then dpkg -r removes every file.  Needs root
# and changes the system's package database: CI runs it (.ci/run), make
# check does not.
#   deb.sh TFLAME_VERSION_ARCH.deb
set -u
deb=$1
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/../data/corpus/flamegraph
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-deb.XXXXXX")
trap 'rm -rf "$tmpd"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
check() { n=$1; shift; if "$@"; then ok; else bad "$n"; fi; }

if [ "$(id -u)" -ne 0 ]; then
	echo "deb: SKIP: dpkg -i needs root"
	exit 77
fi
if dpkg-query -W -f='${Status}' tflame 2>/dev/null | grep -q 'ok installed'; then
	echo "deb: tflame is already installed; not replacing it" >&2
	exit 1
fi

dpkg-deb --info "$deb" > "$tmpd/info" || exit 1
sed -n 's/^ Depends: //p' "$tmpd/info"
dpkg-deb --contents "$deb" | awk '{print $6}' | sort > "$tmpd/files"
printf '%s\n' ./ ./usr/ ./usr/bin/ ./usr/bin/tflame ./usr/share/ \
    ./usr/share/man/ ./usr/share/man/man1/ ./usr/share/man/man1/tflame.1.gz \
    | sort > "$tmpd/want"
check "the package holds the binary and the compressed man page" \
    cmp -s "$tmpd/want" "$tmpd/files"
[ "$fail" -eq 0 ] || diff "$tmpd/want" "$tmpd/files"

dpkg -i "$deb" > "$tmpd/dpkg" 2>&1 || { cat "$tmpd/dpkg"; bad "dpkg -i"; }
check "installed in /usr/bin" test -x /usr/bin/tflame
/usr/bin/tflame --version > "$tmpd/v" && cat "$tmpd/v"
check "--version: the package's version" \
    grep -qx "tflame $(dpkg-deb -f "$deb" Version)" "$tmpd/v"
/usr/bin/tflame --collapse --pid < "$corpus/test/perf-java-stacks-01.txt" > "$tmpd/c"
recorded() {
	cmp -s "$tmpd/c" "$corpus/test/results/perf-java-stacks-01-collapsed-pid.txt" ||
	cmp -s "$tmpd/c" "$corpus/results-perl-today/perf-java-stacks-01-collapsed-pid.txt"
}
check "--collapse: the recorded result" recorded
if command -v man > /dev/null 2>&1; then
	check "man finds the page" test "$(man -w tflame)" = /usr/share/man/man1/tflame.1.gz
fi

dpkg -r tflame > "$tmpd/dpkg" 2>&1 || { cat "$tmpd/dpkg"; bad "dpkg -r"; }
check "removed" test ! -e /usr/bin/tflame -a ! -e /usr/share/man/man1/tflame.1.gz

echo "deb: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
