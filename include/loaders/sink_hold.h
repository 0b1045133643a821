/*
 * A sink in front of a tree's (sink_tree) that can hold stacks back: while
 * held, stacks are kept aside and the tree is not touched, so a viewer can
 * go on showing it; released, they go in.  The live viewer's pause.
 *
 * It offers the speed hooks (loaders/sink.h) in both states, so a loader's
 * memo works across a pause: a handle is a node of the tree, or, for a
 * path first met while held, an entry of a table of (parent handle, name)
 * pairs that becomes a node when it is used again unheld or the held
 * stacks go in.  Every stack that reaches the tree is also told to done()
 * with its node, for the caller's own counts (the --window buckets).
 *
 * Holding takes effect at the next begin() (an open stack goes on as it
 * began) and for again() at once.  Curses-free: part of the core.
 */
#ifndef TFLAME_LOADERS_SINK_HOLD_H
#define TFLAME_LOADERS_SINK_HOLD_H

#include <stddef.h>
#include <stdint.h>

#include "loaders/sink_tree.h"

struct sink_hold;

/*
 * A new holding sink in front of st (whose sink is into), filling *sink;
 * done(arg, node, count) for each stack that goes into the tree (may be
 * NULL).
 */
struct sink_hold *sink_hold_new(struct sink_tree *st, struct stack_sink *into,
    struct stack_sink *sink,
    void (*done)(void *arg, uint32_t node, struct tf_count count), void *arg);
void sink_hold_free(struct sink_hold *h);

/* Hold stacks back (1) or not (0); release does not put them in. */
void sink_hold_set(struct sink_hold *h, int held);

/* Stacks held back now. */
uint64_t sink_hold_count(const struct sink_hold *h);

/* Put the held stacks into the tree, in the order they came. */
void sink_hold_release(struct sink_hold *h);

/* Forget the held stacks (the counts start again). */
void sink_hold_drop(struct sink_hold *h);

/*
 * The tree was made anew, nothing held (its node and name ids changed:
 * the live --window): forget the paths met while held, which name the
 * old tree's nodes and names.  Only for a sink whose loader has no
 * speed hooks: their handles would name old nodes too.
 */
void sink_hold_renumbered(struct sink_hold *h);

/* The module of the open stack's last frame (a loader's module_set hook). */
void sink_hold_module_set(struct sink_hold *h, uint32_t mod);

#endif
