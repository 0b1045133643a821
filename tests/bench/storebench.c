/*
 * storebench: what keeping every sample's time costs a load (#53: at most
 * 15% over the load without it, and 16 bytes a sample).  FILE, a perf
 * script text, is loaded as the viewer loads it (the sample records and
 * the frames' modules kept beside the tree; one thread, so that each run
 * does the same work) into
 * a new tree, with and without the sample store, RUNS times each,
 * interleaved (without, with, without...) so that the machine's load
 * weighs on both alike.  Prints the best and the median of each, in
 * processor time and wall time, the difference of the bests and of the
 * medians (on a loaded machine the bests mean more), and the store's
 * bytes a sample.
 *
 *	storebench FILE [RUNS]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "input/reader.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "model/store.h"
#include "model/tree.h"
#include "util/diag.h"

#define MAXRUNS 64

static double
now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Load path once; the store s when not NULL.  Its CPU and wall seconds. */
static int
load_once(const char *path, struct store *s, double *cpu, double *wall,
    uint64_t *samples)
{
	struct tree *t = tree_new(1);
	struct sink_tree st;
	struct stack_sink sink;
	struct load_result res;
	struct load_opts o;
	struct reader *r;
	struct diag d;
	char *err = NULL;
	double c0 = now(CLOCK_PROCESS_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC);
	int rc;

	if ((r = reader_open(path, &err)) == NULL) {
		fprintf(stderr, "storebench: %s\n", err);
		free(err);
		tree_free(t);
		return -1;
	}
	memset(&o, 0, sizeof o);
	o.format = FORMAT_PERF;
	o.threads = 1; /* the same work each run: the store's is per sample */
	diag_init(&d, path);
	sink_tree_init(&st, &sink, t, 0);
	o.weighted = sink_tree_keep_samples;
	o.weighted_arg = &st;
	o.module_id = sink_tree_module_id;
	o.module_set = sink_tree_module_set;
	if (s != NULL) {
		sink_tree_keep_store(&st, s);
		o.sample = sink_tree_sample;
	}
	memset(&res, 0, sizeof res);
	rc = loader_run(r, &o, &sink, &d, &res, &err);
	tree_finish(t);
	*cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
	*wall = now(CLOCK_MONOTONIC) - w0;
	*samples = res.samples;
	reader_close(r);
	diag_free(&d);
	tree_free(t);
	if (rc != 0) {
		fprintf(stderr, "storebench: %s\n", err ? err : "load failed");
		free(err);
		return -1;
	}
	return 0;
}

static int
cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_d);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int
main(int argc, char **argv)
{
	double cpu[2][MAXRUNS], wall[2][MAXRUNS], mc[2], mw[2], bc[2];
	int runs = argc > 2 ? atoi(argv[2]) : 5, i, k;
	uint64_t samples = 0, kept = 0;
	size_t bytes = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: storebench FILE [RUNS]\n");
		return 2;
	}
	runs = runs < 1 ? 1 : runs > MAXRUNS ? MAXRUNS : runs;
	for (i = 0; i < runs; i++)
		for (k = 0; k < 2; k++) {
			struct store *s = k ? store_new() : NULL;

			if (load_once(argv[1], s, &cpu[k][i], &wall[k][i],
			    &samples) != 0)
				return 1;
			if (s != NULL) {
				bytes = store_memory(s);
				kept = store_count(s);
			}
			store_free(s);
		}
	for (k = 0; k < 2; k++) {
		mc[k] = median(cpu[k], runs);
		mw[k] = median(wall[k], runs);
		bc[k] = cpu[k][0];
	}
	printf("the sample store's cost, %s, %llu samples (%llu with a time), "
	    "%d runs each, CPU time: without %.3f s (median %.3f), with "
	    "%.3f s (median %.3f): %+.1f%% best, %+.1f%% median (wall medians "
	    "%.3f, %.3f s); target: at most +15%%; %.1f bytes a sample "
	    "(target: 16)\n", argv[1], (unsigned long long)samples,
	    (unsigned long long)kept, runs, bc[0], mc[0], bc[1], mc[1],
	    100 * (bc[1] - bc[0]) / bc[0], 100 * (mc[1] - mc[0]) / mc[0],
	    mw[0], mw[1], kept ? (double)bytes / (double)kept : 0.0);
	return 0;
}
