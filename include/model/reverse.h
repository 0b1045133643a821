/*
 * The reverse (caller) tree: every stack read leaf first.
 *
 * In the reverse tree the root's children are the functions where samples
 * were taken, and above each are the callers that led there, merged, as
 * flamegraph.pl --reverse draws it.  It is built from the unique stacks of
 * a finished tree (every node with a non-zero self count, in any profile),
 * not by reading the input again: each such node's parent chain, walked
 * upwards, is its reversed stack, inserted with the node's self counts.
 * Every profile is carried (both sides of a differential tree).  No
 * recursion: the chain is followed by parent links, however deep.
 *
 * The reverse tree's string table holds the same names under the same ids
 * as the original's, so anything kept per name id (search marks, colours)
 * serves both trees.  Self counts on the root itself (stacks with no frame)
 * stay on the root.
 *
 * Cost: one hash probe per frame of every unique stack, so about what
 * loading the collapsed input costs.
 *
 * Ownership: the result is a new tree, owned by the caller; t is only read.
 */
#ifndef TFLAME_MODEL_REVERSE_H
#define TFLAME_MODEL_REVERSE_H

#include "model/tree.h"

/* Build the finished reverse tree of t (finished). */
struct tree *reverse_build(const struct tree *t);

/*
 * The same, sized after like (NULL: as reverse_build()), a tree about as
 * big as the result will be: the reverse tree of the profile before a
 * transform, which the result (of fewer or merged stacks) rarely exceeds.
 * Its arrays are taken at like's size at once, not doubled as the tree
 * grows: every doubling copied the arrays into new memory, and new memory
 * is zeroed by the kernel as it is first written, which was most of the
 * cost of the reverse view's "x".  Room the result does not write stays
 * address space (never resident) and is given back at the end.
 */
struct tree *reverse_build_like(const struct tree *t, const struct tree *like);

/*
 * The same, a slice at a time (the viewer builds it between keys, so that
 * the first "r" finds it ready).  t must not change until reverse_end() or
 * reverse_abort().
 */
struct reverse_job {
	const struct tree *t;
	struct tree *r;     /* NULL: no job */
	uint32_t next;      /* the next node of t to read */
	int trim;           /* reserved room to give back at the end */
	enum tree_order order; /* the result's sibling order: t's, unless */
	int order_prof;        /* reverse_order() said another */
};

void reverse_begin(struct reverse_job *j, const struct tree *t);
/* Right after reverse_begin(): size the tree as reverse_build_like(). */
void reverse_reserve(struct reverse_job *j, const struct tree *like);
/* The same by numbers (a reverse tree no longer held: history.h). */
void reverse_reserve_n(struct reverse_job *j, size_t size, uint32_t mask);
/*
 * After reverse_begin(): the result's siblings in this order (by totals of
 * profile prof), whatever t's (the viewer's reverse view is heaviest first
 * by default: the functions people look for first).
 */
void reverse_order(struct reverse_job *j, enum tree_order order, int prof);
/* reverse_build_like() with the result in that order. */
struct tree *reverse_build_order(const struct tree *t,
    const struct tree *like, enum tree_order order, int prof);
/* Read up to n more nodes of t; 1 when all are read. */
int reverse_step(struct reverse_job *j, uint32_t n);
/* Read what is left and return the finished tree (the caller's). */
struct tree *reverse_end(struct reverse_job *j);
/* Drop the job and its partial tree (no job: nothing). */
void reverse_abort(struct reverse_job *j);

#endif
