# Build lines for the transforms (included from Makefile.am).
#
# model/transform.c (focus, exclude, merge, collapse recursion, merge
# threads: tree -> new tree) is part of the curses-free core.

libtfcore_a_SOURCES += src/model/transform.c
noinst_HEADERS += include/model/transform.h

# Transform unit tests: a Check program of their own.
check_PROGRAMS += tests/unit/check_transform
tests_unit_check_transform_SOURCES = tests/unit/check_transform.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_transform_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_transform_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_transform

# The command line's transform flags (--focus, --exclude, --hide, ...).
tflame_SOURCES += src/cli/transform_cmd.c
noinst_HEADERS += include/cli/transform_cmd.h

# The flags against an awk reference on the corpus's folded outputs.
TESTS += tests/golden/transform.sh
EXTRA_DIST += tests/golden/transform.sh src/model/transform.mk

# make bench: each transform on the bench tree (tests/bench/xformbench.c).
EXTRA_PROGRAMS += tests/bench/xformbench
tests_bench_xformbench_SOURCES = tests/bench/xformbench.c
tests_bench_xformbench_LDADD = $(CORE_LIBS)
bench: tests/bench/xformbench$(EXEEXT)
