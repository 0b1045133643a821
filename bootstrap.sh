#!/bin/sh
# Set up and build tflame from a fresh checkout:
#  1. install the Debian packages it needs when they are missing (as root,
#     with apt-get; elsewhere it lists them and stops),
#  2. generate ./configure (autogen.sh), configure with warnings as errors,
#  3. build.
#
#   ./bootstrap.sh              what building and running tflame need, only
#   ./bootstrap.sh --tests      also what `make check` drives (Check, tmux,
#                               xmllint, Chromium, node, clang + libFuzzer,
#                               valgrind, perf)
#   ./bootstrap.sh --ship       also what `make distcheck`, `make static`,
#                               `make deb` and tests/cross/arm64.sh need
#                               (implies --tests; adds arm64 as a dpkg
#                               architecture)
#   ./bootstrap.sh --list [--tests|--ship]
#                               print the packages and stop
#   ./bootstrap.sh --no-build ...  install, do not configure or build
# Other arguments are passed to ./configure (e.g. --disable-werror,
# --prefix=...).  Installing twice does nothing the second time.
set -e
cd "$(dirname "$0")"

# Building and running: a C compiler, make, autotools (a checkout has no
# ./configure; a release tarball needs none of these three), pkg-config and
# the libraries.
PKGS="gcc libc6-dev make autoconf automake pkg-config libncurses-dev \
libpcre2-dev zlib1g-dev"

# The test suite: Check (unit tests), tmux and procps (terminal tests),
# xmllint (SVG well-formedness), Chromium and node (the SVG's script in a
# browser), locales (localedef: a decimal-comma locale), clang and its
# libFuzzer runtime (make fuzz), valgrind (make check-valgrind), perf
# (the perf.data and --record tests, make selfprofile), xz (make dist),
# strace (the viewer's writes and reads counted).
TEST_PKGS="check tmux procps libxml2-utils chromium nodejs locales clang \
libclang-rt-14-dev valgrind linux-perf xz-utils strace"

# Shipping: dpkg-dev (dpkg-shlibdeps for make deb), man-db (man -l in make
# installcheck), the arm64 cross compiler, its libraries and qemu-user.
SHIP_PKGS="dpkg-dev man-db gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
qemu-user libncurses-dev:arm64 libpcre2-dev:arm64 zlib1g-dev:arm64 \
check:arm64"

want=build
list=no
build=yes
while [ $# -gt 0 ]; do
	case $1 in
	--tests) [ "$want" = ship ] || want=tests ;;
	--ship) want=ship ;;
	--list) list=yes ;;
	--no-build) build=no ;;
	*) break ;;
	esac
	shift
done
case $want in
tests) PKGS="$PKGS $TEST_PKGS" ;;
ship) PKGS="$PKGS $TEST_PKGS $SHIP_PKGS" ;;
esac

if [ "$list" = yes ]; then
	echo $PKGS
	exit 0
fi

if command -v dpkg-query >/dev/null 2>&1; then
	# The arm64 libraries come from Debian's multiarch archive.
	if [ "$want" = ship ] && [ "$(id -u)" -eq 0 ] &&
	    ! dpkg --print-foreign-architectures | grep -qx arm64; then
		dpkg --add-architecture arm64
		added_arch=yes
	fi
	missing=
	for p in $PKGS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		    grep -q 'ok installed' || missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
			echo "bootstrap: installing$missing"
			apt-get update -qq
			DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			    --no-install-recommends $missing
		else
			echo "bootstrap: please install these packages:$missing" >&2
			exit 1
		fi
	elif [ "${added_arch:-no}" = yes ]; then
		apt-get update -qq
	fi
else
	echo "bootstrap: not a Debian system; make sure a C11 compiler, autoconf," \
	    "automake, pkg-config, ncursesw, libpcre2-8 and zlib (and Check for" \
	    "make check) are installed" >&2
fi

[ "$build" = yes ] || exit 0
./autogen.sh > /dev/null
./configure --enable-werror "$@"
make -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
