/*
 * What the in-process benches share.  See benchtree.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "benchtree.h"
#include "loaders/loader.h"
#include "loaders/sink_tree.h"
#include "util/diag.h"
#include "input/reader.h"

struct tree *
bench_load(const char *prog, const char *file)
{
	struct stack_sink sink;
	struct sink_tree st;
	struct load_opts lo;
	struct load_result res;
	struct diag d;
	struct reader *r;
	struct tree *t;
	char *err = NULL;

	if ((r = reader_open(file, &err)) == NULL) {
		fprintf(stderr, "%s: %s\n", prog, err);
		exit(1);
	}
	diag_init(&d, file);
	t = tree_new(1);
	sink_tree_init(&st, &sink, t, 0);
	memset(&lo, 0, sizeof lo);
	lo.format = FORMAT_AUTO;
	memset(&res, 0, sizeof res);
	if (loader_run(r, &lo, &sink, &d, &res, &err) != 0) {
		fprintf(stderr, "%s: %s\n", prog, err);
		exit(1);
	}
	reader_close(r);
	diag_free(&d);
	tree_finish(t);
	return t;
}

uint32_t
bench_pick(const struct tree *t, int light)
{
	uint32_t n = tree_size(t), i, best = TREE_ROOT, bestd = 0, d;
	double w, bw;

	for (i = 1; i < n; i++) {
		d = tree_node(t, i)->depth;
		if (d > 3)
			continue;
		w = count_value(tree_total(t, 0, i));
		bw = count_value(tree_total(t, 0, best));
		if (d > bestd || (d == bestd && (light ? w < bw : w > bw))) {
			best = i;
			bestd = d;
		}
	}
	return best;
}
