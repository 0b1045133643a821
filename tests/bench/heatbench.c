/*
 * heatbench: the heat map screen's work (#53) on a made-up recording of
 * SAMPLES samples (10 million by default) over 60 seconds, stacks drawn
 * from a tree of about 100,000 frames: the map made when H is pressed
 * (the idle nodes, the cells, their grouping for a 200x60 terminal: the
 * way before #53's leftovers), made ahead on a second thread as the
 * viewer does once loaded, and the opening that then takes it (grouping
 * and the cursor cell's top function), moving the cursor
 * (the top function of a cell), and the tree of a range picked with
 * Enter, Enter (2 s and 20 s; a comparison with a baseline, and against
 * the rest).  Processor time, the best of five, in milliseconds; the targets
 * are 16, 16 and 150 ms.
 *
 *	heatbench [SAMPLES]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "benchrand.h"
#include "model/heatgrid.h"
#include "model/heatmap.h"
#include "model/store.h"
#include "model/timeview.h"
#include "model/tree.h"

#define NS 1000000000LL


int
main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 10000000;
	struct store *s = store_new();
	uint32_t *leaves, nleaves, top = 0;
	struct tree *t = bench_random_tree(100000, &leaves, &nleaves), *r;
	struct heatgrid g;
	struct timeview tv;
	double sync, ahead, open, reopen, move, r2, r20, base, rest, t0;
	int threaded = 0;
	uint64_t i;
	int k;

	for (i = 0; i < n; i++) {
		uint32_t leaf = leaves[bench_rng() % nleaves];

		store_add(s, leaf, 1000 * NS + (int64_t)(i * (60 * NS / n)),
		    1, 1, 1, (int32_t)(i % 8));
		tree_add_self(t, 0, leaf, COUNT_INT(1));
	}
	tree_finish(t);
	memset(&g, 0, sizeof g);
	timeview_init(&tv, t, s);
	/* Before: the map made when H is pressed (the idle nodes too). */
	BENCH_BEST(sync, {
		heatgrid_free(&tv.grid);
		tv.tmax = 0;
		timeview_refresh(&tv);
		heatgrid_build(&g, s, HEATMAP_ROWS_DEFAULT,
		    tv.nidle ? tv.idle : NULL, NULL, tree_size(t));
		heatgrid_fit(&g, 195, 110);
	});
	heatgrid_free(&g);
	/*
	 * Now: made ahead on a second thread once loaded (its time, start
	 * to join); H then takes it, groups it for the screen and finds the
	 * cursor cell's top function, as view_heatmap.c's opening does.
	 */
	BENCH_BEST(ahead, {
		heatgrid_free(&tv.grid);
		tv.ahead_tried = 0;
		threaded = timeview_ahead_start(&tv, NULL, NULL);
		timeview_ahead_wait(&tv);
	});
	BENCH_BEST(open, {
		timeview_refresh(&tv);
		g = tv.grid;
		memset(&tv.grid, 0, sizeof tv.grid);
		heatgrid_fit(&g, 195, 110);
		top ^= heatgrid_top(&g, s, 0, 0, tv.nidle ? tv.idle : NULL,
		    tree_size(t));
		tv.grid = g; /* closed: kept for the next opening */
		memset(&g, 0, sizeof g);
	});
	g = tv.grid;
	memset(&tv.grid, 0, sizeof tv.grid);
	/* Opened again: the cells kept, grouped for the screen again. */
	BENCH_BEST(reopen, heatgrid_fit(&g, 195, 110));
	t0 = bench_cpu_ms();
	for (k = 0; k < 100; k++)
		top ^= heatgrid_top(&g, s, k % g.ncx, k % g.ncy, NULL,
		    tree_size(t));
	move = (bench_cpu_ms() - t0) / 100;
	BENCH_BEST(r2, r = timeview_pick(&tv, 1010 * NS, 1012 * NS, 0));
	BENCH_BEST(r20, r = timeview_pick(&tv, 1010 * NS, 1030 * NS, 0));
	tv.base_on = 1;
	tv.b0 = 1000 * NS;
	tv.b1 = 1002 * NS;
	BENCH_BEST(base, r = timeview_pick(&tv, 1010 * NS, 1012 * NS, 0));
	tv.base_on = 0;
	BENCH_BEST(rest, r = timeview_pick(&tv, 1010 * NS, 1012 * NS, 1));
	(void)r;
	printf("heat map, %llu samples, %u frames: made when opened %.1f ms; "
	    "made ahead %.1f ms (%s), then first open %.2f ms; "
	    "opened again %.2f ms, cursor move %.2f ms (top %u), range 2 s "
	    "%.1f ms, 20 s %.1f ms, against a baseline %.1f ms, against the "
	    "rest %.1f ms (targets: open 16, cursor 16, range 150 ms)\n",
	    (unsigned long long)n, tree_size(t), sync, ahead,
	    threaded ? "a second thread" : "no thread to spare", open,
	    reopen, move, top & 1, r2, r20, base, rest);
	timeview_free(&tv);
	heatgrid_free(&g);
	tree_free(t);
	store_free(s);
	free(leaves);
	return 0;
}
