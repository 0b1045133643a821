# Build lines for src/tui/ (included from Makefile.am): the terminal
# viewer, a second library (libtftui.a) linked only by the tflame binary;
# with src/cli/ the only code that may include curses (check-layers).
# One file per screen (view_*.c), the event loop, the terminal, the
# streaming and live viewers; the tests drive the binary in tmux.

noinst_LIBRARIES += libtftui.a
libtftui_a_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS)
libtftui_a_SOURCES = \
	src/tui/tui.c src/tui/term.c src/tui/stream.c src/tui/screen.c \
	src/tui/view_flame.c src/tui/flame_geom.c src/tui/view_search.c src/tui/view_reverse.c \
	src/tui/view_save.c src/tui/view_help.c src/tui/statusbar.c \
	src/tui/colors.c src/tui/text.c src/tui/paint.c
noinst_HEADERS += \
	include/tui/tui.h include/tui/view.h include/tui/screen.h \
	include/tui/loop.h include/tui/flame.h \
	include/tui/colors.h include/tui/text.h include/tui/paint.h
libtftui_a_SOURCES += src/tui/prompt.c src/tui/view_table.c \
	src/tui/view_sandwich.c src/tui/live.c src/tui/termtype.c
noinst_HEADERS += include/tui/prompt.h include/tui/live.h \
	include/tui/termtype.h

# The frames behind a "+" bar, zoom, scrolling and retracing (#36).
libtftui_a_SOURCES += src/tui/view_narrow.c src/tui/list.c
noinst_HEADERS += include/tui/list.h
# The lists' cursor (list.c includes no curses: tested on its own).
check_PROGRAMS += tests/unit/check_list
tests_unit_check_list_SOURCES = tests/unit/check_list.c src/tui/list.c
tests_unit_check_list_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_list_LDADD = $(CHECK_LIBS)
TESTS += tests/unit/check_list
NAV_TUI_TESTS = tests/tui/narrow.sh tests/tui/zoom.sh tests/tui/scroll.sh \
	tests/tui/retrace.sh
TESTS += $(NAV_TUI_TESTS)
EXTRA_DIST += $(NAV_TUI_TESTS)

# Makefile.am links tflame with $(TUI_LIBS) ahead of $(CORE_LIBS).
TUI_LIBS = libtftui.a

# End-to-end tests of the viewer in a private tmux server.
TUI_TESTS = \
	tests/tui/view.sh tests/tui/signals.sh tests/tui/hostile.sh \
	tests/tui/diff.sh tests/tui/save.sh tests/tui/stream.sh \
	tests/tui/limits.sh tests/tui/numbers.sh \
	tests/tui/names.sh tests/tui/small.sh tests/tui/select.sh \
	tests/tui/copy.sh tests/tui/mouse.sh
TUI_TESTS += tests/tui/search.sh tests/tui/table.sh tests/tui/live.sh \
	tests/tui/wakeups.sh
TESTS += $(TUI_TESTS)
EXTRA_DIST += $(TUI_TESTS) tests/tui/lib.sh

# The messages panel (`!`): loader notes and warnings, perf's stderr (#30).
libtftui_a_SOURCES += src/tui/view_messages.c
TESTS += tests/tui/messages.sh tests/tui/difftraps.sh tests/golden/messages.sh \
	tests/tui/savehome.sh
EXTRA_DIST += tests/tui/messages.sh tests/tui/difftraps.sh tests/golden/messages.sh \
	tests/tui/savehome.sh

# Kernel frames and modules: colours and "in MODULE" from perf's DSO (#30).
TESTS += tests/tui/modules.sh
EXTRA_DIST += tests/tui/modules.sh

# Transforms in the viewer, one history of zooms and transforms (#32).
TESTS += tests/tui/transform.sh
EXTRA_DIST += tests/tui/transform.sh
libtftui_a_SOURCES += src/tui/view_xform.c src/tui/view_undo.c

# One flame painter for the graph and the sandwich (#46 item 5, #48).
TESTS += tests/tui/painter.sh
EXTRA_DIST += tests/tui/painter.sh
# Our own glyphs in ASCII where the locale is not UTF-8 (#48 item 1).
TESTS += tests/tui/glyphs.sh
EXTRA_DIST += tests/tui/glyphs.sh
# The selection a bright bar with markers, the table's row too (#48 item 4).
TESTS += tests/tui/highlight.sh
EXTRA_DIST += tests/tui/highlight.sh
# The sandwich's halves scroll with the selection (#48 item 5).
TESTS += tests/tui/sandscroll.sh
EXTRA_DIST += tests/tui/sandscroll.sh
