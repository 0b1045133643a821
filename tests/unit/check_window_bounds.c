/*
 * The bounds of the live viewer's --window: the
 * window is a store of the samples it holds, so --window=1e7 costs what
 * has elapsed, not ten million buckets (317 MB, 14% of a CPU, before),
 * and a long recording never holds more than a window's worth of
 * samples.
 *
 * The address space of the test process is limited (not under
 * AddressSanitizer, which reserves terabytes), and the test case has a
 * timeout: the old ring failed both.  Bounds, not speed figures.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "model/store.h"
#include "model/tree.h"
#include "model/window.h"

#if defined(__SANITIZE_ADDRESS__)
#define NO_AS_LIMIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_AS_LIMIT 1
#endif
#endif

/* Limit the address space to mb megabytes (not under ASan). */
static void
limit_as(unsigned mb)
{
#ifndef NO_AS_LIMIT
	struct rlimit rl;

	rl.rlim_cur = rl.rlim_max = (rlim_t)mb << 20;
	ck_assert_int_eq(setrlimit(RLIMIT_AS, &rl), 0);
#else
	(void)mb;
#endif
}

/* Node named name under the root (made when missing). */
static uint32_t
leaf(struct tree *t, const char *name)
{
	return tree_child(t, TREE_ROOT, strtab_intern(tree_strtab(t), name,
	    strlen(name)));
}

#define SEC 1000000000LL

/* Add c to the node named name under the root at second sec. */
static void
add(struct tree *t, struct window *w, long long sec, const char *name,
    uint64_t c)
{
	uint32_t node = leaf(t, name);

	tree_add_self(t, 0, node, COUNT_INT(c));
	window_note(w, sec * SEC, node, COUNT_INT(c));
}

/*
 * --window=1e7 over 200 s of samples, expired four times a second:
 * within 256 MB of address space and the test's timeout, with the
 * counts of every second kept (none is ten million seconds old).
 */
START_TEST(test_huge_window)
{
	struct tree *t;
	struct window *w;
	long long sec;
	int k;

	limit_as(256);
	t = tree_new(1);
	w = window_new(t, 10000000 * SEC);
	for (sec = 0; sec < 200; sec++)
		for (k = 0; k < 4; k++) {
			add(t, w, sec, "a", 1);
			ck_assert_int_eq(window_expire(w, sec * SEC), 0);
		}
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 800);
	/* 800 samples: a chunk's first columns, not a window's worth. */
	ck_assert_uint_le(store_memory(window_store(w)), 64 << 10);
	/* Ten million seconds later, it is all gone. */
	ck_assert_int_eq(window_expire(w, (10000000 + 200) * SEC), 1);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	ck_assert_uint_eq(store_count(window_store(w)), 0);
	window_free(w);
	tree_free(t);
}
END_TEST

/*
 * A window of 3 s over a minute at 20,000 samples a second: the store
 * never holds more than the window's samples and a second's more (it
 * is cut once a second here), and its memory follows; the tree holds
 * the last 3 seconds.
 */
START_TEST(test_store_bounded)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 3 * SEC);
	uint32_t a = leaf(t, "a"), b = leaf(t, "b");
	long long sec;
	size_t most = 0;
	int k;

	limit_as(256);
	for (sec = 0; sec < 60; sec++) {
		window_expire(w, sec * SEC);
		a = leaf(t, "a");
		b = leaf(t, "b");
		for (k = 0; k < 20000; k++) {
			tree_add_self(t, 0, k % 2 ? a : b, COUNT_INT(1));
			window_note(w, sec * SEC + k * 50000LL, k % 2 ? a : b,
			    COUNT_INT(1));
		}
		ck_assert_uint_le(store_count(window_store(w)), 4 * 20000);
		if (store_memory(window_store(w)) > most)
			most = store_memory(window_store(w));
	}
	/* 80,000 samples of 16 bytes, and room in the chunks. */
	ck_assert_uint_le(most, 3u << 20);
	window_expire(w, 60 * SEC);
	tree_finish(t);
	/* Seconds 57, 58 and 59. */
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 60000);
	ck_assert_uint_eq(tree_total(t, 0, leaf(t, "a")).n, 30000);
	window_free(w);
	tree_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("window_bounds");
	TCase *tc = tcase_create("window_bounds");
	SRunner *sr;
	int failed;

	tcase_set_timeout(tc, 20);
	tcase_add_test(tc, test_huge_window);
	tcase_add_test(tc, test_store_bounded);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
