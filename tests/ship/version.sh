#!/bin/sh
# tflame --version: the version, then the features built in, one line each,
# as this build's config.h says (gzip, static) and the machine's compiler
# decided (SIMD path); PCRE2's JIT is asked of the library at run time.
#   TFLAME    the binary    CONFIG_H  its config.h
set -u
: "${TFLAME:=$(cd "$(dirname "$0")/../.." && pwd)/tflame}"
: "${CONFIG_H:=$(dirname "$TFLAME")/config.h}"
tmpd=$(mktemp -d "${TMPDIR:-/tmp}/tflame-version.XXXXXX")
trap 'rm -rf "$tmpd"' EXIT
pass=0 fail=0

def() { grep -q "^#define $1 1" "$CONFIG_H" && echo yes || echo no; }
version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' "$CONFIG_H")

"$TFLAME" --version > "$tmpd/out" 2> "$tmpd/err"
st=$?
# The JIT is the library's: take what tflame says and check only its form.
jit=$(sed -n 's/.* pcre2-jit=\(yes\|no\) .*/\1/p' "$tmpd/out")
simd=$(sed -n 's/.* simd=\([a-z0-9]*\)$/\1/p' "$tmpd/out")
case $simd in sse2|portable) ;; *) simd="(bad: '$simd')" ;; esac
# configure --disable-simd: the portable scanners, whatever the processor.
[ "$(def TF_NO_SIMD)" = no ] || [ "$simd" = portable ] || simd="(bad: '$simd')"
printf 'tflame %s\nbuilt with: gzip=%s pcre2-jit=%s static=%s simd=%s\n' \
    "$version" "$(def HAVE_ZLIB)" "${jit:-(missing)}" "$(def TFLAME_STATIC)" \
    "$simd" > "$tmpd/want"
if [ "$st" -eq 0 ] && [ ! -s "$tmpd/err" ] && cmp -s "$tmpd/want" "$tmpd/out"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: --version (exit $st)"
	diff "$tmpd/want" "$tmpd/out"
	cat "$tmpd/err"
fi
echo "version: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
