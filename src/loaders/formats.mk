# Build lines for the SystemTap and DTrace loaders and their tests
# (included from Makefile.am, after the variables appended to here are first
# set: automake refuses "+=" before "=").

libtfcore_a_SOURCES += \
	src/loaders/framebuf.c src/loaders/stap.c src/loaders/dtrace.c

noinst_HEADERS += include/loaders/framebuf.h

check_PROGRAMS += tests/unit/check_formats
tests_unit_check_formats_SOURCES = tests/unit/check_formats.c
tests_unit_check_formats_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_formats_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

TESTS += tests/unit/check_formats tests/golden/formats.sh

EXTRA_DIST += tests/golden/formats.sh tests/data/stap tests/data/dtrace

# The perf loader's frame-cleaning rules, each tested on its own.
check_PROGRAMS += tests/unit/check_perf_clean
tests_unit_check_perf_clean_SOURCES = tests/unit/check_perf_clean.c
tests_unit_check_perf_clean_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_perf_clean_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_perf_clean
