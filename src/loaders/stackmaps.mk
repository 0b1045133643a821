# Build lines for the bpftrace and pprof loaders and their tests (issue
# #34; included from Makefile.am after the variables appended to here are
# first set).

TESTS += tests/golden/bpftrace.sh tests/golden/pprof.sh

EXTRA_DIST += tests/golden/bpftrace.sh tests/golden/pprof.sh \
	src/loaders/stackmaps.mk

libtfcore_a_SOURCES += src/loaders/bpftrace.c src/loaders/pprof.c

# make bench: a pprof profile made from folded stacks (tests/bench/stackmaps.sh)
EXTRA_PROGRAMS += tests/bench/mkpprof
tests_bench_mkpprof_SOURCES = tests/bench/mkpprof.c
EXTRA_DIST += tests/bench/stackmaps.sh
