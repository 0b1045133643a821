# Fuzzing and valgrind (included from Makefile.am).
#
# `make fuzz` builds the libFuzzer targets of tests/fuzz/ with clang into
# fuzz-build/: the core sources are compiled again there with
# -fsanitize=fuzzer-no-link,address,undefined, so the normal build (gcc or
# not) is untouched.  tests/fuzz/run.sh builds and runs them; see HACKING.
#
# `make check-valgrind` runs the non-interactive paths under valgrind.
#
# `make check` replays every input a fuzzer ever crashed on
# (tests/fuzz/crashes/) through the tflame binary.

FUZZ_CC = clang
FUZZ_CFLAGS = -O1 -g
FUZZ_DIR = $(abs_top_builddir)/fuzz-build
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	-fno-omit-frame-pointer

fuzz: config.h
	FUZZ_CC='$(FUZZ_CC)' FUZZ_CFLAGS='$(FUZZ_CFLAGS)' FUZZ_SAN='$(FUZZ_SAN)' \
	FUZZ_LIBS='$(PCRE2_LIBS) $(ZLIB_LIBS)' \
	    sh $(abs_top_srcdir)/tests/fuzz/build.sh '$(abs_top_srcdir)' \
	    '$(abs_top_builddir)' '$(FUZZ_DIR)' $(libtfcore_a_SOURCES)

clean-local: clean-fuzz
clean-fuzz:
	rm -rf '$(FUZZ_DIR)'

.PHONY: fuzz clean-fuzz

TESTS += tests/fuzz/replay.sh
EXTRA_DIST += tests/fuzz/build.sh tests/fuzz/run.sh tests/fuzz/replay.sh \
	tests/fuzz/valgrind.sh tests/fuzz/fuzz_common.h \
	tests/fuzz/fuzz_perf.c tests/fuzz/fuzz_folded.c tests/fuzz/fuzz_stap.c \
	tests/fuzz/fuzz_dtrace.c tests/fuzz/fuzz_detect.c \
	tests/fuzz/fuzz_folded_line.c tests/fuzz/fuzz_regex.c \
	tests/fuzz/fuzz_svg.c tests/fuzz/fuzz_bpftrace.c tests/fuzz/fuzz_pprof.c \
	tests/fuzz/fuzz_speedscope.c tests/fuzz/fuzz_firefox.c \
	tests/fuzz/fuzz_asprof.c tests/fuzz/fuzz_memleak.c tests/fuzz/fuzz_viewer.h \
	tests/fuzz/fuzz_chrome.c tests/fuzz/fuzz_time.c \
	tests/fuzz/seeds tests/fuzz/crashes

check-valgrind: all $(check_PROGRAMS)
	cd '$(abs_top_builddir)' && \
	TFLAME='$(abs_top_builddir)/tflame' \
	TESTS_DATADIR='$(abs_top_srcdir)/tests/data' \
	UNIT_TESTS='$(check_PROGRAMS)' \
	    sh $(abs_top_srcdir)/tests/fuzz/valgrind.sh

.PHONY: check-valgrind
