# Build lines for src/input/ (included from Makefile.am): where a
# profile's bytes come from.  The line reader (files, standard input,
# pipes, gzip), the line queue of a second thread, the children tflame
# starts, and perf.data and recordings through perf.  Part of the
# curses-free core (libtfcore.a), below the model and the loaders.

libtfcore_a_SOURCES += \
	src/input/reader.c src/input/lineq.c src/input/child.c \
	src/input/perfdata.c src/input/perfrec.c src/input/mapguard.c \
	src/input/perfannotate.c src/input/perfslice.c
noinst_HEADERS += \
	include/input/reader.h include/input/lineq.h include/input/child.h \
	include/input/perfdata.h include/input/perfdata_ctx.h \
	include/input/mapguard.h include/input/perfannotate.h \
	include/input/perfslice.h

# perf.data read through a fake or real perf, and perf's children that
# hang or fail (a fake $PERF of their own).
INPUT_TESTS = tests/golden/perfdata.sh tests/golden/children.sh
TESTS += $(INPUT_TESTS)
EXTRA_DIST += $(INPUT_TESTS) src/input/input.mk

# perf.data's time slices: the header's sample times and the ranges.
check_PROGRAMS += tests/unit/check_perfslice
tests_unit_check_perfslice_SOURCES = tests/unit/check_perfslice.c
tests_unit_check_perfslice_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_perfslice_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_perfslice
