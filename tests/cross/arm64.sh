#!/bin/sh
# tflame on arm64, without SSE2: cross-compile with Debian's
# gcc-aarch64-linux-gnu against the arm64 -dev packages (multiarch:
# dpkg --add-architecture arm64; ./bootstrap.sh --ship installs them), then
# run the unit tests and the golden tests of what the processor can change
# (parsers, layouts, outputs; hostile.sh among them) under qemu-aarch64
# (user mode; the arm64 loader and libraries are found through
# QEMU_LD_PREFIX=/, where multiarch put them).  .ci/run calls it.
#   tests/cross/arm64.sh [BUILDDIR]     (default: build-arm64 in the checkout)
# Checks first that the binary is an AArch64 executable and says it runs
# the portable scanners (simd=portable in --version).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build-arm64}
host=aarch64-linux-gnu
multi=/usr/lib/$host

for t in $host-gcc qemu-aarch64; do
	command -v "$t" > /dev/null 2>&1 || {
		echo "arm64: $t not found (./bootstrap.sh --ship installs it)" >&2
		exit 1
	}
done
for pc in ncursesw libpcre2-8 zlib check; do
	[ -f "$multi/pkgconfig/$pc.pc" ] || {
		echo "arm64: $multi/pkgconfig/$pc.pc missing (./bootstrap.sh --ship)" >&2
		exit 1
	}
done

# A configured checkout cannot be built out of tree: build from a copy of
# its files then.
src=$top
if [ -f "$top/config.status" ]; then
	src=$build-src
	rm -rf "$src"
	mkdir -p "$src"
	(cd "$top" && git ls-files -co --exclude-standard | grep -v '^build-' |
	    tar -cf - -T -) | (cd "$src" && tar -xf -)
	(cd "$src" && ./autogen.sh > /dev/null 2>&1)
fi
[ -x "$src/configure" ] || (cd "$src" && ./autogen.sh > /dev/null 2>&1)

rm -rf "$build"
mkdir -p "$build"
cd "$build"
export QEMU_LD_PREFIX=/
PKG_CONFIG=pkg-config PKG_CONFIG_LIBDIR=$multi/pkgconfig:/usr/share/pkgconfig \
    "$src/configure" --host=$host --enable-werror > configure.log 2>&1 || {
	tail -30 configure.log; exit 1; }
make -j2 > make.log 2>&1 || { grep -E 'error|warning' make.log | head -30; exit 1; }

case $(od -An -tx1 -j18 -N2 tflame | tr -d ' ') in
b700) ;;	# e_machine EM_AARCH64 (183)
*) echo "arm64: tflame is not an AArch64 executable" >&2; exit 1 ;;
esac
qemu-aarch64 ./tflame --version
qemu-aarch64 ./tflame --version | grep -q ' simd=portable$' || {
	echo "arm64: --version does not say simd=portable" >&2; exit 1; }

# Every program a test runs goes through qemu: the Check programs by
# LOG_COMPILER, tflame by a wrapper named in TFLAME.
# The emulator by its full path: tests run tflame with a PATH of their own
# (perfdata.sh's "no perf" cases have none).
qemu=$(command -v qemu-aarch64)
cat > tflame-qemu <<EOS
#!/bin/sh
exec '$qemu' '$build/tflame' "\$@"
EOS
chmod +x tflame-qemu
unit=$(printf 'print-check:\n\t@echo $(check_PROGRAMS)\n' |
    make -s -f Makefile -f - print-check)
# hostile.sh runs too, with its bounds: qemu-aarch64 maps an AArch64
# guest's memory straight into its own address space (it reserves none
# ahead for a 64-bit guest on a 64-bit host), so ulimit -v 1 GiB bounds
# tflame plus the emulator's few tens of MB, and each case's 60 s leaves
# room for the emulator's slowdown (the whole script takes about 2.5 min
# here, against 1.5 min native, on a loaded 2-CPU machine).  It is the
# longest script: listed first, so that -j2 runs the others beside it.
# Left out: what does not depend on the processor but on processes and
# limits (perf's children, memory and time bounds, which the emulator
# distorts) and the texts of --help and the man page; they ran natively.
golden="tests/golden/hostile.sh $(cd "$src" && ls tests/golden/*.sh |
    grep -v -e '/lib\.sh$' -e '/hostile\.sh$' -e '/children\.sh$' \
    -e '/perfdata\.sh$' -e '/perf_exited\.sh$' -e '/bounds\.sh$' \
    -e '/pprof_bounds\.sh$' -e '/manpage\.sh$' -e '/options\.sh$' \
    -e '/formatlist\.sh$' | tr '\n' ' ')"
# Emulated code runs several times slower: widen Check's timeouts.  The
# Check programs run under qemu (LOG_COMPILER), the scripts as they are.
env="CK_DEFAULT_TIMEOUT=30 CK_TIMEOUT_MULTIPLIER=10 QEMU_LD_PREFIX=/ \
TFLAME='$build/tflame-qemu' TFLAME_EMULATOR=qemu-aarch64 \
TESTS_DATADIR='$src/tests/data'"
st=0
make -j2 check TESTS="$unit" LOG_COMPILER=qemu-aarch64 \
    TESTS_ENVIRONMENT="$env" > check-unit.log 2>&1 || st=1
make -j2 check TESTS="$golden" LOG_COMPILER= \
    TESTS_ENVIRONMENT="$env" > check-golden.log 2>&1 || st=1
grep -hE '^(PASS|FAIL|ERROR|SKIP|XFAIL):' check-unit.log check-golden.log
if [ "$st" -ne 0 ]; then
	for l in tests/*/*.log; do grep -v '^ok' "$l" | tail -20; done
	exit 1
fi
echo "arm64: unit and golden tests passed under qemu-aarch64"
