# Build lines for regex search and the reverse view (included from
# Makefile.am).
#
# search/ (PCRE2 over the string table, matched shares) and the reverse
# tree (model/reverse.c) are part of the curses-free core; the prompt is
# part of the viewer.

libtfcore_a_SOURCES += src/search/search.c src/model/reverse.c
noinst_HEADERS += include/search/search.h include/model/reverse.h \
	include/tui/prompt.h
libtftui_a_SOURCES += src/tui/prompt.c

# Search and reverse-tree unit tests: a Check program of their own.
check_PROGRAMS += tests/unit/check_search
tests_unit_check_search_SOURCES = tests/unit/check_search.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_search_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_search_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# The viewer's search prompt, highlight, n / N, # and the reverse view,
# in a private tmux server.
TESTS += tests/unit/check_search tests/tui/search.sh
EXTRA_DIST += tests/tui/search.sh
