/*
 * Unit tests of tui/list.c, the cursor of the function table and of the
 * frames behind a "+" bar: every move leaves the cursor on a row and in
 * the window, at once (a key read before the next draw sees a valid row),
 * in empty lists, lists shorter than the screen, and past either end.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "tui/list.h"
#include "tui/screen.h"

static struct tui_screen scr;
static struct tui_list lst;

/* A screen of rows lines over a list of n rows, the cursor on the first. */
static void
setup(long n, int rows)
{
	memset(&scr, 0, sizeof scr);
	memset(&lst, 0, sizeof lst);
	scr.list = &lst;
	list_set_rows(&lst, rows);
	list_set_n(&lst, n);
}

/* Assert the cursor and the first row shown. */
#define AT(c, t) do { \
	ck_assert_int_eq(lst.cur, (c)); \
	ck_assert_int_eq(lst.top, (t)); \
} while (0)

START_TEST(test_moves)
{
	setup(10, 4);
	AT(0, 0);
	ck_assert_int_eq(list_down(&scr), TUI_REDRAW);
	AT(1, 0);
	list_up(&scr);
	list_up(&scr); /* past the first row */
	AT(0, 0);
	list_last(&scr);
	AT(9, 6);
	list_down(&scr); /* past the last row */
	AT(9, 6);
	list_page_up(&scr);
	AT(5, 2);
	list_first(&scr);
	AT(0, 0);
	list_page_down(&scr);
	AT(4, 4);
	list_page_down(&scr); /* the window stops at the end */
	AT(8, 6);
	list_page_down(&scr);
	AT(9, 6);
	list_page_up(&scr);
	list_page_up(&scr);
	list_page_up(&scr);
	AT(0, 0);
	/* Down past the window scrolls it by one. */
	list_down(&scr);
	list_down(&scr);
	list_down(&scr);
	AT(3, 0);
	list_down(&scr);
	AT(4, 1);
}
END_TEST

START_TEST(test_empty)
{
	setup(0, 5);
	AT(0, 0);
	list_down(&scr);
	AT(0, 0);
	list_last(&scr);
	AT(0, 0);
	list_page_down(&scr);
	AT(0, 0);
	list_page_up(&scr);
	list_up(&scr);
	AT(0, 0);
}
END_TEST

/* Fewer rows than the screen has: the window stays at the first. */
START_TEST(test_short)
{
	setup(3, 10);
	list_last(&scr);
	AT(2, 0);
	list_page_down(&scr);
	AT(2, 0);
	list_page_up(&scr);
	AT(0, 0);
}
END_TEST

/* A smaller screen or list keeps the cursor on a row and in sight. */
START_TEST(test_resize)
{
	setup(10, 4);
	list_last(&scr);
	list_set_rows(&lst, 2);
	AT(9, 8);
	list_set_rows(&lst, 20);
	AT(9, 0);
	list_set_n(&lst, 5); /* a filter left five */
	AT(4, 0);
	list_set_rows(&lst, 0); /* no room: one row is used */
	AT(4, 4);
	list_page_up(&scr);
	AT(3, 3);
	list_set_n(&lst, 0);
	AT(0, 0);
}
END_TEST

static Suite *
list_suite(void)
{
	Suite *s = suite_create("list");
	TCase *tc = tcase_create("list");

	tcase_add_test(tc, test_moves);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_short);
	tcase_add_test(tc, test_resize);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(list_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
