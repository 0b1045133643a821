#!/bin/sh
# Set up and build tflame from a fresh checkout:
#  1. install the Debian packages it needs when they are missing (as root,
#     with apt-get; elsewhere it lists them and stops),
#  2. generate ./configure (autogen.sh), configure with warnings as errors,
#  3. build.
# Arguments are passed to ./configure (e.g. --disable-werror, --prefix=...).
set -e
cd "$(dirname "$0")"

# Build tools and libraries, plus what the test suite drives (tmux, pgrep,
# xmllint, and headless Chromium for the exported SVGs), and clang with its
# libFuzzer runtime and valgrind for `make fuzz` and `make check-valgrind`,
# and perf (linux-perf) for the perf.data and --record tests.
PKGS="build-essential autoconf automake pkg-config libncurses-dev \
libpcre2-dev check zlib1g-dev tmux procps libxml2-utils chromium \
clang libclang-rt-14-dev valgrind linux-perf"

if command -v dpkg-query >/dev/null 2>&1; then
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
	fi
else
	echo "bootstrap: not a Debian system; make sure a C11 compiler, autoconf," \
	    "automake, pkg-config, ncursesw, libpcre2-8, Check and zlib are installed" >&2
fi

./autogen.sh > /dev/null
./configure --enable-werror "$@"
make -j"$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
