/*
 * The Check suites of the core unit tests, one constructor per file.
 */
#ifndef TFLAME_TESTS_CHECK_SUITES_H
#define TFLAME_TESTS_CHECK_SUITES_H

#include <check.h>

Suite *suite_strtab(void);
Suite *suite_tree(void);
Suite *suite_folded(void);
Suite *suite_inorder(void);
Suite *suite_perf(void);
Suite *suite_badinput(void);
Suite *suite_util(void);
Suite *suite_diff(void);
Suite *suite_output(void);

#endif
