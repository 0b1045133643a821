/*
 * windowbench: the live viewer's --window (model/window.h) at live
 * rates.  The stacks of FILE are sampled RATE times a second (each in
 * proportion to its count, from a fixed seed) for SECS seconds into a
 * live tree through a tree sink, as --record's perf loader does with
 * --window (begin, a frame per name, end: no speed hooks), and the
 * window of WIN seconds is expired four times a second, as the viewer
 * refreshes.  Prints the time of an expiry once the window is full (the
 * store cut, the tree made anew from the window's samples and finished:
 * median and most), the time the samples took to go in, and what the
 * window holds: nodes, names, samples, the store's memory.
 *
 *	windowbench FILE [WIN [RATE [SECS]]]    (10 s, 10,000/s, 30 s)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchtree.h"
#include "loaders/sink_tree.h"
#include "model/window.h"
#include "util/xalloc.h"

#define REFRESH_NS 250000000LL

/* Milliseconds of CPU time since an arbitrary start. */
static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The stacks of t (nodes with a self count) and their running sums. */
struct stacks {
	uint32_t *node;
	uint64_t *cum;
	size_t n;
};

static void
stacks_of(const struct tree *t, struct stacks *s)
{
	uint32_t i, n = tree_size(t);
	uint64_t sum = 0;

	s->node = xreallocarray(NULL, n, sizeof *s->node);
	s->cum = xreallocarray(NULL, n, sizeof *s->cum);
	s->n = 0;
	for (i = 1; i < n; i++) {
		uint64_t c = tree_self(t, 0, i).n;

		if (c == 0)
			continue;
		sum += c;
		s->node[s->n] = i;
		s->cum[s->n++] = sum;
	}
}

/* A stack of s in proportion to its count, from the generator at *x. */
static uint32_t
pick(const struct stacks *s, uint64_t *x)
{
	uint64_t r;
	size_t lo = 0, hi = s->n - 1;

	*x = *x * 6364136223846793005ull + 1442695040888963407ull;
	r = (*x >> 11) % s->cum[s->n - 1];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->cum[mid] > r)
			hi = mid;
		else
			lo = mid + 1;
	}
	return s->node[lo];
}

/* Put node's stack of from through sink, root first. */
static void
feed(const struct tree *from, uint32_t node, struct stack_sink *sink,
    uint32_t *path)
{
	const struct tree_node *nodes = tree_nodes(from);
	uint32_t n = 0;
	const char *name;
	size_t len;

	for (; node != TREE_ROOT; node = nodes[node].parent)
		path[n++] = node;
	sink->begin(sink->ctx);
	while (n > 0) {
		name = tree_name(from, path[--n], &len);
		sink->frame(sink->ctx, name, len);
	}
	sink->end(sink->ctx, COUNT_INT(1));
}

int
main(int argc, char **argv)
{
	struct tree *from, *live;
	struct stack_sink sink;
	struct sink_tree st;
	struct stacks s;
	struct window *w;
	double win = argc > 2 ? atof(argv[2]) : 10;
	double rate = argc > 3 ? atof(argv[3]) : 10000;
	double secs = argc > 4 ? atof(argv[4]) : 30;
	double *ms, in_ms = 0, t0;
	size_t nms = 0, cap;
	uint64_t x = 1, i, total;
	uint32_t *path;
	int64_t now;

	if (argc < 2 || win <= 0 || rate <= 0 || secs <= win) {
		fprintf(stderr, "usage: windowbench FILE [WIN [RATE [SECS]]]"
		    " (SECS > WIN)\n");
		return 2;
	}
	from = bench_load("windowbench", argv[1]);
	stacks_of(from, &s);
	if (s.n == 0) {
		fprintf(stderr, "windowbench: %s: no samples\n", argv[1]);
		return 1;
	}
	path = xreallocarray(NULL, tree_size(from), sizeof *path);
	live = tree_new(1);
	sink_tree_init(&st, &sink, live, 0);
	sink_tree_keep_samples(&st);
	w = window_new(live, (int64_t)(win * 1e9));
	total = (uint64_t)(rate * secs);
	cap = (size_t)(secs * 4) + 1;
	ms = xreallocarray(NULL, cap, sizeof *ms);
	for (i = 0, now = REFRESH_NS; i < total; now += REFRESH_NS) {
		t0 = cpu_ms();
		/* The samples of the quarter second up to now. */
		for (; i < total && (double)i < rate * (double)now / 1e9; i++) {
			feed(from, pick(&s, &x), &sink, path);
			window_note(w, (int64_t)((double)i * 1e9 / rate),
			    st.cur, COUNT_INT(1));
		}
		in_ms += cpu_ms() - t0;
		t0 = cpu_ms();
		window_expire(w, now);
		tree_finish(live);
		if ((double)now >= win * 1e9 && nms < cap)
			ms[nms++] = cpu_ms() - t0;
	}
	qsort(ms, nms, sizeof *ms, cmp_double);
	printf("--window=%g at %g samples/s for %g s, stacks of %s "
	    "(%zu stacks, %u nodes):\n", win, rate, secs, argv[1], s.n,
	    tree_size(from));
	printf("  an expiry (cut, tree made anew, finished): median %.2f ms,"
	    " most %.2f ms (%zu, window full)\n", nms ? ms[nms / 2] : 0.0,
	    nms ? ms[nms - 1] : 0.0, nms);
	printf("  samples in: %.0f ns each\n", in_ms * 1e6 / (double)total);
	printf("  the window holds %llu samples, %u nodes, %u names; store "
	    "%.1f MB\n",
	    (unsigned long long)store_count(window_store(w)),
	    tree_size(live), strtab_count(tree_strtab(live)),
	    (double)store_memory(window_store(w)) / 1e6);
	window_free(w);
	tree_free(live);
	tree_free(from);
	free(path);
	free(s.node);
	free(s.cum);
	free(ms);
	return 0;
}
