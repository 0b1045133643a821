/*
 * A rolling window over the counts of one profile of a tree (the live
 * viewer's --window=SEC): what was added in each second is kept as (node,
 * count) pairs in one of SEC buckets, and taken off the tree again
 * (tree_sub_self(), and tree_sub_samples() for a tree that keeps sample
 * records, each note standing for one) once it is SEC seconds old, so the tree holds the last
 * SEC seconds (the current one still filling).  Memory: one pair per
 * sample, consecutive samples of the same stack share one, and one bucket
 * per second that had samples, at most SEC + 1 of them: a window of ten
 * million seconds costs what has elapsed, not ten million buckets.
 */
#ifndef TFLAME_MODEL_WINDOW_H
#define TFLAME_MODEL_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/tree.h"

struct window;

/* A window of secs (at least 1) seconds over profile prof of t. */
struct window *window_new(struct tree *t, int prof, unsigned secs);
void window_free(struct window *w);

/* c was added to node's self count during second sec (non-decreasing). */
void window_note(struct window *w, long long sec, uint32_t node,
    struct tf_count c);

/*
 * Take off the tree what is secs seconds old at second now.  Returns 1
 * when something was taken off (tree_finish() again), else 0.
 */
int window_expire(struct window *w, long long now);

/* Forget every bucket (the counts were cleared: tree_clear_self()). */
void window_clear(struct window *w);

/* Buckets allocated now (the ring's size), for tests. */
size_t window_buckets(const struct window *w);

#endif
