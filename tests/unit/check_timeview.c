/*
 * Unit tests of the viewer's time range and comparison (model/timeview.h):
 * each tree against the samples added up the slow way.
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/heatgrid.h"
#include "model/store.h"
#include "model/timeview.h"
#include "model/tree.h"

#define NS 1000000000LL

/* The node of path ("a;b;c") in t, made when missing. */
static uint32_t
path_node(struct tree *t, const char *path)
{
	char buf[256], *p, *save = NULL;
	uint32_t id = TREE_ROOT;

	strcpy(buf, path);
	for (p = strtok_r(buf, ";", &save); p != NULL;
	    p = strtok_r(NULL, ";", &save))
		id = tree_child(t, id, strtab_intern(tree_strtab(t), p,
		    strlen(p)));
	return id;
}

/* The total of path in profile prof of t (missing: 0). */
static uint64_t
total(const struct tree *t, int prof, const char *path)
{
	char buf[256], *p, *save = NULL;
	uint32_t id = TREE_ROOT;

	strcpy(buf, path);
	for (p = strtok_r(buf, ";", &save); p != NULL && id != TREE_NONE;
	    p = strtok_r(NULL, ";", &save)) {
		uint32_t name = strtab_lookup(tree_strtab_c(t), p, strlen(p));

		id = name == UINT32_MAX ? TREE_NONE :
		    tree_find_child(t, id, name);
	}
	return id == TREE_NONE ? 0 : tree_total(t, prof, id).n;
}

/*
 * Second 0 runs a (weight 1 each, 40 samples), second 1 runs b (60),
 * and idle "swapper;cpu_idle" runs in both (10 each).
 */
static struct tree *
fixture(struct store *s)
{
	struct tree *t = tree_new(1);
	uint32_t a = path_node(t, "job;a"), b = path_node(t, "job;b");
	uint32_t idle = path_node(t, "swapper;cpu_idle");
	int i;

	for (i = 0; i < 40; i++) {
		store_add(s, a, 5 * NS + i * (NS / 40), 1, 1, 1, 0);
		tree_add_self(t, 0, a, COUNT_INT(1));
	}
	for (i = 0; i < 60; i++) {
		store_add(s, b, 6 * NS + i * (NS / 60), 1, 1, 1, 0);
		tree_add_self(t, 0, b, COUNT_INT(1));
	}
	for (i = 0; i < 20; i++) {
		store_add(s, idle, 5 * NS + i * (NS / 10), 1, 0, 0, 1);
		tree_add_self(t, 0, idle, COUNT_INT(1));
	}
	tree_finish(t);
	return t;
}

START_TEST(test_pick_range)
{
	struct store *s = store_new();
	struct tree *t = fixture(s), *r;
	struct timeview tv;
	char w[128];

	timeview_init(&tv, t, s);
	ck_assert(timeview_has_time(&tv));
	ck_assert_uint_eq(tv.nidle, 1);
	ck_assert_uint_eq(timeview_words(&tv, w, sizeof w), 0);
	r = timeview_pick(&tv, 5 * NS, 6 * NS, 0);
	ck_assert_ptr_nonnull(r);
	ck_assert_int_eq(tree_nprof(r), 1);
	ck_assert_uint_eq(total(r, 0, "job;a"), 40);
	ck_assert_uint_eq(total(r, 0, "job;b"), 0);
	ck_assert_uint_eq(total(r, 0, "swapper"), 0); /* idle left out */
	timeview_words(&tv, w, sizeof w);
	ck_assert_str_eq(w, "time 0.00-1.00 s");
	tv.show_idle = 1;
	r = timeview_pick(&tv, 5 * NS, 6 * NS, 0);
	ck_assert_uint_eq(total(r, 0, "swapper"), 10);
	timeview_clear(&tv);
	ck_assert_ptr_null(tv.tree);
	ck_assert_ptr_null(timeview_pick(&tv, 6 * NS, 6 * NS, 0));
	timeview_free(&tv);
	tree_free(t);
	store_free(s);
}
END_TEST

START_TEST(test_compare)
{
	struct store *s = store_new();
	struct tree *t = fixture(s), *r;
	struct timeview tv;
	char w[128];

	timeview_init(&tv, t, s);
	/* b: baseline second 0, then second 1 against it */
	tv.base_on = 1;
	tv.b0 = 5 * NS;
	tv.b1 = 6 * NS;
	r = timeview_pick(&tv, 6 * NS, 7 * NS, 0);
	ck_assert_int_eq(tree_nprof(r), 2);
	ck_assert_uint_eq(total(r, 0, "job;a"), 40);
	ck_assert_uint_eq(total(r, 1, "job;a"), 0);
	ck_assert_uint_eq(total(r, 0, "job;b"), 0);
	ck_assert_uint_eq(total(r, 1, "job;b"), 60);
	timeview_words(&tv, w, sizeof w);
	ck_assert_str_eq(w, "time 1.00-2.00 s vs 0.00-1.00 s");
	/* B: the second half of second 0 against everything else */
	tv.base_on = 0;
	r = timeview_pick(&tv, 5 * NS + NS / 2, 6 * NS, 1);
	ck_assert_uint_eq(total(r, 1, "job;a"), 20);
	ck_assert_uint_eq(total(r, 0, "job;a"), 20);
	ck_assert_uint_eq(total(r, 0, "job;b"), 60);
	ck_assert_uint_eq(total(r, 1, "job;b"), 0);
	ck_assert_uint_eq(total(r, 0, "swapper"), 0);
	timeview_words(&tv, w, sizeof w);
	ck_assert_str_eq(w, "time 0.500-1.000 s vs the rest");
	timeview_free(&tv);
	tree_free(t);
	store_free(s);
}
END_TEST

/* An input without times: nothing to pick. */
START_TEST(test_no_time)
{
	struct store *s = store_new();
	struct tree *t = tree_new(1);
	struct timeview tv;

	path_node(t, "x");
	tree_finish(t);
	timeview_init(&tv, t, s);
	ck_assert(!timeview_has_time(&tv));
	ck_assert_ptr_null(timeview_pick(&tv, 0, NS, 0));
	timeview_free(&tv);
	timeview_init(&tv, t, NULL);
	ck_assert(!timeview_has_time(&tv));
	timeview_free(&tv);
	tree_free(t);
	store_free(s);
}
END_TEST

/*
 * The grid: empty seconds between kept, a day's jump not; 2, 5, 10...
 * seconds a column and rows grouped to fit; cell edges; the top stack.
 */
START_TEST(test_grid)
{
	struct store *s = store_new();
	struct heatgrid g;
	int i;

	memset(&g, 0, sizeof g);
	/* seconds 100 and 105: six columns, four of them empty */
	for (i = 0; i < 3; i++)
		store_add(s, 7, 100 * NS + NS / 10, 1, 1, 1, 0);
	store_add(s, 8, 100 * NS + NS / 10 + 1, 1, 1, 1, 0);
	store_add(s, 9, 105 * NS + 999999999, 1, 1, 1, 0);
	heatgrid_build(&g, s, 50, NULL, NULL, 16);
	ck_assert_uint_eq(g.nsec, 6);
	ck_assert_int_eq(g.colidx[1], -1);
	ck_assert_int_eq(g.colidx[5], 1);
	heatgrid_fit(&g, 80, 50);
	ck_assert_int_eq(g.cw, 1);
	ck_assert_int_eq(g.rk, 1);
	ck_assert_uint_eq(heatgrid_val(&g, 0, 5), 4);
	ck_assert_uint_eq(heatgrid_val(&g, 5, 49), 1);
	ck_assert_uint_eq(g.vmax, 4);
	ck_assert_uint_eq(heatgrid_top(&g, s, 0, 5, NULL, 16), 7);
	ck_assert_uint_eq(heatgrid_top(&g, s, 1, 5, NULL, 16), TREE_NONE);
	ck_assert_int_eq(heatgrid_time(&g, 0, 5, 0), 100 * NS + NS / 10);
	ck_assert_int_eq(heatgrid_time(&g, 5, 49, 1), 106 * NS);
	/* 3 columns, 20 cell rows: 2 s a column, 3 rows a cell row */
	heatgrid_fit(&g, 3, 20);
	ck_assert_int_eq(g.cw, 2);
	ck_assert_int_eq(g.ncx, 3);
	ck_assert_int_eq(g.rk, 3);
	ck_assert_int_eq(g.ncy, 17);
	ck_assert_uint_eq(heatgrid_val(&g, 0, 1), 4); /* rows 3-5 */
	ck_assert_uint_eq(g.colval[2], 1);
	ck_assert_int_eq(heatgrid_time(&g, 2, 16, 1), 106 * NS);
	heatgrid_fit(&g, 1, 20);
	ck_assert_int_eq(g.cw, 10);
	/* a day later: only the seconds with samples */
	store_add(s, 9, 86500 * NS, 1, 1, 1, 0);
	heatgrid_build(&g, s, 50, NULL, NULL, 16);
	ck_assert_uint_eq(g.nsec, 3);
	ck_assert_int_eq(g.secs[2], 86400);
	heatgrid_free(&g);
	store_free(s);
	ck_assert_int_eq(heatgrid_level(0, 10, 0, 10), 0);
	ck_assert_int_eq(heatgrid_level(1, 10, 0, 10), 1);
	ck_assert_int_eq(heatgrid_level(10, 10, 0, 10), 9);
	ck_assert_int_eq(heatgrid_level(10, 10, 1, 10), 9);
	ck_assert_int_eq(heatgrid_level(1, 1000, 1, 10), 1);
	ck_assert_int_gt(heatgrid_level(30, 1000, 1, 10),
	    heatgrid_level(30, 1000, 0, 10));
}
END_TEST

static Suite *
timeview_suite(void)
{
	Suite *s = suite_create("timeview");
	TCase *tc = tcase_create("timeview");

	tcase_add_test(tc, test_pick_range);
	tcase_add_test(tc, test_compare);
	tcase_add_test(tc, test_no_time);
	tcase_add_test(tc, test_grid);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(timeview_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
