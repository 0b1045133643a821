/*
 * Transforms: pure functions from a finished tree to a new finished tree.
 *
 * Each reads the unique stacks of its input (every node with a self count in
 * some profile) and inserts each rewritten stack into a fresh tree whose
 * string table holds the same names under the same ids (new names, made by
 * transform_merge_threads(), come after them).  Every profile is carried, so
 * a differential tree stays one; fractional counts are added as loading
 * adds them.  The input is never changed and never read again from disk.
 *
 * How: one depth-first walk of the input with an explicit stack (no
 * recursion, however deep).  A node's output place depends only on the
 * places of its ancestors, so each stack entry remembers which entry holds
 * its place: a frame that vanishes (merge, collapsed recursion, a frame
 * above a focus) borrows its caller's or its outer instance's place.  An
 * output node is made only when a self count lands at or below it, so a
 * transform leaves no empty frames, and it is made once per place, not
 * once per stack: the cost is O(nodes) lookups plus, where places are
 * borrowed from far up, the length of the chain made then (O(nodes x
 * depth) at worst).
 *
 * The functions a transform acts on are given as marks, one byte per name
 * id of the input's string table (1: that function), as search_mark()
 * fills them from a regex or a viewer fills them for one exact name; a
 * regex thus runs once per distinct name, never once per node.
 *
 * The sibling order set with tree_set_order() carries over to the result.
 *
 * Ownership: every result is a new tree owned by the caller.
 */
#ifndef TFLAME_MODEL_TRANSFORM_H
#define TFLAME_MODEL_TRANSFORM_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"

/*
 * Focus on the marked functions: keep only the stacks that hold one, each
 * cut just above its outermost marked frame, so that the function (all its
 * instances merged) is a child of the root.
 */
struct tree *transform_focus(const struct tree *t, const unsigned char *marks);

/*
 * Focus on the subtree of node: keep only the stacks through node's exact
 * path, cut just above it (node becomes a child of the root; the root:
 * a copy).
 */
struct tree *transform_focus_node(const struct tree *t, uint32_t node);

/* Drop every stack that holds a marked function. */
struct tree *transform_exclude(const struct tree *t, const unsigned char *marks);

/*
 * Merge the marked functions into their callers: their frames vanish, the
 * samples stay (on the caller), their callees move up a level.
 */
struct tree *transform_merge(const struct tree *t, const unsigned char *marks);

/*
 * Collapse the recursion of the marked functions (marks NULL: of every
 * function): a frame whose function already appears nearer the root of
 * its stack goes back to that outermost appearance, so the frames between
 * the two and the inner frame itself vanish and its callees continue from
 * the outer one: a;f;g;f;h -> a;f;h, f;f;f -> f.
 */
struct tree *transform_collapse_recursion(const struct tree *t,
    const unsigned char *marks);

/*
 * Merge per-CPU and per-thread root frames into one each: every child of
 * the root is renamed by transform_thread_name() and equal names merge.
 */
struct tree *transform_merge_threads(const struct tree *t);

/*
 * The length of the name s[0..len) as transform_merge_threads() keeps it (a
 * prefix of s):
 *  1. at the first "/" followed by a digit, or by "u" and a digit, the rest
 *     is cut: ksoftirqd/12, migration/7, kworker/3:1-events and
 *     kworker/u16:2-events_unbound lose their CPU and worker numbers,
 *     java-4123/4130 and java-?/4130 perf's thread id;
 *  2. then one trailing separator ("-", "_", "#", ":", "." or a space)
 *     followed by digits or by a lone "?" is cut: java-4123, java-?,
 *     pool-1-thread-3 and "GC Thread#0" become java, java, pool-1-thread
 *     and "GC Thread"; python3 stays as it is;
 *  3. a name that would become empty is kept whole.
 */
size_t transform_thread_name(const char *s, size_t len);

#endif
