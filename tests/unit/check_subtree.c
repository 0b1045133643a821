/*
 * Unit tests of export/subtree.c: the folded stacks of a subtree (the
 * viewer's Y), whole outputs compared, the byte limit, a deep stack.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "export/subtree.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "util/diag.h"
#include "input/reader.h"
#include "util/xalloc.h"

/* A finished tree from folded text. */
static struct tree *
tree_of(const char *text)
{
	struct reader *r = reader_mem(text, strlen(text), "test");
	struct tree *t = tree_new(1);
	struct stack_sink sink;
	struct sink_tree st;
	struct load_result res;
	struct diag d;

	diag_init(&d, "test");
	memset(&res, 0, sizeof res);
	sink_tree_init(&st, &sink, t, 0);
	load_folded(r, NULL, &sink, &d, &res, NULL);
	ck_assert_uint_eq(d.nbad, 0);
	diag_free(&d);
	reader_close(r);
	tree_finish(t);
	return t;
}

/* The child of parent named name. */
static uint32_t
child(const struct tree *t, uint32_t parent, const char *name)
{
	const struct tree_node *n = tree_nodes(t);
	uint32_t c;
	size_t len;
	const char *s;

	for (c = n[parent].first_child; c != TREE_NONE; c = n[c].next_sibling) {
		s = tree_name(t, c, &len);
		if (len == strlen(name) && memcmp(s, name, len) == 0)
			return c;
	}
	ck_abort_msg("no child %s", name);
	return TREE_NONE;
}

/*
 *   all 100
 *   |- idle 15
 *   `- main 85 (self 5)
 *      |- eval 40 (self 10): call 30
 *      `- parse 40: lex 30, yacc 10
 */
#define SMALL "main;parse;lex 30\nidle 15\nmain;eval;call 30\n" \
	"main;eval 10\nmain 5\nmain;parse;yacc 10\n"

/* The subtree of a frame: its stacks from the root, in sibling order. */
START_TEST(test_subtree)
{
	struct tree *t = tree_of(SMALL);
	uint32_t main_ = child(t, TREE_ROOT, "main");
	char buf[256];
	struct subtree_text st;

	subtree_folded(t, 0, main_, buf, sizeof buf, &st);
	ck_assert_str_eq(buf, "main 5\nmain;eval 10\nmain;eval;call 30\n"
	    "main;parse;lex 30\nmain;parse;yacc 10\n");
	ck_assert_uint_eq(st.len, strlen(buf));
	ck_assert_uint_eq(st.lines, 5);
	ck_assert_int_eq(st.cut, 0);

	subtree_folded(t, 0, child(t, main_, "parse"), buf, sizeof buf, &st);
	ck_assert_str_eq(buf, "main;parse;lex 30\nmain;parse;yacc 10\n");

	subtree_folded(t, 0, child(t, child(t, main_, "eval"), "call"), buf,
	    sizeof buf, &st);
	ck_assert_str_eq(buf, "main;eval;call 30\n");

	/* The root: the whole profile. */
	subtree_folded(t, 0, TREE_ROOT, buf, sizeof buf, &st);
	ck_assert_str_eq(buf, "idle 15\nmain 5\nmain;eval 10\n"
	    "main;eval;call 30\nmain;parse;lex 30\nmain;parse;yacc 10\n");
	ck_assert_uint_eq(st.lines, 6);
	tree_free(t);
}
END_TEST

/* The limit: whole lines only, and says that more did not fit. */
START_TEST(test_limit)
{
	struct tree *t = tree_of(SMALL);
	uint32_t main_ = child(t, TREE_ROOT, "main");
	char buf[64];
	struct subtree_text st;

	/* "main 5\n" 7 + "main;eval 10\n" 13 = 20, + NUL */
	subtree_folded(t, 0, main_, buf, 21, &st);
	ck_assert_str_eq(buf, "main 5\nmain;eval 10\n");
	ck_assert_uint_eq(st.lines, 2);
	ck_assert_int_eq(st.cut, 1);
	subtree_folded(t, 0, main_, buf, 20, &st);
	ck_assert_str_eq(buf, "main 5\n");
	ck_assert_int_eq(st.cut, 1);
	subtree_folded(t, 0, main_, buf, 1, &st);
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(st.lines, 0);
	ck_assert_int_eq(st.cut, 1);
	tree_free(t);
}
END_TEST

/* A 100,000-deep stack: no recursion; the line is cut whole. */
START_TEST(test_deep)
{
	size_t d = 100000, i, cap = 4 * d + 64;
	char *text = xmalloc(2 * d + 16), *buf = xmalloc(cap);
	struct tree *t;
	struct subtree_text st;

	for (i = 0; i < d; i++) {
		text[2 * i] = 'f';
		text[2 * i + 1] = i + 1 < d ? ';' : ' ';
	}
	memcpy(text + 2 * d, "7\n", 3);
	t = tree_of(text);
	subtree_folded(t, 0, child(t, TREE_ROOT, "f"), buf, cap, &st);
	ck_assert_uint_eq(st.lines, 1);
	ck_assert_uint_eq(st.len, 2 * d + 2);
	ck_assert_int_eq(memcmp(buf, text, 2 * d + 2), 0);
	subtree_folded(t, 0, child(t, TREE_ROOT, "f"), buf, 1000, &st);
	ck_assert_uint_eq(st.lines, 0);
	ck_assert_int_eq(st.cut, 1);
	tree_free(t);
	free(text);
	free(buf);
}
END_TEST

/* Collect the tests. */
static Suite *
subtree_suite(void)
{
	Suite *s = suite_create("subtree");
	TCase *tc = tcase_create("subtree");

	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_subtree);
	tcase_add_test(tc, test_limit);
	tcase_add_test(tc, test_deep);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(subtree_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
