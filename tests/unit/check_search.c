/*
 * Regex search and the reverse tree: pattern compilation and its errors,
 * matching once per name, the matched share (flamegraph.pl's "Matched")
 * where matches nest, the share under a zoom node, the flame order that n
 * and N walk, quoting a name for #, and the reverse tree: its totals, the
 * reverse of the reverse, both profiles of a differential tree, and a stack
 * 100,000 frames deep.
 *
 * Most tests use this profile (100 samples); the tree is drawn root at the
 * top, "self" where a stack ends:
 *
 *	main;foo;bar;foo 10        all 100
 *	main;foo;baz 20            |- idle 15
 *	main;qux 30                |  `- foo 15 (self 15)
 *	main;qux;foo 5             |- main 65
 *	idle;foo 15                |  |- foo 30
 *	other 20                   |  |  |- bar 10
 *	                           |  |  |  `- foo 10 (self 10)
 *	                           |  |  `- baz 20 (self 20)
 *	                           |  `- qux 35 (self 30)
 *	                           |     `- foo 5 (self 5)
 *	                           `- other 20 (self 20)
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "export/collapse.h"
#include "helpers.h"
#include "model/reverse.h"
#include "search/search.h"
#include "util/xalloc.h"

static const char profile[] =
    "main;foo;bar;foo 10\n"
    "main;foo;baz 20\n"
    "main;qux 30\n"
    "main;qux;foo 5\n"
    "idle;foo 15\n"
    "other 20\n";

/* The result of searching t for pat: marks and hits (owned by the caller). */
struct found {
	unsigned char *marks;
	struct search_order ord;
	struct search_hits hits;
	uint32_t nnames;
};

/* Compile pat (flags), mark t's names and list the hits in flame order. */
static void
find(struct found *f, const struct tree *t, const char *pat, unsigned flags)
{
	struct search_error err;
	struct search_re *re = search_compile(pat, strlen(pat), flags, &err);

	ck_assert_msg(re != NULL, "pattern %s: %s", pat, err.msg);
	memset(f, 0, sizeof *f);
	f->marks = xcalloc(strtab_count(tree_strtab_c(t)) + 1, 1);
	f->nnames = search_mark(re, tree_strtab_c(t), f->marks, NULL);
	search_order_build(&f->ord, t);
	search_hits_build(&f->hits, t, f->marks, &f->ord);
	search_re_free(re);
}

static void
found_free(struct found *f)
{
	free(f->marks);
	search_order_free(&f->ord);
	search_hits_free(&f->hits);
}

/* Matched count of profile prof, as a double. */
static double
matched(const struct found *f, int prof)
{
	return count_value(f->hits.matched[prof]);
}

/* ------------------------------------------------------- the matched share */

/*
 * "foo" matches four frames.  main;foo;bar;foo sits under the match
 * main;foo and must not be counted again:
 *   main;foo 30 + main;qux;foo 5 + idle;foo 15 = 50 of 100 -> 50.00%,
 * which is also the weight of the stacks holding a foo (10+20+5+15).
 */
START_TEST(test_matched_nested)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;

	find(&f, t, "foo", 0);
	ck_assert_uint_eq(f.nnames, 1);
	ck_assert_uint_eq(f.hits.nnodes, 4);
	ck_assert_double_eq(matched(&f, 0), 50.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * "^(foo|qux)$": qux 35 holds the match qux;foo 5, counted once with it;
 * main;foo 30 holds main;foo;bar;foo.  35 + 30 + idle;foo 15 = 80
 * (80.00%), from 5 matching frames.
 */
START_TEST(test_matched_two_names)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;

	find(&f, t, "^(foo|qux)$", 0);
	ck_assert_uint_eq(f.nnames, 2);
	ck_assert_uint_eq(f.hits.nnodes, 5);
	ck_assert_double_eq(matched(&f, 0), 80.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * "a" matches main, bar and baz; bar and baz are under main, so the
 * matched count is main's 65 (65.00%), not 65 + 10 + 20.
 */
START_TEST(test_matched_under_match)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;

	find(&f, t, "a", 0);
	ck_assert_uint_eq(f.nnames, 3);
	ck_assert_uint_eq(f.hits.nnodes, 3);
	ck_assert_double_eq(matched(&f, 0), 65.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * The root is never a match, even for a pattern that matches its empty
 * name; a pattern matching everything gives exactly 100%; no match gives 0.
 */
START_TEST(test_matched_root_and_all)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;

	find(&f, t, "^$", 0);
	ck_assert_uint_eq(f.hits.nnodes, 0);
	ck_assert_double_eq(matched(&f, 0), 0.0);
	found_free(&f);
	find(&f, t, "", 0);
	ck_assert_uint_eq(f.hits.nnodes, tree_size(t) - 1);
	ck_assert_double_eq(matched(&f, 0), 100.0);
	found_free(&f);
	find(&f, t, "nothing", 0);
	ck_assert_uint_eq(f.hits.nnodes, 0);
	ck_assert_double_eq(matched(&f, 0), 0.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * The share of a zoom node, "foo":
 *   under main (65): main;foo 30 + main;qux;foo 5 = 35 -> 53.85%;
 *   under main;qux (35): qux;foo 5;
 *   under main;foo;bar (10): its ancestor main;foo matches, so all 10;
 *   under other (20): nothing;
 *   under the root: the matched count, 50.
 */
START_TEST(test_matched_under_zoom)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;

	find(&f, t, "foo", 0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, t,
	    f.marks, &f.ord, 0, node_at(t, "main"))), 35.0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, t,
	    f.marks, &f.ord, 0, node_at(t, "main;qux"))), 5.0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, t,
	    f.marks, &f.ord, 0, node_at(t, "main;foo;bar"))), 10.0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, t,
	    f.marks, &f.ord, 0, node_at(t, "other"))), 0.0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, t,
	    f.marks, &f.ord, 0, TREE_ROOT)), 50.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * Index order gives the same numbers as flame order (parents come first
 * in both).
 */
START_TEST(test_matched_index_order)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;
	struct search_hits h;

	find(&f, t, "foo|qux", 0);
	memset(&h, 0, sizeof h);
	search_hits_build(&h, t, f.marks, NULL);
	ck_assert_uint_eq(h.nnodes, f.hits.nnodes);
	ck_assert_double_eq(count_value(h.matched[0]), matched(&f, 0));
	search_hits_free(&h);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * Fractional counts (folded files may carry them):
 *   a;b 1.5, a;c 2.25, a;b;b 0.5, d 1  (total 5.25)
 * "b" matches a;b (2.0, its child a;b;b counted with it); "b|c" adds
 * a;c 2.25: 4.25 of 5.25 = 80.95%.
 */
START_TEST(test_matched_fractions)
{
	struct tree *t = tree_from_folded(
	    "a;b 1.5\na;c 2.25\na;b;b 0.5\nd 1\n");
	struct found f;

	find(&f, t, "b", 0);
	ck_assert_double_eq_tol(matched(&f, 0), 2.0, 1e-12);
	found_free(&f);
	find(&f, t, "b|c", 0);
	ck_assert_double_eq_tol(matched(&f, 0), 4.25, 1e-12);
	ck_assert_double_eq_tol(100.0 * matched(&f, 0) /
	    count_value(tree_total(t, 0, TREE_ROOT)), 80.952380952, 1e-6);
	found_free(&f);
	tree_free(t);
}
END_TEST

/*
 * Both profiles of a differential tree:
 *              before  after
 *   a;x            10      0
 *   a;x;x           0      7
 *   b;x             3      4
 *   c               5      9
 * "x": before 10 + 3 = 13 of 18; after (a;x 7, holding a;x;x) 7 + 4 = 11
 * of 20.
 */
START_TEST(test_matched_two_profiles)
{
	struct tree *t = tree_new(2);
	struct strtab *st = tree_strtab(t);
	uint32_t a = strtab_intern(st, "a", 1), b = strtab_intern(st, "b", 1);
	uint32_t c = strtab_intern(st, "c", 1), x = strtab_intern(st, "x", 1);
	uint32_t ax = tree_child(t, tree_child(t, TREE_ROOT, a), x);
	uint32_t axx = tree_child(t, ax, x);
	uint32_t bx = tree_child(t, tree_child(t, TREE_ROOT, b), x);
	uint32_t cc = tree_child(t, TREE_ROOT, c);
	struct found f;

	tree_add_self(t, 0, ax, COUNT_INT(10));
	tree_add_self(t, 1, axx, COUNT_INT(7));
	tree_add_self(t, 0, bx, COUNT_INT(3));
	tree_add_self(t, 1, bx, COUNT_INT(4));
	tree_add_self(t, 0, cc, COUNT_INT(5));
	tree_add_self(t, 1, cc, COUNT_INT(9));
	tree_finish(t);
	find(&f, t, "x", 0);
	ck_assert_int_eq(f.hits.nprof, 2);
	ck_assert_uint_eq(f.hits.nnodes, 3);
	ck_assert_double_eq(matched(&f, 0), 13.0);
	ck_assert_double_eq(matched(&f, 1), 11.0);
	found_free(&f);
	tree_free(t);
}
END_TEST

/* ------------------------------------------------------------ flame order */

/*
 * n / N walk the matches left to right, root first where frames start at
 * the same place.  Sorted, the "foo" frames come as
 *   idle;foo, main;foo, main;foo;bar;foo, main;qux;foo.
 */
START_TEST(test_flame_order)
{
	struct tree *t = tree_from_folded(profile);
	struct found f;
	uint32_t pos;

	find(&f, t, "foo", 0);
	ck_assert_uint_eq(f.ord.n, tree_size(t));
	ck_assert_uint_eq(f.ord.order[0], TREE_ROOT);
	ck_assert_uint_eq(f.hits.nodes[0], node_at(t, "idle;foo"));
	ck_assert_uint_eq(f.hits.nodes[1], node_at(t, "main;foo"));
	ck_assert_uint_eq(f.hits.nodes[2], node_at(t, "main;foo;bar;foo"));
	ck_assert_uint_eq(f.hits.nodes[3], node_at(t, "main;qux;foo"));
	/* A hit finds itself; another frame the first hit after it. */
	pos = search_hits_find(&f.hits, &f.ord, node_at(t, "main;foo"));
	ck_assert_uint_eq(pos, 1);
	pos = search_hits_find(&f.hits, &f.ord, node_at(t, "main;foo;baz"));
	ck_assert_uint_eq(pos, 3);
	pos = search_hits_find(&f.hits, &f.ord, TREE_ROOT);
	ck_assert_uint_eq(pos, 0);
	pos = search_hits_find(&f.hits, &f.ord, node_at(t, "other"));
	ck_assert_uint_eq(pos, 4);
	found_free(&f);
	tree_free(t);
}
END_TEST

/* --------------------------------------------------------------- patterns */

/* Case-sensitive by default; SEARCH_CASELESS or (?i) ignore case. */
START_TEST(test_case)
{
	struct search_error err;
	struct search_re *re;

	re = search_compile("FOO", 3, 0, &err);
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(search_match(re, "foo", 3), 0);
	ck_assert_int_eq(search_match(re, "xFOOx", 5), 1);
	ck_assert_int_eq(search_re_caseless(re), 0);
	search_re_free(re);
	re = search_compile("FOO", 3, SEARCH_CASELESS, &err);
	ck_assert_int_eq(search_match(re, "foo", 3), 1);
	ck_assert_int_eq(search_re_caseless(re), 1);
	search_re_free(re);
	re = search_compile("(?i)FOO", 7, 0, &err);
	ck_assert_int_eq(search_match(re, "foo", 3), 1);
	ck_assert_int_eq(search_re_caseless(re), 1);
	search_re_free(re);
	/* What the status line calls ignoring case: a leading setting. */
	re = search_compile("(*UCP)(?xi)F O O", 16, 0, &err);
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(search_match(re, "foo", 3), 1);
	ck_assert_int_eq(search_re_caseless(re), 1);
	search_re_free(re);
	re = search_compile("(?i-i)FOO", 9, 0, &err);
	ck_assert_int_eq(search_match(re, "foo", 3), 0);
	ck_assert_int_eq(search_re_caseless(re), 0);
	search_re_free(re);
	re = search_compile("(?i)FOO", 7, SEARCH_CASELESS, &err);
	ck_assert_int_eq(search_re_caseless(re), 1);
	search_re_free(re);
	re = search_compile("x(?i)FOO", 8, 0, &err);
	ck_assert_int_eq(search_match(re, "xfoo", 4), 1);
	ck_assert_int_eq(search_re_caseless(re), 0);
	search_re_free(re);
}
END_TEST

/* UTF-8 names: "." is one character; bad bytes do not stop a match. */
START_TEST(test_utf8)
{
	struct search_error err;
	struct search_re *re;

	re = search_compile("^caf.$", 6, 0, &err);
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(search_match(re, "caf\xc3\xa9", 5), 1);
	search_re_free(re);
	re = search_compile("b", 1, 0, &err);
	ck_assert_int_eq(search_match(re, "a\xff" "b", 3), 1);
	ck_assert_int_eq(search_match(re, "a\xff", 2), 0);
	/* A NUL inside a name is just a byte. */
	ck_assert_int_eq(search_match(re, "a\0b", 3), 1);
	search_re_free(re);
}
END_TEST

/* A bad pattern: NULL, PCRE2's message and the offset of the problem. */
START_TEST(test_invalid)
{
	static const struct {
		const char *pat;
		const char *msg;
		size_t offset;
	} bad[] = {
		{"(", "missing closing parenthesis", 1},
		{"a)", "unmatched closing parenthesis", 1},
		{"[z-a]", "range out of order in character class", 3},
		{"x{3,1}", "numbers out of order in {} quantifier", 5},
		{"ab\\", "\\ at end of pattern", 3},
		{"*a", "quantifier does not follow a repeatable item", 0},
		{"\xff", "UTF-8 error", 0},
	};
	struct search_error err;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		ck_assert_ptr_null(search_compile(bad[i].pat,
		    strlen(bad[i].pat), 0, &err));
		ck_assert_msg(strstr(err.msg, bad[i].msg) != NULL,
		    "%s: message \"%s\"", bad[i].pat, err.msg);
		ck_assert_msg(err.offset == bad[i].offset,
		    "%s: offset %zu", bad[i].pat, err.offset);
	}
}
END_TEST

/* A pattern that backtracks forever gives up on that name, no more. */
START_TEST(test_match_limit)
{
	struct search_error err;
	struct search_re *re = search_compile("^(a+)+$", 7, 0, &err);
	char name[64];

	memset(name, 'a', sizeof name - 1);
	name[sizeof name - 1] = 'b';
	ck_assert_ptr_nonnull(re);
	ck_assert_int_eq(search_match(re, name, sizeof name), -1);
	ck_assert_int_eq(search_match(re, "aaa", 3), 1);
	search_re_free(re);
}
END_TEST

/* Quote name (len bytes), compile it, and check it matches only name. */
static void
check_quote(const char *name, size_t len, const char *want, unsigned wflags)
{
	char *q = xmalloc(search_quote_size(len)), *longer;
	struct search_error err;
	struct search_re *re;
	unsigned flags;
	size_t n = search_quote(q, name, len, &flags);

	ck_assert_uint_eq(n, strlen(want));
	ck_assert_msg(memcmp(q, want, n) == 0, "quoted as %s", q);
	ck_assert_uint_eq(flags, wflags);
	re = search_compile(q, n, flags, &err);
	ck_assert_msg(re != NULL, "%s: %s", q, err.msg);
	ck_assert_int_eq(search_match(re, name, len), 1);
	longer = xmalloc(len + 1);
	memcpy(longer, name, len);
	longer[len] = 'x';
	ck_assert_int_eq(search_match(re, longer, len + 1), 0);
	ck_assert_int_eq(search_match(re, longer + 1, len), 0);
	search_re_free(re);
	free(longer);
	free(q);
}

/* # searches for a name exactly: every special character is quoted. */
START_TEST(test_quote)
{
	check_quote("a.b(c)*", 7, "^a\\.b\\(c\\)\\*$", 0);
	check_quote("std::vector<int>::at [x] $1 \\E", 30,
	    "^std\\:\\:vector\\<int\\>\\:\\:at\\ \\[x\\]\\ \\$1\\ \\\\E$", 0);
	check_quote("caf\xc3\xa9", 5, "^caf\xc3\xa9$", 0);
	check_quote("a\tb", 3, "^a\\x{09}b$", 0);
	check_quote("a\0b", 3, "^a\\x{00}b$", 0);
	check_quote("x\xff", 2, "^x\\x{ff}$", SEARCH_BYTES);
	check_quote("\xc3\xa9\xff", 3, "^\\x{c3}\\x{a9}\\x{ff}$", SEARCH_BYTES);
}
END_TEST

/* --------------------------------------------------------- the reverse tree */

/* The folded text of t (sorted stacks). */
static char *
folded(const struct tree *t)
{
	return collapse_string(t);
}

/*
 * The reverse of the profile: each stack leaf first, merged.
 *   foo;bar;foo;main 10, foo;qux;main 5, foo;idle 15 -> foo 30
 *   baz;foo;main 20, qux;main 30, other 20
 * The root's children are the sampled functions, and their totals are the
 * self counts of every frame of that name: foo 10+5+15, baz 20, qux 30,
 * other 20.  The root total is unchanged (100).
 */
START_TEST(test_reverse_totals)
{
	struct tree *t = tree_from_folded(profile);
	struct tree *r = reverse_build(t);
	char *s = folded(r);

	ck_assert_str_eq(s,
	    "baz;foo;main 20\n"
	    "foo;bar;foo;main 10\n"
	    "foo;idle 15\n"
	    "foo;qux;main 5\n"
	    "other 20\n"
	    "qux;main 30\n");
	ck_assert_uint_eq(total_at(r, ""), total_at(t, ""));
	ck_assert_uint_eq(total_at(r, "foo"), 30);
	ck_assert_uint_eq(total_at(r, "baz"), 20);
	ck_assert_uint_eq(total_at(r, "qux"), 30);
	ck_assert_uint_eq(total_at(r, "other"), 20);
	ck_assert_uint_eq(total_at(r, "foo;bar"), 10);
	ck_assert_uint_eq(self_at(r, "foo;idle"), 15);
	/* The same names under the same ids. */
	ck_assert_uint_eq(strtab_count(tree_strtab_c(r)),
	    strtab_count(tree_strtab_c(t)));
	free(s);
	tree_free(r);
	tree_free(t);
}
END_TEST

/* Reversing twice gives the tree back: same stacks, same node count. */
START_TEST(test_reverse_twice)
{
	struct tree *t = tree_from_folded(profile);
	struct tree *r = reverse_build(t);
	struct tree *rr = reverse_build(r);
	char *a = folded(t), *b = folded(rr);
	uint32_t i;

	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(tree_size(rr), tree_size(t));
	for (i = 0; i < tree_size(t); i++)
		ck_assert_uint_eq(tree_total(rr, 0, i).n > 0, 1);
	free(a);
	free(b);
	tree_free(rr);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * The matched share does not depend on the view: every stack holding a
 * match counts once either way.  Reversed, "foo" matches the root's child
 * foo (30), foo;bar;foo under it (not counted again) and baz;foo (20):
 * 30 + 20 = 50, the same stacks as before (10 + 20 + 5 + 15).
 */
START_TEST(test_reverse_matched)
{
	struct tree *t = tree_from_folded(profile);
	struct tree *r = reverse_build(t);
	struct found f, g;

	find(&f, t, "foo", 0);
	find(&g, r, "foo", 0);
	ck_assert_double_eq(matched(&g, 0), matched(&f, 0));
	ck_assert_double_eq(matched(&g, 0), 50.0);
	found_free(&f);
	found_free(&g);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * Built a slice at a time (the viewer's thread), the reverse tree is the
 * one built at once, whatever the slice; a job dropped half way frees
 * what it built (LeakSanitizer checks).
 */
START_TEST(test_reverse_sliced)
{
	struct tree *t = tree_from_folded(profile), *r, *whole;
	struct reverse_job j;
	uint32_t slice, steps;
	char *a, *b;

	whole = reverse_build(t);
	a = folded(whole);
	for (slice = 1; slice <= tree_size(t) + 1; slice++) {
		reverse_begin(&j, t);
		for (steps = 0; !reverse_step(&j, slice); steps++)
			ck_assert_uint_lt(steps, tree_size(t));
		r = reverse_end(&j);
		ck_assert_ptr_null(j.r);
		b = folded(r);
		ck_assert_str_eq(a, b);
		ck_assert_uint_eq(tree_size(r), tree_size(whole));
		free(b);
		tree_free(r);
	}
	reverse_begin(&j, t);
	reverse_step(&j, 2);
	reverse_abort(&j);
	ck_assert_ptr_null(j.r);
	reverse_abort(&j); /* twice: nothing */
	free(a);
	tree_free(whole);
	tree_free(t);
}
END_TEST

/* "stack before after" lines of a two-profile tree. */
static char *
diff_text(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_int_eq(collapse_write_diff(t, fp), 0);
	fclose(fp);
	return buf;
}

/*
 * Both profiles of a differential tree are carried:
 *              before  after           reversed:   before  after
 *   a;x            10      0            x;a            10      0
 *   a;x;y           0      7            y;x;a           0      7
 *   b;x             3      4            x;b             3      4
 *   c             5.5      9            c             5.5      9
 */
START_TEST(test_reverse_two_profiles)
{
	struct tree *t = tree_new(2), *r, *rr;
	struct strtab *st = tree_strtab(t);
	uint32_t a = strtab_intern(st, "a", 1), b = strtab_intern(st, "b", 1);
	uint32_t c = strtab_intern(st, "c", 1), x = strtab_intern(st, "x", 1);
	uint32_t y = strtab_intern(st, "y", 1);
	uint32_t ax = tree_child(t, tree_child(t, TREE_ROOT, a), x);
	uint32_t axy = tree_child(t, ax, y);
	uint32_t bx = tree_child(t, tree_child(t, TREE_ROOT, b), x);
	uint32_t cc = tree_child(t, TREE_ROOT, c);
	char *s, *s2;

	tree_add_self(t, 0, ax, COUNT_INT(10));
	tree_add_self(t, 1, axy, COUNT_INT(7));
	tree_add_self(t, 0, bx, COUNT_INT(3));
	tree_add_self(t, 1, bx, COUNT_INT(4));
	tree_add_self(t, 0, cc, (struct tf_count){5, 0.5});
	tree_add_self(t, 1, cc, COUNT_INT(9));
	tree_finish(t);
	r = reverse_build(t);
	ck_assert_int_eq(tree_nprof(r), 2);
	ck_assert_double_eq(count_value(tree_total(r, 0, TREE_ROOT)), 18.5);
	ck_assert_double_eq(count_value(tree_total(r, 1, TREE_ROOT)), 20.0);
	ck_assert_double_eq(count_value(tree_total(r, 0, node_at(r, "x"))),
	    13.0);
	ck_assert_double_eq(count_value(tree_total(r, 1, node_at(r, "x"))),
	    4.0);
	ck_assert_double_eq(count_value(tree_self(r, 1,
	    node_at(r, "y;x;a"))), 7.0);
	ck_assert_double_eq(count_value(tree_self(r, 0, node_at(r, "c"))),
	    5.5);
	rr = reverse_build(r);
	s = diff_text(t);
	s2 = diff_text(rr);
	ck_assert_str_eq(s, s2);
	free(s);
	free(s2);
	tree_free(rr);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * Samples on the root itself (a stack with no frame) stay on the root, and
 * a frame with no samples anywhere below it does not appear.
 */
START_TEST(test_reverse_root_self)
{
	struct tree *t = tree_new(1), *r;
	struct strtab *st = tree_strtab(t);
	uint32_t a = tree_child(t, TREE_ROOT, strtab_intern(st, "a", 1));

	tree_child(t, a, strtab_intern(st, "empty", 5));
	tree_add_self(t, 0, TREE_ROOT, COUNT_INT(4));
	tree_add_self(t, 0, a, COUNT_INT(6));
	tree_finish(t);
	r = reverse_build(t);
	ck_assert_uint_eq(self_at(r, ""), 4);
	ck_assert_uint_eq(total_at(r, ""), 10);
	ck_assert_uint_eq(total_at(r, "a"), 6);
	ck_assert_uint_eq(tree_size(r), 2);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * A stack 100,000 frames deep (f0 calls f1 ... calls f99999): reversing
 * it, twice, and searching it need no recursion.  Reversed, f99999 is the
 * root's child and f0 the deepest frame.
 */
START_TEST(test_reverse_deep)
{
	enum { DEPTH = 100000 };
	struct tree *t = tree_new(1), *r, *rr;
	struct strtab *st = tree_strtab(t);
	uint32_t n = TREE_ROOT, i, len;
	char name[16];
	struct found f;

	for (i = 0; i < DEPTH; i++) {
		len = (uint32_t)snprintf(name, sizeof name, "f%u", i);
		n = tree_child(t, n, strtab_intern(st, name, len));
	}
	tree_add_self(t, 0, n, COUNT_INT(3));
	tree_add_self(t, 0, tree_child(t, TREE_ROOT,
	    strtab_intern(st, "f5", 2)), COUNT_INT(1));
	tree_finish(t);
	r = reverse_build(t);
	ck_assert_uint_eq(tree_size(r), DEPTH + 2);
	ck_assert_uint_eq(total_at(r, "f99999"), 3);
	ck_assert_uint_eq(total_at(r, "f5"), 1);
	n = node_at(r, "f99999;f99998;f99997");
	ck_assert_uint_eq(tree_node(r, n)->depth, 3);
	rr = reverse_build(r);
	ck_assert_uint_eq(tree_size(rr), tree_size(t));
	ck_assert_uint_eq(total_at(rr, "f0;f1;f2"), 3);
	/* "f5$" matches f5 (1) and f5 deep in the stack (3): all 4. */
	find(&f, r, "^f5$", 0);
	ck_assert_uint_eq(f.hits.nnodes, 2);
	ck_assert_double_eq(matched(&f, 0), 4.0);
	ck_assert_double_eq(count_value(search_matched_under(&f.hits, r,
	    f.marks, NULL, 0, node_at(r, "f99999"))), 3.0);
	found_free(&f);
	tree_free(rr);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * A larger pseudo-random profile (a fixed LCG, so the same every run):
 * 3,000 stacks 1 to 24 frames deep over 40 names, recursion included.
 * Properties checked:
 *  - the reverse root total equals the forward one;
 *  - the reverse root's child X totals the self counts of every forward
 *    frame named X (the samples taken in X);
 *  - reversing twice gives the same stacks and the same node count;
 *  - the matched share of a few patterns is the same in both trees.
 */
/*
 * A finished tree of nstacks random stacks (seeded by x) of 1 to 24
 * frames named f0..f39 (f0..f3 for the outer three, so stacks share
 * them); its names f0..f39 are interned first, under ids names[].
 */
static struct tree *
random_tree(uint64_t x, uint32_t nstacks, uint32_t names[40])
{
	struct tree *t = tree_new(1);
	struct strtab *st = tree_strtab(t);
	uint32_t i, k, d, n, id;
	char name[8];

	for (i = 0; i < 40; i++)
		names[i] = strtab_intern(st, name,
		    (size_t)snprintf(name, sizeof name, "f%u", i));
	for (i = 0; i < nstacks; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		d = 1 + (uint32_t)(x >> 59) % 24;
		n = TREE_ROOT;
		for (k = 0; k < d; k++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			id = names[(x >> 40) % (k < 3 ? 4 : 40)];
			n = tree_child(t, n, id);
		}
		tree_add_self(t, 0, n, COUNT_INT(1 + (x >> 33) % 100));
	}
	tree_finish(t);
	return t;
}

START_TEST(test_reverse_random)
{
	static const char *const pats[] = {"^f1", "3$", "f(2|7)", "^f0$"};
	uint32_t names[40], i, id;
	struct tree *t = random_tree(12345, 3000, names), *r, *rr;
	struct strtab *st = tree_strtab(t);
	uint64_t *self;
	char *a, *b;
	struct found f, g;

	r = reverse_build(t);
	ck_assert_uint_eq(tree_total(r, 0, TREE_ROOT).n,
	    tree_total(t, 0, TREE_ROOT).n);
	self = xcalloc(strtab_count(st), sizeof *self);
	for (i = 1; i < tree_size(t); i++)
		self[tree_node(t, i)->name] += tree_self(t, 0, i).n;
	for (i = 0; i < 40; i++) {
		id = tree_find_child(r, TREE_ROOT, names[i]);
		ck_assert_uint_eq(id == TREE_NONE ? 0 : tree_total(r, 0, id).n,
		    self[names[i]]);
	}
	rr = reverse_build(r);
	a = folded(t);
	b = folded(rr);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(tree_size(rr), tree_size(t));
	for (i = 0; i < sizeof pats / sizeof pats[0]; i++) {
		find(&f, t, pats[i], 0);
		find(&g, r, pats[i], 0);
		ck_assert_msg(count_value(f.hits.matched[0]) ==
		    count_value(g.hits.matched[0]), "%s", pats[i]);
		found_free(&f);
		found_free(&g);
	}
	free(a);
	free(b);
	free(self);
	tree_free(rr);
	tree_free(r);
	tree_free(t);
}
END_TEST

/*
 * Sized after another tree (the viewer's reverse tree before a
 * transform), the reverse tree is the same whether that tree is bigger
 * (the room left over is given back: no more memory than built plainly)
 * or smaller (it grows as usual) or absent, or after a size given by
 * numbers (reverse_reserve_n(); a mask no hash has is not taken).
 */
/* b is a, whose folded text is fa, in no more memory; b is freed. */
static void
same_no_larger(const struct tree *a, const char *fa, struct tree *b)
{
	char *fb = folded(b);

	ck_assert_str_eq(fa, fb);
	ck_assert_uint_eq(tree_size(a), tree_size(b));
	ck_assert_uint_le(tree_memory(b), tree_memory(a));
	free(fb);
	tree_free(b);
}

START_TEST(test_reverse_like)
{
	uint32_t names[40];
	struct tree *big = random_tree(777, 4000, names);
	struct tree *small = random_tree(99, 300, names);
	struct tree *bigr = reverse_build(big), *a, *b;
	struct reverse_job j;
	char *fa, *fb;

	ck_assert_uint_gt(tree_size(bigr), 4 * tree_size(small));
	a = reverse_build(small);
	fa = folded(a);
	/* More room than needed. */
	same_no_larger(a, fa, reverse_build_like(small, bigr));
	/* The same by numbers (the size of one no longer held). */
	reverse_begin(&j, small);
	reverse_reserve_n(&j, tree_size(bigr), tree_hash_mask(bigr));
	same_no_larger(a, fa, reverse_end(&j));
	/* A mask that is no hash's is not taken. */
	reverse_begin(&j, small);
	reverse_reserve_n(&j, tree_size(bigr), 1000);
	b = reverse_end(&j);
	fb = folded(b);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	tree_free(a);
	tree_free(b);
	a = reverse_build(big);
	b = reverse_build_like(big, small); /* less room: grows */
	fa = folded(a);
	fb = folded(b);
	ck_assert_str_eq(fa, fb);
	free(fb);
	tree_free(b);
	b = reverse_build_like(big, NULL);
	fb = folded(b);
	ck_assert_str_eq(fa, fb);
	free(fa);
	free(fb);
	tree_free(a);
	tree_free(b);
	tree_free(bigr);
	tree_free(big);
	tree_free(small);
}
END_TEST

/*
 * The name index (few matching frames) and the pass over every node (many,
 * or no index) must find the same frames in the same order with the same
 * matched count, nested matches included, and the matched count under each
 * node must be the same through the order as by the walk: a random tree
 * of 400 names, the
 * first levels drawn from a few names so that matches nest.
 */
START_TEST(test_hits_index)
{
	static const char *const pats[] = {"^f17$", "^f(3|45|100|399)$",
	    "^f[0-3]$", "^f1", "f"};
	struct tree *t = tree_new(1);
	struct strtab *st = tree_strtab(t);
	struct search_order pass;
	struct search_hits h;
	uint32_t names[400], i, k, d, n;
	uint64_t x = 777;
	char name[8];
	struct found f;
	int indexed = 0;

	for (i = 0; i < 400; i++)
		names[i] = strtab_intern(st, name,
		    (size_t)snprintf(name, sizeof name, "f%u", i));
	for (i = 0; i < 5000; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		d = 1 + (uint32_t)(x >> 59) % 20;
		n = TREE_ROOT;
		for (k = 0; k < d; k++) {
			x = x * 6364136223846793005u + 1442695040888963407u;
			n = tree_child(t, n, names[(x >> 40) % (k < 4 ? 6 : 400)]);
		}
		tree_add_self(t, 0, n, COUNT_INT(1 + (x >> 33) % 100));
	}
	tree_finish(t);
	memset(&h, 0, sizeof h);
	for (i = 0; i < sizeof pats / sizeof pats[0]; i++) {
		find(&f, t, pats[i], 0);
		indexed += f.hits.nnodes > 0 && f.hits.nnodes <= tree_size(t) / 8;
		pass = f.ord;
		pass.name_start = NULL; /* no index: the pass over the nodes */
		search_hits_build(&h, t, f.marks, &pass);
		ck_assert_msg(h.nnodes == f.hits.nnodes, "%s: %u frames, not %u",
		    pats[i], h.nnodes, f.hits.nnodes);
		ck_assert_msg(memcmp(h.nodes, f.hits.nodes,
		    h.nnodes * sizeof *h.nodes) == 0, "%s: order", pats[i]);
		ck_assert_msg(h.matched[0].n == f.hits.matched[0].n,
		    "%s: matched %llu, not %llu", pats[i],
		    (unsigned long long)h.matched[0].n,
		    (unsigned long long)f.hits.matched[0].n);
		/* Under every node: through the order, and by the walk. */
		for (n = 0; n < tree_size(t); n++)
			ck_assert_msg(search_matched_under(&f.hits, t, f.marks,
			    &f.ord, 0, n).n == search_matched_under(&f.hits, t,
			    f.marks, NULL, 0, n).n, "%s: under %u", pats[i], n);
		found_free(&f);
	}
	ck_assert_int_ge(indexed, 3);
	search_hits_free(&h);
	tree_free(t);
}
END_TEST

static Suite *
search_suite(void)
{
	Suite *s = suite_create("search");
	TCase *tc;

	tc = tcase_create("matched");
	tcase_add_test(tc, test_matched_nested);
	tcase_add_test(tc, test_matched_two_names);
	tcase_add_test(tc, test_matched_under_match);
	tcase_add_test(tc, test_matched_root_and_all);
	tcase_add_test(tc, test_matched_under_zoom);
	tcase_add_test(tc, test_matched_index_order);
	tcase_add_test(tc, test_matched_fractions);
	tcase_add_test(tc, test_matched_two_profiles);
	tcase_add_test(tc, test_hits_index);
	tcase_add_test(tc, test_flame_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("patterns");
	tcase_add_test(tc, test_case);
	tcase_add_test(tc, test_utf8);
	tcase_add_test(tc, test_invalid);
	tcase_add_test(tc, test_match_limit);
	tcase_add_test(tc, test_quote);
	suite_add_tcase(s, tc);

	tc = tcase_create("reverse");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_reverse_totals);
	tcase_add_test(tc, test_reverse_twice);
	tcase_add_test(tc, test_reverse_sliced);
	tcase_add_test(tc, test_reverse_matched);
	tcase_add_test(tc, test_reverse_two_profiles);
	tcase_add_test(tc, test_reverse_root_self);
	tcase_add_test(tc, test_reverse_deep);
	tcase_add_test(tc, test_reverse_random);
	tcase_add_test(tc, test_reverse_like);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(search_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
