/*
 * funcbench: what the function table and the sandwich cost in the core,
 * for the benchmark (`make bench`), not a test.
 *
 *	funcbench [-r RUNS] [-p PATTERN] [-i INSTANCES | -n NAME] FILE
 *
 * Loads FILE (any format) into a tree, then times, each the median of RUNS
 * (default 7): building the table (functions_build), sorting it by total,
 * by name and by self again, filtering it by PATTERN (default "^Py";
 * compiling, marking the names and filtering), and opening the sandwich
 * of the function whose number of instances (nodes) is nearest INSTANCES
 * (default 100,000), or of NAME, as the viewer does: finding its
 * instances and making both halves as far as a screen COLS wide shows
 * them (-w, default 200; the 80 columns of a small terminal too), then
 * zooming each half to F's widest child there (Enter in the viewer), in
 * processor time (the process's: wall time on a busy machine waits for
 * the others).  Prints one line per figure, and the memory the table and
 * the sandwich (at 200 columns, after the zooms) hold beside the tree's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "benchtree.h"
#include "model/functions.h"
#include "model/sandwich.h"
#include "search/search.h"
#include "util/xalloc.h"

/* The widest child of node in t (profile 0), or node itself. */
static uint32_t
widest_child(const struct tree *t, uint32_t node)
{
	uint32_t c, best = node;

	for (c = tree_node(t, node)->first_child; c != TREE_NONE;
	    c = tree_node(t, c)->next_sibling)
		if (best == node || count_value(tree_total(t, 0, c)) >
		    count_value(tree_total(t, 0, best)))
			best = c;
	return best;
}

/* Open the sandwich of name at cols columns, as the viewer does. */
static struct sandwich *
open_sandwich(const struct tree *t, uint32_t name, double cols)
{
	struct sandwich *s = sandwich_new(t, name);
	int k;

	for (k = 0; k < 2; k++)
		sandwich_show(s, k, TREE_ROOT, 0, cols, 1);
	return s;
}

/* Zoom each half of s to F's widest child (Enter), at cols columns. */
static void
zoom_sandwich(struct sandwich *s, double cols)
{
	const struct tree *h;
	uint32_t f;
	int k;

	for (k = 0; k < 2; k++) {
		h = sandwich_half(s, k);
		f = widest_child(h, TREE_ROOT);
		sandwich_show(s, k, widest_child(h, f), 0, cols, 1);
	}
}

#define MAXRUNS 101

/* Processor time of this process, in seconds: what a shared, busy machine
 * inflates least (the wall time waits for the other processes too). */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, dcmp);
	return v[n / 2];
}

static void
show(const char *what, double *v, int n)
{
	double m = median(v, n);

	printf("  %-40s %8.1f ms cpu (max %.1f)\n", what, m * 1e3,
	    v[n - 1] * 1e3);
}

int
main(int argc, char **argv)
{
	const char *pat = "^Py", *name = NULL;
	long want = 100000;
	int runs = 7, c, i;
	struct tree *t;
	struct sandwich *sw = NULL, *sw80;
	double cols = 200;
	struct functions f;
	struct search_error err;
	struct search_re *re;
	unsigned char *marks;
	char what[64];
	double tb[MAXRUNS], ts[MAXRUNS], tn[MAXRUNS], tself[MAXRUNS];
	double tf[MAXRUNS], tc[MAXRUNS], te[MAXRUNS], tz[MAXRUNS], t0;
	uint32_t *inst, nnames, n, best = 0, size;
	const struct tree_node *nodes;
	size_t len, fmem, smem;

	while ((c = getopt(argc, argv, "r:p:i:n:w:")) != -1) {
		switch (c) {
		case 'w':
			cols = atof(optarg);
			break;
		case 'r':
			runs = atoi(optarg);
			break;
		case 'p':
			pat = optarg;
			break;
		case 'i':
			want = atol(optarg);
			break;
		case 'n':
			name = optarg;
			break;
		default:
			return 2;
		}
	}
	if (optind + 1 != argc || runs < 1 || runs > MAXRUNS || !(cols >= 1)) {
		fputs("usage: funcbench [-r RUNS] [-p PAT] [-w COLS] "
		    "[-i N | -n NAME] FILE\n", stderr);
		return 2;
	}
	t = bench_load("funcbench", argv[optind]);

	/* The function with the number of instances nearest want. */
	nnames = strtab_count(tree_strtab_c(t));
	size = tree_size(t);
	nodes = tree_nodes(t);
	inst = xcalloc(nnames, sizeof *inst);
	for (n = 1; n < size; n++)
		inst[nodes[n].name]++;
	for (n = 1; n < nnames; n++)
		if (labs((long)inst[n] - want) < labs((long)inst[best] - want))
			best = n;
	if (name != NULL &&
	    (best = strtab_lookup(tree_strtab_c(t), name, strlen(name))) ==
	    UINT32_MAX) {
		fprintf(stderr, "funcbench: no frame is called %s\n", name);
		return 1;
	}

	re = search_compile(pat, strlen(pat), 0, &err);
	if (re == NULL) {
		fprintf(stderr, "funcbench: %s\n", err.msg);
		return 2;
	}
	marks = xcalloc((size_t)nnames + 1, 1);
	for (i = 0; i < runs; i++) {
		t0 = now();
		functions_build(&f, t, 1, 0);
		tb[i] = now() - t0;
		t0 = now();
		functions_sort(&f, FUNC_SORT_TOTAL);
		ts[i] = now() - t0;
		t0 = now();
		functions_sort(&f, FUNC_SORT_NAME);
		tn[i] = now() - t0;
		t0 = now();
		functions_sort(&f, FUNC_SORT_SELF);
		tself[i] = now() - t0;
		t0 = now();
		search_mark(re, tree_strtab_c(t), marks, NULL);
		functions_filter(&f, marks);
		tf[i] = now() - t0;
		if (i + 1 < runs)
			functions_free(&f);
		sandwich_free(sw);
		t0 = now();
		sw = open_sandwich(t, best, cols);
		tc[i] = now() - t0;
		t0 = now();
		zoom_sandwich(sw, cols);
		tz[i] = now() - t0;
		t0 = now();
		sw80 = open_sandwich(t, best, 80);
		te[i] = now() - t0;
		sandwich_free(sw80);
	}
	printf("  %u nodes, %u functions, %u shown by %s\n", size, f.nrows,
	    f.nview, pat);
	show("table: functions_build", tb, runs);
	show("table: sort by total", ts, runs);
	show("table: sort by name", tn, runs);
	show("table: sort by self", tself, runs);
	show("table: filter (compile, mark, filter)", tf, runs);
	printf("  sandwich of %s: %u instances, total %llu\n",
	    strtab_get(tree_strtab_c(t), best, &len), inst[best],
	    (unsigned long long)tree_total(sandwich_half(sw,
	    SANDWICH_CALLEES), 0, TREE_ROOT).n);
	snprintf(what, sizeof what, "sandwich: open, %.0f columns", cols);
	show(what, tc, runs);
	show("sandwich: open, 80 columns", te, runs);
	snprintf(what, sizeof what, "sandwich: zoom both halves, %.0f cols",
	    cols);
	show(what, tz, runs);
	fmem = functions_memory(&f);
	smem = sandwich_memory(sw);
	printf("  memory: tree %.1f MB, table %.1f MB (%.1f%%), sandwich "
	    "%.1f MB (%.1f%%; callers %u nodes, callees %u)\n",
	    tree_memory(t) / 1048576.0, fmem / 1048576.0,
	    100.0 * (double)fmem / (double)tree_memory(t), smem / 1048576.0,
	    100.0 * (double)smem / (double)tree_memory(t),
	    tree_size(sandwich_half(sw, SANDWICH_CALLERS)),
	    tree_size(sandwich_half(sw, SANDWICH_CALLEES)));
	functions_free(&f);
	sandwich_free(sw);
	search_re_free(re);
	free(marks);
	free(inst);
	tree_free(t);
	return 0;
}
