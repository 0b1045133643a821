# Build lines for src/svg/ (included from Makefile.am): the SVG writer
# behind --svg (src/cli/svg_cmd.c) and the viewer's s.
#
# svg/ is part of the curses-free core: the viewer's export and --svg both
# call svg_write_file().  The script embedded in every SVG is a C string in
# src/svg/script.c.

libtfcore_a_SOURCES += \
	src/svg/flow.c src/svg/text.c src/svg/write.c src/svg/file.c \
	src/svg/script.c src/svg/chart.c
noinst_HEADERS += include/svg/svg.h

# Unit tests: escaping, numbers, geometry, colours, the flow, atomic files.
check_PROGRAMS += tests/unit/check_svg
tests_unit_check_svg_SOURCES = tests/unit/check_svg.c \
	tests/unit/helpers.c tests/unit/helpers.h
tests_unit_check_svg_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) \
	-DTESTS_DATADIR='"$(abs_top_srcdir)/tests/data"'
tests_unit_check_svg_LDADD = $(CORE_LIBS) $(CHECK_LIBS)

# End to end: title multisets and frames against flamegraph.pl's, xmllint
# on every output; then a headless Chromium zooms and searches.
SVG_TESTS = tests/golden/svg.sh tests/svg/browser.sh tests/golden/numbers.sh \
	tests/golden/flamechart.sh
TESTS += tests/unit/check_svg $(SVG_TESTS)
EXTRA_DIST += $(SVG_TESTS) tests/svg/browser.js tests/data/svg
