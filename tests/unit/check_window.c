/*
 * Unit tests of the live viewer's tree operations: tree_sub_self(),
 * tree_clear_self() and the rolling window (model/window.h).
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/store.h"
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

#define SEC 1000000000LL

/* The node for path "a;b;c", or TREE_NONE when the tree has none. */
static uint32_t
find(const struct tree *t, const char *path)
{
	char buf[256], *p, *save = NULL;
	uint32_t id = TREE_ROOT, name;

	strcpy(buf, path);
	for (p = strtok_r(buf, ";", &save); p != NULL && id != TREE_NONE;
	    p = strtok_r(NULL, ";", &save)) {
		name = strtab_lookup(tree_strtab_c(t), p, strlen(p));
		id = name == UINT32_MAX ? TREE_NONE :
		    tree_find_child(t, id, name);
	}
	return id;
}

/* Total of path's node in the finished tree, 0 when it has none. */
static uint64_t
has(struct tree *t, const char *path)
{
	uint32_t id = find(t, path);

	return id == TREE_NONE ? 0 : tree_total(t, 0, id).n;
}

/* Add c to path at second sec, through the window. */
static void
add(struct tree *t, struct window *w, long long sec, const char *path,
    uint64_t c)
{
	uint32_t id = node(t, path);

	tree_add_self(t, 0, id, COUNT_INT(c));
	window_note(w, sec * SEC, id, COUNT_INT(c));
}

START_TEST(test_window)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 3 * SEC);

	add(t, w, 10, "a;b", 1);
	add(t, w, 10, "a;b", 1);
	add(t, w, 11, "a;c", 4);
	add(t, w, 12, "d", 2);
	ck_assert_int_eq(window_expire(w, 13 * SEC), 0);
	ck_assert_uint_eq(total(t, "a"), 6);
	/* Past 13 s, second 10 is more than 3 s old: gone, node and all. */
	ck_assert_int_eq(window_expire(w, 13 * SEC + 1), 1);
	ck_assert_uint_eq(find(t, "a;b"), TREE_NONE);
	ck_assert_uint_eq(strtab_lookup(tree_strtab_c(t), "b", 1),
	    UINT32_MAX);
	ck_assert_uint_eq(has(t, "a"), 4);
	ck_assert_uint_eq(has(t, "a;c"), 4);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 6);
	ck_assert_uint_eq(store_count(window_store(w)), 2);
	/* The nodes made anew take samples as before. */
	add(t, w, 14, "e", 1);
	add(t, w, 14, "a;c", 1);
	ck_assert_int_eq(window_expire(w, 14 * SEC), 0);
	ck_assert_uint_eq(total(t, "a"), 5);
	ck_assert_int_eq(window_expire(w, 15 * SEC), 1);
	ck_assert_uint_eq(has(t, "a;c"), 1);
	ck_assert_uint_eq(has(t, "d"), 2);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 4);
	/* A long pause empties it all: only the root is left. */
	ck_assert_int_eq(window_expire(w, 100 * SEC), 1);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	ck_assert_uint_eq(tree_size(t), 1);
	ck_assert_uint_eq(strtab_count(tree_strtab_c(t)), 1);
	ck_assert_int_eq(window_expire(w, 101 * SEC), 0);
	window_free(w);
	tree_free(t);
}
END_TEST

/*
 * A tree keeping sample records (perf, live): an expired sample takes its
 * record off too, so the status line's sample count follows the window.
 */
START_TEST(test_window_samples)
{
	struct tree *t = tree_new(1);
	struct window *w;
	uint32_t ab, ac;

	tree_keep_samples(t);
	w = window_new(t, 2 * SEC);
	ab = node(t, "a;b");
	ac = node(t, "a;c");
	tree_add_self(t, 0, ab, COUNT_INT(1000));
	tree_add_samples(t, 0, ab, 1);
	window_note(w, 5 * SEC, ab, COUNT_INT(1000));
	tree_add_self(t, 0, ab, COUNT_INT(1000));
	tree_add_samples(t, 0, ab, 1);
	window_note(w, 5 * SEC, ab, COUNT_INT(1000));
	tree_add_self(t, 0, ac, COUNT_INT(500));
	tree_add_samples(t, 0, ac, 1);
	window_note(w, 6 * SEC, ac, COUNT_INT(500));
	tree_finish(t);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 3);
	ck_assert_int_eq(window_expire(w, 7 * SEC + 1), 1);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 500);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 1);
	ck_assert_uint_eq(find(t, "a;b"), TREE_NONE);
	ck_assert_uint_eq(tree_samples(t, 0, find(t, "a;c")), 1);
	window_free(w);
	tree_free(t);
}
END_TEST

START_TEST(test_window_clear)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 2 * SEC);

	add(t, w, 1, "a", 5);
	window_clear(w);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	ck_assert_uint_eq(tree_size(t), 1);
	add(t, w, 2, "a", 1);
	ck_assert_int_eq(window_expire(w, 4 * SEC), 0);
	ck_assert_uint_eq(total(t, "a"), 1);
	ck_assert_int_eq(window_expire(w, 4 * SEC + 1), 1);
	ck_assert_uint_eq(find(t, "a"), TREE_NONE);
	window_free(w);
	tree_free(t);
}
END_TEST

/*
 * Names that never come back (a JIT's): a window of 2 s over 200 s of
 * 50 new names a second, with modules.  The tree and its names hold the
 * window's, not the whole run's, and the window is what the store says.
 */
START_TEST(test_window_new_names)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 2 * SEC);
	uint32_t mod, id;
	char path[64];
	long long ms;
	int k;

	tree_keep_modules(t);
	mod = tree_module_intern(t, "jit", 3, 0);
	for (ms = 0; ms < 200 * 1000; ms += 20) {
		snprintf(path, sizeof path, "main;fn%lld", ms);
		id = node(t, path);
		tree_set_module(t, id, mod);
		tree_add_self(t, 0, id, COUNT_INT(1));
		window_note(w, ms * 1000000, id, COUNT_INT(1));
		if (ms % 250 == 0)
			window_expire(w, ms * 1000000);
		ck_assert_uint_le(tree_size(t), 2 + 2 + 125);
		ck_assert_uint_le(strtab_count(tree_strtab_c(t)), 2 + 125);
	}
	window_expire(w, ms * 1000000);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 100);
	ck_assert_uint_eq(store_count(window_store(w)), 100);
	for (k = 0; k < 100; k++) {
		snprintf(path, sizeof path, "main;fn%lld", ms - 20 * (k + 1));
		id = find(t, path);
		ck_assert_uint_ne(id, TREE_NONE);
		ck_assert_uint_eq(tree_module(t, id), mod);
	}
	snprintf(path, sizeof path, "main;fn%lld", ms - 20 * 101);
	ck_assert_uint_eq(find(t, path), TREE_NONE);
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

	tcase_set_timeout(tc, 30); /* a loaded machine, sanitizers */
	tcase_add_test(tc, test_sub_self);
	tcase_add_test(tc, test_sub_fraction);
	tcase_add_test(tc, test_clear_self);
	tcase_add_test(tc, test_window);
	tcase_add_test(tc, test_window_clear);
	tcase_add_test(tc, test_window_samples);
	tcase_add_test(tc, test_window_new_names);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
