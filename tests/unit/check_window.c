/*
 * Unit tests of the live viewer's tree operations: tree_sub_self(),
 * tree_clear_self() and the rolling window (model/window.h).
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "model/tree.h"
#include "model/window.h"

/* The node for path "a;b;c" (made when missing). */
static uint32_t
node(struct tree *t, const char *path)
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

/* Total of path's node after tree_finish(). */
static uint64_t
total(struct tree *t, const char *path)
{
	tree_finish(t);
	return tree_total(t, 0, node(t, path)).n;
}

START_TEST(test_sub_self)
{
	struct tree *t = tree_new(1);
	uint32_t ab = node(t, "a;b"), ac = node(t, "a;c");

	tree_add_self(t, 0, ab, COUNT_INT(5));
	tree_add_self(t, 0, ac, COUNT_INT(3));
	ck_assert_uint_eq(total(t, "a"), 8);
	tree_sub_self(t, 0, ab, COUNT_INT(2));
	ck_assert_uint_eq(total(t, "a"), 6);
	ck_assert_uint_eq(total(t, "a;b"), 3);
	/* Never below zero. */
	tree_sub_self(t, 0, ac, COUNT_INT(7));
	ck_assert_uint_eq(total(t, "a;c"), 0);
	ck_assert_uint_eq(total(t, "a"), 3);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 3);
	tree_free(t);
}
END_TEST

START_TEST(test_sub_fraction)
{
	struct tree *t = tree_new(1);
	uint32_t a = node(t, "a");
	struct tf_count c;

	tree_add_self(t, 0, a, (struct tf_count){2, 0.25});
	tree_sub_self(t, 0, a, (struct tf_count){0, 0.5});
	c = tree_self(t, 0, a);
	ck_assert_uint_eq(c.n, 1);
	ck_assert(c.frac > 0.749 && c.frac < 0.751);
	tree_sub_self(t, 0, a, (struct tf_count){1, 0.75});
	c = tree_self(t, 0, a);
	ck_assert_uint_eq(c.n, 0);
	ck_assert(c.frac == 0.0);
	tree_free(t);
}
END_TEST

START_TEST(test_clear_self)
{
	struct tree *t = tree_new(1);

	tree_add_self(t, 0, node(t, "a;b"), COUNT_INT(5));
	tree_add_self(t, 0, node(t, "c"), COUNT_INT(1));
	tree_clear_self(t, 0);
	ck_assert_uint_eq(total(t, "a"), 0);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	/* The nodes stay, for ids held elsewhere. */
	ck_assert_uint_eq(tree_size(t), 4);
	tree_add_self(t, 0, node(t, "c"), COUNT_INT(2));
	ck_assert_uint_eq(total(t, "c"), 2);
	tree_free(t);
}
END_TEST

/* Add c to path during second sec, through the window. */
static void
add(struct tree *t, struct window *w, long long sec, const char *path,
    uint64_t c)
{
	uint32_t id = node(t, path);

	tree_add_self(t, 0, id, COUNT_INT(c));
	window_note(w, sec, id, COUNT_INT(c));
}

START_TEST(test_window)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 0, 3);

	add(t, w, 10, "a;b", 1);
	add(t, w, 10, "a;b", 1);
	add(t, w, 11, "a;c", 4);
	add(t, w, 12, "d", 2);
	ck_assert_int_eq(window_expire(w, 12), 0);
	ck_assert_uint_eq(total(t, "a"), 6);
	/* At 13, second 10 is 3 s old: gone. */
	ck_assert_int_eq(window_expire(w, 13), 1);
	ck_assert_uint_eq(total(t, "a;b"), 0);
	ck_assert_uint_eq(total(t, "a"), 4);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 6);
	/* A bucket reused by a later second gives its old counts back. */
	add(t, w, 14, "e", 1);   /* bucket of 11 */
	ck_assert_uint_eq(total(t, "a;c"), 0);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 3);
	/* A long pause empties it all. */
	ck_assert_int_eq(window_expire(w, 100), 1);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	ck_assert_int_eq(window_expire(w, 101), 0);
	window_free(w);
	tree_free(t);
}
END_TEST

/*
 * A tree keeping sample records (perf, live): an expired second takes its
 * records off too, so the status line's sample count follows the window.
 */
START_TEST(test_window_samples)
{
	struct tree *t = tree_new(1);
	struct window *w;
	uint32_t ab, ac;

	tree_keep_samples(t);
	w = window_new(t, 0, 2);
	ab = node(t, "a;b");
	ac = node(t, "a;c");
	tree_add_self(t, 0, ab, COUNT_INT(1000));
	tree_add_samples(t, 0, ab, 1);
	window_note(w, 5, ab, COUNT_INT(1000));
	tree_add_self(t, 0, ab, COUNT_INT(1000));
	tree_add_samples(t, 0, ab, 1);
	window_note(w, 5, ab, COUNT_INT(1000));
	tree_add_self(t, 0, ac, COUNT_INT(500));
	tree_add_samples(t, 0, ac, 1);
	window_note(w, 6, ac, COUNT_INT(500));
	tree_finish(t);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 3);
	ck_assert_int_eq(window_expire(w, 7), 1);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 500);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 1);
	ck_assert_uint_eq(tree_samples(t, 0, ab), 0);
	ck_assert_uint_eq(tree_samples(t, 0, ac), 1);
	window_free(w);
	tree_free(t);
}
END_TEST

START_TEST(test_window_clear)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 0, 2);

	add(t, w, 1, "a", 5);
	tree_clear_self(t, 0);
	window_clear(w);
	add(t, w, 2, "a", 1);
	ck_assert_int_eq(window_expire(w, 3), 0);
	ck_assert_uint_eq(total(t, "a"), 1);
	ck_assert_int_eq(window_expire(w, 4), 1);
	ck_assert_uint_eq(total(t, "a"), 0);
	window_free(w);
	tree_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("window");
	TCase *tc = tcase_create("window");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_sub_self);
	tcase_add_test(tc, test_sub_fraction);
	tcase_add_test(tc, test_clear_self);
	tcase_add_test(tc, test_window);
	tcase_add_test(tc, test_window_clear);
	tcase_add_test(tc, test_window_samples);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
