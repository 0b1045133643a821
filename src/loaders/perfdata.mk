# perf.data input and --record (included by Makefile.am): the child-process
# module and the perf loader in the core, the input opener in the CLI.
libtfcore_a_SOURCES += src/util/child.c src/loaders/perfdata.c \
	src/model/window.c
noinst_HEADERS += include/util/child.h include/loaders/perfdata.h \
	include/cli/input.h include/model/window.h \
	include/cli/record.h include/tui/live.h
tflame_SOURCES += src/cli/input.c src/cli/record.c
libtftui_a_SOURCES += src/tui/live.c
check_PROGRAMS += tests/unit/check_child
tests_unit_check_child_SOURCES = tests/unit/check_child.c
tests_unit_check_child_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_child_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
check_PROGRAMS += tests/unit/check_window
tests_unit_check_window_SOURCES = tests/unit/check_window.c
tests_unit_check_window_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_window_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_child tests/unit/check_window tests/golden/perfdata.sh \
	tests/tui/live.sh
EXTRA_DIST += tests/golden/perfdata.sh tests/tui/live.sh src/loaders/perfdata.mk
