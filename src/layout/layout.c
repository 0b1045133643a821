/*
 * Layout of a flame graph: rows of visible rectangles.  See layout/layout.h.
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* Make l an empty layout. */
void
layout_init(struct layout *l)
{
	memset(l, 0, sizeof *l);
	l->zoom = TREE_ROOT;
}

/* Release the arrays of l. */
void
layout_free(struct layout *l)
{
	free(l->rects);
	free(l->row_start);
	l->rects = NULL;
	l->row_start = NULL;
	l->nrects = l->nrows = 0;
	l->caprects = l->caprows = 0;
}

/* Append a rectangle and return its index. */
static uint32_t
emit(struct layout *l, double x, double w, uint32_t node, uint32_t depth,
    uint32_t parent, unsigned flags)
{
	struct layout_rect *r;

	if (l->nrects == LAYOUT_NONE - 1)
		fatal("layout too large");
	xgrow((void **)&l->rects, &l->caprects, (size_t)l->nrects + 1,
	    sizeof *l->rects);
	r = &l->rects[l->nrects];
	r->x = x;
	r->w = w;
	r->node = node;
	r->depth = depth;
	r->parent = parent;
	r->child = LAYOUT_NONE;
	r->nchild = 0;
	r->flags = flags;
	return l->nrects++;
}

/* Record that row depth starts at rectangle first. */
static void
row_begins(struct layout *l, uint32_t depth, uint32_t first)
{
	xgrow((void **)&l->row_start, &l->caprows, (size_t)depth + 2,
	    sizeof *l->row_start);
	l->row_start[depth] = first;
}

/*
 * Lay out the children of rectangle i in the next row.  A child at least
 * minw wide gets its own rectangle; runs of narrower neighbours are merged
 * (or dropped).  Positions come from the running sum of the siblings'
 * totals, so rounding errors do not accumulate along a row.
 */
static void
layout_children(struct layout *l, const struct tree *t,
    const struct layout_params *p, double minw, uint32_t i)
{
	const struct tree_node *nodes = tree_nodes(t);
	double px = l->rects[i].x, pend = px + l->rects[i].w;
	double cum = 0.0, cx, cend, run_x = 0.0, run_end = 0.0;
	uint32_t c, depth = l->rects[i].depth + 1, run_node = TREE_NONE;
	uint32_t first = l->nrects;

	for (c = nodes[l->rects[i].node].first_child; c != TREE_NONE;
	    c = nodes[c].next_sibling) {
		cx = px + cum * l->scale;
		cum += count_value(tree_total(t, p->prof, c));
		cend = px + cum * l->scale;
		if (cend > pend)
			cend = pend;
		if (cend - cx >= minw) {
			if (run_node != TREE_NONE && run_end - run_x >= minw)
				emit(l, run_x, run_end - run_x, run_node, depth,
				    i, LAYOUT_MERGED);
			run_node = TREE_NONE;
			emit(l, cx, cend - cx, c, depth, i, 0);
		} else if (p->merge && cend > cx) {
			if (run_node == TREE_NONE) {
				run_node = c;
				run_x = cx;
			}
			run_end = cend;
		}
	}
	if (run_node != TREE_NONE && run_end - run_x >= minw)
		emit(l, run_x, run_end - run_x, run_node, depth, i,
		    LAYOUT_MERGED);
	if (l->nrects > first) {
		l->rects[i].child = first;
		l->rects[i].nchild = l->nrects - first;
	}
}

/* Lay out t for the view p: ancestors, zoom node, then breadth first. */
void
layout_build(struct layout *l, const struct tree *t,
    const struct layout_params *p)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t zd = nodes[p->zoom].depth, d, n, begin, end, i;
	double total, minw = p->minwidth > 0 ? p->minwidth : DBL_MIN;

	l->nrects = 0;
	l->nrows = 0;
	l->zoom = p->zoom;
	l->zoom_depth = zd;
	l->width = p->width;
	l->inverted = p->inverted;
	l->generation++;
	total = count_value(tree_total(t, p->prof, p->zoom));
	l->scale = total > 0 && p->width > 0 ? p->width / total : 0.0;

	/*
	 * The zoom node and its ancestors, one full-width bar per row.  Walk
	 * up from the zoom node, filling the rows from the top down.
	 */
	xgrow((void **)&l->rects, &l->caprects, (size_t)zd + 1,
	    sizeof *l->rects);
	for (d = 0; d <= zd; d++)
		emit(l, 0.0, p->width, TREE_NONE, d,
		    d > 0 ? d - 1 : LAYOUT_NONE,
		    d < zd ? LAYOUT_ANCESTOR : LAYOUT_ZOOM);
	n = p->zoom;
	for (d = zd + 1; d-- > 0; n = nodes[n].parent) {
		l->rects[d].node = n;
		row_begins(l, d, d);
		if (d < zd) {
			l->rects[d].child = d + 1;
			l->rects[d].nchild = 1;
		}
	}

	/* Breadth first from the zoom node: the rects array is the queue. */
	begin = zd;
	end = zd + 1;
	d = zd;
	while (begin < end && l->scale > 0) {
		for (i = begin; i < end; i++)
			if (!(l->rects[i].flags & LAYOUT_MERGED))
				layout_children(l, t, p, minw, i);
		begin = end;
		end = l->nrects;
		if (begin < end)
			row_begins(l, ++d, begin);
	}
	l->nrows = d + 1;
	row_begins(l, l->nrows, l->nrects);
}

/* Find the rectangle of node by scanning its row. */
uint32_t
layout_find(const struct layout *l, const struct tree *t, uint32_t node)
{
	uint32_t d, i;

	if (node >= tree_size(t))
		return LAYOUT_NONE;
	d = tree_node(t, node)->depth;
	if (d >= l->nrows)
		return LAYOUT_NONE;
	for (i = l->row_start[d]; i < l->row_start[d + 1]; i++)
		if (l->rects[i].node == node &&
		    !(l->rects[i].flags & LAYOUT_MERGED))
			return i;
	return LAYOUT_NONE;
}

/* Find node, or its nearest ancestor that has a rectangle. */
uint32_t
layout_find_near(const struct layout *l, const struct tree *t, uint32_t node)
{
	uint32_t i;

	if (l->nrects == 0)
		return LAYOUT_NONE;
	if (node >= tree_size(t))
		node = l->zoom;
	while ((i = layout_find(l, t, node)) == LAYOUT_NONE) {
		node = tree_node(t, node)->parent;
		if (node == TREE_NONE)
			return l->zoom_depth;
	}
	return i;
}

/* Find the rectangle of row depth covering x, by bisection. */
uint32_t
layout_at(const struct layout *l, uint32_t depth, double x)
{
	uint32_t lo, hi, mid;

	if (depth >= l->nrows)
		return LAYOUT_NONE;
	lo = l->row_start[depth];
	hi = l->row_start[depth + 1];
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (x < l->rects[mid].x)
			hi = mid;
		else if (x >= l->rects[mid].x + l->rects[mid].w)
			lo = mid + 1;
		else
			return mid;
	}
	return LAYOUT_NONE;
}

/* Step to the nearest unmerged rectangle on the left. */
uint32_t
layout_left(const struct layout *l, uint32_t i)
{
	uint32_t first;

	if (i >= l->nrects)
		return LAYOUT_NONE;
	first = l->row_start[l->rects[i].depth];
	while (i > first) {
		i--;
		if (!(l->rects[i].flags & LAYOUT_MERGED))
			return i;
	}
	return LAYOUT_NONE;
}

/* Step to the nearest unmerged rectangle on the right. */
uint32_t
layout_right(const struct layout *l, uint32_t i)
{
	uint32_t end;

	if (i >= l->nrects)
		return LAYOUT_NONE;
	end = l->row_start[l->rects[i].depth + 1];
	while (i + 1 < end) {
		i++;
		if (!(l->rects[i].flags & LAYOUT_MERGED))
			return i;
	}
	return LAYOUT_NONE;
}

/* Step to the left neighbour, merged or not. */
uint32_t
layout_prev(const struct layout *l, uint32_t i)
{
	if (i >= l->nrects || i == l->row_start[l->rects[i].depth])
		return LAYOUT_NONE;
	return i - 1;
}

/* Step to the right neighbour, merged or not. */
uint32_t
layout_next(const struct layout *l, uint32_t i)
{
	if (i >= l->nrects || i + 1 >= l->row_start[l->rects[i].depth + 1])
		return LAYOUT_NONE;
	return i + 1;
}

/* Step to the widest unmerged child, else to the widest merged one. */
uint32_t
layout_child_any(const struct layout *l, uint32_t i)
{
	const struct layout_rect *r;
	uint32_t c, best;

	if ((best = layout_child(l, i)) != LAYOUT_NONE ||
	    i >= l->nrects || l->rects[i].child == LAYOUT_NONE)
		return best;
	r = &l->rects[i];
	for (c = r->child; c < r->child + r->nchild; c++)
		if (best == LAYOUT_NONE || l->rects[c].w > l->rects[best].w)
			best = c;
	return best;
}

/*
 * Where the run of merged rectangle i ends: a run stops only at a sibling
 * wide enough for a rectangle of its own, which is then the next rectangle
 * of the same parent.
 */
uint32_t
layout_run_end(const struct layout *l, uint32_t i)
{
	const struct layout_rect *r, *p;

	if (i >= l->nrects)
		return TREE_NONE;
	r = &l->rects[i];
	if (r->parent == LAYOUT_NONE)
		return TREE_NONE;
	p = &l->rects[r->parent];
	if (i + 1 < p->child + p->nchild)
		return l->rects[i + 1].node;
	return TREE_NONE;
}

/* Step to the parent rectangle. */
uint32_t
layout_parent(const struct layout *l, uint32_t i)
{
	if (i >= l->nrects)
		return LAYOUT_NONE;
	return l->rects[i].parent;
}

/* Step to the widest unmerged child (the leftmost of equals). */
uint32_t
layout_child(const struct layout *l, uint32_t i)
{
	const struct layout_rect *r;
	uint32_t c, best = LAYOUT_NONE;

	if (i >= l->nrects || l->rects[i].child == LAYOUT_NONE)
		return LAYOUT_NONE;
	r = &l->rects[i];
	for (c = r->child; c < r->child + r->nchild; c++) {
		if (l->rects[c].flags & LAYOUT_MERGED)
			continue;
		if (best == LAYOUT_NONE || l->rects[c].w > l->rects[best].w)
			best = c;
	}
	return best;
}

/* Step to the frame drawn above: a child in the flame view. */
uint32_t
layout_up(const struct layout *l, uint32_t i)
{
	return l->inverted ? layout_parent(l, i) : layout_child(l, i);
}

/* Step to the frame drawn below: the parent in the flame view. */
uint32_t
layout_down(const struct layout *l, uint32_t i)
{
	return l->inverted ? layout_child(l, i) : layout_parent(l, i);
}

/* Round both edges of r to the nearest cell boundary. */
void
layout_cells(const struct layout_rect *r, long *x0, long *x1)
{
	*x0 = (long)floor(r->x + 0.5);
	*x1 = (long)floor(r->x + r->w + 0.5);
}

/* The trunk from the zoom node, and the part of it to fold (layout.h). */
uint32_t
layout_trunk(const struct layout *l, uint32_t keep, uint32_t *first)
{
	uint32_t i, c, n = 1, at = LAYOUT_NONE;

	if (l->nrects == 0)
		return 0;
	i = l->row_start[l->zoom_depth];
	while ((c = layout_child(l, i)) != LAYOUT_NONE &&
	    l->rects[c].w >= LAYOUT_TRUNK_SHARE * l->rects[i].w) {
		if (n == keep)
			at = c;
		i = c;
		n++;
	}
	if (keep == 0)
		at = l->row_start[l->zoom_depth];
	/* A chain to its leaf: nothing above it to make room for. */
	if (n < 2 * keep + 2 || at == LAYOUT_NONE || l->rects[i].nchild == 0)
		return 0;
	*first = at;
	return n - 2 * keep;
}
