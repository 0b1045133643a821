# Build lines for src/tui/ (included from Makefile.am): the terminal
# viewer, a second library (libtftui.a) linked only by the tflame binary;
# with src/cli/ the only code that may include curses (check-layers).
# One file per screen (view_*.c), the event loop, the terminal, the
# streaming and live viewers; the tests drive the binary in tmux.

noinst_LIBRARIES += libtftui.a
libtftui_a_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS)
# The loop and the terminal; the screens (view_*.c: the graph with its
# geometry, search, reverse view, saving, transforms and undo; help,
# the function table, the sandwich, the frames behind a "+" bar,
# the messages panel); the parts they share; the streaming and
# live viewers.
libtftui_a_SOURCES = \
	src/tui/tui.c src/tui/term.c src/tui/termtype.c src/tui/screen.c \
	src/tui/view_flame.c src/tui/flame_geom.c src/tui/view_search.c \
	src/tui/view_reverse.c src/tui/view_save.c src/tui/view_xform.c \
	src/tui/view_undo.c src/tui/view_help.c src/tui/view_table.c \
	src/tui/view_sandwich.c src/tui/view_narrow.c \
	src/tui/view_messages.c src/tui/view_heatmap.c src/tui/heat_draw.c \
	src/tui/view_annotate.c src/tui/view_timeorder.c \
	src/tui/statusbar.c src/tui/colors.c src/tui/text.c src/tui/prompt.c \
	src/tui/view_mouse.c src/tui/statusbar_count.c src/tui/flame_paint.c \
	src/tui/list.c src/tui/paint.c \
	src/tui/stream.c src/tui/live.c
noinst_HEADERS += \
	include/tui/tui.h include/tui/view.h include/tui/screen.h \
	include/tui/loop.h include/tui/flame.h include/tui/termtype.h \
	include/tui/colors.h include/tui/text.h include/tui/prompt.h \
	include/tui/list.h include/tui/live.h include/tui/paint.h \
	include/tui/statusbar.h include/tui/heat.h

# The lists' cursor (list.c includes no curses: tested on its own).
check_PROGRAMS += tests/unit/check_list
tests_unit_check_list_SOURCES = tests/unit/check_list.c src/tui/list.c
tests_unit_check_list_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_list_LDADD = $(CHECK_LIBS)
TESTS += tests/unit/check_list

# Makefile.am links tflame with $(TUI_LIBS) ahead of $(CORE_LIBS).
TUI_LIBS = libtftui.a

# End-to-end tests of the viewer in a private tmux server: the screens,
# zoom, scrolling and retracing, the messages panel and kernel
# modules, transforms and undo.
TUI_TESTS = \
	tests/tui/view.sh tests/tui/signals.sh tests/tui/hostile.sh \
	tests/tui/diff.sh tests/tui/save.sh tests/tui/stream.sh \
	tests/tui/limits.sh tests/tui/numbers.sh \
	tests/tui/names.sh tests/tui/small.sh tests/tui/select.sh \
	tests/tui/copy.sh tests/tui/mouse.sh \
	tests/tui/search.sh tests/tui/table.sh tests/tui/live.sh \
	tests/tui/wakeups.sh tests/tui/annotate.sh \
	tests/tui/narrow.sh tests/tui/zoom.sh tests/tui/scroll.sh \
	tests/tui/retrace.sh \
	tests/tui/messages.sh tests/tui/difftraps.sh tests/tui/savehome.sh \
	tests/tui/modules.sh tests/tui/transform.sh tests/tui/heatmap.sh \
	tests/tui/timeorder.sh \
	tests/tui/textfmt.sh
# The messages panel's text without a terminal.
TUI_TESTS += tests/golden/messages.sh
TESTS += $(TUI_TESTS)
# The live viewer with perf children that hang or fail.
TESTS += tests/tui/children.sh
EXTRA_DIST += tests/tui/children.sh
EXTRA_DIST += $(TUI_TESTS) tests/tui/lib.sh
# Every number in its unit on every screen.
TESTS += tests/tui/units.sh
EXTRA_DIST += tests/tui/units.sh
# The command line's transforms as steps of the viewer's history.
TESTS += tests/tui/cli_xform.sh
EXTRA_DIST += tests/tui/cli_xform.sh
# One flame painter for the graph and the sandwich.
TESTS += tests/tui/painter.sh
EXTRA_DIST += tests/tui/painter.sh
# Our own glyphs in ASCII where the locale is not UTF-8.
TESTS += tests/tui/glyphs.sh
EXTRA_DIST += tests/tui/glyphs.sh
# The selection a bright bar with markers, the table's row too.
TESTS += tests/tui/highlight.sh
EXTRA_DIST += tests/tui/highlight.sh
# The sandwich's halves scroll with the selection.
TESTS += tests/tui/sandscroll.sh
EXTRA_DIST += tests/tui/sandscroll.sh
# A long trunk folds into one line.
TESTS += tests/tui/trunk.sh
EXTRA_DIST += tests/tui/trunk.sh
