/*
 * The sandwich of a function F: who calls F, and what F calls, over every
 * stack that contains F.
 *
 * Both halves are ordinary finished trees whose root has one child, F (no
 * child when F is not in the tree), so layout, search and drawing need
 * nothing new.  Their string tables hold t's names under the same ids, so
 * marks and colours kept per name id serve them too.  Every profile of t
 * is carried (both sides of a differential tree).
 *
 * A stack that contains F is split at its "outermost" F, the one nearest
 * the root.  The callee half merges the subtrees of every outermost F
 * (inner Fs stay inside them, where they are); the caller half is the
 * path from each outermost F up to the root's child, read upwards, with
 * that F's total.  So each sample that contains F counts once in each
 * half, and F's total in both is F's total in the function table.
 *
 * Cost: the callee half reads every node of t once (index order, parents
 * first: no recursion) and inserts the nodes of the outermost subtrees;
 * the caller half inserts depth(X) frames for each outermost F node X.
 *
 * Ownership: the results are new trees, owned by the caller.
 */
#ifndef TFLAME_MODEL_SANDWICH_H
#define TFLAME_MODEL_SANDWICH_H

#include <stdint.h>

#include "model/tree.h"

/* The callee half of name's sandwich in t (finished). */
struct tree *sandwich_callees(const struct tree *t, uint32_t name);

/* The caller half of name's sandwich in t (finished). */
struct tree *sandwich_callers(const struct tree *t, uint32_t name);

#endif
