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
	src/loaders/pprof_names.c \
	src/loaders/speedscope.c src/loaders/firefox.c \
	src/loaders/firefox_table.c src/loaders/asprof.c src/loaders/memleak.c \
	src/loaders/chrome.c src/loaders/chrome_fold.c src/loaders/chrome_trace.c \
	src/loaders/offcpu.c
noinst_HEADERS += \
	include/loaders/sink.h include/loaders/sink_tree.h \
	include/loaders/sink_hold.h \
	include/loaders/loader.h \
	include/loaders/sniff.h include/loaders/demangle.h \
	include/loaders/framebuf.h include/loaders/folded.h \
	include/loaders/perf_header.h include/loaders/perf_clean.h \
	include/loaders/perf_event.h include/loaders/perf_ctx.h \
	include/loaders/bpftrace_ctx.h include/loaders/pprof_ctx.h \
	include/loaders/firefox_ctx.h \
	include/loaders/chrome_ctx.h include/loaders/offcpu.h

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

# async-profiler's collapsed stacks and bcc memleak, and the
# words of a weight in bytes.
check_PROGRAMS += tests/unit/check_textfmt
tests_unit_check_textfmt_SOURCES = tests/unit/check_textfmt.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_textfmt_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_textfmt_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_textfmt
EXTRA_DIST += tests/data/asprof tests/data/memleak

# The format table (loader.c's rows: complete, named, best score wins).
check_PROGRAMS += tests/unit/check_registry
tests_unit_check_registry_SOURCES = tests/unit/check_registry.c
tests_unit_check_registry_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_registry_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_registry

# The formats against the reference tools' outputs.
LOADERS_TESTS = tests/golden/formats.sh tests/golden/formatlist.sh \
	tests/golden/bpftrace.sh tests/golden/perf_exited.sh \
	tests/golden/pprof.sh tests/golden/textfmt.sh
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

# speedscope and Firefox Profiler files: the rules one by one,
# and the corpus through the binary (golden, with speedscope's snapshot).
check_PROGRAMS += tests/unit/check_runtimes
tests_unit_check_runtimes_SOURCES = tests/unit/check_runtimes.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_runtimes_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_runtimes_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
RUNTIMES_TESTS = tests/golden/speedscope.sh tests/golden/firefox.sh
TESTS += tests/unit/check_runtimes $(RUNTIMES_TESTS)
EXTRA_DIST += $(RUNTIMES_TESTS) tests/data/speedscope tests/data/firefox
# Chrome/V8 profiles and traces: the rules on crafted inputs,
# and the speedscope corpus, time, hostile input and node --cpu-prof.
check_PROGRAMS += tests/unit/check_chrome
tests_unit_check_chrome_SOURCES = tests/unit/check_chrome.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_chrome_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_chrome_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_chrome tests/golden/chrome.sh tests/tui/chrome.sh
EXTRA_DIST += tests/golden/chrome.sh tests/data/chrome tests/tui/chrome.sh
# make bench: a 200 MB .cpuprofile (tests/bench/cpuprofile.sh)
EXTRA_PROGRAMS += tests/bench/mkcpuprofile
tests_bench_mkcpuprofile_SOURCES = tests/bench/mkcpuprofile.c
EXTRA_DIST += tests/bench/cpuprofile.sh

# Off-CPU time (issue #47; offcpu.c, the scheduler's intervals): its
# tests: --units' words, the chain palette and the intervals; through the
# binary, and the viewer in tmux.
check_PROGRAMS += tests/unit/check_offcpu
tests_unit_check_offcpu_SOURCES = tests/unit/check_offcpu.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_offcpu_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_offcpu_LDADD = $(CORE_LIBS) $(CHECK_LIBS)
TESTS += tests/unit/check_offcpu tests/golden/offcpu.sh tests/tui/offcpu.sh
EXTRA_DIST += tests/golden/offcpu.sh tests/tui/offcpu.sh tests/data/offcpu \
	tests/bench/offcpu.sh
