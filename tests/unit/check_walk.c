/*
 * Unit tests of the tree's pre-order walk (model/tree.h, tree_preorder):
 * the order over sorted sibling lists, a subtree on its own, skipping a
 * node's children, a leaf, and a stack deeper than any recursion could go.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "model/tree.h"
#include "util/xalloc.h"

/* The names the walk from top gives, ";"-separated; skip: nodes not entered. */
static char *
walk(const struct tree *t, uint32_t top, const char *skip)
{
	struct tree_walk w;
	char *buf = NULL;
	size_t len = 0, n;
	FILE *fp = open_memstream(&buf, &len);
	const char *s;
	uint32_t id;
	int first = 1;

	tree_preorder(&w, t, top);
	while ((id = tree_preorder_next(&w)) != TREE_NONE) {
		s = id == TREE_ROOT ? "(root)" : tree_name(t, id, &n);
		if (id == TREE_ROOT)
			n = strlen(s);
		fprintf(fp, "%s%.*s", first ? "" : ";", (int)n, s);
		first = 0;
		if (skip != NULL && n == strlen(skip) && memcmp(s, skip, n) == 0)
			tree_preorder_skip(&w);
	}
	fclose(fp);
	return buf;
}

static const char *prof =
    "main;b;x 1\n"
    "main;a;z 2\n"
    "main;a;y 3\n"
    "main;a 1\n"
    "idle 4\n";

START_TEST(test_whole_tree)
{
	struct tree *t = tree_from_folded(prof);
	char *s = walk(t, TREE_ROOT, NULL);

	/* Siblings in their sorted order, each subtree before the next. */
	ck_assert_str_eq(s, "(root);idle;main;a;y;z;b;x");
	free(s);
	tree_free(t);
}
END_TEST

START_TEST(test_subtree)
{
	struct tree *t = tree_from_folded(prof);
	char *s = walk(t, node_at(t, "main;a"), NULL);

	/* Only a and what is under it: never a's sibling b. */
	ck_assert_str_eq(s, "a;y;z");
	free(s);
	s = walk(t, node_at(t, "main;b;x"), NULL);
	ck_assert_str_eq(s, "x");
	free(s);
	tree_free(t);
}
END_TEST

START_TEST(test_skip)
{
	struct tree *t = tree_from_folded(prof);
	char *s = walk(t, TREE_ROOT, "a");

	ck_assert_str_eq(s, "(root);idle;main;a;b;x");
	free(s);
	s = walk(t, node_at(t, "main"), "main");
	ck_assert_str_eq(s, "main");
	free(s);
	tree_free(t);
}
END_TEST

START_TEST(test_deep)
{
	size_t depth = 100000, i;
	char *text = xmalloc(depth * 2 + 8);
	struct tree *t;
	struct tree_walk w;
	uint32_t id, prev = TREE_NONE, count = 0;

	for (i = 0; i < depth; i++) {
		text[2 * i] = 'f';
		text[2 * i + 1] = ';';
	}
	memcpy(text + 2 * depth - 1, " 1\n", 4);
	t = tree_from_folded(text);
	tree_preorder(&w, t, TREE_ROOT);
	while ((id = tree_preorder_next(&w)) != TREE_NONE) {
		if (prev != TREE_NONE)
			ck_assert_uint_eq(tree_node(t, id)->parent, prev);
		prev = id;
		count++;
	}
	ck_assert_uint_eq(count, depth + 1);
	free(text);
	tree_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("walk");
	TCase *tc = tcase_create("preorder");
	SRunner *sr;
	int failed;

	tcase_add_test(tc, test_whole_tree);
	tcase_add_test(tc, test_subtree);
	tcase_add_test(tc, test_skip);
	tcase_add_test(tc, test_deep);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
