/*
 * The bounds of a search: a run over the names has a budget
 * in all (a backtracking pattern over 20,000 names ends within it, and
 * says what it gave up on), it can be run in slices with the same marks
 * as in one go, and a literal (SEARCH_LITERAL, "#" on a long name) is
 * found without building a regex, however long.
 *
 * The budget is checked by the test case's timeout (Check kills a test
 * that runs longer): SEARCH_BUDGET_MS plus 10 s, where the whole pattern
 * would take 40 s or more.  That is a bound, not a speed figure.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/strtab.h"
#include "search/search.h"
#include "util/xalloc.h"

#define NBOMB 20000

/* A string table of n names on which (a+)+$ backtracks to PCRE2's limit. */
static struct strtab *
bomb_names(uint32_t n)
{
	struct strtab *st = strtab_new();
	char name[64];
	uint32_t i;
	int len;

	for (i = 0; i < n; i++) {
		len = snprintf(name, sizeof name,
		    "f%u_aaaaaaaaaaaaaaaaaaaaaaaaaaaa!", (unsigned)i);
		strtab_intern(st, name, (size_t)len);
	}
	return st;
}

static struct search_re *
compile(const char *pat, unsigned flags)
{
	struct search_error err;
	struct search_re *re = search_compile(pat, strlen(pat), flags, &err);

	ck_assert_msg(re != NULL, "%s: %s", pat, err.msg);
	return re;
}

/* search_mark() of a backtracking pattern ends within its budget. */
START_TEST(test_mark_bounded)
{
	struct strtab *st = bomb_names(NBOMB);
	uint32_t n = strtab_count(st), nfailed = 0, id;
	unsigned char *marks = xcalloc(n, 1);
	struct search_re *re = compile("(a+)+$", 0);

	memset(marks, 7, n);
	ck_assert_uint_eq(search_mark(re, st, marks, &nfailed), 0);
	/* Every bomb name was given up on: too costly, or not tried. */
	ck_assert_uint_eq(nfailed, NBOMB);
	for (id = 0; id < n; id++)
		ck_assert_uint_eq(marks[id], 0);
	search_re_free(re);
	free(marks);
	strtab_free(st);
}
END_TEST

/* A run with a small budget stops early and says why, in numbers. */
START_TEST(test_run_budget)
{
	struct strtab *st = bomb_names(NBOMB);
	uint32_t n = strtab_count(st);
	unsigned char *marks = xcalloc(n, 1);
	struct search_re *re = compile("(a+)+$", 0);
	struct search_run r;
	char msg[256];

	search_run_init(&r, re, st, marks, 50);
	ck_assert_int_eq(search_run_step(&r, 0), 1);
	ck_assert_uint_eq(r.hits, 0);
	ck_assert_uint_gt(r.failed, 0);
	ck_assert_uint_gt(r.skipped, 0);
	ck_assert_uint_eq(r.failed + r.skipped, NBOMB);
	ck_assert_uint_gt(search_run_describe(&r, msg, sizeof msg), 0);
	ck_assert_msg(strstr(msg, "not tried") != NULL &&
	    strstr(msg, "budget") != NULL, "%s", msg);
	/* A finished run stays finished. */
	ck_assert_int_eq(search_run_step(&r, 0), 1);
	ck_assert_uint_eq(r.failed + r.skipped, NBOMB);
	search_re_free(re);
	free(marks);
	strtab_free(st);
}
END_TEST

/* Names too costly, but within the budget: said as such. */
START_TEST(test_run_failed_only)
{
	struct strtab *st = bomb_names(3);
	uint32_t n = strtab_count(st);
	unsigned char *marks = xcalloc(n, 1);
	struct search_re *re = compile("(a+)+$", 0);
	struct search_run r;
	char msg[256];

	search_run_init(&r, re, st, marks, 60000);
	ck_assert_int_eq(search_run_step(&r, 0), 1);
	ck_assert_uint_eq(r.failed, 3);
	ck_assert_uint_eq(r.skipped, 0);
	search_run_describe(&r, msg, sizeof msg);
	ck_assert_str_eq(msg, "the pattern gave up on 3 names (too costly: "
	    "PCRE2's match limit): they count as not matching");
	/* And a pattern that costs nothing says nothing. */
	search_re_free(re);
	re = compile("^f1_", 0);
	search_run_init(&r, re, st, marks, 60000);
	ck_assert_int_eq(search_run_step(&r, 0), 1);
	ck_assert_uint_eq(r.hits, 1);
	ck_assert_uint_eq(search_run_describe(&r, msg, sizeof msg), 0);
	ck_assert_str_eq(msg, "");
	search_re_free(re);
	free(marks);
	strtab_free(st);
}
END_TEST

/* A run in 1 ms slices marks what one search_mark() does. */
START_TEST(test_run_slices)
{
	struct strtab *st = strtab_new();
	struct search_re *re = compile("_(1|7)[0-9]*3$", 0);
	unsigned char *one, *sliced;
	struct search_run r;
	uint32_t i, n, hits, steps = 0;
	char name[32];
	int len;

	for (i = 0; i < 300000; i++) {
		len = snprintf(name, sizeof name, "fn_%u", (unsigned)i * 7919u);
		strtab_intern(st, name, (size_t)len);
	}
	n = strtab_count(st);
	one = xcalloc(n, 1);
	sliced = xcalloc(n, 1);
	hits = search_mark(re, st, one, NULL);
	ck_assert_uint_gt(hits, 0);
	search_run_init(&r, re, st, sliced, 60000);
	while (!search_run_step(&r, 1))
		steps++;
	ck_assert_uint_eq(r.hits, hits);
	ck_assert_uint_eq(r.failed + r.skipped, 0);
	ck_assert_msg(memcmp(one, sliced, n) == 0, "marks differ");
	search_re_free(re);
	free(one);
	free(sliced);
	strtab_free(st);
}
END_TEST

/* A literal matches its name exactly, byte for byte, nothing else. */
START_TEST(test_literal)
{
	struct search_error err;
	struct search_re *re;
	static const char name[] = "a.b(c)*\\E$ \xff\0x";
	size_t len = sizeof name - 1;

	re = search_compile(name, len, SEARCH_LITERAL, &err);
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(search_match(re, name, len), 1);
	ck_assert_int_eq(search_match(re, name, len - 1), 0);
	ck_assert_int_eq(search_match(re, "axb(c)*\\E$ \xff\0x", len), 0);
	ck_assert_int_eq(search_match(re, "A.B(c)*\\E$ \xff\0x", len), 0);
	ck_assert_int_eq(search_re_caseless(re), 0);
	search_re_free(re);
	re = search_compile(name, len, SEARCH_LITERAL | SEARCH_CASELESS, &err);
	ck_assert_int_eq(search_re_caseless(re), 1);
	ck_assert_int_eq(search_match(re, "A.B(C)*\\e$ \xff\0X", len), 1);
	ck_assert_int_eq(search_match(re, "A.B(C)*\\e$ \xfe\0X", len), 0);
	search_re_free(re);
	/* The empty literal: the root's name only. */
	re = search_compile("", 0, SEARCH_LITERAL, &err);
	ck_assert_int_eq(search_match(re, "", 0), 1);
	ck_assert_int_eq(search_match(re, "a", 1), 0);
	search_re_free(re);
}
END_TEST

/*
 * A name of 4 MB: quoted, it is a regex too large for PCRE2 (the viewer's
 * "#" froze and then failed so); as a literal it is found at once.
 */
START_TEST(test_literal_huge)
{
	size_t len = 4u << 20, n;
	char *name = xmalloc(len), *q;
	struct strtab *st = strtab_new();
	struct search_error err;
	struct search_re *re;
	unsigned char *marks;
	unsigned flags;
	uint32_t id, other;
	size_t i;

	for (i = 0; i < len; i++)
		name[i] = "ab.(*"[i % 5];
	other = strtab_intern(st, name, len - 1);
	id = strtab_intern(st, name, len);
	ck_assert_uint_gt(len, SEARCH_QUOTE_MAX);
	q = xmalloc(search_quote_size(len));
	n = search_quote(q, name, len, &flags);
	re = search_compile(q, n, flags, &err);
	ck_assert_ptr_null(re);
	free(q);
	re = search_compile(name, len, SEARCH_LITERAL, &err);
	ck_assert_ptr_nonnull(re);
	marks = xcalloc(strtab_count(st), 1);
	ck_assert_uint_eq(search_mark(re, st, marks, NULL), 1);
	ck_assert_uint_eq(marks[id], 1);
	ck_assert_uint_eq(marks[other], 0);
	search_re_free(re);
	free(marks);
	free(name);
	strtab_free(st);
}
END_TEST

static Suite *
bounds_suite(void)
{
	Suite *s = suite_create("search_bounds");
	TCase *tc;

	tc = tcase_create("budget");
	/* SEARCH_BUDGET_MS and 10 s: the whole pattern takes 40 s or more. */
	tcase_set_timeout(tc, SEARCH_BUDGET_MS / 1000.0 + 10);
	tcase_add_test(tc, test_mark_bounded);
	tcase_add_test(tc, test_run_budget);
	tcase_add_test(tc, test_run_failed_only);
	tcase_add_test(tc, test_run_slices);
	suite_add_tcase(s, tc);

	tc = tcase_create("literal");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_literal);
	tcase_add_test(tc, test_literal_huge);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(bounds_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
