/*
 * String table: identity, growth, odd bytes, ranking.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "check_suites.h"
#include "model/strtab.h"

START_TEST(test_intern_identity)
{
	struct strtab *st = strtab_new();
	uint32_t a = strtab_intern(st, "main", 4);
	uint32_t b = strtab_intern(st, "work", 4);
	size_t len;

	ck_assert_uint_eq(a, 0);
	ck_assert_uint_eq(b, 1);
	ck_assert_uint_eq(strtab_intern(st, "main", 4), a);
	ck_assert_uint_eq(strtab_lookup(st, "work", 4), b);
	ck_assert_uint_eq(strtab_lookup(st, "wor", 3), UINT32_MAX);
	ck_assert_str_eq(strtab_get(st, b, &len), "work");
	ck_assert_uint_eq(len, 4);
	ck_assert_uint_eq(strtab_count(st), 2);
	strtab_free(st);
}
END_TEST

START_TEST(test_intern_growth)
{
	struct strtab *st = strtab_new();
	char buf[32];
	uint32_t i, id;
	const char *p;

	/* Enough names to grow the index many times and fill several chunks. */
	for (i = 0; i < 200000; i++) {
		int n = snprintf(buf, sizeof buf, "frame_%u", i);

		ck_assert_uint_eq(strtab_intern(st, buf, (size_t)n), i);
	}
	p = strtab_get(st, 0, NULL);
	for (i = 0; i < 200000; i += 997) {
		int n = snprintf(buf, sizeof buf, "frame_%u", i);

		id = strtab_lookup(st, buf, (size_t)n);
		ck_assert_uint_eq(id, i);
		ck_assert_str_eq(strtab_get(st, id, NULL), buf);
	}
	/* Arena chunks never move: the first name is where it was. */
	ck_assert_ptr_eq(strtab_get(st, 0, NULL), p);
	strtab_free(st);
}
END_TEST

START_TEST(test_intern_odd_bytes)
{
	struct strtab *st = strtab_new();
	static const char nul[] = "a\0b";
	static const char utf8[] = "caf\xc3\xa9::\xe6\x97\xa5";
	uint32_t a = strtab_intern(st, nul, 3);
	uint32_t b = strtab_intern(st, "a", 1);
	uint32_t e = strtab_intern(st, "", 0);
	size_t len;
	const char *p = strtab_get(st, a, &len);

	/* A NUL inside a name is part of it: "a\0b" is not "a". */
	ck_assert_uint_ne(a, b);
	ck_assert_uint_eq(len, 3);
	ck_assert_int_eq(memcmp(p, nul, 3), 0);
	ck_assert_uint_eq(strtab_intern(st, utf8, sizeof utf8 - 1),
	    strtab_lookup(st, utf8, sizeof utf8 - 1));
	ck_assert_uint_eq(strtab_intern(st, "", 0), e);
	strtab_free(st);
}
END_TEST

START_TEST(test_rank_bytewise)
{
	struct strtab *st = strtab_new();
	uint32_t rank[5];

	strtab_intern(st, "b", 1);      /* 0 */
	strtab_intern(st, "a;", 2);     /* 1 */
	strtab_intern(st, "a", 1);      /* 2 */
	strtab_intern(st, "\xc3\xa9", 2); /* 3: bytes above ASCII sort last */
	strtab_intern(st, "a-x", 3);    /* 4 */
	strtab_rank(st, rank);
	/* a < a-x < a; < b < é  (byte order, shorter prefix first) */
	ck_assert_uint_eq(rank[2], 0);
	ck_assert_uint_eq(rank[4], 1);
	ck_assert_uint_eq(rank[1], 2);
	ck_assert_uint_eq(rank[0], 3);
	ck_assert_uint_eq(rank[3], 4);
	strtab_free(st);
}
END_TEST

Suite *
suite_strtab(void)
{
	Suite *s = suite_create("strtab");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_intern_identity);
	tcase_add_test(tc, test_intern_growth);
	tcase_add_test(tc, test_intern_odd_bytes);
	tcase_add_test(tc, test_rank_bytewise);
	suite_add_tcase(s, tc);
	return s;
}
