# Build lines for src/model/ (included from Makefile.am): counts, the
# string table, the frame tree and folded stacks held in order, the
# reverse (caller) tree, the function table and the sandwich, the
# transforms (tree -> new tree) and the --window query, with their
# tests.  Part of the curses-free core (libtfcore.a).
# (strtab, tree and inorder are tested in tests/unit/check_tflame, the
# reverse tree in tests/unit/check_search; see Makefile.am, search.mk.)

libtfcore_a_SOURCES += \
	src/model/count.c src/model/units.c src/model/inorder.c src/model/strtab.c \
	src/model/tree.c src/model/tree_data.c src/model/tree_merge.c src/model/reverse.c src/model/functions.c \
	src/model/sandwich.c src/model/transform.c src/model/window.c \
	src/model/history.c src/model/xform.c src/model/store.c \
	src/model/heatmap.c src/model/timerange.c src/model/range.c \
	src/model/timeview.c src/model/heatgrid.c src/model/annotate.c \
	src/model/flamechart.c
noinst_HEADERS += \
	include/model/count.h include/model/units.h include/model/inorder.h include/model/strtab.h \
	include/model/tree.h include/model/tree_impl.h include/model/reverse.h \
	include/model/functions.h include/model/sandwich.h \
	include/model/transform.h include/model/window.h \
	include/model/history.h include/model/xform.h include/model/store.h \
	include/model/heatmap.h include/model/timerange.h include/model/range.h \
	include/model/timeview.h include/model/heatgrid.h include/model/annotate.h \
	include/model/flamechart.h

# Unit tests: a Check program each.
check_PROGRAMS += tests/unit/check_functions tests/unit/check_transform \
	tests/unit/check_window
tests_unit_check_functions_SOURCES = tests/unit/check_functions.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_functions_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_unit_check_functions_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
tests_unit_check_transform_SOURCES = tests/unit/check_transform.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_transform_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_transform_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
tests_unit_check_window_SOURCES = tests/unit/check_window.c
tests_unit_check_window_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_window_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# The transform flags against an awk reference on the corpus's folded
# outputs.
TESTS += tests/unit/check_functions tests/unit/check_transform \
	tests/unit/check_window tests/golden/transform.sh
EXTRA_DIST += tests/golden/transform.sh src/model/model.mk

# `make bench`: the table and the sandwich, and each transform, on the
# bench tree (tests/bench/bench.sh).
EXTRA_PROGRAMS += tests/bench/funcbench tests/bench/xformbench
tests_bench_funcbench_SOURCES = tests/bench/funcbench.c \
	tests/bench/benchtree.c tests/bench/benchtree.h
tests_bench_funcbench_LDADD = $(CORE_LIBS)
tests_bench_xformbench_SOURCES = tests/bench/xformbench.c \
	tests/bench/benchtree.c tests/bench/benchtree.h
tests_bench_xformbench_LDADD = $(CORE_LIBS)
bench: tests/bench/funcbench$(EXEEXT) tests/bench/xformbench$(EXEEXT)

# The viewer's history of zooms and transforms, curses-free, and the
# transform registry (one row per transform: flag, key, apply...).
check_PROGRAMS += tests/unit/check_xform
tests_unit_check_xform_SOURCES = tests/unit/check_xform.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_xform_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_xform_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_xform
check_PROGRAMS += tests/unit/check_history
tests_unit_check_history_SOURCES = tests/unit/check_history.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_history_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_history_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_history
# The pre-order walk everyone outside the model uses (tree_preorder).
check_PROGRAMS += tests/unit/check_walk
tests_unit_check_walk_SOURCES = tests/unit/check_walk.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_walk_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_walk_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_walk
# `make bench`: the undo's time and the memory the history holds.
EXTRA_PROGRAMS += tests/bench/histbench
tests_bench_histbench_SOURCES = tests/bench/histbench.c \
	tests/bench/benchtree.c tests/bench/benchtree.h
tests_bench_histbench_LDADD = $(CORE_LIBS)
bench: tests/bench/histbench$(EXEEXT)
# `make bench`: a --window expiry at live rates.
EXTRA_PROGRAMS += tests/bench/windowbench
tests_bench_windowbench_SOURCES = tests/bench/windowbench.c \
	tests/bench/benchtree.c tests/bench/benchtree.h
tests_bench_windowbench_LDADD = $(CORE_LIBS)
bench: tests/bench/windowbench$(EXEEXT)

# `make bench`: the heat map screen's open, cursor and range.
EXTRA_PROGRAMS += tests/bench/heatbench
tests_bench_heatbench_SOURCES = tests/bench/heatbench.c \
	tests/bench/benchrand.c tests/bench/benchrand.h
tests_bench_heatbench_LDADD = $(CORE_LIBS)
bench: tests/bench/heatbench$(EXEEXT)
# `make bench`: a load with and without the sample store (#53's 15%).
EXTRA_PROGRAMS += tests/bench/storebench
tests_bench_storebench_SOURCES = tests/bench/storebench.c
tests_bench_storebench_LDADD = $(CORE_LIBS)
bench: tests/bench/storebench$(EXEEXT)

# The sample store (every sample with its time), its heat map, time
# ranges and the tree of a range.
check_PROGRAMS += tests/unit/check_store
tests_unit_check_store_SOURCES = tests/unit/check_store.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_store_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_store_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_store

# The viewer's time range and its comparisons.
check_PROGRAMS += tests/unit/check_timeview
tests_unit_check_timeview_SOURCES = tests/unit/check_timeview.c
tests_unit_check_timeview_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_timeview_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_timeview

# --heatmap and --time against references computed from the timestamps.
TESTS += tests/golden/time.sh
EXTRA_DIST += tests/golden/time.sh
# --window's bounds: a store of what the window holds.
check_PROGRAMS += tests/unit/check_window_bounds
tests_unit_check_window_bounds_SOURCES = tests/unit/check_window_bounds.c
tests_unit_check_window_bounds_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_window_bounds_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_window_bounds

# A function's weight per line of source (#54): the srcline table, the
# lines of a function, perf annotate's output parsed.
check_PROGRAMS += tests/unit/check_annotate
tests_unit_check_annotate_SOURCES = tests/unit/check_annotate.c
tests_unit_check_annotate_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_annotate_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_annotate
# The flame chart (time order, #49): lanes, bars, the visible layout.
check_PROGRAMS += tests/unit/check_flamechart
tests_unit_check_flamechart_SOURCES = tests/unit/check_flamechart.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_flamechart_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_flamechart_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_flamechart
# `make bench`: opening the time order and a key on 10 million samples.
EXTRA_PROGRAMS += tests/bench/orderbench
tests_bench_orderbench_SOURCES = tests/bench/orderbench.c \
	tests/bench/benchrand.c tests/bench/benchrand.h
tests_bench_orderbench_LDADD = $(CORE_LIBS)
bench: tests/bench/orderbench$(EXEEXT)
