/*
 * Transforms (model/transform.h): each on small profiles written out here,
 * compared whole with the expected folded text; recursion direct, indirect,
 * at the root and in every stack; regexes that match nothing or everything;
 * a focus on the root frame; fractional counts; both profiles of a
 * differential tree; the weight order; stacks 100,000 frames deep; and the
 * input left as it was.
 */
#include "config.h"

#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "export/collapse.h"
#include "helpers.h"
#include "model/transform.h"
#include "search/search.h"
#include "util/xalloc.h"

/*
 *	all 100
 *	|- idle 15 -> cpu_idle 15 (self)
 *	|- main 65
 *	|  |- foo 30 -> bar 10 -> foo 10 (self); baz 20 (self)
 *	|  `- qux 35 (self 30) -> foo 5 (self)
 *	`- other 20 (self)
 */
static const char profile[] =
    "idle;cpu_idle 15\n"
    "main;foo;bar;foo 10\n"
    "main;foo;baz 20\n"
    "main;qux 30\n"
    "main;qux;foo 5\n"
    "other 20\n";

/* Marks of t's names: 1 for each name given (a NULL-ended list). */
static unsigned char *
marks_of(const struct tree *t, ...)
{
	const struct strtab *st = tree_strtab_c(t);
	unsigned char *m = xcalloc(strtab_count(st) + 1, 1);
	const char *name;
	uint32_t id;
	va_list ap;

	va_start(ap, t);
	while ((name = va_arg(ap, const char *)) != NULL)
		if ((id = strtab_lookup(st, name, strlen(name))) != UINT32_MAX)
			m[id] = 1;
	va_end(ap);
	return m;
}

/* Marks of t's names for a regex, as the command line makes them. */
static unsigned char *
marks_re(const struct tree *t, const char *re)
{
	const struct strtab *st = tree_strtab_c(t);
	unsigned char *m = xcalloc(strtab_count(st) + 1, 1);
	struct search_error err;
	struct search_re *r = search_compile(re, strlen(re), 0, &err);

	ck_assert_ptr_nonnull(r);
	search_mark(r, st, m, NULL);
	search_re_free(r);
	return m;
}

/* Check that the folded text of o is want, then free o. */
static void
expect(struct tree *o, const char *want)
{
	char *got = collapse_string(o);

	ck_assert_str_eq(got, want);
	free(got);
	tree_free(o);
}

/* Transform kinds for run_marks(). */
enum xk { FOCUS, EXCLUDE, MERGE, RECURSION };

/* Load in, apply kind with the names given marked, check the result. */
static void
check_names(const char *in, enum xk kind, const char *want, ...)
{
	struct tree *t = tree_from_folded(in), *o = NULL;
	const struct strtab *st = tree_strtab_c(t);
	unsigned char *m = xcalloc(strtab_count(st) + 1, 1);
	char *before = collapse_string(t), *after;
	const char *name;
	uint32_t id;
	va_list ap;

	va_start(ap, want);
	while ((name = va_arg(ap, const char *)) != NULL)
		if ((id = strtab_lookup(st, name, strlen(name))) != UINT32_MAX)
			m[id] = 1;
	va_end(ap);
	switch (kind) {
	case FOCUS:
		o = transform_focus(t, m);
		break;
	case EXCLUDE:
		o = transform_exclude(t, m);
		break;
	case MERGE:
		o = transform_merge(t, m);
		break;
	case RECURSION:
		o = transform_collapse_recursion(t, m);
		break;
	}
	expect(o, want);
	after = collapse_string(t); /* the input is left as it was */
	ck_assert_str_eq(after, before);
	free(before);
	free(after);
	free(m);
	tree_free(t);
}

START_TEST(test_focus)
{
	/* foo: every instance merged, each stack cut at its outermost foo. */
	check_names(profile, FOCUS,
	    "foo 5\n"
	    "foo;bar;foo 10\n"
	    "foo;baz 20\n", "foo", NULL);
	/* Two functions: whichever comes first in the stack. */
	check_names(profile, FOCUS,
	    "cpu_idle 15\n"
	    "qux 30\n"
	    "qux;foo 5\n", "qux", "cpu_idle", NULL);
}
END_TEST

START_TEST(test_focus_root_frame)
{
	check_names(profile, FOCUS,
	    "main;foo;bar;foo 10\n"
	    "main;foo;baz 20\n"
	    "main;qux 30\n"
	    "main;qux;foo 5\n", "main", NULL);
	/* A function that is a root frame in one stack and deeper in another. */
	check_names("f;g 1\na;f;h 2\nb 4\n", FOCUS,
	    "f;g 1\n"
	    "f;h 2\n", "f", NULL);
}
END_TEST

START_TEST(test_focus_regex)
{
	struct tree *t = tree_from_folded(profile);
	unsigned char *m;

	m = marks_re(t, "^nothing like it$");
	expect(transform_focus(t, m), "");
	free(m);
	/* Everything: each stack cut at its first frame, which is itself. */
	m = marks_re(t, "");
	expect(transform_focus(t, m), profile);
	free(m);
	m = marks_re(t, "^(ba|qu)");
	expect(transform_focus(t, m),
	    "bar;foo 10\n"
	    "baz 20\n"
	    "qux 30\n"
	    "qux;foo 5\n");
	free(m);
	tree_free(t);
}
END_TEST

START_TEST(test_focus_node)
{
	struct tree *t = tree_from_folded(profile);

	expect(transform_focus_node(t, node_at(t, "main;foo")),
	    "foo;bar;foo 10\n"
	    "foo;baz 20\n");
	/* Only that path: main;qux;foo is not under main;foo. */
	expect(transform_focus_node(t, node_at(t, "main;foo;bar;foo")),
	    "foo 10\n");
	expect(transform_focus_node(t, TREE_ROOT), profile);
	tree_free(t);
	/* The root's own samples stay with a focus on the root only. */
	t = tree_from_folded(" 3\na;b 2\na 1\n");
	expect(transform_focus_node(t, TREE_ROOT), " 3\na 1\na;b 2\n");
	expect(transform_focus_node(t, node_at(t, "a")), "a 1\na;b 2\n");
	tree_free(t);
}
END_TEST

START_TEST(test_exclude)
{
	check_names(profile, EXCLUDE,
	    "idle;cpu_idle 15\n"
	    "main;qux 30\n"
	    "other 20\n", "foo", NULL);
	check_names(profile, EXCLUDE,
	    "main;foo;bar;foo 10\n"
	    "main;foo;baz 20\n"
	    "main;qux 30\n"
	    "main;qux;foo 5\n"
	    "other 20\n", "idle", NULL);
	check_names(profile, EXCLUDE, profile, "absent", NULL);
	/* A frame with samples of its own under an excluded one goes too. */
	check_names("a;x 1\na;x;b 2\na 4\n", EXCLUDE, "a 4\n", "x", NULL);
}
END_TEST

START_TEST(test_exclude_regex)
{
	struct tree *t = tree_from_folded(" 7\nb 1\n");
	unsigned char *m;

	m = marks_re(t, ".");
	/* The stack with no frame holds no function: it stays. */
	expect(transform_exclude(t, m), " 7\n");
	free(m);
	m = marks_re(t, "zzz");
	expect(transform_exclude(t, m), " 7\nb 1\n");
	free(m);
	tree_free(t);
	t = tree_from_folded(profile);
	m = marks_re(t, "");
	expect(transform_exclude(t, m), "");
	free(m);
	tree_free(t);
}
END_TEST

START_TEST(test_merge)
{
	check_names(profile, MERGE,
	    "idle;cpu_idle 15\n"
	    "main;bar 10\n"
	    "main;baz 20\n"
	    "main;qux 35\n"
	    "other 20\n", "foo", NULL);
	/* A root frame: its callees become root frames. */
	check_names(profile, MERGE,
	    "foo;bar;foo 10\n"
	    "foo;baz 20\n"
	    "idle;cpu_idle 15\n"
	    "other 20\n"
	    "qux 30\n"
	    "qux;foo 5\n", "main", "foo_", NULL);
	/* Direct recursion of a merged function vanishes with it. */
	check_names("a;f;f;f;g 3\na;f 1\n", MERGE, "a 1\na;g 3\n", "f", NULL);
}
END_TEST

START_TEST(test_merge_regex)
{
	struct tree *t = tree_from_folded(profile);
	unsigned char *m;

	m = marks_re(t, "");
	expect(transform_merge(t, m), " 100\n"); /* every frame: the root */
	free(m);
	m = marks_re(t, "^$");
	expect(transform_merge(t, m), profile);
	free(m);
	m = marks_re(t, "o");
	expect(transform_merge(t, m),
	    " 20\n"
	    "idle;cpu_idle 15\n"
	    "main;bar 10\n"
	    "main;baz 20\n"
	    "main;qux 35\n");
	free(m);
	tree_free(t);
}
END_TEST

START_TEST(test_recursion_direct)
{
	check_names("f;f;f 3\nf 1\nf;f;g 2\n", RECURSION, "f 4\nf;g 2\n", "f",
	    NULL);
	check_names("a;f;f;f;g 3\na;f;f 1\n", RECURSION, "a;f 1\na;f;g 3\n",
	    "f", NULL);
}
END_TEST

START_TEST(test_recursion_indirect)
{
	check_names("a;f;g;f;h 1\n", RECURSION, "a;f;h 1\n", "f", NULL);
	check_names("a;f;g;f;h 1\na;f;g 2\n", RECURSION,
	    "a;f;g 2\na;f;h 1\n", "f", NULL);
	/* Only f is collapsed: g's recursion stays. */
	check_names("a;f;g;x;g;f;g;h 1\n", RECURSION, "a;f;g;h 1\n", "f",
	    NULL);
	/* Only g: both inner g go back to the outer one. */
	check_names("a;f;g;x;g;f;g;h 1\n", RECURSION, "a;f;g;h 1\n", "g",
	    NULL);
	check_names("a;f;g;x;g;f;h 1\n", RECURSION, "a;f;g;f;h 1\n", "g",
	    NULL);
	/* Deeper instances, several times over. */
	check_names("f;a;f;b;f;c 1\nf;a;f;b 2\n", RECURSION, "f;b 2\nf;c 1\n",
	    "f", NULL);
}
END_TEST

START_TEST(test_recursion_all)
{
	struct tree *t = tree_from_folded(
	    "f;f;f 1\n"                /* at the root */
	    "a;f;g;f;h 2\n"            /* indirect */
	    "a;f;g;f;g;h 4\n"          /* two functions at once */
	    "a;f;g;f;h;g 8\n"          /* back to g's outermost place */
	    "a;b;c 16\n");             /* none */

	expect(transform_collapse_recursion(t, NULL),
	    "a;b;c 16\n"
	    "a;f;g 8\n"
	    "a;f;g;h 4\n"
	    "a;f;h 2\n"
	    "f 1\n");
	tree_free(t);
	/* Recursion in every stack, and again on a collapsed tree: no change. */
	t = tree_from_folded("r;r;x 1\nr;y;r 2\nr;r;r;z;r 3\n");
	{
		struct tree *o = transform_collapse_recursion(t, NULL);
		char *once = collapse_string(o);

		ck_assert_str_eq(once, "r 5\nr;x 1\n");
		expect(transform_collapse_recursion(o, NULL), once);
		free(once);
		tree_free(o);
	}
	tree_free(t);
}
END_TEST

START_TEST(test_fractions)
{
	static const char in[] =
	    "main;f;x 0.5\n"
	    "main;f 0.25\n"
	    "main;g;f;x 1.125\n"
	    "other 2.5\n";

	check_names(in, FOCUS, "f 0.25\nf;x 1.625\n", "f", NULL);
	check_names(in, MERGE, "main 0.25\nmain;g;x 1.125\nmain;x 0.5\n"
	    "other 2.5\n", "f", NULL);
	check_names(in, EXCLUDE, "other 2.5\n", "f", NULL);
	check_names(in, RECURSION, "main;f 0.25\nmain;f;x 0.5\n"
	    "main;g;f;x 1.125\nother 2.5\n", NULL);
	{
		struct tree *t = tree_from_folded(in), *o;
		unsigned char *m = marks_of(t, "main", "f", "g", NULL);

		o = transform_merge(t, m);
		expect(o, " 0.25\nother 2.5\nx 1.625\n");
		free(m);
		tree_free(t);
	}
}
END_TEST

/* A two-profile tree from two folded texts (BEFORE, AFTER). */
static struct tree *
diff_tree(const char *before, const char *after)
{
	struct tree *b = tree_load(FORMAT_FOLDED, before, strlen(before), 1,
	    NULL);
	struct tree *a = tree_load(FORMAT_FOLDED, after, strlen(after), 1,
	    NULL);
	struct tree *t = tree_new(2);

	tree_merge(t, DIFF_BEFORE, b, 0);
	tree_merge(t, DIFF_AFTER, a, 0);
	tree_finish(t);
	tree_free(a);
	tree_free(b);
	return t;
}

/* The difffolded text of t. */
static char *
diff_string(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	collapse_write_diff(t, fp);
	fclose(fp);
	return buf;
}

START_TEST(test_diff_both_profiles)
{
	struct tree *t = diff_tree(
	    "main;foo;x 10\nmain;bar 5\nidle 7\n",
	    "main;foo;x 4\nmain;foo 6\nmain;baz 3\n");
	unsigned char *m = marks_of(t, "foo", NULL);
	struct tree *o;
	char *s;

	o = transform_merge(t, m);
	s = diff_string(o);
	ck_assert_str_eq(s,
	    "idle 7 0\n"
	    "main 0 6\n"
	    "main;bar 5 0\n"
	    "main;baz 0 3\n"
	    "main;x 10 4\n");
	free(s);
	tree_free(o);
	o = transform_exclude(t, m);
	s = diff_string(o);
	ck_assert_str_eq(s,
	    "idle 7 0\n"
	    "main;bar 5 0\n"
	    "main;baz 0 3\n");
	free(s);
	ck_assert_int_eq(tree_nprof(o), 2);
	ck_assert_uint_eq(tree_total(o, DIFF_AFTER, TREE_ROOT).n, 3);
	ck_assert_uint_eq(tree_total(o, DIFF_BEFORE, TREE_ROOT).n, 12);
	tree_free(o);
	free(m);
	tree_free(t);
}
END_TEST

START_TEST(test_thread_name)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"ksoftirqd/12", "ksoftirqd"},
		{"ksoftirqd/0", "ksoftirqd"},
		{"kworker/3:1-events", "kworker"},
		{"kworker/u16:2-events_unbound", "kworker"},
		{"kworker/0:1H-kblockd", "kworker"},
		{"migration/7", "migration"},
		{"java-?/12688", "java"},
		{"java-12688/12690", "java"},
		{"java-12688", "java"},
		{"java-?", "java"},
		{"pool-1-thread-3", "pool-1-thread"},
		{"GC Thread#0", "GC Thread"},
		{"worker 12", "worker"},
		{"python3", "python3"},
		{"python3.11", "python3"},
		{"x86_64", "x86"},
		{"/12", "/12"},
		{"-5", "-5"},
		{":12345", ":12345"},
		{"a/b", "a/b"},
		{"a/user", "a/user"},
		{"swapper", "swapper"},
		{"", ""},
	};
	size_t i, n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		n = transform_thread_name(cases[i].in, strlen(cases[i].in));
		ck_assert_msg(n == strlen(cases[i].out) &&
		    strncmp(cases[i].in, cases[i].out, n) == 0,
		    "%s -> %.*s, expected %s", cases[i].in, (int)n,
		    cases[i].in, cases[i].out);
	}
}
END_TEST

START_TEST(test_merge_threads)
{
	struct tree *t = tree_from_folded(
	    "ksoftirqd/0;run_ksoftirqd 2\n"
	    "ksoftirqd/12;run_ksoftirqd 3\n"
	    "ksoftirqd/12;run_ksoftirqd;ksoftirqd/3 1\n" /* not a root */
	    "kworker/3:1-events;worker_thread 4\n"
	    "kworker/u16:2-events_unbound;worker_thread 5\n"
	    "java-?/12688;Interpreter 6\n"
	    "java-12688/12690;Interpreter 7\n"
	    "java 1\n"
	    "python3;main 8\n");
	struct tree *o = transform_merge_threads(t);

	expect(o,
	    "java 1\n"
	    "java;Interpreter 13\n"
	    "ksoftirqd;run_ksoftirqd 5\n"
	    "ksoftirqd;run_ksoftirqd;ksoftirqd/3 1\n"
	    "kworker;worker_thread 9\n"
	    "python3;main 8\n");
	tree_free(t);
}
END_TEST

/* The children of node in sibling order, as "a,b,c". */
static char *
kids(const struct tree *t, uint32_t node)
{
	char *buf = NULL;
	size_t len = 0, n;
	FILE *fp = open_memstream(&buf, &len);
	uint32_t c;
	const char *s;

	for (c = tree_node(t, node)->first_child; c != TREE_NONE;
	    c = tree_node(t, c)->next_sibling) {
		s = tree_name(t, c, &n);
		fprintf(fp, "%s%.*s", c == tree_node(t, node)->first_child ?
		    "" : ",", (int)n, s);
	}
	fclose(fp);
	return buf;
}

/* Check the sibling order under path. */
static void
expect_kids(const struct tree *t, const char *path, const char *want)
{
	char *got = kids(t, node_at(t, path));

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_order_weight)
{
	struct tree *t = tree_from_folded(
	    "a;x 1\na;y 5\na;z 5\nb 20\nc 0.5\nd 0.75\ne;w 3\n");
	unsigned char *m;
	struct tree *o;
	char *folded;

	expect_kids(t, "", "a,b,c,d,e");
	tree_set_order(t, TREE_ORDER_WEIGHT, 0);
	ck_assert_int_eq(tree_get_order(t, NULL), TREE_ORDER_WEIGHT);
	expect_kids(t, "", "b,a,e,d,c");
	expect_kids(t, "a", "y,z,x"); /* equal weights by name */
	/* Finishing again keeps it; a transform carries it. */
	tree_finish(t);
	expect_kids(t, "", "b,a,e,d,c");
	m = marks_of(t, "b", NULL);
	o = transform_exclude(t, m);
	ck_assert_int_eq(tree_get_order(o, NULL), TREE_ORDER_WEIGHT);
	expect_kids(o, "", "a,e,d,c");
	tree_free(o);
	free(m);
	tree_set_order(t, TREE_ORDER_NAME, 0);
	expect_kids(t, "", "a,b,c,d,e");
	expect_kids(t, "a", "x,y,z");
	folded = collapse_string(t);
	ck_assert_str_eq(folded,
	    "a;x 1\na;y 5\na;z 5\nb 20\nc 0.5\nd 0.75\ne;w 3\n");
	free(folded);
	tree_free(t);
}
END_TEST

/*
 * Results wider than a new tree's first arrays and child hash: a
 * transform sizes its result from its input (tree_reserve()) before the
 * walk; siblings must still merge through the hash, and every count land.
 * 3,000 callees under main;m and under main, merged with m: each name
 * once, 1 + 2 samples; merging the threads of 3,000 roots t-N;fN.
 */
START_TEST(test_wide)
{
	size_t n = 3000, i, len = 0, wlen = 0, tlen = 0, wtlen = 0;
	char *in = xreallocarray(NULL, n, 64), *want = xreallocarray(NULL, n, 32);
	char *tin = xreallocarray(NULL, n, 32), *twant = xreallocarray(NULL, n, 32);
	struct tree *t, *o, *u;
	unsigned char *m;
	size_t sums[7] = {0};
	struct tf_count one = {1, 0.0};
	struct strtab *st;
	uint32_t main;

	for (i = 0; i < n; i++) {
		len += (size_t)sprintf(in + len, "main;f%04zu 1\nmain;m;f%04zu 2\n",
		    i, i);
		wlen += (size_t)sprintf(want + wlen, "main;f%04zu 3\n", i);
		tlen += (size_t)sprintf(tin + tlen, "t-%zu;f%04zu %zu\n", i,
		    i % 7, i + 1);
	}
	t = tree_from_folded(in);
	m = marks_of(t, "m", NULL);
	expect(transform_merge(t, m), want);
	o = transform_exclude(t, m);
	ck_assert_uint_eq(tree_size(o), 2 + n);
	/* A reserved tree that already had children finds them after. */
	u = tree_new(1);
	st = tree_strtab(u);
	main = tree_child(u, TREE_ROOT, strtab_intern(st, "main", 4));
	for (i = 0; i < 3; i++) /* hashed: main has three children */
		tree_add_self(u, 0, tree_child(u, main, strtab_intern(st,
		    "fgh" + i, 1)), one);
	tree_reserve(u, t);
	tree_reserve(u, o); /* smaller: changes nothing */
	tree_free(o);
	for (i = 0; i < n; i++)
		tree_add_self(u, 0, tree_child(u, tree_child(u, TREE_ROOT,
		    strtab_intern(st, "main", 4)), strtab_intern(st, "g", 1)),
		    one);
	tree_finish(u);
	expect(u, "main;f 1\nmain;g 3001\nmain;h 1\n");
	free(m);
	tree_free(t);
	t = tree_from_folded(tin);
	for (i = 0; i < n; i++)
		sums[i % 7] += i + 1;
	for (i = 0; i < 7; i++)
		wtlen += (size_t)sprintf(twant + wtlen, "t;f%04zu %zu\n", i,
		    sums[i]);
	o = transform_merge_threads(t);
	ck_assert_uint_eq(tree_total(o, 0, node_at(o, "t")).n, n * (n + 1) / 2);
	expect(o, twant);
	tree_free(t);
	free(in);
	free(want);
	free(tin);
	free(twant);
}
END_TEST

START_TEST(test_deep)
{
	size_t depth = 100000, i, len = 0;
	char *in = xreallocarray(NULL, depth * 4 + 64, 1);
	struct tree *t, *o;
	unsigned char *m;

	/* main;f;g;f;g;...;f;g 1 and main;f 2, 100,000 frames below main. */
	len += (size_t)sprintf(in + len, "main");
	for (i = 0; i < depth; i++)
		len += (size_t)sprintf(in + len, ";%c", i % 2 ? 'g' : 'f');
	sprintf(in + len, " 1\nmain;f 2\n");
	t = tree_from_folded(in);
	o = transform_collapse_recursion(t, NULL);
	expect(o, "main;f 2\nmain;f;g 1\n");
	m = marks_of(t, "g", NULL);
	o = transform_merge(t, m);
	ck_assert_uint_eq(tree_size(o), 2 + depth / 2);
	ck_assert_uint_eq(tree_total(o, 0, node_at(o, "main;f")).n, 3);
	tree_free(o);
	o = transform_focus(t, m);
	ck_assert_uint_eq(tree_size(o), depth);
	tree_free(o);
	o = transform_exclude(t, m);
	expect(o, "main;f 2\n");
	free(m);
	o = transform_focus_node(t, node_at(t, "main;f;g"));
	ck_assert_uint_eq(tree_size(o), depth);
	tree_free(o);
	tree_free(t);
	free(in);
}
END_TEST

static Suite *
transform_suite(void)
{
	Suite *s = suite_create("transform");
	TCase *tc = tcase_create("transforms");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_focus);
	tcase_add_test(tc, test_focus_root_frame);
	tcase_add_test(tc, test_focus_regex);
	tcase_add_test(tc, test_focus_node);
	tcase_add_test(tc, test_exclude);
	tcase_add_test(tc, test_exclude_regex);
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_merge_regex);
	tcase_add_test(tc, test_recursion_direct);
	tcase_add_test(tc, test_recursion_indirect);
	tcase_add_test(tc, test_recursion_all);
	tcase_add_test(tc, test_fractions);
	tcase_add_test(tc, test_diff_both_profiles);
	tcase_add_test(tc, test_thread_name);
	tcase_add_test(tc, test_merge_threads);
	tcase_add_test(tc, test_order_weight);
	tcase_add_test(tc, test_wide);
	tcase_add_test(tc, test_deep);
	suite_add_tcase(s, tc);
	return s;
}

/* Run the tests; fail when one fails. */
int
main(void)
{
	SRunner *sr = srunner_create(transform_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
