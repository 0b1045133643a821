/*
 * The tree of a time range: the part of a profile whose samples fall in
 * [t0, t1), as a new tree, from the sample store the profile's loader
 * filled (model/store.h).  The store names stacks by node ids of the tree
 * it was filled beside (the tree as loaded, before any transform), so
 * the query always starts there; transforms apply to its result.
 *
 * The result keeps the tree's name ids (as a transform's result does),
 * its modules and, when the tree keeps sample records, the records of
 * the samples in the range.  O(nodes + samples in the range); chunks of
 * the store outside the range are skipped whole.
 */
#ifndef TFLAME_MODEL_RANGE_H
#define TFLAME_MODEL_RANGE_H

#include <stdint.h>

#include "model/store.h"
#include "model/tree.h"

/*
 * A new tree of t's samples in [t0, t1) (profile 0 of t; a one-profile
 * tree).  skip, when not NULL, holds a byte per node of t: samples whose
 * stack's byte is set are left out.  *kept, when not NULL, is the number
 * of samples in the result.
 */
struct tree *tree_range(const struct tree *t, const struct store *s,
    int64_t t0, int64_t t1, const uint8_t *skip, uint64_t *kept);

/*
 * Make t anew in place from every sample of s (a one-profile tree, the
 * one s was filled beside): the nodes no sample reaches and the names
 * no node has left go, and s's stacks are renumbered to the new nodes.
 * Node and name ids change (a node's parent still comes before it);
 * modules keep their ids, the order setting stays.  The live viewer's
 * --window after its store forgot the samples that left the window.
 * O(nodes + samples).
 */
void tree_compact(struct tree *t, struct store *s);

#endif
