/*
 * Unit tests of cli/modes.c: every mode (the viewer, --collapse, --svg,
 * --top, --tree) x --diff x transform flags x the source (a file, a pipe,
 * --record), written out row by row with the path it must take, whether
 * the graph is drawn while the input arrives, and whether --collapse
 * prints sorted folded input as it was read; the usage errors with their
 * words.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cli/modes.h"
#include "util/macros.h"

enum source { FILE_IN, PIPE_IN, RECORD };

#define V MODE_VIEW
#define C MODE_COLLAPSE
#define S MODE_SVG
#define T MODE_TOP
#define R MODE_TREE
#define H MODE_HEATMAP
#define A MODE_ANNOTATE

static const struct {
	enum run_mode mode;
	int diff, xforms;
	enum source src;
	enum mode_path path;
	int early;        /* drawn while the input arrives */
	int inorder;
	const char *why;  /* PATH_USAGE: words of the message */
} table[] = {
	/* mode diff xf source    path          early inorder */
	{V, 0, 0, FILE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 0, 0, PIPE_IN, PATH_VIEW,     1, 0, NULL},
	{V, 0, 0, RECORD,  PATH_LIVE,     1, 0, NULL},
	{V, 0, 1, FILE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 0, 1, PIPE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 0, 1, RECORD,  PATH_USAGE,    0, 0, "transform options do not go"},
	{V, 1, 0, FILE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 1, 0, PIPE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{V, 1, 1, FILE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 1, 1, PIPE_IN, PATH_VIEW,     0, 0, NULL},
	{V, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{C, 0, 0, FILE_IN, PATH_COLLAPSE, 0, 1, NULL},
	{C, 0, 0, PIPE_IN, PATH_COLLAPSE, 0, 1, NULL},
	{C, 0, 0, RECORD,  PATH_COLLAPSE, 0, 1, NULL},
	{C, 0, 1, FILE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 0, 1, PIPE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 0, 1, RECORD,  PATH_COLLAPSE, 0, 0, NULL},
	{C, 1, 0, FILE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 1, 0, PIPE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{C, 1, 1, FILE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 1, 1, PIPE_IN, PATH_COLLAPSE, 0, 0, NULL},
	{C, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{S, 0, 0, FILE_IN, PATH_SVG,      0, 0, NULL},
	{S, 0, 0, PIPE_IN, PATH_SVG,      0, 0, NULL},
	{S, 0, 0, RECORD,  PATH_SVG,      0, 0, NULL},
	{S, 0, 1, FILE_IN, PATH_SVG,      0, 0, NULL},
	{S, 0, 1, PIPE_IN, PATH_SVG,      0, 0, NULL},
	{S, 0, 1, RECORD,  PATH_SVG,      0, 0, NULL},
	{S, 1, 0, FILE_IN, PATH_SVG,      0, 0, NULL},
	{S, 1, 0, PIPE_IN, PATH_SVG,      0, 0, NULL},
	{S, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{S, 1, 1, FILE_IN, PATH_SVG,      0, 0, NULL},
	{S, 1, 1, PIPE_IN, PATH_SVG,      0, 0, NULL},
	{S, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{T, 0, 0, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 0, 0, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 0, 0, RECORD,  PATH_TEXT,     0, 0, NULL},
	{T, 0, 1, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 0, 1, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 0, 1, RECORD,  PATH_TEXT,     0, 0, NULL},
	{T, 1, 0, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 1, 0, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{T, 1, 1, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 1, 1, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{T, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{R, 0, 0, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 0, 0, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 0, 0, RECORD,  PATH_TEXT,     0, 0, NULL},
	{R, 0, 1, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 0, 1, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 0, 1, RECORD,  PATH_TEXT,     0, 0, NULL},
	{R, 1, 0, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 1, 0, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{R, 1, 1, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 1, 1, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{R, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{H, 0, 0, FILE_IN, PATH_HEATMAP,  0, 0, NULL},
	{H, 0, 0, PIPE_IN, PATH_HEATMAP,  0, 0, NULL},
	{H, 0, 0, RECORD,  PATH_HEATMAP,  0, 0, NULL},
	{H, 0, 1, FILE_IN, PATH_USAGE,    0, 0, "transform options"},
	{H, 0, 1, PIPE_IN, PATH_USAGE,    0, 0, "transform options"},
	{H, 0, 1, RECORD,  PATH_USAGE,    0, 0, "transform options"},
	{H, 1, 0, FILE_IN, PATH_USAGE,    0, 0, "--heatmap maps one profile"},
	{H, 1, 0, PIPE_IN, PATH_USAGE,    0, 0, "--heatmap maps one profile"},
	{H, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{H, 1, 1, FILE_IN, PATH_USAGE,    0, 0, "--heatmap maps one profile"},
	{H, 1, 1, PIPE_IN, PATH_USAGE,    0, 0, "--heatmap maps one profile"},
	{H, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{A, 0, 0, FILE_IN, PATH_TEXT,     0, 0, NULL},
	{A, 0, 0, PIPE_IN, PATH_TEXT,     0, 0, NULL},
	{A, 0, 0, RECORD,  PATH_TEXT,     0, 0, NULL},
	{A, 0, 1, FILE_IN, PATH_USAGE,    0, 0, "transform options"},
	{A, 0, 1, PIPE_IN, PATH_USAGE,    0, 0, "transform options"},
	{A, 0, 1, RECORD,  PATH_USAGE,    0, 0, "transform options"},
	{A, 1, 0, FILE_IN, PATH_USAGE,    0, 0, "--annotate reads one profile"},
	{A, 1, 0, PIPE_IN, PATH_USAGE,    0, 0, "--annotate reads one profile"},
	{A, 1, 0, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
	{A, 1, 1, FILE_IN, PATH_USAGE,    0, 0, "--annotate reads one profile"},
	{A, 1, 1, PIPE_IN, PATH_USAGE,    0, 0, "--annotate reads one profile"},
	{A, 1, 1, RECORD,  PATH_USAGE,    0, 0, "--record and --diff"},
};

/* Options with mode m, --diff when diff, one transform when xf, from src. */
static void
options_for(struct options *o, enum run_mode m, int diff, int xf,
    enum source src)
{
	memset(o, 0, sizeof *o);
	o->mode = m;
	o->diff = diff;
	if (xf) {
		o->xforms[0].kind = NULL; /* which one: not read here */
		o->xforms[0].re = "main";
		o->nxforms = 1;
	}
	if (src == RECORD) {
		o->record.on = 1;
		o->record.all = 1;
	} else
		o->input = "in";
}

/* Every combination, as the table says. */
START_TEST(test_table)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;

	options_for(&o, table[i].mode, table[i].diff, table[i].xforms,
	    table[i].src);
	mode_plan(&o, &p);
	ck_assert_msg(p.path == table[i].path, "row %zu: path %s, want %s", i,
	    mode_path_name(p.path), mode_path_name(table[i].path));
	ck_assert_msg(mode_draws_early(&p, table[i].src == PIPE_IN) ==
	    table[i].early, "row %zu: drawn early %d", i, !table[i].early);
	ck_assert_msg(p.inorder == table[i].inorder, "row %zu: inorder %d", i,
	    p.inorder);
	if (table[i].why != NULL)
		ck_assert_msg(p.why != NULL && strstr(p.why, table[i].why) != NULL,
		    "row %zu: why \"%s\"", i, p.why ? p.why : "(null)");
	else
		ck_assert_ptr_null(p.why);
	/* A file is never drawn while it loads. */
	if (table[i].src == FILE_IN)
		ck_assert_int_eq(mode_draws_early(&p, 0), 0);
}
END_TEST

/* The table holds each combination once: 7 modes x 2 x 2 x 3 sources. */
START_TEST(test_complete)
{
	int seen[7][2][2][3];
	size_t i;
	int m, d, x, s;

	memset(seen, 0, sizeof seen);
	ck_assert_uint_eq(ARRAY_SIZE(table), 7 * 2 * 2 * 3);
	for (i = 0; i < ARRAY_SIZE(table); i++)
		seen[table[i].mode][table[i].diff][table[i].xforms][table[i].src]++;
	for (m = 0; m < 7; m++)
		for (d = 0; d < 2; d++)
			for (x = 0; x < 2; x++)
				for (s = 0; s < 3; s++)
					ck_assert_msg(seen[m][d][x][s] == 1,
					    "mode %d diff %d xf %d src %d: %d rows",
					    m, d, x, s, seen[m][d][x][s]);
}
END_TEST

/* --window belongs to the live viewer: every other path refuses it. */
START_TEST(test_window)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;

	options_for(&o, table[i].mode, table[i].diff, table[i].xforms,
	    table[i].src);
	o.record.window = 5;
	mode_plan(&o, &p);
	if (table[i].path == PATH_LIVE)
		ck_assert_int_eq(p.path, PATH_LIVE);
	else {
		ck_assert_int_eq(p.path, PATH_USAGE);
		ck_assert_ptr_nonnull(p.why);
	}
}
END_TEST

/* Modules are kept for the viewer and --top of one profile; --order
 * orders every mode's tree but --collapse's (always sorted by name). */
START_TEST(test_modules_order)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;
	int m = table[i].mode;

	options_for(&o, table[i].mode, table[i].diff, table[i].xforms,
	    table[i].src);
	mode_plan(&o, &p);
	if (p.path == PATH_USAGE)
		return;
	ck_assert_int_eq(p.modules, !table[i].diff &&
	    (m == MODE_VIEW || m == MODE_TOP));
	ck_assert_int_eq(p.order, m != MODE_COLLAPSE);
}
END_TEST

/*
 * --time: the viewer waits for the whole input, --collapse builds the
 * tree; never with --diff, the live viewer or --heatmap.
 */
START_TEST(test_time)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;

	options_for(&o, table[i].mode, table[i].diff, table[i].xforms,
	    table[i].src);
	o.time = "1-2";
	mode_plan(&o, &p);
	if (table[i].path == PATH_USAGE || table[i].diff ||
	    table[i].path == PATH_LIVE || table[i].mode == MODE_HEATMAP ||
	    table[i].mode == MODE_ANNOTATE) {
		ck_assert_int_eq(p.path, PATH_USAGE);
		ck_assert_ptr_nonnull(p.why);
		return;
	}
	ck_assert_int_eq(p.path, table[i].path);
	ck_assert_int_eq(mode_draws_early(&p, 1), 0);
	ck_assert_int_eq(p.inorder, 0);
}
END_TEST

/*
 * --time twice: two ranges of one input compared, with --diff only, in
 * every mode that takes --time.
 */
static const struct {
	enum run_mode mode;
	int diff, two_inputs;
	enum source src;
	enum mode_path path;
	const char *why;
} twice[] = {
	/* mode diff two source  path */
	{C, 1, 0, FILE_IN, PATH_COLLAPSE, NULL},
	{C, 1, 0, PIPE_IN, PATH_COLLAPSE, NULL},
	{V, 1, 0, FILE_IN, PATH_VIEW,     NULL},
	{S, 1, 0, FILE_IN, PATH_SVG,      NULL},
	{T, 1, 0, FILE_IN, PATH_TEXT,     NULL},
	{R, 1, 0, FILE_IN, PATH_TEXT,     NULL},
	{C, 0, 0, FILE_IN, PATH_USAGE,    "with --diff and one input"},
	{V, 0, 0, FILE_IN, PATH_USAGE,    "with --diff and one input"},
	{C, 1, 1, FILE_IN, PATH_USAGE,    "of one input, not of two"},
	{H, 1, 0, FILE_IN, PATH_USAGE,    "--heatmap"},
	{V, 1, 0, RECORD,  PATH_USAGE,    "--record and --diff"},
};

START_TEST(test_time_twice)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;

	options_for(&o, twice[i].mode, twice[i].diff, 0, twice[i].src);
	o.time = "1-2";
	o.time2 = "3-4";
	if (twice[i].two_inputs)
		o.input2 = "in2";
	mode_plan(&o, &p);
	ck_assert_int_eq(p.path, twice[i].path);
	if (twice[i].why != NULL)
		ck_assert_ptr_nonnull(strstr(p.why, twice[i].why));
	else
		ck_assert_int_eq(mode_draws_early(&p, 1), 0);
}
END_TEST

/*
 * --flamechart: only with --svg, one profile as recorded (no --diff, no
 * transforms, no --time, no --reverse).
 */
START_TEST(test_flamechart)
{
	struct options o;
	struct mode_plan p;
	size_t i = (size_t)_i;

	options_for(&o, table[i].mode, table[i].diff, table[i].xforms,
	    table[i].src);
	o.svg.flamechart = 1;
	mode_plan(&o, &p);
	if (table[i].mode != MODE_SVG || table[i].diff || table[i].xforms ||
	    table[i].path == PATH_USAGE) {
		ck_assert_int_eq(p.path, PATH_USAGE);
		ck_assert_ptr_nonnull(p.why);
		return;
	}
	ck_assert_int_eq(p.path, PATH_SVG);
	o.time = "1-2";
	mode_plan(&o, &p);
	ck_assert_int_eq(p.path, PATH_USAGE);
	ck_assert_ptr_nonnull(strstr(p.why, "--flamechart"));
	o.time = NULL;
	o.reverse = 1;
	mode_plan(&o, &p);
	ck_assert_int_eq(p.path, PATH_USAGE);
	ck_assert_ptr_nonnull(strstr(p.why, "--reverse"));
}
END_TEST

/* Path names, for messages and the test's own. */
START_TEST(test_names)
{
	ck_assert_str_eq(mode_path_name(PATH_LIVE), "live");
	ck_assert_str_eq(mode_path_name(PATH_TEXT), "text");
	ck_assert_str_eq(mode_path_name((enum mode_path)99), "?");
}
END_TEST

static Suite *
modes_suite(void)
{
	Suite *s = suite_create("modes");
	TCase *tc = tcase_create("table");

	tcase_add_loop_test(tc, test_table, 0, (int)ARRAY_SIZE(table));
	tcase_add_test(tc, test_complete);
	tcase_add_loop_test(tc, test_window, 0, (int)ARRAY_SIZE(table));
	tcase_add_loop_test(tc, test_modules_order, 0, (int)ARRAY_SIZE(table));
	tcase_add_loop_test(tc, test_time, 0, (int)ARRAY_SIZE(table));
	tcase_add_loop_test(tc, test_time_twice, 0, (int)ARRAY_SIZE(twice));
	tcase_add_loop_test(tc, test_flamechart, 0, (int)ARRAY_SIZE(table));
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(modes_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
