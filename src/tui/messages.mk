# The messages panel (`!`): the loader's notes and warnings and perf's
# standard error in the viewer (included from Makefile.am).
libtftui_a_SOURCES += src/tui/view_messages.c
TESTS += tests/tui/messages.sh tests/tui/difftraps.sh tests/golden/messages.sh \
	tests/tui/savehome.sh
EXTRA_DIST += tests/tui/messages.sh tests/tui/difftraps.sh tests/golden/messages.sh \
	tests/tui/savehome.sh src/tui/messages.mk
