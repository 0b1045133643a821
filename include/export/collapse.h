/*
 * The folded writer behind --collapse: one "stack count" line per unique
 * stack, sorted byte-wise by the stack text, as stackcollapse-*.pl print them.
 *
 * The tree is walked, never turned into a list of strings: the walk visits
 * children in the byte order of the lines they produce (a frame's own line
 * "a" sorts before "a-x...", which sorts before its children "a;..."), so the
 * output is sorted while memory stays that of the tree.
 */
#ifndef TFLAME_EXPORT_COLLAPSE_H
#define TFLAME_EXPORT_COLLAPSE_H

#include <stdio.h>

#include "model/inorder.h"
#include "model/tree.h"

/*
 * Write profile prof of t (after tree_finish) to fp.  Returns 0, or -1 on
 * a write error.  A big tree is written by two threads when thread_cpus()
 * allows, with the same output.
 */
int collapse_write(const struct tree *t, int prof, FILE *fp);

/*
 * The same, with the lines cut into ranges of per lines (0: one thread, no
 * ranges) that two threads make, each holding up to hold bytes of a range
 * made ahead of its turn.  For tests; collapse_write() picks the sizes.
 */
int collapse_write_ranges(const struct tree *t, int prof, FILE *fp,
    uint32_t per, size_t hold);

/*
 * Write the stacks io holds, which are in that order already, the same
 * way: one line per stack whose count is not 0.  Returns 0, or -1 on a
 * write error.
 */
int collapse_write_inorder(const struct inorder *io, FILE *fp);

/*
 * A two-profile tree (diff/diff.h) as difffolded.pl's "stack before
 * after" lines, sorted the same way.  Returns 0, or -1 on a write error.
 */
int collapse_write_diff(const struct tree *t, FILE *fp);

/*
 * Call fn for every unique stack in the order collapse_write prints them:
 * node is the stack's last node, path[0..depth) its nodes root-first (root
 * excluded; depth 0 is the root's own self count).
 */
typedef int (*collapse_fn)(void *ctx, const struct tree *t, uint32_t node,
    const uint32_t *path, uint32_t depth);
int collapse_walk(const struct tree *t, int prof, collapse_fn fn, void *ctx);

#endif
