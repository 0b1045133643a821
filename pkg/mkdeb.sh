#!/bin/sh
# Build tflame_VERSION_ARCH.deb with dpkg-deb from a DESTDIR install
# (`make deb` runs this; see HACKING, "Packages").
#   mkdeb.sh STAGE VERSION OUTDIR
# STAGE is a `make install DESTDIR=STAGE prefix=/usr` tree.  The binary is
# stripped, the man page compressed (gzip -9n, as Debian policy asks), and
# Depends comes from dpkg-shlibdeps (nothing for a static binary).
set -eu
stage=$1 version=$2 outdir=$3

for t in dpkg-deb dpkg-shlibdeps dpkg-architecture; do
	command -v "$t" > /dev/null 2>&1 || {
		echo "mkdeb: $t not found (Debian: apt-get install dpkg-dev," \
		    "or ./bootstrap.sh --ship)" >&2
		exit 1
	}
done
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
bin=$stage/usr/bin/tflame
[ -x "$bin" ] || { echo "mkdeb: $bin missing" >&2; exit 1; }

strip --remove-section=.comment --remove-section=.note "$bin"
man=$stage/usr/share/man/man1/tflame.1
[ -f "$man" ] && gzip -9nf "$man"

# dpkg-shlibdeps reads debian/control: give it a minimal one, elsewhere.
work=$(mktemp -d "${TMPDIR:-/tmp}/tflame-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/debian"
printf 'Source: tflame\n\nPackage: tflame\nArchitecture: any\n' \
    > "$work/debian/control"
abs_bin=$(cd "$(dirname "$bin")" && pwd)/tflame
depends=$(cd "$work" && dpkg-shlibdeps -O -e"$abs_bin" 2>/dev/null |
    sed -n 's/^shlibs:Depends=//p')

mkdir -p "$stage/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
{
	echo "Package: tflame"
	echo "Version: $version"
	echo "Architecture: $arch"
	echo "Maintainer: tflame developers <tflame@localhost>"
	echo "Installed-Size: $size"
	[ -z "$depends" ] || echo "Depends: $depends"
	echo "Section: devel"
	echo "Priority: optional"
	echo "Description: flame graphs of CPU profiles in the terminal"
	echo " tflame reads perf script, SystemTap, DTrace or folded-stack output"
	echo " and shows it as an interactive flame graph in the terminal, or"
	echo " writes folded stacks (--collapse) or an SVG (--svg)."
} > "$stage/DEBIAN/control"
deb=$outdir/tflame_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" > /dev/null
echo "$deb"
