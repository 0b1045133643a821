/*
 * xformbench: the time each transform (model/transform.h) takes on a
 * loaded tree, as the viewer would apply it, and the time to drop its
 * result (an undo is a pop: the tree below is kept, the result freed).
 *
 *	xformbench FILE [RUNS [WC_SECONDS]]
 *
 * FILE is loaded once (any format tflame reads) and finished; then each
 * transform runs RUNS times (default 5) and the median processor time
 * (of this thread; tree_finish() may use a second one for a moment) is
 * printed beside the target (250 ms a transform, 50 ms an undo),
 * beside WC_SECONDS (the time of `wc -l FILE` in the same run, when
 * given) as a ratio, and with the nodes of the result and the memory it
 * takes: its resident growth (the largest over the runs, the result held)
 * and its size by tree_memory(), each as a share of the loaded tree's
 * tree_memory().  The function focused on, excluded, merged and collapsed
 * is the heaviest frame three levels below the root, a frame a user would
 * pick.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "benchtree.h"
#include "model/transform.h"
#include "util/xalloc.h"

enum { T_FOCUS, T_NODE, T_EXCLUDE, T_MERGE, T_REC_ONE, T_REC_ALL, T_THREADS,
    T_ORDER, T_N };

static const char *const names[T_N] = {
	"focus (function)", "focus (subtree)", "exclude", "merge",
	"collapse recursion (one)", "collapse recursion (all)",
	"merge threads", "order by weight"
};

/*
 * Seconds of processor time this thread has had: on a shared machine the
 * wall time of a step counts other processes' time too.
 */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Resident bytes of this process now (0 when /proc is not there). */
static double
resident(void)
{
	FILE *fp = fopen("/proc/self/statm", "r");
	unsigned long size, res = 0;

	if (fp == NULL)
		return 0;
	if (fscanf(fp, "%lu %lu", &size, &res) != 2)
		res = 0;
	fclose(fp);
	return (double)res * (double)sysconf(_SC_PAGESIZE);
}

/* Compare two doubles for qsort(). */
static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Run transform k on t once; returns the result. */
static struct tree *
apply(int k, struct tree *t, const unsigned char *marks, uint32_t node)
{
	switch (k) {
	case T_FOCUS:
		return transform_focus(t, marks);
	case T_NODE:
		return transform_focus_node(t, node);
	case T_EXCLUDE:
		return transform_exclude(t, marks);
	case T_MERGE:
		return transform_merge(t, marks);
	case T_REC_ONE:
		return transform_collapse_recursion(t, marks);
	case T_REC_ALL:
		return transform_collapse_recursion(t, NULL);
	case T_THREADS:
		return transform_merge_threads(t);
	}
	return NULL;
}

/* Load, time every transform, print the figures. */
int
main(int argc, char **argv)
{
	struct tree *t, *o;
	unsigned char *marks;
	double *ms, *free_ms, t0, wc = argc > 3 ? atof(argv[3]) : 0, r0;
	double rss, tmem, omem;
	uint32_t node, nodes = 0;
	int runs = argc > 2 ? atoi(argv[2]) : 5, k, i;
	const char *name;
	size_t len;

	if (argc < 2 || runs < 1) {
		fprintf(stderr, "usage: xformbench FILE [RUNS [WC_SECONDS]]\n");
		return 2;
	}
	t = bench_load("xformbench", argv[1]);
	node = bench_pick(t, 0);
	name = tree_name(t, node, &len);
	marks = xcalloc(strtab_count(tree_strtab_c(t)) + 1, 1);
	marks[tree_node(t, node)->name] = 1;
	tmem = (double)tree_memory(t);
	printf("transforms on %u nodes (%.1f MB); the function: %.*s "
	    "(median of %d, processor time; target < 250 ms, undo < 50 ms):\n",
	    tree_size(t), tmem / 1048576, (int)len, name, runs);
	printf("  %-26s %8s %6s %7s %9s %8s %7s  %s\n", "", "ms", "target",
	    "x wc", "nodes", "+RSS", "size", "undo (target 50 ms)");
	ms = xreallocarray(NULL, (size_t)runs, sizeof *ms);
	free_ms = xreallocarray(NULL, (size_t)runs, sizeof *free_ms);
	for (k = 0; k < T_N; k++) {
		rss = omem = 0;
		for (i = 0; i < runs; i++) {
			if (k == T_ORDER) {
				t0 = now();
				tree_set_order(t, TREE_ORDER_WEIGHT, 0);
				ms[i] = (now() - t0) * 1e3;
				t0 = now();
				tree_set_order(t, TREE_ORDER_NAME, 0);
				free_ms[i] = (now() - t0) * 1e3;
				nodes = tree_size(t);
				continue;
			}
			r0 = resident();
			t0 = now();
			o = apply(k, t, marks, node);
			ms[i] = (now() - t0) * 1e3;
			if (resident() - r0 > rss)
				rss = resident() - r0;
			omem = (double)tree_memory(o);
			nodes = tree_size(o);
			t0 = now();
			tree_free(o);
			free_ms[i] = (now() - t0) * 1e3;
		}
		qsort(ms, (size_t)runs, sizeof *ms, cmp_double);
		qsort(free_ms, (size_t)runs, sizeof *free_ms, cmp_double);
		printf("  %-26s %8.1f %6s %6.1fx %9u %7.0f%% %6.0f%%  %s %.1f ms\n",
		    names[k], ms[runs / 2], ms[runs / 2] < 250 ? "< 250" : "OVER",
		    wc > 0 ? ms[runs / 2] / 1e3 / wc : 0.0, nodes,
		    100 * rss / tmem, 100 * omem / tmem,
		    k == T_ORDER ? "back to name order" : "undo, freeing it",
		    free_ms[runs / 2]);
	}
	free(ms);
	free(free_ms);
	free(marks);
	tree_free(t);
	return 0;
}
