#!/bin/sh
# Build the libFuzzer targets with clang, straight from the sources (called
# by `make fuzz`, see fuzz.mk; not part of the normal build).
#
#   build.sh SRCDIR BUILDDIR OUTDIR CORE_SOURCE...
#
# The core sources (libtfcore_a_SOURCES) are compiled once with
# -fsanitize=fuzzer-no-link,address,undefined into OUTDIR/libtfcore.a, and
# each tests/fuzz/fuzz_*.c is linked against it with -fsanitize=fuzzer.
# Only what is older than its sources (or than any header) is rebuilt.
# FUZZ_CC (clang), FUZZ_CFLAGS, FUZZ_LIBS (PCRE2, zlib) come from make.
set -eu
srcdir=$1 builddir=$2 out=$3
shift 3
: "${FUZZ_CC:=clang}"
: "${FUZZ_CFLAGS:=-O1 -g}"
# Small buffers: small inputs then reach the code that grows them.
SMALL="-DINITIAL_BUF=4096u -DCHUNK=4096u -DTREE_INITIAL_NODES=16u -DSTRTAB_INITIAL_SLOTS=16u -DINORDER_CHUNK=4096u"
: "${FUZZ_LIBS:=-lpcre2-8 -lz}"
# FUZZ_SAN: the sanitizers (a long run may drop address for 2-4x the speed:
# FUZZ_SAN='-fsanitize=undefined -fno-sanitize-recover=undefined').
: "${FUZZ_SAN:=-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer}"
SAN=$FUZZ_SAN
WARN="-std=c11 -Wall -Wextra -Wno-sign-compare -Werror"
INC="-I$builddir -I$srcdir/include -I$srcdir/tests/fuzz"

if ! "$FUZZ_CC" --version 2>/dev/null | grep -q clang; then
	echo "fuzz: FUZZ_CC=$FUZZ_CC is not clang (libFuzzer needs clang;" \
	    "Debian: apt-get install clang libclang-rt-14-dev)" >&2
	exit 1
fi
mkdir -p "$out/obj"

# The newest header or build setting: everything older is rebuilt.
stamp=$out/.flags
flags="$FUZZ_CC $FUZZ_CFLAGS $SMALL $SAN $WARN $INC $FUZZ_LIBS"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$flags" ]; then
	printf '%s\n' "$flags" > "$stamp"
fi
newer_deps() { # newer_deps TARGET: true when a header or config.h is newer
	[ -n "$(find "$srcdir/include" "$srcdir/tests/fuzz/fuzz_common.h" \
	    "$builddir/config.h" "$stamp" -newer "$1" -print 2>/dev/null |
	    head -1)" ]
}
stale() { # stale TARGET SOURCE... (sh functions share variables: _st_*)
	_st_t=$1
	shift
	[ ! -f "$_st_t" ] && return 0
	for _st_s in "$@"; do
		[ "$_st_s" -nt "$_st_t" ] && return 0
	done
	newer_deps "$_st_t"
}

objs=
rebuilt=0
for s in "$@"; do
	o=$out/obj/$(printf '%s' "$s" | sed 's|/|_|g; s|\.c$|.o|')
	objs="$objs $o"
	if stale "$o" "$srcdir/$s"; then
		echo "  FUZZCC   $s"
		# shellcheck disable=SC2086
		$FUZZ_CC $FUZZ_CFLAGS $SMALL $SAN -fsanitize=fuzzer-no-link $WARN $INC \
		    -c "$srcdir/$s" -o "$o"
		rebuilt=1
	fi
done
lib=$out/libtfcore.a
if [ "$rebuilt" -eq 1 ] || [ ! -f "$lib" ]; then
	rm -f "$lib"
	# shellcheck disable=SC2086
	ar rc "$lib" $objs
	ranlib "$lib"
fi

for s in "$srcdir"/tests/fuzz/fuzz_*.c; do
	name=$(basename "$s" .c)
	bin=$out/$name
	if stale "$bin" "$s" "$lib"; then
		echo "  FUZZLD   $name"
		# shellcheck disable=SC2086
		$FUZZ_CC $FUZZ_CFLAGS $SAN -fsanitize=fuzzer $WARN $INC "$s" \
		    "$lib" $FUZZ_LIBS -lm -o "$bin"
	fi
done
