# Build lines for the layout (core) and the terminal viewer (included from
# Makefile.am).
#
# layout/ is part of the curses-free core (the SVG writer will use it too);
# tui/ is a second library, linked only by the tflame binary, the only code
# besides src/cli/ that may include curses.

libtfcore_a_SOURCES += src/layout/layout.c src/layout/palette.c \
	src/layout/shortname.c
noinst_HEADERS += include/layout/layout.h include/layout/palette.h \
	include/layout/shortname.h

noinst_LIBRARIES += libtftui.a
libtftui_a_CFLAGS = $(AM_CFLAGS) $(NCURSES_CFLAGS)
libtftui_a_SOURCES = \
	src/tui/tui.c src/tui/term.c src/tui/stream.c src/tui/screen.c \
	src/tui/view_flame.c src/tui/view_search.c src/tui/view_reverse.c \
	src/tui/view_save.c src/tui/view_help.c src/tui/statusbar.c \
	src/tui/colors.c src/tui/text.c
noinst_HEADERS += \
	include/tui/tui.h include/tui/view.h include/tui/screen.h \
	include/tui/loop.h \
	include/tui/colors.h include/tui/text.h

# Makefile.am links tflame with $(TUI_LIBS) ahead of $(CORE_LIBS).
TUI_LIBS = libtftui.a

# Layout and palette unit tests: a Check program of their own.
check_PROGRAMS += tests/unit/check_layout
tests_unit_check_layout_SOURCES = tests/unit/check_layout.c
tests_unit_check_layout_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_layout_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# End-to-end tests of the viewer in a private tmux server.
TUI_TESTS = \
	tests/tui/view.sh tests/tui/signals.sh tests/tui/hostile.sh \
	tests/tui/diff.sh tests/tui/save.sh tests/tui/stream.sh \
	tests/tui/limits.sh tests/tui/names.sh tests/tui/small.sh \
	tests/tui/select.sh tests/tui/copy.sh tests/tui/mouse.sh
# Name shortening (layout/shortname.h).
check_PROGRAMS += tests/unit/check_shortname
tests_unit_check_shortname_SOURCES = tests/unit/check_shortname.c
tests_unit_check_shortname_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_shortname_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# The folded subtree of the viewer's Y (export/subtree.h).
check_PROGRAMS += tests/unit/check_subtree
tests_unit_check_subtree_SOURCES = tests/unit/check_subtree.c
tests_unit_check_subtree_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_subtree_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

TESTS += tests/unit/check_layout tests/unit/check_shortname \
	tests/unit/check_subtree $(TUI_TESTS)
EXTRA_DIST += $(TUI_TESTS) tests/tui/lib.sh
