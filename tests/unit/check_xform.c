/*
 * The transform registry (model/xform.h): each key, flag and verb names
 * one row, every row has its apply, and the rows name their steps as the
 * breadcrumb did; and a history step with a regex (the command line's),
 * marked through the history's mark_re, made again from the
 * original when an undo needs it.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "model/history.h"
#include "model/xform.h"
#include "util/xalloc.h"

static const char profile[] =
    "main;run;work;leaf 40\n"
    "main;run;[unknown];junk 10\n"
    "main;fib;fib;calc 20\n"
    "idle 30\n";

/* Every key, flag and verb finds its own row; each row can be applied. */
START_TEST(test_rows)
{
	size_t i;

	ck_assert_uint_ge(xform_count, 7);
	for (i = 0; i < xform_count; i++) {
		const struct xform *x = &xform_table[i];

		ck_assert_ptr_nonnull(x->verb);
		ck_assert_ptr_nonnull(x->apply);
		ck_assert_ptr_nonnull(x->keys);
		ck_assert_ptr_nonnull(x->help);
		ck_assert_ptr_eq(xform_by_verb(x->verb), x);
		if (x->key != 0)
			ck_assert_ptr_eq(xform_by_key(x->key), x);
		if (x->flag != NULL)
			ck_assert_ptr_eq(xform_by_flag(x->flag), x);
		/* A flag with no regex acts on every function, or on none. */
		if (x->flag != NULL && !x->flag_re)
			ck_assert(x->arg == XFORM_ARG_NONE || x->all != NULL);
	}
	ck_assert_ptr_null(xform_by_key('q'));
	ck_assert_ptr_null(xform_by_flag("collapse"));
	ck_assert_ptr_eq(xform_by_flag("hide"), xform_by_key('m'));
	ck_assert_ptr_eq(xform_by_flag("focus"), xform_by_key('f'));
}
END_TEST

/* put() into a string. */
static void
put(void *ctx, const char *s, size_t len)
{
	strncat(ctx, s, len);
}

/* The words of a step of verb with argument arg (NULL: none). */
static const char *
words(const char *verb, const char *arg, enum tree_order order)
{
	static char buf[256];

	buf[0] = '\0';
	xform_describe(xform_by_verb(verb), arg, arg != NULL ? strlen(arg) : 0,
	    order, put, buf);
	return buf;
}

START_TEST(test_describe)
{
	ck_assert_str_eq(words("focus", "main", 0), "focus main");
	ck_assert_str_eq(words("merge", "^std::", 0), "merge ^std::");
	ck_assert_str_eq(words("collapse", "fib", 0), "collapse fib");
	ck_assert_str_eq(words("collapse", NULL, 0), "collapse recursion");
	ck_assert_str_eq(words("merge threads", NULL, 0), "merge threads");
	ck_assert_str_eq(words("order", NULL, TREE_ORDER_WEIGHT),
	    "order weight");
	ck_assert_str_eq(words("order", NULL, TREE_ORDER_NAME), "order name");
	ck_assert_str_eq(words("subtree", "run", 0), "subtree run");
}
END_TEST

/* A stand-in for PCRE2: names that start with re. */
static unsigned char *
mark_prefix(const struct tree *t, const char *re, size_t len)
{
	const struct strtab *st = tree_strtab_c(t);
	uint32_t n = strtab_count(st), id;
	unsigned char *m = xcalloc((size_t)n + 1, 1);
	const char *s;
	size_t l;

	for (id = 0; id < n; id++) {
		s = strtab_get(st, id, &l);
		m[id] = l >= len && memcmp(s, re, len) == 0;
	}
	return m;
}

/* Push a regex step of verb (re NULL: without one). */
static struct tree *
push_re(struct history *h, const char *verb, const char *re)
{
	struct history_step s;

	memset(&s, 0, sizeof s);
	s.kind = xform_by_verb(verb);
	s.regex = 1;
	if (re != NULL) {
		s.name = xstrdup(re);
		s.namelen = strlen(re);
	}
	return history_push(h, &s);
}

/* The folded text of t is want. */
static void
is(const struct tree *t, const char *want)
{
	char *got = collapse_string(t);

	ck_assert_str_eq(got, want);
	free(got);
}

/*
 * Regex steps: every name the regex matches, marked by mark_re; without a
 * regex (--collapse-recursion) every function; made again from the
 * original when an undo goes past the trees held.
 */
START_TEST(test_regex_steps)
{
	struct tree *t = tree_from_folded(profile);
	struct history_step s;
	struct history h;
	char buf[256];

	history_init(&h, t);
	h.mark_re = mark_prefix;
	is(push_re(&h, "exclude", "id"), "main;fib;fib;calc 20\n"
	    "main;run;[unknown];junk 10\nmain;run;work;leaf 40\n");
	is(push_re(&h, "merge", "[un"), "main;fib;fib;calc 20\n"
	    "main;run;junk 10\nmain;run;work;leaf 40\n");
	is(push_re(&h, "collapse", NULL), "main;fib;calc 20\n"
	    "main;run;junk 10\nmain;run;work;leaf 40\n");
	is(push_re(&h, "focus", "w"), "work;leaf 40\n");
	history_describe(&h, buf, sizeof buf);
	ck_assert_str_eq(buf, "exclude id \xe2\x80\xba merge [un \xe2\x80\xba "
	    "collapse recursion \xe2\x80\xba focus w");
	/* Two undos: the second makes the trees again from the original. */
	ck_assert_int_eq(history_pop(&h, &s), 1);
	history_step_free(&s);
	ck_assert_int_eq(history_pop(&h, &s), 1);
	history_step_free(&s);
	is(history_tree(&h), "main;fib;fib;calc 20\n"
	    "main;run;junk 10\nmain;run;work;leaf 40\n");
	ck_assert_int_le(history_held(&h), 2);
	history_reset(&h);
	ck_assert_ptr_eq(history_tree(&h), t);
	history_free(&h);
	tree_free(t);
}
END_TEST

/* A regex step with no mark_re (or one that fails) matches nothing. */
START_TEST(test_regex_no_marker)
{
	struct tree *t = tree_from_folded(profile);
	struct history h;

	history_init(&h, t);
	is(push_re(&h, "exclude", "idle"), "idle 30\nmain;fib;fib;calc 20\n"
	    "main;run;[unknown];junk 10\nmain;run;work;leaf 40\n");
	history_free(&h);
	tree_free(t);
}
END_TEST

static Suite *
xform_suite(void)
{
	Suite *s = suite_create("xform");
	TCase *tc = tcase_create("xform");

	tcase_add_test(tc, test_rows);
	tcase_add_test(tc, test_describe);
	tcase_add_test(tc, test_regex_steps);
	tcase_add_test(tc, test_regex_no_marker);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(xform_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
