/*
 * The viewer's history: zooms and transforms as steps on one stack, with
 * the trees the transforms made.
 *
 * A step is a zoom (the view moved to another frame) or a transform (a
 * row of model/xform.h's registry) of the profile shown: focus on a
 * function, focus on a subtree, exclude, merge into the caller, collapse
 * recursion, merge threads, or a sibling order.  Every step remembers the view before it
 * (the zoomed and the selected frame, as paths of names from the root)
 * so that undoing it puts the view back; nothing here draws or knows the
 * terminal.  A function is kept by its name (bytes), not its id: a step
 * applied again to a tree made anew (a profile that grew while it
 * streamed) finds it by name there.
 *
 * Trees: the original is borrowed and never changed.  Each transform step
 * makes a new tree from the one before it; of those, only the trees of
 * the two topmost transform steps are held (the current one and the one
 * before it), so at most the original plus two derived trees exist at
 * once, also while one is being made.  Undoing the top transform is then
 * only a pointer moving back.  Undoing past the trees held makes the
 * missing ones again from the original by replaying the recorded steps in
 * order, each intermediate tree freed as soon as the next one is made,
 * and keeps the last two made: so of two undos in a row the first is
 * immediate and the second costs a replay, unless the viewer made that
 * tree ahead while the first undo's screen was read (below).
 * history_rebase() replays them all when the original grew.
 *
 * Reverse trees: the viewer's reverse (caller) view shows one made from
 * history_tree().  Before a transform it hands it to the history
 * (history_keep_rev()), which keeps that one alone, and an undo gives it
 * back (history_take_rev()) instead of the viewer making it again: with
 * the one shown, at most two reverse trees, of the two profiles on top
 * (the original among them when one transform is on).
 *
 * Paths hold the names (bytes) of the frames on them, not name ids: a
 * tree made anew from an original that grew gives the ids of names it
 * made itself (transform_merge_threads()'s merged roots) to other names
 * (those that arrived meanwhile come first), so ids would find another
 * frame or none.  They are looked up again level by level
 * (history_path_find()), so a frame that is gone gives its deepest
 * ancestor that is still there.
 */
#ifndef TFLAME_MODEL_HISTORY_H
#define TFLAME_MODEL_HISTORY_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"
#include "model/xform.h"

/*
 * A frame as the names from the root's child down to it, as bytes (name
 * d is bytes[off[d]..off[d + 1])): not ids, which a tree made anew from a
 * grown original may give to other names.
 */
struct history_path {
	char *bytes;
	size_t *off;              /* n + 1 offsets */
	uint32_t n;
};

struct history_step {
	const struct xform *kind; /* the transform (model/xform.h), NULL: a
	                             zoom */
	char *name;               /* owned: the function (exact bytes), */
	size_t namelen;
	int regex;                /* or a regex (the command line's) */
	struct history_path subtree; /* XFORM_ARG_FRAME: the frame */
	enum tree_order order;    /* XFORM_ARG_ORDER: the order set, */
	int prof;                 /* by this profile's totals */
	struct history_path zoom; /* the zoomed frame before the step */
	struct history_path sel;  /* the selected frame before the step */
	struct tree *tree;        /* owned: the tree the transform made, or
	                             NULL (a zoom; a tree not held) */
};

/* How large a reverse tree was: nodes and child hash (tree_reserve_n()). */
struct history_revsize {
	size_t size;
	uint32_t mask;
};

/*
 * The marks of the names of t that regex re[0..len) matches (one byte per
 * name id, the caller frees them), NULL when it does not compile: regexes
 * are the search layer's, above this one.
 */
typedef unsigned char *(*history_mark_fn)(const struct tree *t,
    const char *re, size_t len);

struct history {
	struct tree *base;        /* borrowed: the original */
	history_mark_fn mark_re;  /* for the steps with a regex */
	struct history_step *steps; /* owned, oldest first */
	size_t n, cap;
	struct tree *rev;         /* owned: a reverse tree kept for an undo */
	size_t rev_at;            /* of the profile after this many
	                             transforms */
	struct history_revsize *revsize; /* owned: by rev_at, the size of
	                             the last reverse tree kept */
	size_t nrevsize;
};

void history_init(struct history *h, struct tree *base);
void history_free(struct history *h);

/* The tree after every step: the top transform's, or the original. */
struct tree *history_tree(const struct history *h);

/* Transform steps on the stack. */
size_t history_ntransforms(const struct history *h);

/*
 * The sibling order the last order step ("o") among the first n steps
 * set, or dflt when none did.
 */
enum tree_order history_order(const struct history *h, size_t n,
    enum tree_order dflt);

/* Trees held besides the original (0, 1 or 2). */
int history_held(const struct history *h);

/*
 * Push step s (its strings and paths move to the history; s->tree is
 * ignored): a zoom just goes on the stack, a transform also makes its tree
 * from history_tree(), which it returns (NULL for a zoom).
 */
struct tree *history_push(struct history *h, struct history_step *s);

/*
 * Take the top step off into *out (the caller frees it with
 * history_step_free(); its tree is already gone); the trees the new top
 * needs are made again if they were not held.  Returns 0 when there was
 * no step.
 */
int history_pop(struct history *h, struct history_step *out);

/* Drop every step: back to the original. */
void history_reset(struct history *h);

/* Drop the zoom steps, keeping the transforms (the view changed trees). */
void history_drop_zooms(struct history *h);

/*
 * Undoing ahead of time.  The second of two undos in a row costs a
 * replay (above); the viewer can make that tree on a second thread while
 * the user reads the screen the first undo left, and hand it over when
 * the undo comes:
 *
 * history_undo_target(): the transform step whose tree the next undo
 * shows, -1 for the original, -2 when it shows no other tree (no step,
 * or a zoom on top).
 *
 * history_replay(): the tree of transform step k (k >= 0) made again from
 * the nearest tree below it that is held (else the original), the
 * caller's; h is only read (nothing may change h or its trees meanwhile),
 * so it may run on another thread.  history_replay_steps(): how many
 * transforms it applies; more than one makes trees between, beyond the
 * two the history may hold.
 *
 * history_adopt(): give transform step k, which holds no tree, the tree t
 * that history_replay() made for it (h owns it from then on): the undo
 * that needs it finds it held.  Only while no other tree is made, so
 * that two derived trees at most are held.
 */
long history_undo_target(const struct history *h);
struct tree *history_replay(const struct history *h, long k);
int history_replay_steps(const struct history *h, long k);
void history_adopt(struct history *h, long k, struct tree *t);

/* The original grew: make the transforms' trees again from it. */
void history_rebase(struct history *h);

/*
 * Keep rev, the reverse tree (model/reverse.h) of the profile shown now
 * (history_tree()), for an undo of the transform about to be pushed; one
 * kept before goes.  The history owns it from then on, until
 * history_take_rev() gives it back or it no longer fits: undoing below
 * that profile, history_reset() to another, history_rebase() and
 * history_free() free it.  So an undo in the reverse view needs no new
 * reverse tree: with the viewer's own, at most two reverse trees exist,
 * one per profile the history holds besides the original (or the original
 * itself).
 */
void history_keep_rev(struct history *h, struct tree *rev);

/*
 * The same for rev, the reverse tree of the profile the next undo shows
 * (history_undo_target(); made ahead of that undo): the undo gives it
 * back.
 */
void history_keep_rev_below(struct history *h, struct tree *rev);

/*
 * The size of the last reverse tree kept for the profile after at
 * transforms, {0, 0} when none was: a hint, the room to make for that
 * profile's reverse tree when it is made again (the tree may have gone
 * since, and the profile changed).
 */
struct history_revsize history_rev_size(const struct history *h, size_t at);

/*
 * The reverse tree kept for the profile shown now (after an undo or a
 * reset), the caller's from then on; NULL when none is kept for it.
 */
struct tree *history_take_rev(struct history *h);

/*
 * The transforms in order as one line of UTF-8 text, "focus main ›
 * exclude [unknown] › merge std::vector", names as bytes (not escaped:
 * the caller escapes); each name cut at 256 bytes.  Returns the length
 * (0: no transform); buf is always NUL-ended when cap > 0.
 */
size_t history_describe(const struct history *h, char *buf, size_t cap);
/* The same with sep between two transforms (" > " for an ASCII screen). */
size_t history_describe_sep(const struct history *h, const char *sep,
    char *buf, size_t cap);

void history_step_free(struct history_step *s);

/* Set p to the path of node in t (the root: an empty path). */
void history_path_set(struct history_path *p, const struct tree *t,
    uint32_t node);
void history_path_free(struct history_path *p);

/*
 * The node of t at path p, or the deepest ancestor on it that t has
 * (exact: TREE_NONE instead, unless the whole path is there).
 */
uint32_t history_path_find(const struct tree *t, const struct history_path *p,
    int exact);

#endif
