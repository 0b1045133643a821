/*
 * The frame tree.
 *
 * Vocabulary: a "stack" is a list of frame names, root (outermost caller)
 * first.  Every stack starts at the tree's root node, node 0, shown as "all".
 * A "node" is one frame at one position in the call tree: its path from the
 * root is a stack prefix.  A node's "self" count is the weight of the stacks
 * that end exactly at it; its "total" is self plus the totals of its
 * children.  A node with a non-zero self count is one "unique stack".
 *
 * Layout: nodes live in one growable array, addressed by 32-bit index, with
 * parent / first-child / next-sibling links.  A child is always created after
 * its parent, so index order is a topological order: totals are computed in
 * one backwards pass and nothing needs recursion, however deep the stacks.
 * While loading, the child of (parent, name) is found through one global
 * open-addressing hash keyed by that pair, which holds only the children of
 * parents with two or more (an only child is read from its parent).  After loading, tree_finish()
 * computes totals and sorts each sibling list by name (byte-wise).
 *
 * Counts are kept per "profile": one profile normally, two in differential
 * mode (0 = before, 1 = after), in separate arrays so the node itself stays
 * small.
 *
 * Ownership: the tree owns its nodes and its strtab.
 */
#ifndef TFLAME_MODEL_TREE_H
#define TFLAME_MODEL_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "model/count.h"
#include "model/strtab.h"

#define TREE_ROOT 0u
#define TREE_NONE UINT32_MAX
#define TREE_MAX_PROFILES 2

struct tree_node {
	uint32_t parent;       /* TREE_NONE for the root */
	uint32_t name;         /* strtab id */
	uint32_t first_child;  /* TREE_NONE when a leaf */
	uint32_t next_sibling; /* TREE_NONE when last */
	uint32_t depth;        /* root = 0 */
};

struct tree;

/* A new tree with only the root, holding nprof (1 or 2) profiles. */
struct tree *tree_new(int nprof);
void tree_free(struct tree *t);

struct strtab *tree_strtab(struct tree *t);
const struct strtab *tree_strtab_c(const struct tree *t);
int tree_nprof(const struct tree *t);

/*
 * Make room in t for as many nodes as like has, and a child hash as large
 * as like's, so that building a tree of about like's size (a transform's
 * result) never grows an array again.  Only capacity: t is unchanged.
 */
void tree_reserve(struct tree *t, const struct tree *like);
/* The same by numbers: room for size nodes, a child hash of mask. */
void tree_reserve_n(struct tree *t, size_t size, uint32_t mask);
/* The mask of t's child hash (its slots less one), for tree_reserve_n(). */
uint32_t tree_hash_mask(const struct tree *t);
/* Give back the capacity tree_reserve() took and t did not use. */
void tree_trim(struct tree *t);

/* Child of parent named name (a strtab id), created when missing. */
uint32_t tree_child(struct tree *t, uint32_t parent, uint32_t name);

/* Child of parent named name, or TREE_NONE (only valid before tree_finish() re-links or after it: both work). */
uint32_t tree_find_child(const struct tree *t, uint32_t parent, uint32_t name);

/*
 * The node named name nearest the root: of those at the smallest depth,
 * the one with the largest total in profile prof, of equals the smallest
 * id; TREE_ROOT when there is none.  Reads the tree level by level, down
 * to the first level that has one, or once a quarter of the nodes have
 * been read, every node in array order.
 */
uint32_t tree_nearest_named(const struct tree *t, int prof, uint32_t name);

/*
 * Add every stack of profile sprof of src to profile dprof of dst, as
 * inserting them after dst's own would: src's names are interned in their
 * id order and the nodes new to dst made in src's order, so node and name
 * ids come out as one tree loaded with all the stacks would have them
 * (when src's names were interned as its frames came, as loaders do).
 * Both trees unfinished.  Children new to dst under a node new to dst are
 * made without a lookup; they go into the child hash at the next
 * tree_child() (--collapse never makes one).  With 4096 names or more
 * and two CPUs, a second thread ranks the names for tree_finish() while
 * the nodes are copied.
 */
void tree_merge(struct tree *dst, int dprof, const struct tree *src, int sprof);
/*
 * Intern t's names into o (a new tree) in id order, so that name ids
 * agree between the two: for trees made from t (transforms, ranges).
 */
void tree_copy_names(struct tree *o, const struct tree *t);
/*
 * tree_merge(), and *map (when not NULL) the node of dst each node of src
 * went to, by src's id (tree_size(src) of them; the caller frees it).
 */
void tree_merge_map(struct tree *dst, int dprof, const struct tree *src,
    int sprof, uint32_t **map);
/* Add c to the self count of node in profile prof. */
void tree_add_self(struct tree *t, int prof, uint32_t node, struct tf_count c);

/*
 * Sample records beside the counts, for input whose count is a weight
 * (perf: the sum of the periods): once tree_keep_samples() was called,
 * tree_add_samples() adds n records to node's self (one 32-bit number
 * more per node and profile, only for such input; a node's own records
 * stop at 2^32-1) and tree_merge() carries them over.  tree_samples()
 * sums the subtree's when asked, after a tree_finish() (the whole tree
 * for the root, read in order; it remembers the root's and the last
 * node's answer until the next tree_finish()).  tree_samples() and
 * tree_samples_self() are 0 when the records are not kept.
 */
void tree_keep_samples(struct tree *t);
int tree_has_samples(const struct tree *t);
void tree_add_samples(struct tree *t, int prof, uint32_t node, uint64_t n);
/* Take n records off node's self (the live --window, model/window.h). */
void tree_sub_samples(struct tree *t, int prof, uint32_t node, uint64_t n);
uint64_t tree_samples(const struct tree *t, int prof, uint32_t id);
uint64_t tree_samples_self(const struct tree *t, int prof, uint32_t id);

/*
 * Each frame's module (perf: its DSO, "libc.so.6", "[kernel.kallsyms]"),
 * for the viewer: once tree_keep_modules() was called (a loader's module
 * hook did it), one 32-bit number more per node, nothing otherwise.  A
 * module is interned with its kind (TREE_MOD_KERNEL, _JIT, _INLINE or 0)
 * by tree_module_intern(); tree_set_module() gives it to a node, and a
 * node given two different modules (frames merged by name across
 * modules) has TREE_MOD_SEVERAL, keeping the kind when both had the
 * same.  tree_module() is TREE_MOD_NONE when the node has none or the
 * modules are not kept; tree_merge(), the reverse tree and the
 * transforms carry them.
 */
#define TREE_MOD_NONE 0u
#define TREE_MOD_SEVERAL 0x3fffffffu /* the index part of a module */
#define TREE_MOD_INDEX(m) ((m) & TREE_MOD_SEVERAL)
#define TREE_MOD_KIND(m) ((m) >> 30)
#define TREE_MOD_KERNEL 1u /* kinds */
#define TREE_MOD_JIT 2u
#define TREE_MOD_INLINE 3u /* async-profiler's _[i] */

void tree_keep_modules(struct tree *t);
int tree_has_modules(const struct tree *t);
uint32_t tree_module_intern(struct tree *t, const char *name, size_t len,
    unsigned kind);
void tree_set_module(struct tree *t, uint32_t node, uint32_t mod);
uint32_t tree_module(const struct tree *t, uint32_t node);
/* A module's name ("" for none, "several modules" for several). */
const char *tree_module_name(const struct tree *t, uint32_t mod,
    size_t *len);
/*
 * Keep modules in dst, a tree that has none yet, when src keeps them,
 * with the same ids (for trees made from src: reverse, transforms).
 */
void tree_keep_modules_of(struct tree *dst, const struct tree *src);
/* A module of src as dst's (interned there); TREE_MOD_NONE stays so. */
uint32_t tree_module_copy(struct tree *dst, const struct tree *src,
    uint32_t mod);

/* Replace the self count of node in profile prof (totals: tree_finish() again). */
void tree_set_self(struct tree *t, int prof, uint32_t node, struct tf_count c);

/*
 * Take c off the self count of node in profile prof (a count added
 * earlier: the live viewer's rolling window); a self count smaller than c
 * becomes zero.  Totals: tree_finish() again.
 */
void tree_sub_self(struct tree *t, int prof, uint32_t node, struct tf_count c);

/* Make every self count of profile prof zero (totals: tree_finish() again). */
void tree_clear_self(struct tree *t, int prof);

/*
 * Compute totals and sort children by name (on a tree of 65,536 nodes or
 * more and two CPUs, the totals in a second thread).  May be called again
 * after more stacks were added, with the same result as one call at the
 * end (the streaming viewer draws a tree that is still loading this way).
 * Between the calls, tree_child() prepends new nodes to their sibling
 * lists and totals are stale: read the tree only just after a
 * tree_finish().
 */
void tree_finish(struct tree *t);

/*
 * Sibling orders: by name, byte-wise (flamegraph.pl's, the default), or
 * heaviest first by total in one profile, equal totals by name
 * (speedscope's "left heavy").  The folded and SVG writers' line order
 * needs the name order; the weight order is for drawing.
 */
enum tree_order {
	TREE_ORDER_NAME = 0,
	TREE_ORDER_WEIGHT
};

/*
 * Make every tree_finish() leave the siblings in order (weight: by the
 * totals of profile prof), and finish t again now so that they are.
 */
void tree_set_order(struct tree *t, enum tree_order order, int prof);

/* The sibling order of t; *prof (when not NULL) gets its profile. */
enum tree_order tree_get_order(const struct tree *t, int *prof);

uint32_t tree_size(const struct tree *t);
const struct tree_node *tree_node(const struct tree *t, uint32_t id);
const struct tree_node *tree_nodes(const struct tree *t);

/*
 * A pre-order walk of the subtree under top (top first), siblings in
 * their list's order (sorted after tree_finish), without recursion:
 *
 *	tree_preorder(&w, t, top);
 *	while ((id = tree_preorder_next(&w)) != TREE_NONE)
 *		... tree_preorder_skip(&w) to leave id's children out ...
 *
 * The tree must not change during the walk.
 */
struct tree_walk {
	const struct tree_node *nodes;
	uint32_t top;
	uint32_t cur;  /* the node returned last; TREE_NONE before the first */
	uint32_t next; /* the one to return next; TREE_NONE at the end */
};

static inline void
tree_preorder(struct tree_walk *w, const struct tree *t, uint32_t top)
{
	w->nodes = tree_nodes(t);
	w->top = top;
	w->cur = TREE_NONE;
	w->next = top;
}

/* The node after cur's subtree, when cur has nothing (more) below. */
static inline uint32_t
tree_preorder_after(const struct tree_walk *w, uint32_t n)
{
	while (n != w->top && w->nodes[n].next_sibling == TREE_NONE)
		n = w->nodes[n].parent;
	return n == w->top ? TREE_NONE : w->nodes[n].next_sibling;
}

/* The next node of the walk, or TREE_NONE when it is over. */
static inline uint32_t
tree_preorder_next(struct tree_walk *w)
{
	uint32_t n = w->next;

	if (n == TREE_NONE)
		return TREE_NONE;
	w->cur = n;
	w->next = w->nodes[n].first_child != TREE_NONE ?
	    w->nodes[n].first_child : tree_preorder_after(w, n);
	return n;
}

/* Leave the children of the node tree_preorder_next() gave last out. */
static inline void
tree_preorder_skip(struct tree_walk *w)
{
	if (w->cur != TREE_NONE && w->nodes[w->cur].first_child != TREE_NONE)
		w->next = tree_preorder_after(w, w->cur);
}

/* Name bytes of node id (the root's name is ""). */
const char *tree_name(const struct tree *t, uint32_t id, size_t *len);

struct tf_count tree_self(const struct tree *t, int prof, uint32_t id);

/*
 * The self counts of profile prof by node id, for loops over many nodes:
 * whole parts, and in *frac the fractions (NULL when there are none).
 * Valid until the tree grows.
 */
const uint64_t *tree_selfs(const struct tree *t, int prof, const double **frac);
struct tf_count tree_total(const struct tree *t, int prof, uint32_t id);

/* True when some count in profile prof has a fractional part. */
int tree_has_fraction(const struct tree *t, int prof);

/*
 * Number of counts that saturated at 2^64-1 (0 for sane input): additions
 * to self counts, and totals at the last tree_finish().
 */
uint64_t tree_overflows(const struct tree *t);

/* Unique stacks (nodes with a self count) in prof at the last tree_finish(). */
uint64_t tree_stacks(const struct tree *t, int prof);

/*
 * The rank of every name (by strtab id) in byte order, 0 first, as the
 * last tree_finish() sorted them; NULL before one, or when names were
 * added since.
 */
const uint32_t *tree_name_ranks(const struct tree *t);

/* Bytes held by the tree, strtab included, for the benchmark. */
size_t tree_memory(const struct tree *t);

#endif
