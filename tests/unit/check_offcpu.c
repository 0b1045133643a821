/*
 * Off-CPU time (issue #47): the words of --units' counts.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
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

static Suite *
suite_offcpu(void)
{
	Suite *s = suite_create("offcpu");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_units_words);
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
