/*
 * A rolling window over a tree (the live viewer's --window=SEC): a query
 * of the sample store, not a running subtraction.  Each sample that goes
 * into the tree is also noted in a store (model/store.h) with its time;
 * at an expiry the store forgets the samples older than the window, and
 * when any went the tree is made anew from the samples left
 * (tree_compact(), model/range.h), so the nodes and names that only
 * expired samples reached are gone: memory follows what the window
 * holds, however many names came and went before.
 *
 * The tree is one profile (profile 0) with integer counts; a sample's
 * weight is its count's whole part.  Curses-free.
 */
#ifndef TFLAME_MODEL_WINDOW_H
#define TFLAME_MODEL_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/store.h"
#include "model/tree.h"

struct window;

/* A window of span nanoseconds (at least 1) over profile 0 of t. */
struct window *window_new(struct tree *t, int64_t span);
void window_free(struct window *w);

/* c went into node's self count at time t (ns; the clock of now below). */
void window_note(struct window *w, int64_t t, uint32_t node,
    struct tf_count c);

/*
 * Forget what is older than the window at time now (samples with
 * t < now - span).  Returns 1 when any went: the tree was made anew
 * (finished), its node and name ids changed; else 0, the tree untouched.
 */
int window_expire(struct window *w, int64_t now);

/* Forget every sample: the tree is made anew, empty (ids changed). */
void window_clear(struct window *w);

/* The samples in the window, by node of the tree as it is now. */
const struct store *window_store(const struct window *w);

#endif
