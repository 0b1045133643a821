/*
 * funcbench: what the function table and the sandwich cost in the core,
 * for the benchmark (`make bench`), not a test.
 *
 *	funcbench [-r RUNS] [-p PATTERN] [-i INSTANCES | -n NAME] FILE
 *
 * Loads FILE (any format) into a tree, then times, each the median of RUNS
 * (default 7): building the table (functions_build), sorting it by total,
 * by name and by self again, filtering it by PATTERN (default "^Py";
 * compiling, marking the names and filtering), and both halves of the
 * sandwich of the function whose number of instances (nodes) is nearest
 * INSTANCES (default 100,000), or of NAME, in processor time (the
 * process's: wall time on a busy machine waits for the others).  Prints one line per figure, and the memory
 * the table and the sandwich hold beside the tree's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "loaders/loader.h"
#include "loaders/sink.h"
#include "model/functions.h"
#include "model/sandwich.h"
#include "search/search.h"
#include "util/xalloc.h"

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
	struct load_opts o;
	struct load_result res;
	struct stack_sink sink;
	struct sink_tree st;
	struct reader *rd;
	struct tree *t, *callers = NULL, *callees = NULL;
	struct diag d;
	struct functions f;
	struct search_error err;
	struct search_re *re;
	unsigned char *marks;
	char *msg = NULL;
	double tb[MAXRUNS], ts[MAXRUNS], tn[MAXRUNS], tself[MAXRUNS];
	double tf[MAXRUNS], tc[MAXRUNS], te[MAXRUNS], t0;
	uint32_t *inst, nnames, n, best = 0, size;
	const struct tree_node *nodes;
	size_t len, fmem, smem;

	while ((c = getopt(argc, argv, "r:p:i:n:")) != -1) {
		switch (c) {
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
	if (optind + 1 != argc || runs < 1 || runs > MAXRUNS) {
		fputs("usage: funcbench [-r RUNS] [-p PAT] [-i N | -n NAME] FILE\n",
		    stderr);
		return 2;
	}
	if ((rd = reader_open(argv[optind], &msg)) == NULL) {
		fprintf(stderr, "funcbench: %s\n", msg);
		return 1;
	}
	memset(&o, 0, sizeof o);
	memset(&res, 0, sizeof res);
	t = tree_new(1);
	diag_init(&d, argv[optind]);
	sink_tree_init(&st, &sink, t, 0);
	if (loader_run(rd, &o, &sink, &d, &res, &msg) != 0) {
		fprintf(stderr, "funcbench: %s\n", msg);
		return 1;
	}
	reader_close(rd);
	diag_free(&d);
	tree_finish(t);

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
		tree_free(callers);
		tree_free(callees);
		t0 = now();
		callers = sandwich_callers(t, best);
		tc[i] = now() - t0;
		t0 = now();
		callees = sandwich_callees(t, best);
		te[i] = now() - t0;
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
	    (unsigned long long)tree_total(callees, 0, TREE_ROOT).n);
	show("sandwich: callers", tc, runs);
	show("sandwich: callees", te, runs);
	for (i = 0; i < runs; i++)
		tc[i] += te[i];
	show("sandwich: both halves", tc, runs);
	fmem = functions_memory(&f);
	smem = tree_memory(callers) + tree_memory(callees);
	printf("  memory: tree %.1f MB, table %.1f MB (%.1f%%), sandwich "
	    "%.1f MB (%.1f%%; callers %u nodes, callees %u)\n",
	    tree_memory(t) / 1048576.0, fmem / 1048576.0,
	    100.0 * (double)fmem / (double)tree_memory(t), smem / 1048576.0,
	    100.0 * (double)smem / (double)tree_memory(t), tree_size(callers),
	    tree_size(callees));
	functions_free(&f);
	tree_free(callers);
	tree_free(callees);
	search_re_free(re);
	free(marks);
	free(inst);
	tree_free(t);
	return 0;
}
