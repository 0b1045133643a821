#!/bin/sh
# Build lines follow the folders (HACKING, "Where new code goes"): each
# folder with a fragment src/F/F.mk names every source and header of
# src/F/ and include/F/ there, in one source list and one header list
# (not appended to here and there), and names no other folder's files;
# the other folders' files are in Makefile.am.
set -u
exec < /dev/null
: "${TESTS_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
cd "$TESTS_SRCDIR" || exit 99
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }

for mk in src/*/*.mk; do
	f=$(basename "$mk" .mk)
	[ "$mk" = "src/$f/$f.mk" ] || { bad "$mk: not named after its folder"; continue; }
	for file in $(find "src/$f" "include/$f" -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null | sort); do
		grep -qw "$file" "$mk" || bad "$file: not in $mk"
	done
	# One list each: the library's sources, the headers.
	n=$(grep -cE '^lib[a-z]+_a_SOURCES[ 	]*\+?=' "$mk")
	[ "$n" -le 1 ] || bad "$mk: the sources appended to in $n places"
	n=$(grep -cE '^noinst_HEADERS[ 	]*\+?=' "$mk")
	[ "$n" -le 1 ] || bad "$mk: the headers appended to in $n places"
	# Another folder's source or header, outside a test's own list.
	grep -noE '(src|include)/[a-z]+/[a-z_0-9]+\.[ch]' "$mk" |
	    grep -vE ":(src|include)/$f/" | while IFS=: read -r line file; do
		sed -n "${line}p" "$mk" | grep -qE '^(#|tests_|	tests/)' && continue
		echo "FAIL: $mk:$line: $file is another folder's"
	done | grep . && fail=$((fail + 1))
done
for d in src/*/; do
	f=$(basename "$d")
	[ -f "src/$f/$f.mk" ] && continue
	for file in $(find "src/$f" "include/$f" -type f \( -name '*.c' -o -name '*.h' \) 2>/dev/null | sort); do
		grep -qw "$file" Makefile.am || bad "$file: not in Makefile.am"
	done
done

[ "$fail" -eq 0 ] || { echo "$fail failed"; exit 1; }
echo "fragments: all passed"
