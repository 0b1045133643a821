/*
 * Frame tree: self/total arithmetic, sibling order, depth, big counts.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_suites.h"
#include "export/collapse.h"
#include "helpers.h"
#include "loaders/sink_tree.h"
#include "model/reverse.h"
#include "model/transform.h"
#include "model/units.h"
#include "util/xalloc.h"

/*
 * Input (crc appears twice and merges):    Expected tree (total / self):
 *   main;work;crc 25                         all             105 / 0
 *   main;work 10                             |- gc            10 / 0
 *   main;idle 50                             |  `- sweep      10 / 10
 *   main 5                                   `- main          95 / 5
 *   gc;sweep 10                                 |- idle       50 / 50
 *   main;work;crc 5                             `- work       40 / 10
 *                                                  `- crc     30 / 30
 */
START_TEST(test_self_total)
{
	struct tree *t = tree_from_folded(
	    "main;work;crc 25\n"
	    "main;work 10\n"
	    "main;idle 50\n"
	    "main 5\n"
	    "gc;sweep 10\n"
	    "main;work;crc 5\n");

	ck_assert_uint_eq(total_at(t, ""), 105);
	ck_assert_uint_eq(self_at(t, ""), 0);
	ck_assert_uint_eq(total_at(t, "main"), 95);
	ck_assert_uint_eq(self_at(t, "main"), 5);
	ck_assert_uint_eq(total_at(t, "main;idle"), 50);
	ck_assert_uint_eq(total_at(t, "main;work"), 40);
	ck_assert_uint_eq(self_at(t, "main;work"), 10);
	ck_assert_uint_eq(total_at(t, "main;work;crc"), 30);
	ck_assert_uint_eq(self_at(t, "main;work;crc"), 30);
	ck_assert_uint_eq(total_at(t, "gc"), 10);
	ck_assert_uint_eq(self_at(t, "gc"), 0);
	ck_assert_uint_eq(tree_size(t), 7);
	tree_free(t);
}
END_TEST

/* Children come out sorted by name, whatever the input order. */
START_TEST(test_children_sorted)
{
	struct tree *t = tree_from_folded("r;zeta 1\nr;alpha 1\nr;mid 1\nr;Alpha 1\n");
	const struct tree_node *n = tree_nodes(t);
	uint32_t r = node_at(t, "r"), c;
	const char *want[] = {"Alpha", "alpha", "mid", "zeta"};
	int i = 0;

	for (c = n[r].first_child; c != TREE_NONE; c = n[c].next_sibling, i++)
		ck_assert_str_eq(tree_name(t, c, NULL), want[i]);
	ck_assert_int_eq(i, 4);
	tree_free(t);
}
END_TEST

/* A 100,000-frame stack: no recursion anywhere, totals right at both ends. */
START_TEST(test_deep_stack)
{
	size_t depth = 100000, i, off = 0;
	char *text = xmalloc(depth * 8 + 16);
	struct tree *t;
	uint32_t leaf = TREE_ROOT;
	char *out;

	for (i = 0; i < depth; i++)
		off += (size_t)sprintf(text + off, "%sf%zu", i ? ";" : "", i % 7);
	strcpy(text + off, " 3\n");
	t = tree_from_folded(text);
	ck_assert_uint_eq(tree_size(t), depth + 1);
	for (i = 0; i < tree_size(t); i++)
		if (tree_node(t, (uint32_t)i)->depth == depth)
			leaf = (uint32_t)i;
	ck_assert_uint_eq(tree_self(t, 0, leaf).n, 3);
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 3);
	/* The collapse writer walks it iteratively and gives the line back. */
	out = collapse_string(t);
	ck_assert_str_eq(out, text);
	free(out);
	free(text);
	tree_free(t);
}
END_TEST

/* Counts past 2^32 are exact; past 2^64-1 they saturate and say so. */
START_TEST(test_big_counts)
{
	struct tree *t = tree_from_folded(
	    "a 4294967296\na 4294967296\nb 18446744073709551615\nb 1\n");

	ck_assert_uint_eq(total_at(t, "a"), 8589934592ULL);
	ck_assert_uint_eq(total_at(t, "b"), 18446744073709551615ULL);
	ck_assert_uint_eq(total_at(t, ""), 18446744073709551615ULL);
	ck_assert_uint_gt(tree_overflows(t), 0);
	tree_free(t);
}
END_TEST

START_TEST(test_fractional_counts)
{
	struct tree *t = tree_from_folded("a;b 1.5\na;b 2.25\na 0.5\nc 2\n");
	uint32_t b = node_at(t, "a;b"), a = node_at(t, "a");
	char buf[COUNT_BUFSZ];

	ck_assert(tree_has_fraction(t, 0));
	count_format(buf, tree_self(t, 0, b));
	ck_assert_str_eq(buf, "3.75");
	count_format(buf, tree_total(t, 0, a));
	ck_assert_str_eq(buf, "4.25");
	count_format(buf, tree_total(t, 0, TREE_ROOT));
	ck_assert_str_eq(buf, "6.25");
	tree_free(t);
}
END_TEST

/* Two profiles in one tree keep separate counts. */
START_TEST(test_two_profiles)
{
	struct tree *t = tree_new(2);
	struct stack_sink s0, s1;
	struct sink_tree st0, st1;

	sink_tree_init(&st0, &s0, t, 0);
	sink_tree_init(&st1, &s1, t, 1);
	s0.begin(s0.ctx);
	s0.frame(s0.ctx, "m", 1);
	s0.end(s0.ctx, COUNT_INT(4));
	s1.begin(s1.ctx);
	s1.frame(s1.ctx, "m", 1);
	s1.frame(s1.ctx, "x", 1);
	s1.end(s1.ctx, COUNT_INT(6));
	tree_finish(t);
	ck_assert_uint_eq(tree_total(t, 0, node_at(t, "m")).n, 4);
	ck_assert_uint_eq(tree_total(t, 1, node_at(t, "m")).n, 6);
	ck_assert_uint_eq(tree_total(t, 0, node_at(t, "m;x")).n, 0);
	tree_free(t);
}
END_TEST

/*
 * Collapse order is the byte order of whole lines, which interleaves a
 * frame's own line, a sibling that extends its name, and its children
 * ('-' < ';'):  a;foo 3 < a;foo-bar 2 < a;foo;x 1.
 */
START_TEST(test_collapse_order)
{
	struct tree *t = tree_from_folded("a;foo;x 1\na;foo-bar 2\na;foo 3\n 4\nb 1\n");
	char *out = collapse_string(t);

	ck_assert_str_eq(out, " 4\na;foo 3\na;foo-bar 2\na;foo;x 1\nb 1\n");
	free(out);
	tree_free(t);
}
END_TEST

/*
 * Write n frames picked from names[0..nn) with the generator *seed, joined
 * by ";" (the random stacks of the tests below).
 */
static void
put_stack(FILE *fp, unsigned *seed, const char *const *names, size_t nn,
    size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		*seed = *seed * 1103515245u + 12345u;
		fprintf(fp, "%s%s", k ? ";" : "", names[(*seed >> 16) % nn]);
	}
}

static int
cmp_lines(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * --collapse prints its lines in byte order, for names that are prefixes
 * of their siblings followed by bytes below, at and above ';' too: random
 * stacks of such names give the lines sorted with strcmp().
 */
START_TEST(test_collapse_order_random)
{
	static const char *const names[] = {"a", "a-x", "a_x", "a.b", "a:",
	    "a<", "ab", "a a", "a!", "b", "a-", "a~", ""};
	const size_t nn = sizeof names / sizeof names[0];
	unsigned seed = 31337;
	char *buf, *out, *line, **lines, *sorted, *p;
	size_t len, i, k, n, nl, olen;
	struct tree *t;
	int round;
	FILE *fp;

	for (round = 0; round < 300; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		for (i = 0; i < 30; i++) {
			seed = seed * 1103515245u + 12345u;
			n = 1 + (seed >> 16) % 4;
			put_stack(fp, &seed, names, nn, n);
			fprintf(fp, " 1\n");
		}
		fclose(fp);
		t = tree_from_folded(buf);
		out = collapse_string(t);
		/* The same lines, sorted here. */
		olen = strlen(out);
		lines = xreallocarray(NULL, olen + 1, sizeof *lines);
		nl = 0;
		sorted = xstrdup(out);
		for (line = strtok(sorted, "\n"); line != NULL;
		    line = strtok(NULL, "\n"))
			lines[nl++] = line;
		qsort(lines, nl, sizeof *lines, cmp_lines);
		p = xmalloc(olen + 1);
		for (i = 0, k = 0; i < nl; i++) {
			memcpy(p + k, lines[i], strlen(lines[i]));
			k += strlen(lines[i]);
			p[k++] = '\n';
		}
		p[k] = '\0';
		ck_assert_str_eq(out, p);
		free(p);
		free(sorted);
		free(lines);
		free(out);
		tree_free(t);
		free(buf);
	}
}
END_TEST

/* collapse_write_ranges(t, 0, per, hold) as a string; *rc its result. */
static char *
collapse_ranges(const struct tree *t, uint32_t per, size_t hold, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	*rc = collapse_write_ranges(t, 0, fp, per, hold);
	fclose(fp);
	return buf;
}

/*
 * Written by two threads, every other range of per lines each, held or
 * written as they go (hold 0: each line waits for its turn), the output is
 * the one-thread output byte for byte: ranges of one line and of more
 * lines than there are, over trees with a root line, fractional counts,
 * interleaved siblings (names that prefix others) and deep stacks.
 */
START_TEST(test_collapse_ranges)
{
	static const char *const names[] = {"a", "a-x", "a_x", "a;", "ab",
	    "b", "a-", "main", "[unknown]", "x"};
	static const uint32_t pers[] = {1, 2, 3, 7, 64, 100000};
	static const size_t holds[] = {0, 10, 1u << 20};
	const size_t nn = sizeof names / sizeof names[0];
	unsigned seed = 4242;
	char *buf, *one, *two;
	size_t len, i, p, h;
	struct tree *t;
	int round, rc;
	FILE *fp;

	for (round = 0; round < 60; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		if (round % 3 == 0)
			fputs(" 4\n", fp); /* the root's own line */
		for (i = 0; i < 40 + (size_t)round * 3; i++) {
			seed = seed * 1103515245u + 12345u;
			put_stack(fp, &seed, names, nn,
			    1 + (seed >> 16) % (round % 4 == 0 ? 40 : 6));
			fprintf(fp, round % 5 == 0 && i % 7 == 0 ? " 1.5\n" :
			    " %u\n", 1 + (seed >> 8) % 9);
		}
		fclose(fp);
		t = tree_from_folded(buf);
		one = collapse_ranges(t, 0, 0, &rc);
		ck_assert_int_eq(rc, 0);
		ck_assert_uint_gt(strlen(one), 0);
		for (p = 0; p < sizeof pers / sizeof pers[0]; p++)
			for (h = 0; h < sizeof holds / sizeof holds[0]; h++) {
				two = collapse_ranges(t, pers[p], holds[h], &rc);
				ck_assert_int_eq(rc, 0);
				ck_assert_str_eq(one, two);
				free(two);
			}
		free(one);
		tree_free(t);
		free(buf);
	}
}
END_TEST

/*
 * A write error while two threads write stops both: the call returns -1
 * (it does not wait forever for a range that will never be written).
 */
START_TEST(test_collapse_ranges_error)
{
	static const char *const names[] = {"a_long_frame_name_to_fill_buffers",
	    "another_long_frame_name_for_the_output", "x"};
	unsigned seed = 99;
	char *buf = NULL;
	size_t len = 0, i, h;
	struct tree *t;
	FILE *fp = open_memstream(&buf, &len);

	for (i = 0; i < 3000; i++) {
		put_stack(fp, &seed, names, 3, 12);
		fprintf(fp, " %zu\n", i + 1);
	}
	fclose(fp);
	t = tree_from_folded(buf);
	for (h = 0; h < 2; h++) {
		fp = fopen("/dev/full", "w");
		ck_assert_ptr_nonnull(fp);
		ck_assert_int_eq(collapse_write_ranges(t, 0, fp, 5,
		    h ? 1u << 20 : 0), -1);
		fclose(fp);
	}
	tree_free(t);
	free(buf);
}
END_TEST

/*
 * tree_nearest_named(), read level by level, finds what a pass over every
 * node finds: the shallowest node of the name, the widest of those, of
 * equals the smallest id (equal totals are frequent here: counts 1-3);
 * the root for a name no node has.
 */
START_TEST(test_nearest_named)
{
	static const char *const names[] = {"a", "b", "c", "d", "e", "f"};
	unsigned seed = 2024;
	struct tree *t;
	char *buf;
	size_t len, i;
	uint32_t name, id, best, nn;
	double w, bw;
	int round;
	FILE *fp;

	for (round = 0; round < 200; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		for (i = 0; i < 5 + (size_t)round / 4; i++) {
			seed = seed * 1103515245u + 12345u;
			put_stack(fp, &seed, names, 6, 1 + (seed >> 16) % 7);
			fprintf(fp, round % 9 == 0 ? " 0.5\n" : " %u\n",
			    1 + (seed >> 12) % 3);
		}
		fclose(fp);
		t = tree_from_folded(buf);
		nn = strtab_count(tree_strtab(t));
		for (name = 0; name < nn + 1; name++) {
			best = TREE_ROOT;
			bw = 0;
			for (id = 1; id < tree_size(t); id++) {
				if (tree_node(t, id)->name != name)
					continue;
				w = count_value(tree_total(t, 0, id));
				if (best == TREE_ROOT || tree_node(t, id)->depth <
				    tree_node(t, best)->depth ||
				    (tree_node(t, id)->depth ==
				    tree_node(t, best)->depth && w > bw)) {
					best = id;
					bw = w;
				}
			}
			ck_assert_uint_eq(tree_nearest_named(t, 0, name), best);
		}
		tree_free(t);
		free(buf);
	}
}
END_TEST

/* Add stack number i (a deterministic pseudo-random one) to sink. */
static void
add_stack(struct stack_sink *sink, uint32_t i)
{
	static const char *const names[] = {"main", "parse", "lex", "eval",
	    "call", "gc", "sweep", "idle", "alloc", "free", "[unknown]", ""};
	uint32_t x = i * 2654435761u + 12345u, depth = 1 + x % 7, d;

	sink->begin(sink->ctx);
	for (d = 0; d < depth; d++) {
		x = x * 1103515245u + 12345u;
		sink->frame(sink->ctx, names[(x >> 16) % 12],
		    strlen(names[(x >> 16) % 12]));
	}
	sink->end(sink->ctx, i % 5 == 0 ? COUNT_INT(0) : i % 13 == 0 ?
	    (struct tf_count){2, 0.5} : COUNT_INT(1 + x % 9));
}

/* a and b (finished) print the same --collapse text. */
static void
assert_same_collapse(const struct tree *a, const struct tree *b)
{
	char *sa = collapse_string(a), *sb = collapse_string(b);

	ck_assert_str_eq(sa, sb);
	free(sa);
	free(sb);
}

/*
 * Trees a and b are the same: same names in the same sibling order, same
 * self and total counts, walked side by side without recursion.
 */
static void
assert_same_tree(const struct tree *a, const struct tree *b)
{
	uint32_t *stk = xreallocarray(NULL, 2 * (size_t)tree_size(a),
	    sizeof *stk), x, y;
	size_t n = 0, seen = 0, la, lb;
	const char *na, *nb;

	ck_assert_uint_eq(tree_size(a), tree_size(b));
	stk[n++] = TREE_ROOT;
	stk[n++] = TREE_ROOT;
	while (n > 0) {
		y = stk[--n];
		x = stk[--n];
		seen++;
		na = tree_name(a, x, &la);
		nb = tree_name(b, y, &lb);
		ck_assert_uint_eq(la, lb);
		ck_assert(memcmp(na, nb, la) == 0);
		ck_assert_uint_eq(tree_total(a, 0, x).n, tree_total(b, 0, y).n);
		ck_assert(tree_total(a, 0, x).frac == tree_total(b, 0, y).frac);
		ck_assert_uint_eq(tree_self(a, 0, x).n, tree_self(b, 0, y).n);
		x = tree_node(a, x)->first_child;
		y = tree_node(b, y)->first_child;
		for (; x != TREE_NONE || y != TREE_NONE;
		    x = tree_node(a, x)->next_sibling,
		    y = tree_node(b, y)->next_sibling) {
			ck_assert(x != TREE_NONE && y != TREE_NONE);
			stk[n++] = x;
			stk[n++] = y;
		}
	}
	ck_assert_uint_eq(seen, tree_size(a));
	free(stk);
}

/*
 * tree_finish() between additions (the streaming viewer) leaves the same
 * tree as one call at the end, at every step: totals, sibling order, the
 * unique stack count, and lookups of existing children.
 */
START_TEST(test_finish_while_growing)
{
	struct tree *grow = tree_new(1), *once;
	struct stack_sink s1, s2;
	struct sink_tree st1, st2;
	uint32_t i, j, step = 0;

	sink_tree_init(&st1, &s1, grow, 0);
	tree_finish(grow); /* an empty tree first, as the viewer may */
	ck_assert_uint_eq(tree_total(grow, 0, TREE_ROOT).n, 0);
	ck_assert_uint_eq(tree_stacks(grow, 0), 0);
	for (i = 0; i < 3000; i += step) {
		step = 1 + (i * 7) % 400;
		for (j = i; j < i + step; j++)
			add_stack(&s1, j);
		tree_finish(grow);
		if (i % 3 == 0)
			tree_finish(grow); /* twice in a row changes nothing */
		once = tree_new(1);
		sink_tree_init(&st2, &s2, once, 0);
		for (j = 0; j < i + step; j++)
			add_stack(&s2, j);
		tree_finish(once);
		assert_same_tree(grow, once);
		ck_assert_uint_eq(tree_stacks(grow, 0), tree_stacks(once, 0));
		ck_assert_uint_eq(tree_overflows(grow), 0);
		tree_free(once);
	}
	ck_assert_uint_gt(tree_stacks(grow, 0), 100);
	ck_assert_uint_eq(tree_find_child(grow, TREE_ROOT,
	    strtab_intern(tree_strtab(grow), "main", 4)),
	    node_at(grow, "main"));
	tree_free(grow);
}
END_TEST

/* Saturated totals are counted once per finish, not once per call. */
START_TEST(test_finish_overflow_once)
{
	struct tree *t = tree_from_folded(
	    "a;b 18446744073709551615\na;c 1\n");
	uint64_t n = tree_overflows(t);

	ck_assert_uint_gt(n, 0);
	tree_finish(t);
	tree_finish(t);
	ck_assert_uint_eq(tree_overflows(t), n);
	ck_assert_uint_eq(tree_stacks(t, 0), 2);
	tree_free(t);
}
END_TEST

/*
 * Two loads of one text: node id for node id, the same names, parents and
 * self counts (fractions bit for bit), then, finished, the same --collapse
 * text.  Frees both trees.
 */
/* Node i has the same module (name and kind) in t1 and t2. */
static void
assert_same_module(const struct tree *t1, const struct tree *t2, uint32_t i)
{
	uint32_t m1 = tree_module(t1, i), m2 = tree_module(t2, i);
	const char *n1, *n2;
	size_t l1, l2;

	ck_assert_int_eq(tree_has_modules(t1), tree_has_modules(t2));
	n1 = tree_module_name(t1, m1, &l1);
	n2 = tree_module_name(t2, m2, &l2);
	ck_assert_uint_eq(l1, l2);
	ck_assert(memcmp(n1, n2, l1) == 0);
	ck_assert_uint_eq(TREE_MOD_KIND(m1), TREE_MOD_KIND(m2));
}

static void
assert_same_loads(struct tree *t1, struct tree *t2)
{
	struct tf_count c1, c2;
	size_t i;

	ck_assert_uint_eq(tree_size(t1), tree_size(t2));
	for (i = 0; i < tree_size(t1); i++) {
		ck_assert_uint_eq(tree_node(t1, (uint32_t)i)->parent,
		    tree_node(t2, (uint32_t)i)->parent);
		ck_assert_uint_eq(tree_node(t1, (uint32_t)i)->name,
		    tree_node(t2, (uint32_t)i)->name);
		c1 = tree_self(t1, 0, (uint32_t)i);
		c2 = tree_self(t2, 0, (uint32_t)i);
		ck_assert(c1.n == c2.n);
		ck_assert(memcmp(&c1.frac, &c2.frac, sizeof c1.frac) == 0);
		assert_same_module(t1, t2, (uint32_t)i);
	}
	tree_finish(t1);
	tree_finish(t2);
	assert_same_collapse(t1, t2);
	tree_free(t1);
	tree_free(t2);
}

/*
 * A folded stack that shares frames with the one before starts from where
 * that one got to (sink->resume()): the tree must be the one reading every
 * frame gives, node for node (ids included), whatever the lines share -
 * whole frames, part of a name, empty names, trailing ";", nothing.
 */
START_TEST(test_folded_shared_prefix)
{
	static const char *const frame[] = {"a", "ab", "b", "", "a;", "c"};
	/* Long names that differ late: the prefix is compared in blocks. */
	static const char *const lframe[] = {"long_frame_name_0001",
	    "long_frame_name_0002", "long_frame_name_00", "x",
	    "long_frame_name_0001_and_more_and_more_text", "y;z"};
	unsigned seed = 99;
	char *buf;
	size_t len, i, n;
	struct tree *t1, *t2;
	int round;
	FILE *fp;

	for (round = 0; round < 400; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		for (i = 0; i < 40; i++) {
			seed = seed * 1103515245u + 12345u;
			n = (seed >> 16) % (round % 2 ? 12 : 6);
			put_stack(fp, &seed, round % 2 ? lframe : frame, 6, n);
			fprintf(fp, " %zu\n", i % 3 + 1);
		}
		fclose(fp);
		t1 = tree_load(FORMAT_FOLDED, buf, len, 1, NULL);
		t2 = tree_load(FORMAT_FOLDED, buf, len, 0, NULL);
		assert_same_loads(t1, t2);
		free(buf);
	}
}
END_TEST

/*
 * A folded text read in two parts at once gives the tree one thread
 * gives, fractions added in the same order: whole counts only, fractions
 * only before the middle, only after it, or anywhere (the second part then
 * stops at its first fraction and the rest is read after the join).
 */
START_TEST(test_folded_parts)
{
	static const char *const frame[] = {"a", "ab", "b", "c", "d"};
	static const char *const whole[] = {"1", "2", "7", "1000"};
	static const char *const frac[] = {"0.1", "0.3", "0.7", "1.25",
	    "2.000001", "0.9999999"};
	static const char *const bad[] = {"x\n", "a;b\n", "# c\n", "\n"};
	unsigned seed = 4242;
	char *buf;
	size_t len, i, n;
	struct tree *t1, *t2;
	int round, parts, cut = 0, mode, f;
	FILE *fp;

	for (round = 0; round < 400; round++) {
		mode = round % 4;
		buf = NULL;
		fp = open_memstream(&buf, &len);
		for (i = 0; i < 40; i++) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 10 == 0) {
				fputs(bad[(seed >> 20) % 4], fp);
				continue;
			}
			n = 1 + (seed >> 16) % 4;
			put_stack(fp, &seed, frame, 5, n);
			seed = seed * 1103515245u + 12345u;
			f = mode == 3 || (mode == 1 && i < 20) ||
			    (mode == 2 && i >= 20);
			fprintf(fp, " %s\n", f && (seed >> 16) % 2 ?
			    frac[(seed >> 18) % 6] : whole[(seed >> 18) % 4]);
		}
		fclose(fp);
		t1 = tree_load(FORMAT_FOLDED, buf, len, 1, NULL);
		t2 = tree_load(FORMAT_FOLDED, buf, len, 1, &parts);
		cut += parts == 2;
		assert_same_loads(t1, t2);
		free(buf);
	}
	ck_assert_int_gt(cut, 350);
}
END_TEST

/* Nodes of t whose frames came from several modules. */
static int
count_several(const struct tree *t)
{
	uint32_t i;
	int n = 0;

	ck_assert(tree_has_modules(t));
	for (i = 0; i < tree_size(t); i++)
		n += TREE_MOD_INDEX(tree_module(t, i)) == TREE_MOD_SEVERAL;
	return n;
}

/*
 * perf samples read as remembered lines go to the sink from where the
 * stack before got to (emit_lines(): the root and outer lines they share
 * are not given again): the tree must be the one reading every frame
 * gives, node for node, in one thread and in two parts.  Outer lines are
 * drawn from fewer names than inner ones, so stacks share prefixes of all
 * lengths; some lines differ only in address or module, some give no
 * frame or two, some are bad.  The sink gives name ids (intern()), or
 * takes text only.  The memos also start over every few samples (a small
 * memo_budget), line ids and the names' ids with them.
 */
START_TEST(test_perf_shared_lines)
{
	static const char *const root[] = {"a", "java", "b"};
	static const char *const mod[] = {"/x", "/y"};
	char line[16][64];
	unsigned seed = 31337, r;
	char *buf;
	size_t len;
	struct tree *t1, *t2;
	int round, i, k, d, parts, cut = 0, several = 0;
	struct load_opts small, mods, smallmods;
	FILE *fp;

	memset(&small, 0, sizeof small);
	small.format = FORMAT_PERF;
	small.perf.memo_budget = 8192 + 2048;
	memset(&mods, 0, sizeof mods);
	mods.format = FORMAT_PERF;
	mods.module_id = sink_tree_module_id;
	mods.module_set = sink_tree_module_set;
	smallmods = mods;
	smallmods.perf.memo_budget = small.perf.memo_budget;
	for (round = 0; round < 150; round++) {
		buf = NULL;
		fp = open_memstream(&buf, &len);
		for (i = 0; i < 60; i++) {
			seed = seed * 1103515245u + 12345u;
			fprintf(fp, "%s 1/1 [0] 1.%d: %d cpu-clock:\n",
			    root[(seed >> 16) % 3], i, i % 4);
			d = 1 + (int)((seed >> 20) % 12);
			for (k = 0; k < d; k++) {
				/* Line k from the outermost: k + 2 names. */
				seed = seed * 1103515245u + 12345u;
				r = seed >> 16;
				if (r % 40 == 0)
					snprintf(line[k], sizeof line[k],
					    "\tnonsense %u\n", r % 3);
				else if (r % 25 == 0)
					snprintf(line[k], sizeof line[k],
					    "\t1 (anonymous)::x (/x)\n");
				else
					snprintf(line[k], sizeof line[k],
					    "\t%x f%u%s+0x%x (%s)\n", r % 3,
					    (r >> 2) % (unsigned)(k + 2),
					    r % 11 == 0 ? "->g" : "", r % 2,
					    mod[(r >> 6) % 2]);
			}
			for (k = d; k > 0; k--)
				fputs(line[k - 1], fp);
			fputs(i % 9 == 8 ? "  \n" : "\n", fp);
		}
		fclose(fp);
		t1 = tree_load(FORMAT_PERF, buf, len, 0, NULL);
		t2 = tree_load(FORMAT_PERF, buf, len, 1, NULL);
		assert_same_loads(t1, t2);
		/* Through a wrapper sink that forwards the speed hooks. */
		t1 = tree_load(FORMAT_PERF, buf, len, 0, NULL);
		t2 = tree_load(FORMAT_PERF, buf, len, 2, NULL);
		assert_same_loads(t1, t2);
		t1 = tree_load(FORMAT_PERF, buf, len, 0, NULL);
		t2 = tree_load(FORMAT_PERF, buf, len, 1, &parts);
		cut += parts == 2;
		assert_same_loads(t1, t2);
		/* Memos that start over every few samples (memo_trim()). */
		t1 = tree_load(FORMAT_PERF, buf, len, 0, NULL);
		t2 = tree_load_opts(&small, buf, len, 1, NULL);
		assert_same_loads(t1, t2);
		/*
		 * With each frame's module kept: lines that differ only in
		 * module are not the same line any more, in every path.
		 */
		t1 = tree_load_opts(&mods, buf, len, 0, NULL);
		several += count_several(t1);
		t2 = tree_load_opts(&mods, buf, len, 1, NULL);
		assert_same_loads(t1, t2);
		t1 = tree_load_opts(&mods, buf, len, 0, NULL);
		t2 = tree_load_opts(&mods, buf, len, 1, &parts);
		assert_same_loads(t1, t2);
		t1 = tree_load_opts(&mods, buf, len, 0, NULL);
		t2 = tree_load_opts(&smallmods, buf, len, 1, NULL);
		assert_same_loads(t1, t2);
		free(buf);
	}
	ck_assert_int_gt(cut, 140);
	ck_assert_int_gt(several, 100); /* f0 in /x and /y under one caller */
}
END_TEST

/*
 * Children are found whatever their parents' shape: none, an only child
 * (kept out of the child hash), two (both put in when the second came) or
 * many (the hash growing under them), before and after tree_finish()
 * re-links the sibling lists.  Checked against a plain table of every
 * (parent, name) pair, with lookups of pairs that do not exist.
 */
#define LK_NAMES 40u
#define LK_NODES 30000u

/*
 * A random (parent, name index) for a tree of size nodes: mostly the
 * newest nodes (chains of only children), sometimes any node, and a few
 * wide parents near the root.
 */
static void
random_pair(uint32_t size, uint32_t *seed, uint32_t *p, uint32_t *n)
{
	*seed = *seed * 1103515245u + 12345u;
	switch ((*seed >> 4) % 8) {
	case 0: case 1: case 2: *p = (*seed >> 8) % size; break;
	case 3: *p = (*seed >> 8) % (size < 30 ? size : 30); break;
	default: *p = size - 1 - (*seed >> 8) % (size < 3 ? size : 3);
	}
	*n = (*seed >> 16) % ((*seed >> 12) % 2 == 0 ? LK_NAMES : 3);
}

/*
 * A table of every (parent, name index) pair of a tree of up to nodes
 * nodes, all TREE_NONE, and t's ids of the names "f0".."f39" in name[].
 */
static uint32_t *
lk_model(struct tree *t, uint32_t nodes, uint32_t *name)
{
	uint32_t *model = xreallocarray(NULL, (size_t)nodes * LK_NAMES,
	    sizeof *model);
	uint32_t i;
	char buf[16];

	for (i = 0; i < nodes * LK_NAMES; i++)
		model[i] = TREE_NONE;
	for (i = 0; i < LK_NAMES; i++) {
		snprintf(buf, sizeof buf, "f%u", i);
		name[i] = strtab_intern(tree_strtab(t), buf, strlen(buf));
	}
	return model;
}

static void
check_lookups(const struct tree *t, const uint32_t *model, uint32_t size,
    const uint32_t *name, uint32_t *seed)
{
	uint32_t k, p, n;

	for (k = 0; k < 4000; k++) {
		*seed = *seed * 1103515245u + 12345u;
		p = (*seed >> 8) % size;
		n = (*seed >> 3) % LK_NAMES;
		ck_assert_uint_eq(tree_find_child(t, p, name[n]),
		    model[p * LK_NAMES + n]);
	}
}

START_TEST(test_child_lookup_shapes)
{
	struct tree *t = tree_new(1);
	uint32_t name[LK_NAMES], size = 1, seed = 7, p, n, id, i, made = 0;
	uint32_t *model = lk_model(t, LK_NODES, name);
	char buf[16];

	for (i = 0; size < LK_NODES; i++) {
		random_pair(size, &seed, &p, &n);
		id = tree_child(t, p, name[n]);
		if (model[p * LK_NAMES + n] == TREE_NONE) {
			ck_assert_uint_eq(id, size);
			model[p * LK_NAMES + n] = size++;
			made++;
		} else
			ck_assert_uint_eq(id, model[p * LK_NAMES + n]);
		ck_assert_uint_eq(tree_node(t, id)->parent, p);
		ck_assert_uint_eq(tree_find_child(t, p, name[n]), id);
		if (i % 5000 == 0)
			check_lookups(t, model, size, name, &seed);
		if (i % 20000 == 10000) {
			tree_finish(t);
			check_lookups(t, model, size, name, &seed);
		}
	}
	ck_assert_uint_eq(tree_size(t), size);
	ck_assert_uint_gt(i, made); /* some pairs were asked for again */
	/* One very wide parent: the hash doubles while its children go in. */
	for (i = 0; i < 20000; i++) {
		snprintf(buf, sizeof buf, "w%u", i);
		n = strtab_intern(tree_strtab(t), buf, strlen(buf));
		id = tree_child(t, 1, n);
		ck_assert_uint_eq(id, size + i);
		ck_assert_uint_eq(tree_find_child(t, 1, n), id);
	}
	for (i = 0; i < 20000; i++) {
		snprintf(buf, sizeof buf, "w%u", i);
		n = strtab_intern(tree_strtab(t), buf, strlen(buf));
		ck_assert_uint_eq(tree_child(t, 1, n), size + i);
	}
	tree_finish(t);
	check_lookups(t, model, size, name, &seed);
	for (id = 1; id < tree_size(t); id++) /* every node by its own pair */
		ck_assert_uint_eq(tree_find_child(t, tree_node(t, id)->parent,
		    tree_node(t, id)->name), id);
	free(model);
	tree_free(t);
}
END_TEST

/* count random children added to t (random_pair()), named f0..f39. */
static void
grow_random(struct tree *t, uint32_t count, uint32_t *seed)
{
	uint32_t size, p, n;
	char buf[16];

	for (; count > 0; count--) {
		size = tree_size(t);
		random_pair(size, seed, &p, &n);
		snprintf(buf, sizeof buf, "f%u", n);
		tree_child(t, p, strtab_intern(tree_strtab(t), buf, strlen(buf)));
	}
}

/*
 * tree_merge() copies the subtrees new to dst without putting their
 * children in the child hash: tree_find_child() still finds every child
 * (and no absent one), and the first tree_child() after the merge puts
 * them in before it adds to them.  Two merges in a row (the second starts
 * from a tree with such children), checked against a table of every
 * (parent, name) pair.
 */
START_TEST(test_merge_lookups)
{
	struct tree *dst = tree_new(1), *src;
	uint32_t seed = 11, name[LK_NAMES], *model, size, id, p, n, k, want;
	int round;

	grow_random(dst, 6000, &seed);
	for (round = 0; round < 2; round++) {
		src = tree_new(1);
		grow_random(src, 9000, &seed);
		tree_merge(dst, 0, src, 0);
		tree_free(src);
	}
	size = tree_size(dst);
	ck_assert_uint_gt(size, 6000 + 9000);
	ck_assert_uint_lt(size, 6000 + 2 * 9000); /* some pairs were there */
	model = lk_model(dst, size, name);
	for (id = 1; id < size; id++) {
		for (n = 0; name[n] != tree_node(dst, id)->name; n++)
			;
		p = tree_node(dst, id)->parent;
		ck_assert_uint_eq(model[p * LK_NAMES + n], TREE_NONE);
		model[p * LK_NAMES + n] = id;
		ck_assert_uint_eq(tree_find_child(dst, p, name[n]), id);
	}
	check_lookups(dst, model, size, name, &seed);
	/* tree_child(): the same ids for pairs there, new ones for the rest. */
	for (k = 0; k < 20000; k++) {
		seed = seed * 1103515245u + 12345u;
		p = (seed >> 8) % size;
		n = (seed >> 3) % LK_NAMES;
		want = model[p * LK_NAMES + n];
		if (want == TREE_NONE)
			want = model[p * LK_NAMES + n] = tree_size(dst);
		ck_assert_uint_eq(tree_child(dst, p, name[n]), want);
	}
	check_lookups(dst, model, size, name, &seed);
	tree_finish(dst);
	check_lookups(dst, model, size, name, &seed);
	free(model);
	tree_free(dst);
}
END_TEST

/* The byte order of two names, as --collapse and the ranks sort them. */
static int
name_order(const struct tree *t, uint32_t a, uint32_t b)
{
	size_t la, lb;
	const char *sa = strtab_get(tree_strtab_c(t), a, &la);
	const char *sb = strtab_get(tree_strtab_c(t), b, &lb);
	int c = memcmp(sa, sb, la < lb ? la : lb);

	return c != 0 ? c : la < lb ? -1 : la > lb;
}

/* tree_name_ranks() of t is a permutation in byte order of the names. */
static void
check_ranks(const struct tree *t)
{
	const uint32_t *rank = tree_name_ranks(t);
	uint32_t n = strtab_count(tree_strtab_c(t)), i, *order;

	ck_assert_ptr_nonnull(rank);
	order = xreallocarray(NULL, n, sizeof *order);
	for (i = 0; i < n; i++)
		order[i] = UINT32_MAX;
	for (i = 0; i < n; i++) {
		ck_assert_uint_lt(rank[i], n);
		ck_assert_uint_eq(order[rank[i]], UINT32_MAX);
		order[rank[i]] = i;
	}
	for (i = 0; i + 1 < n; i++)
		ck_assert_int_lt(name_order(t, order[i], order[i + 1]), 0);
	free(order);
}

/* Every total of t is its self count plus its children's totals. */
static void
check_totals(const struct tree *t)
{
	uint32_t n = tree_size(t), i, c;
	uint64_t sum;

	for (i = 0; i < n; i++) {
		sum = tree_self(t, 0, i).n;
		for (c = tree_node(t, i)->first_child; c != TREE_NONE;
		    c = tree_node(t, c)->next_sibling)
			sum += tree_total(t, 0, c).n;
		ck_assert_uint_eq(tree_total(t, 0, i).n, sum);
	}
}

/* Stack k of the test below: 1 to 5 frames named g0 .. g(names-1). */
static void
add_numbered_stack(struct tree *t, uint32_t k, uint32_t names)
{
	uint32_t x = k * 2654435761u + 7u, depth = 1 + x % 5, node = TREE_ROOT;
	char buf[16];

	while (depth-- > 0) {
		x = x * 1103515245u + 12345u;
		snprintf(buf, sizeof buf, "g%u", (x >> 8) % names);
		node = tree_child(t, node, strtab_intern(tree_strtab(t), buf,
		    strlen(buf)));
	}
	tree_add_self(t, 0, node, COUNT_INT(1 + k % 3));
}

/*
 * The names' ranks: none before tree_finish(), none once a name is added
 * after it, and byte order after it.  A merge big enough to rank the
 * merged names in a second thread (as a two-part load does) leaves ranks
 * in byte order that tree_finish() keeps, and the merged tree collapses
 * to what one tree built from the same stacks does (names like g5, g50:
 * one a prefix of a sibling going on with a byte below ';', which
 * --collapse finds through the ranks), with totals that add up.
 */
START_TEST(test_name_ranks)
{
	static const char *const names[] = {"a", "a-x", "ab", "a;", "\xff",
	    "a a", "b", "a-"};
	struct tree *t = tree_new(1), *dst, *src, *one;
	uint32_t i, node = TREE_ROOT;

	ck_assert_ptr_null(tree_name_ranks(t));
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		node = tree_child(t, i % 2 ? node : TREE_ROOT,
		    strtab_intern(tree_strtab(t), names[i], strlen(names[i])));
	tree_finish(t);
	check_ranks(t);
	tree_child(t, TREE_ROOT, strtab_intern(tree_strtab(t), "a+", 2));
	ck_assert_ptr_null(tree_name_ranks(t));
	tree_finish(t);
	check_ranks(t);
	tree_free(t);

	dst = tree_new(1);
	src = tree_new(1);
	one = tree_new(1);
	for (i = 0; i < 40000; i++) {
		add_numbered_stack(i < 20000 ? dst : src, i, i < 20000 ? 3000 : 9000);
		add_numbered_stack(one, i, i < 20000 ? 3000 : 9000);
	}
	ck_assert_uint_ge(strtab_count(tree_strtab(src)), 4096);
	tree_merge(dst, 0, src, 0);
	tree_free(src);
	if (tree_name_ranks(dst) != NULL) /* made while merging */
		check_ranks(dst);
	tree_finish(dst);
	check_ranks(dst);
	tree_finish(one);
	/* Big enough for tree_finish() to add totals in a second thread. */
	ck_assert_uint_gt(tree_size(one), 65536);
	check_totals(dst);
	check_totals(one);
	ck_assert_uint_eq(tree_total(dst, 0, TREE_ROOT).n,
	    tree_total(one, 0, TREE_ROOT).n);
	ck_assert_uint_eq(tree_size(dst), tree_size(one));
	assert_same_collapse(dst, one);
	tree_free(dst);
	tree_free(one);
}
END_TEST

/*
 * Sample records beside the weights: a sink that keeps them counts one
 * per stack (end() and again()), tree_finish() sums them up the tree, a
 * forked sink's records come through the join, and a tree that does not
 * keep them says 0.
 */
START_TEST(test_samples_kept)
{
	struct tree *t = tree_new(1), *plain = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink, *child;
	uint64_t h;
	uint32_t a, b;

	sink_tree_init(&st, &sink, t, 0);
	sink_tree_keep_samples(&st);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "a", 1);
	sink.frame(sink.ctx, "b", 1);
	sink.end(sink.ctx, (struct tf_count){1000, 0.0});
	h = sink.speed->last(sink.ctx);
	sink.speed->again(sink.ctx, h, (struct tf_count){500, 0.0});
	child = sink.par->fork(sink.ctx);
	child->begin(child->ctx);
	child->frame(child->ctx, "a", 1);
	child->end(child->ctx, (struct tf_count){7, 0.0});
	sink.par->join(sink.ctx, child);
	tree_finish(t);
	a = tree_find_child(t, TREE_ROOT, strtab_intern(tree_strtab(t), "a", 1));
	b = tree_find_child(t, a, strtab_intern(tree_strtab(t), "b", 1));
	ck_assert(tree_has_samples(t));
	ck_assert_uint_eq(tree_total(t, 0, TREE_ROOT).n, 1507);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 3);
	ck_assert_uint_eq(tree_samples(t, 0, a), 3);
	ck_assert_uint_eq(tree_samples_self(t, 0, a), 1);
	ck_assert_uint_eq(tree_samples(t, 0, b), 2);
	ck_assert_uint_eq(tree_samples_self(t, 0, b), 2);
	tree_finish(plain);
	ck_assert(!tree_has_samples(plain));
	ck_assert_uint_eq(tree_samples(plain, 0, TREE_ROOT), 0);
	tree_free(t);
	tree_free(plain);
}
END_TEST

/*
 * tree_samples() sums a subtree by walking its sibling links: siblings,
 * a subtree beside another, the root, and its memo forgotten at the next
 * tree_finish().
 */
START_TEST(test_samples_subtrees)
{
	static const char *const stacks[] = {
		"a;b", "a;c;d", "a;c", "a;c;d", "e", "e;f", "a"
	};
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	const char *p, *q;
	size_t i;

	sink_tree_init(&st, &sink, t, 0);
	sink_tree_keep_samples(&st);
	for (i = 0; i < sizeof stacks / sizeof stacks[0]; i++) {
		sink.begin(sink.ctx);
		for (p = stacks[i]; *p != '\0'; p = *q ? q + 1 : q) {
			q = strchr(p, ';');
			if (q == NULL)
				q = p + strlen(p);
			sink.frame(sink.ctx, p, (size_t)(q - p));
		}
		sink.end(sink.ctx, (struct tf_count){10, 0.0});
	}
	tree_finish(t);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "a")), 5);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "a;c")), 3);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "a;b")), 1);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "e")), 2);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 7);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "a;c;d")), 2);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "e", 1);
	sink.end(sink.ctx, (struct tf_count){10, 0.0});
	tree_finish(t);
	ck_assert_uint_eq(tree_samples(t, 0, TREE_ROOT), 8);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "e")), 3);
	ck_assert_uint_eq(tree_samples(t, 0, node_at(t, "e")), 3);
	tree_free(t);
}
END_TEST

/* The module of the node at path, as "kind:name". */
static const char *
module_at(const struct tree *t, const char *path)
{
	static char buf[128];
	uint32_t m = tree_module(t, node_at(t, path));
	size_t len;
	const char *s = tree_module_name(t, m, &len);

	snprintf(buf, sizeof buf, "%u:%.*s", TREE_MOD_KIND(m), (int)len, s);
	return buf;
}

/*
 * Each frame's module: perf's DSO by file name, the
 * kind from the module's path (kernel, JIT), "several modules" for
 * frames merged by name across modules, keeping the kind both had;
 * carried by a fork()ed sink's join (tree_merge()), the reverse tree and
 * the transforms; a tree that does not keep them costs nothing.
 */
START_TEST(test_modules_kept)
{
	static const char perf[] =
	    "app 1/1 [0] 1.0: 10 cpu-clock:\n"
	    "\tffffffff81000100 do_syscall_64+0x5c ([kernel.kallsyms])\n"
	    "\tffffffff81000200 entry_SYSCALL_64+0x44 ([kernel.kallsyms])\n"
	    "\t7f0000001111 __write+0x11 (/usr/lib/libc.so.6)\n"
	    "\t2222 main+0x22 (/usr/bin/app)\n\n"
	    "app 1/1 [0] 1.1: 10 cpu-clock:\n"
	    "\t5555 helper+0x10 (/usr/lib/libfoo.so)\n"
	    "\t2222 main+0x22 (/usr/bin/app)\n\n"
	    "app 1/1 [0] 1.2: 10 cpu-clock:\n"
	    "\t6666 helper+0x20 (/usr/lib/libbar.so)\n"
	    "\t2222 main+0x22 (/usr/bin/app)\n\n"
	    "app 1/1 [0] 1.3: 10 cpu-clock:\n"
	    "\t7777 nf_hook+0x2 (/lib/modules/6.1/nf.ko)\n"
	    "\tffffffff81000100 do_syscall_64+0x5c ([kernel.kallsyms])\n"
	    "\t8888 Interp::run+0x3 (/tmp/perf-1.map)\n"
	    "\t2222 main+0x22 (/usr/bin/app)\n\n"
	    "app 1/1 [0] 1.4: 10 cpu-clock:\n"
	    "\t7778 nf_hook+0x2 (/lib/modules/6.1/other.ko)\n"
	    "\tffffffff81000100 do_syscall_64+0x5c ([kernel.kallsyms])\n"
	    "\t8888 Interp::run+0x3 (/tmp/perf-1.map)\n"
	    "\t2222 main+0x22 (/usr/bin/app)\n\n";
	struct load_opts o;
	struct tree *t, *r, *x, *plain;
	unsigned char *marks;
	uint32_t lib, ker, n;
	size_t before;
	int shortcut, parts_unused;

	memset(&o, 0, sizeof o);
	o.format = FORMAT_PERF;
	o.module_id = sink_tree_module_id;
	o.module_set = sink_tree_module_set;
	for (shortcut = 0; shortcut < 3; shortcut++) {
		/* 0: every frame given, 1: the memos, 2: in two parts. */
		t = tree_load_opts(&o, perf, sizeof perf - 1, shortcut > 0,
		    shortcut == 2 ? &parts_unused : NULL);
		tree_finish(t);
		ck_assert(tree_has_modules(t));
		ck_assert_str_eq(module_at(t, "app"), "0:");
		ck_assert_str_eq(module_at(t, "app;main"), "0:app");
		ck_assert_str_eq(module_at(t, "app;main;__write"),
		    "0:libc.so.6");
		ck_assert_str_eq(module_at(t,
		    "app;main;__write;entry_SYSCALL_64"),
		    "1:[kernel.kallsyms]");
		ck_assert_str_eq(module_at(t, "app;main;helper"),
		    "0:several modules");
		ck_assert_str_eq(module_at(t, "app;main;Interp::run"),
		    "2:perf-1.map");
		ck_assert_str_eq(module_at(t,
		    "app;main;Interp::run;do_syscall_64;nf_hook"),
		    "1:several modules");
		/* The reverse tree: do_syscall_64 under two callers, one module. */
		r = reverse_build(t);
		ck_assert_str_eq(module_at(r, "do_syscall_64"),
		    "1:[kernel.kallsyms]");
		ck_assert_str_eq(module_at(r, "helper"), "0:several modules");
		ck_assert_str_eq(module_at(r, "nf_hook;do_syscall_64"),
		    "1:[kernel.kallsyms]");
		tree_free(r);
		/* A transform: main merged away, its callees keep theirs. */
		marks = xcalloc(strtab_count(tree_strtab(t)), 1);
		marks[strtab_intern(tree_strtab(t), "main", 4)] = 1;
		x = transform_merge(t, marks);
		ck_assert_str_eq(module_at(x, "app;__write"), "0:libc.so.6");
		ck_assert_str_eq(module_at(x, "app;helper"),
		    "0:several modules");
		tree_free(x);
		x = transform_merge_threads(t);
		ck_assert_str_eq(module_at(x, "app;main"), "0:app");
		tree_free(x);
		free(marks);
		tree_free(t);
	}

	/* The tree's own rules: one module, then another, then several. */
	t = tree_new(1);
	n = tree_child(t, TREE_ROOT, strtab_intern(tree_strtab(t), "f", 1));
	before = tree_memory(t);
	ck_assert(!tree_has_modules(t));
	ck_assert_uint_eq(tree_module(t, n), TREE_MOD_NONE);
	lib = tree_module_intern(t, "libc.so.6", 9, 0);
	ker = tree_module_intern(t, "vmlinux", 7, TREE_MOD_KERNEL);
	ck_assert(tree_has_modules(t));
	ck_assert_uint_ge(tree_memory(t) - before, 1024 * sizeof(uint32_t));
	ck_assert_uint_eq(tree_module(t, n), TREE_MOD_NONE);
	tree_set_module(t, n, TREE_MOD_NONE);
	ck_assert_uint_eq(tree_module(t, n), TREE_MOD_NONE);
	tree_set_module(t, n, lib);
	tree_set_module(t, n, lib);
	ck_assert_uint_eq(tree_module(t, n), lib);
	tree_set_module(t, n, ker);
	ck_assert_uint_eq(tree_module(t, n), TREE_MOD_SEVERAL);
	ck_assert_uint_eq(tree_module_intern(t, "vmlinux", 7,
	    TREE_MOD_KERNEL), ker);
	tree_free(t);

	/* Not kept: nothing, and no byte more. */
	plain = tree_load(FORMAT_PERF, perf, sizeof perf - 1, 1, NULL);
	tree_finish(plain);
	ck_assert(!tree_has_modules(plain));
	ck_assert_uint_eq(tree_module(plain, node_at(plain, "app;main")),
	    TREE_MOD_NONE);
	t = tree_load_opts(&o, perf, sizeof perf - 1, 1, NULL);
	tree_finish(t);
	ck_assert_uint_eq(tree_size(t), tree_size(plain));
	assert_same_collapse(t, plain);
	ck_assert_uint_le(tree_memory(plain) + 1024 * sizeof(uint32_t),
	    tree_memory(t));
	tree_free(t);
	tree_free(plain);
}
END_TEST

/*
 * units_total() and units_weight(): each input's wording, whole.  A
 * duration keeps three figures from 10 ms up, so that 12 ms reads as more
 * than 9 ms ("0.01 s" beside "9.00 ms" did not), and rounds up into the
 * next unit at its edge.
 */
START_TEST(test_units_wording)
{
	static const struct {
		uint64_t ns;
		const char *text;
	} dur[] = {
		{9000000, "9.00 ms"}, {9994000, "9.99 ms"},
		{9996000, "10.0 ms"}, {12024048, "12.0 ms"},
		{99940000, "99.9 ms"}, {99960000, "100 ms"},
		{835671336, "836 ms"}, {999400000, "999 ms"},
		{999600000, "1.00 s"}, {2460000000u, "2.46 s"},
	};
	struct tf_units u;
	char buf[128];
	size_t i;

	units_init(&u, "cpu-clock", "samples", 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){835671336, 0.0}, 417);
	ck_assert_str_eq(buf, "836 ms cpu-clock, 417 samples");
	for (i = 0; i < sizeof dur / sizeof dur[0]; i++) {
		units_weight(buf, sizeof buf, &u,
		    (struct tf_count){dur[i].ns, 0.0});
		ck_assert_str_eq(buf, dur[i].text);
	}
	units_weight(buf, sizeof buf, &u, (struct tf_count){2500000, 0.0});
	ck_assert_str_eq(buf, "2.50 ms");
	units_weight(buf, sizeof buf, &u, (struct tf_count){0, 0.0});
	ck_assert_str_eq(buf, "0 s");
	units_weight(buf, sizeof buf, &u, (struct tf_count){850, 0.0});
	ck_assert_str_eq(buf, "850 ns");
	units_init(&u, "task-clock", NULL, 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){12345678901ULL, 0.0}, 1);
	ck_assert_str_eq(buf, "12.35 s task-clock, 1 sample");
	units_init(&u, "cycles", NULL, 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){835671336, 0.0}, 417);
	ck_assert_str_eq(buf, "835,671,336 cycles, 417 samples");
	units_init(&u, "", "samples", 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1234, 0.0}, 0);
	ck_assert_str_eq(buf, "1,234 samples");
	units_total(buf, sizeof buf, &u, (struct tf_count){1, 0.0}, 0);
	ck_assert_str_eq(buf, "1 sample");
	units_init(&u, NULL, "widgets", 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){1, 0.0}, 0);
	ck_assert_str_eq(buf, "1 widgets");
	units_init(&u, "cpu-clock", NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){286, 0.0}, 286);
	ck_assert_str_eq(buf, "286 cpu-clock samples");
	units_weight(buf, sizeof buf, &u, (struct tf_count){12, 0.0});
	ck_assert_str_eq(buf, "12");
	units_init(&u, "cpu-clock", "bytes", 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){6000000, 0.0}, 3);
	ck_assert_str_eq(buf, "6,000,000 bytes, 3 samples");
	/* Nanoseconds of an unnamed clock (speedscope): time, records or not. */
	units_init(&u, UNITS_NS_EVENT, NULL, 0);
	units_total(buf, sizeof buf, &u, (struct tf_count){14000000000ULL, 0.0},
	    5);
	ck_assert_str_eq(buf, "14.00 s time");
	units_init(&u, UNITS_NS_EVENT, NULL, 1);
	units_total(buf, sizeof buf, &u, (struct tf_count){1700000000, 0.0}, 5);
	ck_assert_str_eq(buf, "1.70 s time, 5 samples");
}
END_TEST

Suite *
suite_tree(void)
{
	Suite *s = suite_create("tree");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_self_total);
	tcase_add_test(tc, test_children_sorted);
	tcase_add_test(tc, test_deep_stack);
	tcase_add_test(tc, test_big_counts);
	tcase_add_test(tc, test_fractional_counts);
	tcase_add_test(tc, test_two_profiles);
	tcase_add_test(tc, test_collapse_order);
	tcase_add_test(tc, test_collapse_order_random);
	tcase_add_test(tc, test_collapse_ranges);
	tcase_add_test(tc, test_collapse_ranges_error);
	tcase_add_test(tc, test_nearest_named);
	tcase_add_test(tc, test_finish_while_growing);
	tcase_add_test(tc, test_finish_overflow_once);
	tcase_add_test(tc, test_folded_shared_prefix);
	tcase_add_test(tc, test_folded_parts);
	tcase_add_test(tc, test_perf_shared_lines);
	tcase_add_test(tc, test_child_lookup_shapes);
	tcase_add_test(tc, test_merge_lookups);
	tcase_add_test(tc, test_name_ranks);
	tcase_add_test(tc, test_samples_kept);
	tcase_add_test(tc, test_samples_subtrees);
	tcase_add_test(tc, test_modules_kept);
	tcase_add_test(tc, test_units_wording);
	suite_add_tcase(s, tc);
	return s;
}
