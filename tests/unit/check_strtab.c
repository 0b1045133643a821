/*
 * String table: identity, growth, odd bytes, ranking.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "model/strtab.h"
#include "util/xalloc.h"

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

/* Byte order of two names, shorter prefix first: the reference. */
static int
ref_cmp(const char *a, size_t la, const char *b, size_t lb)
{
	int c = memcmp(a, b, la < lb ? la : lb);

	return c != 0 ? c : la < lb ? -1 : la > lb;
}

/*
 * Thousands of names sharing long prefixes, with NUL, ';' and high bytes
 * (a NUL-padded prefix ties with a real NUL): ranks are a permutation in
 * byte order.
 */
START_TEST(test_rank_random)
{
	static const char alpha[] = {'\0', 'a', 'b', ';', '\x80', '\xff'};
	static const char *base[] = {"", "_PyObject_", "Perl_pp_", "a", "a\0"};
	struct strtab *st = strtab_new();
	uint32_t seed = 1, n, i, *rank, *byrank;
	char buf[64];
	size_t len, la, lb, j;

	for (i = 0; i < 6000; i++) {
		seed = seed * 1103515245u + 12345u;
		len = strlen(base[(seed >> 8) % 5]);
		memcpy(buf, base[(seed >> 8) % 5], len);
		if ((seed >> 8) % 5 == 4)
			len = 2; /* "a" and a NUL */
		for (j = (seed >> 12) % 12; j > 0; j--) {
			seed = seed * 1103515245u + 12345u;
			buf[len++] = alpha[(seed >> 16) % sizeof alpha];
		}
		strtab_intern(st, buf, len);
	}
	n = strtab_count(st);
	ck_assert_uint_gt(n, 3000);
	rank = xreallocarray(NULL, n, sizeof *rank);
	byrank = xreallocarray(NULL, n, sizeof *byrank);
	for (i = 0; i < n; i++)
		byrank[i] = UINT32_MAX;
	strtab_rank(st, rank);
	for (i = 0; i < n; i++) {
		ck_assert_uint_lt(rank[i], n);
		ck_assert_uint_eq(byrank[rank[i]], UINT32_MAX);
		byrank[rank[i]] = i;
	}
	for (i = 1; i < n; i++) {
		const char *a = strtab_get(st, byrank[i - 1], &la);
		const char *b = strtab_get(st, byrank[i], &lb);

		ck_assert_int_lt(ref_cmp(a, la, b, lb), 0);
	}
	free(rank);
	free(byrank);
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
	tcase_add_test(tc, test_rank_random);
	suite_add_tcase(s, tc);
	return s;
}
