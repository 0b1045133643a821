/*
 * histbench: the viewer's undo (model/history.h) on a loaded tree: three
 * transforms pushed (exclude, merge, focus on the heaviest frame three
 * levels down's function, as a user picks it), then undone one by one;
 * the time of each push and pop (wall clock: a replay may use a second
 * thread in tree_finish()) and the memory of the trees held after it,
 * beside the loaded tree's own.
 *
 *	histbench FILE
 *
 * The first undo only drops the top tree (the one before it is held);
 * the second makes the tree below again from the original (a replay).
 * Twice: the functions picked heavy (the results are small), then light
 * (the lightest frame three levels down: each result keeps nearly all of
 * the tree, the slowest replay).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchtree.h"
#include "model/history.h"
#include "util/xalloc.h"

/* Milliseconds of wall time since an arbitrary start. */
static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* MB held by the history's trees (the original's not counted). */
static double
held_mb(const struct history *h)
{
	size_t i, b = 0;

	for (i = 0; i < h->n; i++)
		if (h->steps[i].tree != NULL)
			b += tree_memory(h->steps[i].tree);
	return (double)b / 1e6;
}

/* Push three transforms on t's history, pop them, print the figures. */
static void
run(struct tree *t, int light)
{
	static const char *const what[] = { "exclude", "merge", "focus" };
	struct history h;
	struct history_step s;
	const char *name;
	size_t len, k;
	double t0;

	history_init(&h, t);
	printf("undo history on %u nodes (the loaded tree %.1f MB), "
	    "functions picked %s:\n", tree_size(t),
	    (double)tree_memory(t) / 1e6, light ? "light" : "heavy");
	for (k = 0; k < 3; k++) {
		const struct tree *cur = history_tree(&h);
		uint32_t node = bench_pick(cur, light);

		if (node == TREE_ROOT)
			break;
		name = tree_name(cur, node, &len);
		memset(&s, 0, sizeof s);
		s.kind = xform_by_verb(what[k]);
		s.name = xmemdup(name, len);
		s.namelen = len;
		t0 = now_ms();
		history_push(&h, &s);
		printf("  push %-8s %8.1f ms  %9u nodes  %d trees held, %.1f MB\n",
		    what[k], now_ms() - t0, tree_size(history_tree(&h)),
		    history_held(&h), held_mb(&h));
	}
	while (h.n > 0) {
		t0 = now_ms();
		history_pop(&h, &s);
		printf("  undo %-8s %8.1f ms  %9u nodes  %d trees held, %.1f MB\n",
		    what[h.n], now_ms() - t0, tree_size(history_tree(&h)),
		    history_held(&h), held_mb(&h));
		history_step_free(&s);
	}
	history_free(&h);
}

/* Load, then run() with heavy picks, then with light ones. */
int
main(int argc, char **argv)
{
	struct tree *t;

	if (argc < 2) {
		fprintf(stderr, "usage: histbench FILE\n");
		return 2;
	}
	t = bench_load("histbench", argv[1]);
	run(t, 0);
	run(t, 1);
	tree_free(t);
	return 0;
}
