#!/bin/sh
# The viewer's `s` away from a writable directory: from a directory tflame
# cannot write in, the default name goes to $HOME (then $TMPDIR) and the
# message says so; ~ in the prompt is $HOME; the message gives the
# absolute path.  Root writes anywhere, so as root tflame runs as nobody
# (setpriv; skipped where it is missing): the directories' permissions
# then hold as they do for a user.
. "$(dirname "$0")/lib.sh" || exit 99

as=""
if [ "$(id -u)" -eq 0 ]; then
	if ! command -v setpriv > /dev/null 2>&1; then
		echo "$NAME: SKIP: root without setpriv cannot be refused a write"
		exit 77
	fi
	as="setpriv --reuid=65534 --regid=65534 --clear-groups --"
fi
chmod 755 "$tmpd"
cp "$TFLAME" "$tmpd/tflame"
cp "$DATA/small.folded" "$tmpd/small.folded"
chmod 755 "$tmpd/tflame"
chmod 644 "$tmpd/small.folded"
mkdir "$tmpd/ro" "$tmpd/home" "$tmpd/tmp"
chmod 555 "$tmpd/ro"
chmod 777 "$tmpd/home" "$tmpd/tmp"
viewer="$as $tmpd/tflame ../small.folded"

start 200 24
T send-keys -t t "cd $tmpd/ro" Enter

# From an unwritable directory: the default name is in $HOME.
run "HOME=$tmpd/home TMPDIR=$tmpd/tmp $viewer"
viewer_up
keys s
check "unwritable: the default is in \$HOME" \
    has "Save SVG as: $tmpd/home/tflame-small.folded-"
keys Enter
saved=$(ls "$tmpd"/home/tflame-small.folded-*.svg 2>/dev/null | head -1)
check "unwritable: written in \$HOME" test -n "$saved"
check "unwritable: the message says where and why" \
    has "Saved the SVG to $saved (the current directory is not writable)"
# ~ is $HOME.
keys s
T send-keys -t t C-u
T send-keys -t t -l "~/tilde.svg"
settle
keys Enter
check "~: saved in \$HOME" test -s "$tmpd/home/tilde.svg"
check "~: the message gives the absolute path" \
    has "Saved the SVG to $tmpd/home/tilde.svg"
keys q
finished
check "unwritable: exit 0" exited 0

# $HOME not writable either: $TMPDIR.
run "HOME=$tmpd/ro TMPDIR=$tmpd/tmp $viewer"
viewer_up
keys s
check "\$HOME unwritable too: the default is in \$TMPDIR" \
    has "Save SVG as: $tmpd/tmp/tflame-small.folded-"
keys Enter
saved=$(ls "$tmpd"/tmp/tflame-small.folded-*.svg 2>/dev/null | head -1)
check "\$HOME unwritable too: written in \$TMPDIR" test -n "$saved"
check "\$HOME unwritable too: the message says so" has \
    "Saved the SVG to $saved (the current directory and \$HOME are not writable)"
keys q
finished

# A writable directory: the default stays there, the path is absolute.
T send-keys -t t "cd $tmpd/home" Enter
run "HOME=$tmpd/ro $viewer"
viewer_up
keys s
check "writable: the default is a plain name" has "Save SVG as: tflame-small.folded-"
keys Enter
check "writable: the message gives the absolute path" \
    has "Saved the SVG to $tmpd/home/tflame-small.folded-"
keys q
finished

finish
