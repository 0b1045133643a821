# perf.data input and --record (included by Makefile.am): the child-process
# module and the perf loader in the core, the input opener in the CLI.
libtfcore_a_SOURCES += src/util/child.c src/loaders/perfdata.c
noinst_HEADERS += include/util/child.h include/loaders/perfdata.h \
	include/cli/input.h
tflame_SOURCES += src/cli/input.c
check_PROGRAMS += tests/unit/check_child
tests_unit_check_child_SOURCES = tests/unit/check_child.c
tests_unit_check_child_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_child_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_child tests/golden/perfdata.sh
EXTRA_DIST += tests/golden/perfdata.sh src/loaders/perfdata.mk
