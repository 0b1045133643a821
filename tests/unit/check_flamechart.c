/*
 * Unit tests of the flame chart (model/flamechart.h): hand-made stores
 * whose bars are known, laid out on as many cells as milliseconds so a
 * bar's cells are its time.  Also the store's thread names.
 *
 * A self-contained Check program with its own main().
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/flamechart.h"
#include "helpers.h"
#include "model/store.h"
#include "model/strtab.h"
#include "model/tree.h"

#define MS 1000000LL

/* n samples of path, one a millisecond from ms, thread tid. */
static void
run(struct store *s, struct tree *t, const char *path, int ms, int n,
    int tid)
{
	uint32_t id = path_node(t, path);
	int i;

	for (i = 0; i < n; i++)
		store_add(s, id, (ms + i) * MS, 1, 100, tid, 0);
}

/* The name of bar b. */
static const char *
bar_name(const struct tree *t, const struct fc_bar *b, char *buf)
{
	size_t len;
	const char *nm;

	if (b->node == FC_NONE)
		return "+";
	nm = tree_name(t, b->node, &len);
	memcpy(buf, nm, len);
	buf[len] = '\0';
	return buf;
}

/* The bars of depth d as "name x0-x1 ..." */
static char *
row_text(const struct tree *t, const struct fc_layout *lo, uint32_t d)
{
	static char out[1024];
	char nm[64];
	size_t i, n = 0;

	out[0] = '\0';
	for (i = 0; i < lo->n; i++)
		if (lo->bar[i].depth == d)
			n += (size_t)snprintf(out + n, sizeof out - n, "%s%s %d-%d",
			    n ? " " : "", bar_name(t, &lo->bar[i], nm),
			    lo->bar[i].x0, lo->bar[i].x1);
	return out;
}

START_TEST(test_phases)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	struct flamechart fc;
	struct fc_layout lo = {0};
	size_t i;

	run(s, t, "main;a;x", 0, 10, 1);
	run(s, t, "main;b", 10, 10, 1);
	run(s, t, "main;a;y", 20, 5, 1);
	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), 0);
	ck_assert_uint_eq(fc.nlanes, 1);
	ck_assert_int_eq(fc.tmin, 0);
	ck_assert_int_eq(fc.tmax, 25 * MS);   /* the last covers a step */
	ck_assert_int_eq(fc.lane[0].step, MS);
	fc_layout(&fc, 0, 0, 25 * MS, 25, 10, &lo);
	ck_assert_str_eq(row_text(t, &lo, 1), "main 0-25");
	/* a-b-a: three bars in order, 10:10:5 */
	ck_assert_str_eq(row_text(t, &lo, 2), "a 0-10 b 10-20 a 20-25");
	ck_assert_str_eq(row_text(t, &lo, 3), "x 0-10 y 20-25");
	for (i = 0; i < lo.n; i++)
		if (lo.bar[i].depth == 2 && lo.bar[i].x0 == 10) {
			ck_assert_uint_eq(lo.bar[i].i1 - lo.bar[i].i0, 10);
			ck_assert_int_eq(lo.bar[i].ts, 10 * MS);
			ck_assert_int_eq(lo.bar[i].te, 20 * MS);
		}
	/* Panned and zoomed: [5, 15) ms on 20 cells, two cells a ms. */
	fc_layout(&fc, 0, 5 * MS, 15 * MS, 20, 10, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "a 0-10 b 10-20");
	/* Zoomed out: 25 ms on 5 cells, bars of whole cells still. */
	fc_layout(&fc, 0, 0, 25 * MS, 5, 2, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "a 0-2 b 2-4 a 4-5");
	ck_assert_str_eq(row_text(t, &lo, 3), "");  /* maxdepth 2 */
	fc_layout_free(&lo);
	fc_free(&fc);
	store_free(s);
	tree_free(t);
}
END_TEST

/* A thread's last name; past STORE_RENAMES renames the name stays. */
START_TEST(test_renames)
{
	struct store *s = store_new();
	char name[16];
	int i;

	store_add(s, 1, 0, 1, 100, 7, 0);
	store_name_last(s, "first", 5);
	store_name_last(s, "first", 5);
	ck_assert_str_eq(store_thread_name(s, 0), "first");
	store_name_last(s, "firs", 4);   /* a prefix is another name */
	ck_assert_str_eq(store_thread_name(s, 0), "firs");
	for (i = 0; i < 1000; i++) {
		snprintf(name, sizeof name, "n%d", i);
		store_name_last(s, name, strlen(name));
	}
	/* bounded: a thread renamed every sample costs no more */
	ck_assert(store_memory(s) < 64 * 1024);
	ck_assert_ptr_nonnull(store_thread_name(s, 0));
	ck_assert_str_ne(store_thread_name(s, 0), "n999");
	store_free(s);
}
END_TEST

START_TEST(test_threads)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	struct flamechart fc;
	struct fc_layout lo = {0};
	char name[64];

	/* Interleaved as a recording's CPUs give them. */
	store_add(s, path_node(t, "w;one"), 0, 1, 100, 8, 0);
	store_name_last(s, "worker", 6);
	store_add(s, path_node(t, "m;two"), 0, 1, 100, 7, 1);
	store_name_last(s, "main", 4);
	/* a thread renamed (pthread_setname_np after it started): the last */
	store_name_last(s, "main thing", 10);
	run(s, t, "m;two", 1, 9, 7);
	run(s, t, "w;one", 1, 4, 8);
	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), 0);
	ck_assert_uint_eq(fc.nlanes, 2);
	ck_assert_uint_eq(fc.lane[0].n, 10);   /* most samples first */
	ck_assert_uint_eq(fc.lane[1].n, 5);
	fc_lane_name(&fc, 0, name, sizeof name);
	ck_assert_str_eq(name, "main thing 7");
	fc_lane_name(&fc, 1, name, sizeof name);
	ck_assert_str_eq(name, "worker 8");
	fc_layout(&fc, 1, 0, 10 * MS, 10, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "one 0-5");
	fc_layout(&fc, 0, 0, 10 * MS, 10, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "two 0-10");
	fc_layout_free(&lo);
	fc_free(&fc);
	store_free(s);
	tree_free(t);
}
END_TEST

START_TEST(test_gaps)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	struct flamechart fc;
	struct fc_layout lo = {0};

	/* 1 ms apart, then 15 ms of nothing: the gap is no bar. */
	run(s, t, "main;a", 0, 5, 1);
	run(s, t, "main;a", 20, 5, 1);
	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), 0);
	ck_assert_int_eq(fc.lane[0].cap, 4 * MS);
	fc_layout(&fc, 0, 0, 25 * MS, 25, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 1), "main 0-5 main 20-25");
	ck_assert_str_eq(row_text(t, &lo, 2), "a 0-5 a 20-25");
	/* A gap within the cap is covered: 2 ms apart, one bar. */
	fc_free(&fc);
	store_free(s);
	s = store_new();
	run(s, t, "main;a", 0, 10, 1);
	store_add(s, path_node(t, "main;a"), 12 * MS, 1, 100, 1, 0);
	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), 0);
	fc_layout(&fc, 0, 0, 13 * MS, 13, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "a 0-13");
	fc_layout_free(&lo);
	fc_free(&fc);
	store_free(s);
	tree_free(t);
}
END_TEST

START_TEST(test_narrow)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	struct flamechart fc;
	struct fc_layout lo = {0};
	uint32_t a = path_node(t, "main;a"), b = path_node(t, "main;b");
	int i;

	/* a b a b ... for 100 ms, then b for 100 ms, out of order. */
	for (i = 199; i >= 0; i--)
		store_add(s, i < 100 && i % 2 ? a : b, i * MS, 1, 1, 1, 0);
	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), 0);
	ck_assert_int_eq(fc.lane[0].s[0].t, 0);  /* sorted */
	fc_layout(&fc, 0, 0, 200 * MS, 20, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 1), "main 0-20");
	/* 10 ms a cell: the a/b flicker is one "+" run, then b. */
	ck_assert_str_eq(row_text(t, &lo, 2), "+ 0-10 b 10-20");
	for (i = 0; i < (int)lo.n; i++)
		if (lo.bar[i].node == FC_NONE) {
			ck_assert_int_eq(lo.bar[i].ts, 0);
			ck_assert_int_eq(lo.bar[i].te, 100 * MS);
		}
	/* Zoomed in, each 1 ms sample its own bar. */
	fc_layout(&fc, 0, 0, 4 * MS, 4, 5, &lo);
	ck_assert_str_eq(row_text(t, &lo, 2), "b 0-1 a 1-2 b 2-3 a 3-4");
	fc_layout_free(&lo);
	fc_free(&fc);
	store_free(s);
	tree_free(t);
}
END_TEST

/* Thread names survive a second thread's store joined (the perf loader's
 * two halves): store_append_mapped() carries them. */
START_TEST(test_names_joined)
{
	struct store *a = store_new(), *b = store_new();
	uint32_t map[4] = {0, 2, 3, 1};
	uint32_t i;
	int found = 0;

	store_add(b, 1, 5, 1, 10, 11, 0);
	store_name_last(b, "second\0junk", 11);   /* up to the NUL */
	store_add(b, 2, 6, 1, 10, 12, 0);
	store_add(a, 3, 1, 1, 10, 12, 0);
	store_name_last(a, "first", 5);
	store_append_mapped(a, b, map, 4);
	ck_assert_uint_eq(store_threads(a), 2);
	for (i = 0; i < store_threads(a); i++) {
		int32_t pid, tid;

		store_thread(a, i, &pid, &tid);
		if (tid == 11) {
			ck_assert_str_eq(store_thread_name(a, i), "second");
			found++;
		} else {
			ck_assert_str_eq(store_thread_name(a, i), "first");
			found++;
		}
	}
	ck_assert_int_eq(found, 2);
	ck_assert_uint_ge(store_thread_added(a, 0), 1);
	ck_assert_ptr_null(store_thread_name(a, 99));
	store_free(a);
	store_free(b);
}
END_TEST

START_TEST(test_empty)
{
	struct tree *t = tree_new(1);
	struct store *s = store_new();
	struct flamechart fc;

	ck_assert_int_eq(fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL), -1);
	fc_free(&fc);
	run(s, t, "a", 0, 3, 1);
	/* Outside the interval, or skipped. */
	ck_assert_int_eq(fc_build(&fc, t, s, 10 * MS, 20 * MS, NULL), -1);
	fc_free(&fc);
	ck_assert_int_eq(fc_build(&fc, t, s, 0, 2 * MS, NULL), 0);
	ck_assert_uint_eq(fc.n, 2);
	fc_free(&fc);
	store_free(s);
	tree_free(t);
}
END_TEST

static Suite *
fc_suite(void)
{
	Suite *s = suite_create("flamechart");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_phases);
	tcase_add_test(tc, test_threads);
	tcase_add_test(tc, test_renames);
	tcase_add_test(tc, test_gaps);
	tcase_add_test(tc, test_narrow);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_names_joined);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(fc_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
