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
