/*
 * Runs every core unit-test suite.  Each test runs in its own process
 * (CK_FORK), so a crash in one is reported as that test's failure.
 */
#include "config.h"

#include <stdlib.h>

#include "check_suites.h"

int
main(void)
{
	SRunner *sr = srunner_create(suite_strtab());
	int failed;

	srunner_add_suite(sr, suite_tree());
	srunner_add_suite(sr, suite_folded());
	srunner_add_suite(sr, suite_inorder());
	srunner_add_suite(sr, suite_perf());
	srunner_add_suite(sr, suite_badinput());
	srunner_add_suite(sr, suite_util());
	srunner_add_suite(sr, suite_diff());
	srunner_add_suite(sr, suite_output());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
