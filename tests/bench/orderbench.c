/*
 * orderbench: the time order screen's work (#49) on a made-up recording
 * of SAMPLES samples (10 million by default) over 60 seconds in 8
 * threads, stacks drawn from a tree of about 100,000 frames, as
 * heatbench makes them: opening the screen (the flame chart built, the
 * lanes that fit a 200x60 terminal laid out) and a key that pans or zooms
 * (those lanes laid out again over the new interval).  Two shapes: every
 * sample a random stack (the worst case: no two neighbours share a bar
 * below the root frames) and phases of 2,000 samples of one stack, in
 * 8 threads and in one.
 * CPU time (user and system: on a shared machine wall time measures the
 * others), the best of five, in milliseconds; the targets are 200 ms to
 * open and 16 ms a key.
 *
 *	orderbench [SAMPLES]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchrand.h"
#include "model/flamechart.h"
#include "model/store.h"
#include "model/strtab.h"
#include "model/tree.h"

#define NS 1000000000LL
#define COLS 200
#define LINES 57             /* 60, less the title, axis and status */


/* The lanes a 200x60 screen shows, laid out over [t0, t1). */
static size_t
screen(struct flamechart *fc, struct fc_layout *lo, int64_t t0,
    int64_t t1)
{
	uint32_t l;
	long y = 0;
	size_t bars = 0;

	for (l = 0; l < fc->nlanes && y < LINES; l++) {
		fc_layout(fc, l, t0, t1, COLS, FC_MAX_DEPTH, &lo[l]);
		bars += lo[l].n;
		y += 1 + (long)fc->lane[l].maxdepth;
	}
	return bars;
}

static void
run(const char *shape, struct tree *t, const struct store *s)
{
	struct flamechart fc;
	struct fc_layout lo[8];
	double open, pan, zoom, deep;
	int64_t a, b, w;
	size_t bars = 0;
	int k;

	memset(lo, 0, sizeof lo);
	memset(&fc, 0, sizeof fc);
	BENCH_BEST(open, {
		fc_free(&fc);
		fc_build(&fc, t, s, INT64_MIN, INT64_MAX, NULL);
		bars = screen(&fc, lo, fc.tmin, fc.tmax);
	});
	a = fc.tmin;
	b = fc.tmax;
	w = (b - a) / 4;
	/* > pans a quarter; - zooms out twice: the whole chart's worth. */
	BENCH_BEST(pan, {
		for (k = 0; k < 10; k++)
			screen(&fc, lo, a + (k + 1) * w / 10, b - w + (k + 1) *
			    w / 10);
	});
	pan /= 10;
	BENCH_BEST(zoom, {
		for (k = 0; k < 10; k++)
			screen(&fc, lo, a, a + (b - a) / (1 << k));
	});
	zoom /= 10;
	/* Zoomed in to 10 ms: the bars get wide. */
	BENCH_BEST(deep, screen(&fc, lo, a + 30 * NS, a + 30 * NS + NS / 100));
	printf("time order (%s), %llu samples, %u lanes, %u frames: open "
	    "%.1f ms (%zu bars), pan %.2f ms a key, zoom %.2f ms a key, "
	    "10 ms shown %.2f ms (targets: 200, 16, 16 ms)\n", shape,
	    (unsigned long long)fc.n, fc.nlanes, tree_size(t), open, bars,
	    pan, zoom, deep);
	for (k = 0; k < 8; k++)
		fc_layout_free(&lo[k]);
	fc_free(&fc);
}

int
main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000, i;
	uint32_t *leaves, nleaves, leaf = 0;
	struct tree *t = bench_random_tree(100000, &leaves, &nleaves);
	struct store *s = store_new(), *p = store_new(), *o = store_new();

	tree_finish(t);
	for (i = 0; i < n; i++) {
		int64_t at = 1000 * NS + (int64_t)(i * (60 * NS / n));

		store_add(s, leaves[bench_rng() % nleaves], at, 1, 1,
		    (int32_t)(i % 8), (int32_t)(i % 8));
		if (i % 2000 == 0)
			leaf = leaves[bench_rng() % nleaves];
		store_add(p, leaf, at, 1, 1, (int32_t)(i % 8), (int32_t)(i % 8));
		store_add(o, leaf, at, 1, 1, 1, 0);
	}
	run("random stacks", t, s);
	run("phases", t, p);
	run("phases, one thread", t, o);
	store_free(s);
	store_free(p);
	store_free(o);
	tree_free(t);
	free(leaves);
	return 0;
}
