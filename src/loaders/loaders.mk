# Build lines for src/loaders/ (included from Makefile.am): every input
# format, format detection, the sinks, and their tests.  Part of the curses-free core (libtfcore.a).
#
# One file per format (a state machine feeding a stack sink); a format
# that grew past one concern has its parts beside it, with a private
# context header in include/loaders/ (perf: perf_ctx.h; bpftrace:
# bpftrace_ctx.h; pprof: pprof_ctx.h).

libtfcore_a_SOURCES += \
	src/loaders/sink.c src/loaders/sink_tree.c src/loaders/sink_hold.c \
	src/loaders/loader.c \
	src/loaders/demangle.c src/loaders/framebuf.c \
	src/loaders/folded.c \
	src/loaders/perf.c src/loaders/perf_header.c src/loaders/perf_clean.c \
	src/loaders/perf_event.c src/loaders/perf_memo.c \
	src/loaders/stap.c src/loaders/dtrace.c \
	src/loaders/bpftrace.c src/loaders/bpftrace_store.c \
	src/loaders/bpftrace_json.c src/loaders/bpftrace_fold.c \
	src/loaders/pprof.c src/loaders/pprof_wire.c src/loaders/pprof_drop.c \
	src/loaders/pprof_names.c
noinst_HEADERS += \
	include/loaders/sink.h include/loaders/sink_tree.h \
	include/loaders/sink_hold.h \
	include/loaders/loader.h \
	include/loaders/sniff.h include/loaders/demangle.h \
	include/loaders/framebuf.h include/loaders/folded.h \
	include/loaders/perf_header.h include/loaders/perf_clean.h \
	include/loaders/perf_event.h include/loaders/perf_ctx.h \
	include/loaders/bpftrace_ctx.h include/loaders/pprof_ctx.h

# Unit tests (the perf, folded and bad-input suites are in
# tests/unit/check_tflame, see Makefile.am): SystemTap and DTrace, the
# perf loader's frame-cleaning rules one by one, and the holding sink.
check_PROGRAMS += tests/unit/check_formats tests/unit/check_perf_clean \
	tests/unit/check_hold
tests_unit_check_hold_SOURCES = tests/unit/check_hold.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_hold_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_hold_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
tests_unit_check_formats_SOURCES = tests/unit/check_formats.c
tests_unit_check_formats_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_formats_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
tests_unit_check_perf_clean_SOURCES = tests/unit/check_perf_clean.c
tests_unit_check_perf_clean_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_perf_clean_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# The format table (loader.c's rows: complete, named, best score wins).
check_PROGRAMS += tests/unit/check_registry
tests_unit_check_registry_SOURCES = tests/unit/check_registry.c
tests_unit_check_registry_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_registry_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_registry

# The formats against the reference tools' outputs.
LOADERS_TESTS = tests/golden/formats.sh tests/golden/formatlist.sh \
	tests/golden/bpftrace.sh tests/golden/perf_exited.sh \
	tests/golden/pprof.sh
TESTS += tests/unit/check_formats tests/unit/check_perf_clean \
	tests/unit/check_hold \
	$(LOADERS_TESTS)
EXTRA_DIST += $(LOADERS_TESTS) tests/data/stap tests/data/dtrace \
	src/loaders/loaders.mk

# make bench: a pprof profile made from folded stacks (tests/bench/stackmaps.sh)
EXTRA_PROGRAMS += tests/bench/mkpprof
tests_bench_mkpprof_SOURCES = tests/bench/mkpprof.c
EXTRA_DIST += tests/bench/stackmaps.sh

# The pprof loader's bounds on hostile profiles: drop_frames
# under a time budget, the tables' memory, messages; and through the
# binary, with its peak memory.
check_PROGRAMS += tests/unit/check_pprof
tests_unit_check_pprof_SOURCES = tests/unit/check_pprof.c
tests_unit_check_pprof_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_pprof_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_pprof tests/golden/pprof_bounds.sh
EXTRA_DIST += tests/golden/pprof_bounds.sh
