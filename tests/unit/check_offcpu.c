/*
 * Off-CPU time (issue #47): the words of --units' counts, flamegraph.pl's
 * chain palette and which frames are a waker's.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "layout/palette.h"
#include "model/units.h"

START_TEST(test_units_words)
{
	struct tf_units u;
	char buf[128];

	ck_assert_str_eq(units_event("samples"), "");
	ck_assert_str_eq(units_event("ns"), UNITS_NS_EVENT);
	ck_assert_str_eq(units_event("bytes"), "bytes");
	ck_assert_ptr_null(units_event("minutes"));
	ck_assert_ptr_null(units_event(""));
	/* offcputime -f: microseconds, no sample records beside them. */
	units_init(&u, units_event("us"), NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1200412, 0.0}, 0);
	ck_assert_str_eq(buf, "1.20 s time");
	units_weight(buf, sizeof buf, &u, (struct tf_count){35000, 0.0});
	ck_assert_str_eq(buf, "35.0 ms");
	units_init(&u, units_event("ms"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){1500, 0.0});
	ck_assert_str_eq(buf, "1.50 s");
	units_init(&u, units_event("s"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){2, 0.0});
	ck_assert_str_eq(buf, "2.00 s");
	units_init(&u, units_event("ns"), NULL, 0);
	units_weight(buf, sizeof buf, &u, (struct tf_count){2500000, 0.0});
	ck_assert_str_eq(buf, "2.50 ms");
	units_init(&u, units_event("bytes"), NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1572864, 0.0}, 0);
	ck_assert_str_eq(buf, "1.50 MiB");
	/* --countname keeps its word. */
	units_init(&u, units_event("us"), "us", 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){35000, 0.0}, 0);
	ck_assert_str_eq(buf, "35,000 us");
	/* Off-CPU intervals: nanoseconds, one record each. */
	units_init(&u, UNITS_OFFCPU_EVENT, NULL, 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){1200000000, 0.0}, 4);
	ck_assert_str_eq(buf, "1.20 s off-CPU, 4 samples");
	/* cpu-clock without periods stays a count of samples. */
	units_init(&u, "cpu-clock", NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){286, 0.0}, 286);
	ck_assert_str_eq(buf, "286 cpu-clock samples");
}
END_TEST

/* flamegraph.pl's chain palette: blue, and aqua hashed with "_[w]". */
START_TEST(test_chain_palette)
{
	struct palette_rgb c, w;

	ck_assert_int_eq(palette_scheme_parse("chain"), PALETTE_CHAIN);
	ck_assert_str_eq(palette_scheme_name(PALETTE_CHAIN), "chain");
	/* formats.md 7.6: blue of "main" (v = 0.7786) is (126,126,243). */
	c = palette_chain_rgb(0, 0, "main", 4);
	ck_assert_int_eq(c.r, 126);
	ck_assert_int_eq(c.g, 126);
	ck_assert_int_eq(c.b, 243);
	c = palette_scheme_rgb(PALETTE_CHAIN, 0, "main", 4);
	ck_assert_int_eq(c.b, 243);
	/* A waker's frame is what flamegraph.pl draws for NAME_[w]. */
	w = palette_chain_rgb(1, 0, "main", 4);
	c = palette_scheme_rgb(PALETTE_AQUA, 0, "main_[w]", 8);
	ck_assert_int_eq(w.r, c.r);
	ck_assert_int_eq(w.g, c.g);
	ck_assert_int_eq(w.b, c.b);
	ck_assert_int_eq(w.g, w.b);
	ck_assert(w.r >= 50 && w.r < 110 && w.g >= 165);
	c = palette_chain_rgb(1, 0, "main_[w]", 8);
	ck_assert_int_eq(c.r, w.r);
	ck_assert_int_eq(c.g, w.g);
	/* Its background is blue, as flamegraph.pl's. */
	{
		const char *top, *bottom;

		palette_scheme_background(PALETTE_CHAIN, &top, &bottom);
		ck_assert_str_eq(bottom, "#e0e0ff");
	}
}
END_TEST

/* The frames below a "--" are a waker's, whatever the depth. */
START_TEST(test_chain_marks)
{
	struct tree *t = tree_from_folded(
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup;swapper/1 5\n"
	    "sleeper;main;read 2\n"
	    "r;--;--;w 1\n");
	unsigned char *m;

	m = calloc(tree_size(t), 1);
	palette_chain_marks(t, m);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;sleep;-;schedule")], 0);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;sleep;-;schedule;--")], 0);
	ck_assert_int_eq(m[node_at(t,
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup")], 1);
	ck_assert_int_eq(m[node_at(t,
	    "sleeper;main;sleep;-;schedule;--;hrtimer_wakeup;swapper/1")], 1);
	ck_assert_int_eq(m[node_at(t, "sleeper;main;read")], 0);
	ck_assert_int_eq(m[node_at(t, "r;--;--")], 1);
	ck_assert_int_eq(m[node_at(t, "r;--;--;w")], 1);
	ck_assert_int_eq(m[TREE_ROOT], 0);
	free(m);
	tree_free(t);
}
END_TEST

static Suite *
suite_offcpu(void)
{
	Suite *s = suite_create("offcpu");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_units_words);
	tcase_add_test(tc, test_chain_palette);
	tcase_add_test(tc, test_chain_marks);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(suite_offcpu());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
