/*
 * The sandwich of a function F: who calls F, and what F calls, over every
 * stack that contains F.
 *
 * A stack that contains F is split at its "outermost" F, the one nearest
 * the root.  The callee half merges the subtrees of every outermost F
 * (inner Fs stay inside them, where they are); the caller half is the
 * path from each outermost F up to the root's child, read upwards, with
 * that F's total.  So each sample that contains F counts once in each
 * half, and F's total in both is F's total in the function table.
 *
 * Both halves are trees whose root has one child, F (no child when F is
 * not in the tree), so layout, search and drawing need nothing new.
 * Their string tables hold t's names under the same ids, so marks and
 * colours kept per name id serve them too.  Every profile of t is carried
 * (both sides of a differential tree).  Siblings are in name order.
 *
 * The halves are built lazily: sandwich_new() makes the root and F; a
 * node's children are made when asked for (sandwich_expand()), and
 * sandwich_show() makes exactly what a layout of the half for a width
 * and zoom visits, so opening a sandwich costs what the screen shows,
 * not the size of F's subtrees.  Every node made has its true self and
 * total (a node whose children are not made yet is as heavy as it will
 * be), so what is drawn and its numbers are those of the whole half.
 * Consequence: a half is not to be tree_finish()ed by anyone (its totals
 * include the parts not made yet).
 *
 * How: each node of a half keeps its "instances", the nodes of t it
 * stands for (callees: the nodes of t merged into it; callers: pairs
 * (A, X) of an outermost F X and its ancestor A at this level), in one
 * pool, contiguous per node.  Making a node's children reads its
 * instances' children (callees) or parents (callers) and merges them by
 * name with a table indexed by name id: no sorting, no per-instance
 * allocation.  Finding the outermost Fs reads t once in index order
 * (parents before children), with one byte per node.
 *
 * Ownership: the sandwich borrows t, which must not change while the
 * sandwich lives (sandwich_stale() tells when it grew or was refinished
 * with other totals); it owns its halves.
 */
#ifndef TFLAME_MODEL_SANDWICH_H
#define TFLAME_MODEL_SANDWICH_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"

#define SANDWICH_CALLERS 0
#define SANDWICH_CALLEES 1

struct sandwich;

/* The sandwich of name (a strtab id of t, finished): the roots and F. */
struct sandwich *sandwich_new(const struct tree *t, uint32_t name);
void sandwich_free(struct sandwich *s);

/* Half side (SANDWICH_CALLERS or SANDWICH_CALLEES), as made so far. */
const struct tree *sandwich_half(const struct sandwich *s, int side);

/* Are node's children made (node of half side)? */
int sandwich_built(const struct sandwich *s, int side, uint32_t node);

/* Make the children of node of half side (nothing when they are). */
void sandwich_expand(struct sandwich *s, int side, uint32_t node);

/*
 * Make every node a layout of half side would visit for zoom node zoom,
 * the counts of profile prof, width and minwidth (see layout/layout.h):
 * the zoom node's children, and the children of every node under it at
 * least minwidth wide.  Valid node ids stay valid; the layout must be
 * built again.
 */
void sandwich_show(struct sandwich *s, int side, uint32_t zoom, int prof,
    double width, double minwidth);

/* Make all of half side (what the old eager build made). */
void sandwich_full(struct sandwich *s, int side);

/*
 * The largest |self AFTER - self BEFORE| (whole parts, profiles 1 and 0)
 * over every node of the whole half side, at least 1: diff_maxdelta() of
 * the full half.  Makes only the nodes whose subtree could hold a larger
 * one than those made so far.  1 for a tree of one profile.
 */
uint64_t sandwich_maxdelta(struct sandwich *s, int side);

/* True when t is no longer the tree the sandwich was made from. */
int sandwich_stale(const struct sandwich *s);

/* Bytes held by the sandwich (both halves, their instances), for the benchmark. */
size_t sandwich_memory(const struct sandwich *s);

/* The callee half of name's sandwich in t, all of it, as a new tree. */
struct tree *sandwich_callees(const struct tree *t, uint32_t name);

/* The caller half of name's sandwich in t, all of it, as a new tree. */
struct tree *sandwich_callers(const struct tree *t, uint32_t name);

#endif
