# Build lines for the function table, the sandwich and the --top / --tree
# text (included from Makefile.am).
#
# model/functions.c and model/sandwich.c are part of the curses-free core,
# as are the text writers in export/.

libtfcore_a_SOURCES += src/model/functions.c src/model/sandwich.c \
	src/export/top.c src/export/treetext.c
noinst_HEADERS += include/model/functions.h include/model/sandwich.h \
	include/export/top.h include/export/treetext.h include/cli/text_cmd.h
tflame_SOURCES += src/cli/text_cmd.c
libtftui_a_SOURCES += src/tui/view_table.c src/tui/view_sandwich.c

# Unit tests: a Check program of their own.
check_PROGRAMS += tests/unit/check_functions
tests_unit_check_functions_SOURCES = tests/unit/check_functions.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_functions_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_unit_check_functions_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# --top and --tree against expected files, and the function table and
# sandwich in the viewer.
TESTS += tests/unit/check_functions tests/golden/top.sh tests/tui/table.sh
EXTRA_DIST += tests/golden/top.sh tests/tui/table.sh

# `make bench`: the table and the sandwich in the core (tests/bench/bench.sh).
EXTRA_PROGRAMS += tests/bench/funcbench
tests_bench_funcbench_SOURCES = tests/bench/funcbench.c
tests_bench_funcbench_LDADD = $(CORE_LIBS)
bench: tests/bench/funcbench$(EXEEXT)
