/*
 * The holding sink (loaders/sink_hold.h): what goes through it, held or
 * not, by name or through the speed hooks as the perf loader's memo uses
 * them, must make the same tree as plain begin/frame/end into a tree's
 * sink; while held the tree must not change at all.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "loaders/sink_hold.h"
#include "util/xalloc.h"

/* The folded stacks of t, finished first. */
static char *
folded(struct tree *t)
{
	tree_finish(t);
	return collapse_string(t);
}

/* The tree's shape and counts, to see that nothing changed. */
static char *
snapshot(const struct tree *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	const struct tree_node *n = tree_nodes(t);
	uint32_t i;

	ck_assert_ptr_nonnull(fp);
	for (i = 0; i < tree_size(t); i++)
		fprintf(fp, "%u %u %u %u %llu %u\n", n[i].parent, n[i].name,
		    n[i].first_child, n[i].next_sibling,
		    (unsigned long long)tree_self(t, 0, i).n, tree_module(t, i));
	fclose(fp);
	return buf;
}

struct done_count {
	uint64_t stacks, weight;
	struct tree *t;
};

static void
count_done(void *arg, uint32_t node, struct tf_count c)
{
	struct done_count *d = arg;

	ck_assert_uint_lt(node, tree_size(d->t));
	d->stacks++;
	d->weight += c.n;
}

#define NSTACKS 40
#define MAXDEPTH 9

static const char *const names[] = {
	"main", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l",
	"m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z",
};

/*
 * Random stacks given as a memo would give them: again() for a stack seen
 * before, resume() from a prefix seen before, frame_id() or frame(); the
 * holding toggled now and then.  The same stacks go plainly into a second
 * tree; after the last release both must print the same.
 */
START_TEST(test_hold_random)
{
	unsigned seed = 12345u + (unsigned)_i;
	struct tree *t = tree_new(1), *ref = tree_new(1);
	struct sink_tree st, rst;
	struct stack_sink into, sink, rsink;
	struct sink_hold *h;
	struct done_count dc = {0, 0, t};
	int depth[NSTACKS], stack[NSTACKS][MAXDEPTH], seen[NSTACKS] = {0};
	uint64_t handle[NSTACKS], step[NSTACKS][MAXDEPTH + 1];
	int nstep[NSTACKS] = {0};
	int held = 0, i, k, ev, from;
	uint64_t total = 0, nstacks = 0;
	char *snap = NULL, *a, *b;

	for (i = 0; i < NSTACKS; i++) {
		depth[i] = 1 + (int)(rand_r(&seed) % MAXDEPTH);
		stack[i][0] = 0;
		for (k = 1; k < depth[i]; k++)
			stack[i][k] = 1 + (int)(rand_r(&seed) % 6);
	}
	sink_tree_init(&st, &into, t, 0);
	sink_tree_init(&rst, &rsink, ref, 0);
	h = sink_hold_new(&st, &into, &sink, count_done, &dc);
	ck_assert_ptr_nonnull(sink.speed);
	for (ev = 0; ev < 3000; ev++) {
		struct tf_count c = COUNT_INT(1 + rand_r(&seed) % 5);
		int s = (int)(rand_r(&seed) % NSTACKS);

		if (rand_r(&seed) % 50 == 0) {
			held = !held;
			sink_hold_set(h, held);
			if (held) {
				free(snap);
				snap = snapshot(t);
			} else
				sink_hold_release(h);
		}
		/* the reference */
		rsink.begin(rsink.ctx);
		for (k = 0; k < depth[s]; k++)
			rsink.frame(rsink.ctx, names[stack[s][k]],
			    strlen(names[stack[s][k]]));
		rsink.end(rsink.ctx, c);
		total += c.n;
		nstacks++;
		/* through the holding sink */
		if (seen[s] && rand_r(&seed) % 3 != 0) {
			sink.speed->again(sink.ctx, handle[s], c);
		} else {
			sink.begin(sink.ctx);
			from = 0;
			step[s][0] = sink.speed->at(sink.ctx);
			if (nstep[s] > 0 && rand_r(&seed) % 2 == 0) {
				from = (int)(rand_r(&seed) % (unsigned)nstep[s]);
				sink.speed->resume(sink.ctx, step[s][from]);
			}
			for (k = from; k < depth[s]; k++) {
				const char *nm = names[stack[s][k]];

				if (rand_r(&seed) % 2)
					sink.speed->frame_id(sink.ctx,
					    sink.speed->intern(sink.ctx, nm,
					    strlen(nm)));
				else
					sink.frame(sink.ctx, nm, strlen(nm));
				step[s][k + 1] = sink.speed->at(sink.ctx);
			}
			if (from == 0)
				nstep[s] = depth[s] + 1;
			sink.end(sink.ctx, c);
			handle[s] = sink.speed->last(sink.ctx);
			seen[s] = 1;
		}
		if (held) {
			a = snapshot(t);
			ck_assert_str_eq(a, snap);
			free(a);
		}
	}
	sink_hold_set(h, 0);
	sink_hold_release(h);
	ck_assert_uint_eq(sink_hold_count(h), 0);
	ck_assert_uint_eq(dc.stacks, nstacks);
	ck_assert_uint_eq(dc.weight, total);
	a = folded(t);
	b = folded(ref);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	free(snap);
	sink_hold_free(h);
	tree_free(t);
	tree_free(ref);
}
END_TEST

/* Held stacks wait; release puts them in, in order; drop forgets them. */
START_TEST(test_hold_release_drop)
{
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink into, sink;
	struct sink_hold *h;
	struct done_count dc = {0, 0, t};
	char *a;

	sink_tree_init(&st, &into, t, 0);
	h = sink_hold_new(&st, &into, &sink, count_done, &dc);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "main", 4);
	sink.end(sink.ctx, COUNT_INT(1));
	sink_hold_set(h, 1);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "main", 4);
	sink.frame(sink.ctx, "new", 3);
	sink.end(sink.ctx, COUNT_INT(2));
	sink.speed->again(sink.ctx, sink.speed->last(sink.ctx), COUNT_INT(3));
	ck_assert_uint_eq(sink_hold_count(h), 2);
	ck_assert_uint_eq(tree_size(t), 2); /* root, main: "new" waits */
	a = folded(t);
	ck_assert_str_eq(a, "main 1\n");
	free(a);
	sink_hold_release(h);
	a = folded(t);
	ck_assert_str_eq(a, "main 1\nmain;new 5\n");
	free(a);
	ck_assert_uint_eq(dc.stacks, 3);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "other", 5);
	sink.end(sink.ctx, COUNT_INT(7));
	sink_hold_drop(h);
	sink_hold_set(h, 0);
	sink_hold_release(h);
	a = folded(t);
	ck_assert_str_eq(a, "main 1\nmain;new 5\n");
	free(a);
	sink_hold_free(h);
	tree_free(t);
}
END_TEST

/* Modules given while held reach their nodes, new or already there. */
START_TEST(test_hold_modules)
{
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink into, sink;
	struct sink_hold *h;
	uint32_t libc, kern, mainnode, leaf;

	tree_keep_modules(t);
	libc = tree_module_intern(t, "libc.so.6", 9, 0);
	kern = tree_module_intern(t, "[kernel.kallsyms]", 17, TREE_MOD_KERNEL);
	sink_tree_init(&st, &into, t, 0);
	h = sink_hold_new(&st, &into, &sink, NULL, NULL);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "main", 4);
	sink.end(sink.ctx, COUNT_INT(1));
	sink_hold_set(h, 1);
	sink.begin(sink.ctx);
	sink.frame(sink.ctx, "main", 4);
	sink_hold_module_set(h, libc);       /* an existing node */
	sink.frame(sink.ctx, "sys", 3);
	sink_hold_module_set(h, kern);       /* a new one */
	sink.end(sink.ctx, COUNT_INT(1));
	mainnode = tree_find_child(t, TREE_ROOT,
	    strtab_intern(tree_strtab(t), "main", 4));
	ck_assert_uint_ne(mainnode, TREE_NONE);
	ck_assert_uint_eq(tree_module(t, mainnode), TREE_MOD_NONE);
	sink_hold_set(h, 0);
	sink_hold_release(h);
	leaf = tree_find_child(t, mainnode,
	    strtab_intern(tree_strtab(t), "sys", 3));
	ck_assert_uint_ne(leaf, TREE_NONE);
	ck_assert_uint_eq(tree_module(t, mainnode), libc);
	ck_assert_uint_eq(tree_module(t, leaf), kern);
	sink_hold_free(h);
	tree_free(t);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("hold");
	TCase *tc = tcase_create("hold");
	SRunner *sr;
	int failed;

	tcase_add_loop_test(tc, test_hold_random, 0, 20);
	tcase_add_test(tc, test_hold_release_drop);
	tcase_add_test(tc, test_hold_modules);
	suite_add_tcase(s, tc);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
