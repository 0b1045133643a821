# Build lines for src/search/ (included from Makefile.am): PCRE2 matched
# once per distinct name, the matched share, match order for n/N.  Part
# of the curses-free core; the viewer's prompt is in src/tui/ (tui.mk).

libtfcore_a_SOURCES += src/search/search.c
noinst_HEADERS += include/search/search.h

# Search and reverse-tree unit tests: a Check program of their own.
check_PROGRAMS += tests/unit/check_search
tests_unit_check_search_SOURCES = tests/unit/check_search.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_search_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_search_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_search

# The search's bounds: its budget, runs in slices, literals (unit);
# the regex bombs and options in clusters on the command line (golden);
# the viewer's search interrupted, "#" on a huge name, --window (tmux).
check_PROGRAMS += tests/unit/check_search_bounds
tests_unit_check_search_bounds_SOURCES = tests/unit/check_search_bounds.c
tests_unit_check_search_bounds_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_search_bounds_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_search_bounds tests/golden/bounds.sh \
	tests/tui/bounds.sh
EXTRA_DIST += tests/golden/bounds.sh tests/tui/bounds.sh
