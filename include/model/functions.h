/*
 * Functions: the profile by frame name rather than by stack.
 *
 * A "function" is a distinct frame name.  Its "self" count is the sum of
 * the self counts of the nodes of that name; its "total" is the weight of
 * the stacks that contain it, each stack counted once however often the
 * function recurs in it (main;a;b;a;b counts a and b once each).  Both are
 * kept per profile (two in a differential tree).
 *
 * "Root frames" are not functions: the tree's root ("all") and every node
 * shallower than skip_depth (1: the root alone; 2: also the frames just
 * under it, which perf input makes the command name, COMM-PID or
 * COMM-PID/TID).  They are left out of the rows, and do not count as
 * callers for the recursion rule either.
 *
 * Totals come from one walk of the tree along its links with a counter of
 * active instances per name: entering a node whose name is not active adds
 * the node's total to the name's, leaving it takes the instance off again.
 * O(nodes), no recursion, no per-stack sets.
 *
 * The "view" is the list of rows shown: all of them, or those whose name a
 * search marks, in the current sort order.  Sorting is stable, with the
 * name (byte order) breaking ties, so the order is the same on every run.
 *
 * Ownership: struct functions owns its arrays and borrows nothing; the
 * names are the tree's strtab ids.
 */
#ifndef TFLAME_MODEL_FUNCTIONS_H
#define TFLAME_MODEL_FUNCTIONS_H

#include <stdint.h>

#include "model/count.h"
#include "model/tree.h"

struct func_row {
	uint32_t name; /* strtab id */
	struct tf_count self[TREE_MAX_PROFILES];
	struct tf_count total[TREE_MAX_PROFILES];
};

enum func_sort {
	FUNC_SORT_SELF = 0, /* self of the shown profile, largest first */
	FUNC_SORT_TOTAL,    /* total of the shown profile, largest first */
	FUNC_SORT_NAME,     /* name, byte order */
	FUNC_SORT_CHANGE    /* two profiles: |self AFTER - BEFORE|, largest first */
};

struct functions {
	struct func_row *rows; /* owned; every function, by name id */
	uint32_t nrows;
	uint32_t *view;        /* owned; row indices: filtered and sorted */
	uint32_t nview;
	uint32_t *rank;        /* owned; byte-order rank of each name id */
	uint32_t nnames;       /* names in the tree's strtab */
	int nprof;
	int prof;              /* the profile that self / total sort by */
	enum func_sort sort;
	struct tf_count all[TREE_MAX_PROFILES]; /* the root's total */
};

/*
 * Compute the functions of t (finished) into f, all of them in the view,
 * sorted by self of profile prof.  skip_depth: see above (at least 1).
 */
void functions_build(struct functions *f, const struct tree *t,
    uint32_t skip_depth, int prof);
void functions_free(struct functions *f);

/* Sort the view by key (FUNC_SORT_CHANGE needs two profiles: else self). */
void functions_sort(struct functions *f, enum func_sort key);

/*
 * Keep in the view the rows whose name marks[] sets (by strtab id, as
 * search_mark() fills them), all rows when marks is NULL, in the current
 * sort order.
 */
void functions_filter(struct functions *f, const unsigned char *marks);

/* The sum of the view's self counts in profile prof (its share of all). */
struct tf_count functions_view_self(const struct functions *f, int prof);

/* The row of name (a strtab id), or NULL when it is no function. */
const struct func_row *functions_find(const struct functions *f,
    uint32_t name);

/* Self AFTER - self BEFORE of a row (two profiles), saturated to int64. */
int64_t functions_change(const struct func_row *r);

/* The next sort key after key, as `o` cycles them (CHANGE with nprof 2). */
enum func_sort functions_next_sort(const struct functions *f,
    enum func_sort key);

/* "self", "total", "name" or "change". */
const char *functions_sort_name(enum func_sort key);

/* Bytes held by f, for the benchmark. */
size_t functions_memory(const struct functions *f);

#endif
