/*
 * Folded stacks that arrive in byte order, held without a tree.
 *
 * A folded file written by stackcollapse-perf.pl or tflame --collapse is
 * already what --collapse prints: its stacks sorted, each once.  Such
 * input is held here as it comes, each stack stored as the bytes it does
 * not share with the one before it, equal neighbours merged, so that
 * --collapse can print it again without building the frame tree.  The
 * first stack that sorts before its predecessor ends that: the caller
 * then loads what is held into the tree after all (inorder_next()).
 */
#ifndef TFLAME_MODEL_INORDER_H
#define TFLAME_MODEL_INORDER_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"

struct inorder;

struct inorder *inorder_new(void);
void inorder_free(struct inorder *io);

/*
 * Take stack s (len bytes, frames joined by ";", the way --collapse
 * prints them) with count c.  Returns 0 when taken: s sorts after the
 * last stack taken, or equals it and c is added to its count.  Returns -1,
 * taking nothing, when s sorts before the last stack, or when the sum of
 * all counts taken would pass 2^63 (near 2^64-1, where the tree caps sums
 * and says so, it is left to the tree).
 */
int inorder_add(struct inorder *io, const char *s, size_t len,
    struct tf_count c);

/*
 * Take every stack from holds (from is emptied), as inorder_add() would
 * one by one, when that needs no merge: from's first stack sorts after
 * io's last.  Returns -1, taking nothing, when it does not, or when the
 * sum of all counts would come near 2^63 (see inorder_add()).
 */
int inorder_append(struct inorder *io, struct inorder *from);

/* Stacks held (equal neighbours counted once). */
uint64_t inorder_stacks(const struct inorder *io);

/* Was any count taken with a fraction? */
int inorder_fraction(const struct inorder *io);

/* Does any stack held have a count other than 0? */
int inorder_nonzero(const struct inorder *io);

/* Bytes of memory held. */
size_t inorder_memory(const struct inorder *io);

/* Going through the stacks held, in order. */
struct inorder_iter {
	size_t chunk, off;    /* where the next stack is stored */
	char *text;           /* the current stack's text */
	size_t len, cap;
};

void inorder_iter_init(struct inorder_iter *it);
void inorder_iter_free(struct inorder_iter *it);

/*
 * The next stack held: 1 with *s (valid until the next call), *len and *c
 * set, 0 after the last.
 */
int inorder_next(const struct inorder *io, struct inorder_iter *it,
    const char **s, size_t *len, struct tf_count *c);

/* Forget every stack held. */
void inorder_clear(struct inorder *io);

#endif
