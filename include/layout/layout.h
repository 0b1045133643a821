/*
 * Layout: where each frame of a flame graph goes, for one view of a tree.
 *
 * Vocabulary:
 *  - The "zoom node" is the frame that fills the whole width.  It is the
 *    root ("all") until the user zooms in.  Its ancestors are still shown,
 *    each as a full-width bar (flamegraph.pl does the same), flagged
 *    LAYOUT_ANCESTOR so a front end can dim them.
 *  - A "row" is one level of the call tree: row d holds the frames at depth
 *    d, so the root is row 0, its children row 1, and so on.  Rows are
 *    independent of the orientation: the flame view draws row 0 at the
 *    bottom, the icicle view at the top; layout_up() and layout_down() know
 *    which is which.
 *  - A "rectangle" is one visible frame: its node, its row, and its
 *    horizontal extent [x, x + w) in the caller's units (terminal cells for
 *    the viewer; doubles, so that any unit works: the SVG writer has its
 *    own flow, src/svg/flow.c, and shares only the palette).  A frame's
 *    width is its share of the zoom node's total.
 *  - Frames narrower than the minimum width are not laid out, and nothing
 *    above them is visited.  With params.merge, a run of such neighbours that
 *    together reach the minimum width becomes one LAYOUT_MERGED rectangle
 *    (drawn as "+"), so that a bar hiding many tiny callees does not look
 *    like self time.  Either way children never stick out of their parent,
 *    and a bar still adds up.
 *
 * The rectangles are stored row by row, and left to right within a row, so
 * the rectangles of row d are rects[row_start[d] .. row_start[d + 1]).  The
 * children of a rectangle are contiguous in the next row.
 *
 * Cost: building visits the rectangles it emits and the child lists of their
 * nodes, nothing else; it is one breadth-first pass over the rects array
 * itself (no recursion: stacks can be 100,000 frames deep).
 *
 * Ownership: a layout owns its arrays and borrows node ids from the tree it
 * was built from.  It becomes invalid when that tree changes (tree_finish()
 * again, or tree_free()); build it again then.
 */
#ifndef TFLAME_LAYOUT_LAYOUT_H
#define TFLAME_LAYOUT_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "model/tree.h"

#define LAYOUT_NONE UINT32_MAX

/* Rectangle flags. */
#define LAYOUT_ANCESTOR 0x1u /* an ancestor of the zoom node: full width */
#define LAYOUT_ZOOM 0x2u     /* the zoom node itself */
#define LAYOUT_MERGED 0x4u   /* several too-narrow siblings as one */

struct layout_rect {
	double x, w;        /* horizontal extent, in the caller's units */
	uint32_t node;      /* tree node (a merged run: its first node) */
	uint32_t depth;     /* row */
	uint32_t parent;    /* rectangle of the parent node, or LAYOUT_NONE */
	uint32_t child;     /* first child rectangle (in row depth + 1) */
	uint32_t nchild;    /* child rectangles, merged ones included */
	unsigned flags;     /* LAYOUT_* */
};

struct layout_params {
	uint32_t zoom;      /* zoom node */
	int prof;           /* which profile's counts give the widths */
	double width;       /* width of the whole graph */
	double minwidth;    /* narrower frames are left out (> 0) */
	int inverted;       /* icicle: row 0 at the top */
	int merge;          /* lay out runs of narrow frames as LAYOUT_MERGED */
};

struct layout {
	struct layout_rect *rects; /* owned */
	uint32_t nrects;
	uint32_t *row_start;       /* owned; nrows + 1 entries */
	uint32_t nrows;
	uint32_t zoom;             /* zoom node, at row zoom_depth */
	uint32_t zoom_depth;       /* rows below it hold the ancestors */
	double width;
	double scale;              /* width per sample of the zoom node */
	int inverted;
	uint64_t generation;       /* bumped by every build */
	size_t caprects, caprows;
};

/* Make l an empty layout. */
void layout_init(struct layout *l);

/* Release what l holds; l can be built again after layout_init(). */
void layout_free(struct layout *l);

/* Lay out tree t for the view p, replacing what l held. */
void layout_build(struct layout *l, const struct tree *t,
    const struct layout_params *p);

/* Rectangle of node, or LAYOUT_NONE when the node is not visible. */
uint32_t layout_find(const struct layout *l, const struct tree *t,
    uint32_t node);

/*
 * Rectangle of node or, when it is not visible, of its nearest visible
 * ancestor; LAYOUT_NONE only for an empty layout.
 */
uint32_t layout_find_near(const struct layout *l, const struct tree *t,
    uint32_t node);

/* Rectangle of row depth that covers position x, or LAYOUT_NONE. */
uint32_t layout_at(const struct layout *l, uint32_t depth, double x);

/*
 * Moves from rectangle i, used by the selection.  Each returns the new
 * rectangle, or LAYOUT_NONE when there is nowhere to go.  Merged rectangles
 * are never returned.
 */
uint32_t layout_left(const struct layout *l, uint32_t i);
uint32_t layout_right(const struct layout *l, uint32_t i);
uint32_t layout_parent(const struct layout *l, uint32_t i);
uint32_t layout_child(const struct layout *l, uint32_t i); /* the widest */

/*
 * The frame drawn above / below rectangle i: the widest child or the parent,
 * depending on the orientation.
 */
uint32_t layout_up(const struct layout *l, uint32_t i);
uint32_t layout_down(const struct layout *l, uint32_t i);

/*
 * The same moves for a front end that lets a merged rectangle be selected
 * (the viewer's "+" bar): the neighbour on the left / right, merged or not,
 * and the widest unmerged child, else the widest merged one.
 */
uint32_t layout_prev(const struct layout *l, uint32_t i);
uint32_t layout_next(const struct layout *l, uint32_t i);
uint32_t layout_child_any(const struct layout *l, uint32_t i);

/*
 * The frames of merged rectangle i are the siblings from its node up to,
 * not including, the node returned here (TREE_NONE: to the last sibling),
 * those with a total of zero in the profile laid out excepted.
 */
uint32_t layout_run_end(const struct layout *l, uint32_t i);

/*
 * The trunk: from the zoom node up, each frame's widest child while it
 * holds at least LAYOUT_TRUNK_SHARE of its parent's width (an
 * interpreter's or a runtime's start-up frames, beside which only a few
 * narrow frames run: python-json's 19 rows at 80 columns, the last with
 * 86% of the one below).  When it is longer than 2 * keep + 1 frames and
 * frames are drawn above its last (it is not a chain to its leaf, which
 * folded would hide the very frames it is made of), put in *first the
 * rectangle of its frame keep rows above the zoom node and return how
 * many frames follow from there before the last keep of the trunk (the
 * frames a viewer folds into one line); else return 0.
 */
#define LAYOUT_TRUNK_SHARE 0.85
uint32_t layout_trunk(const struct layout *l, uint32_t keep, uint32_t *first);

/*
 * Round rectangle r to whole cells: it covers cells [*x0, *x1).  Rounding
 * both edges the same way keeps neighbours from overlapping and children
 * inside their parents; a rectangle at least one unit wide keeps at least
 * one cell.
 */
void layout_cells(const struct layout_rect *r, long *x0, long *x1);

#endif
