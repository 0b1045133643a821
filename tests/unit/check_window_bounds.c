/*
 * The bounds of the live viewer's --window: the
 * ring of buckets is sized to what has elapsed, not to the window, so
 * --window=1e7 neither allocates ten million buckets (317 MB) nor visits
 * them at each expiry (14% of a CPU); and it holds at most a window's
 * worth of seconds however long the recording.
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

/* Add c to node's self count in second sec, through the window. */
static void
add(struct tree *t, struct window *w, long long sec, uint32_t node,
    uint64_t c)
{
	tree_add_self(t, 0, node, COUNT_INT(c));
	window_note(w, sec, node, COUNT_INT(c));
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
	uint32_t a;
	long long sec;
	int k;

	limit_as(256);
	t = tree_new(1);
	w = window_new(t, 0, 10000000u);
	a = leaf(t, "a");
	for (sec = 0; sec < 200; sec++)
		for (k = 0; k < 4; k++) {
			add(t, w, sec, a, 1);
			ck_assert_int_eq(window_expire(w, sec), 0);
		}
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 800);
	ck_assert_uint_le(window_buckets(w), 256);
	/* Ten million seconds later, it is all gone. */
	ck_assert_int_eq(window_expire(w, 10000000 + 199), 1);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 0);
	window_free(w);
	tree_free(t);
}
END_TEST

/*
 * A window of 3 s over an hour: never more than a window's buckets, and
 * the tree holds the last 3 seconds.
 */
START_TEST(test_ring_bounded)
{
	struct tree *t = tree_new(1);
	struct window *w = window_new(t, 0, 3);
	uint32_t a = leaf(t, "a"), b = leaf(t, "b");
	long long sec;

	ck_assert_uint_eq(window_buckets(w), 0);
	for (sec = 0; sec < 3600; sec++) {
		add(t, w, sec, sec % 2 ? a : b, 10);
		add(t, w, sec, a, 1);
		ck_assert_uint_le(window_buckets(w), 4);
	}
	window_expire(w, 3599);
	tree_finish(t);
	/* Seconds 3597, 3598 and 3599: a, b, a, and a's 1 in each. */
	ck_assert_uint_eq(tree_total(t, 0, a).n, 20 + 3);
	ck_assert_uint_eq(tree_total(t, 0, b).n, 10);
	/* Seconds without samples hold no bucket. */
	add(t, w, 100000, a, 5);
	window_expire(w, 100000);
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 5);
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
	tcase_add_test(tc, test_ring_bounded);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
