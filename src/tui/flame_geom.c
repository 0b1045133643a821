/*
 * The graph screen's geometry: the picture has max(rows, graph lines)
 * lines; in the flame view row d is picture line (lines - 1 - d), so the
 * root sits on the last line of the graph area; in the icicle view row d
 * is line d.  The graph area shows picture lines [scroll, scroll + graph
 * lines).  After a zoom, callers beyond the nearest three fold into one
 * line; unzoomed, a long trunk folds into one line.  Scrolling, the
 * selection's place on the screen and the zoom a selection needs
 * (view_flame_show()) live here too; view_flame.c draws and handles keys
 * with them (tui/flame.h).
 */
#include "config.h"

#include <stdint.h>

#include "layout/layout.h"
#include "model/tree.h"
#include "tui/flame.h"
#include "tui/view.h"
#include "util/macros.h"

/*
 * Callers of the zoomed frame: rows [0, zoom depth) of the layout.  The
 * nearest VIEW_CALLER_ROWS of them keep a line each; the others are
 * "folded" into one line, "... N callers", so that the zoomed frame's
 * subtree gets the screen.  Picture lines count that line once.
 */
#define VIEW_CALLER_ROWS 3

/* Rows folded into the "... N callers" line (0: none). */
uint32_t
flame_folded_rows(const struct tui_view *v)
{
	uint32_t zd = v->layout.zoom_depth;

	return zd > VIEW_CALLER_ROWS ? zd - VIEW_CALLER_ROWS : 0;
}

/* Rows the fold saves: it shows flame_folded_rows() rows on one line. */
static long
fold_saves(const struct tui_view *v)
{
	uint32_t f = flame_folded_rows(v);

	return f > 0 ? (long)f - 1 : 0;
}

/*
 * The trunk: unzoomed, the frames from the root up while each holds
 * nearly all of its parent's width (layout_trunk(): an interpreter's or a
 * runtime's start-up frames, a few narrow frames beside them).  When the
 * picture is taller than the graph area, the trunk's frames beyond its
 * first and last TRUNK_KEEP fold into one line, "... N frames", with the
 * narrow frames beside them.  The selection still moves through them one
 * by one (the fold line shows it, the status line names the frame); Enter
 * there or e unfolds the trunk, e folds it again.  A zoom shows every
 * frame it asks for: no trunk is folded then (its callers fold instead).
 */
#define TRUNK_KEEP 2

/* Rows the trunk's fold saves: it shows trunk_n rows on one line. */
static long
trunk_saves(const struct tui_view *v)
{
	return v->trunk_n > 0 ? (long)v->trunk_n - 1 : 0;
}

/* After a layout: the trunk to fold, if any. */
void
flame_trunk_find(struct tui_view *v)
{
	uint32_t first = LAYOUT_NONE, n;

	v->trunk_n = 0;
	v->trunk_rect = LAYOUT_NONE;
	if (v->trunk_open || v->layout.zoom_depth != 0)
		return;
	n = layout_trunk(&v->layout, TRUNK_KEEP, &first);
	if (n > 0 && (long)v->layout.nrows > v->graph_lines) {
		v->trunk_rect = first;
		v->trunk_first = v->layout.rects[first].depth;
		v->trunk_n = n;
	}
}

/* True when row depth is folded into the trunk's line. */
static int
in_trunk(const struct tui_view *v, uint32_t depth)
{
	return v->trunk_n > 0 && depth >= v->trunk_first &&
	    depth - v->trunk_first < v->trunk_n;
}

/* True when the selection is one of the folded trunk's frames. */
int
flame_in_trunk(const struct tui_view *v)
{
	return v->sel_rect != LAYOUT_NONE &&
	    in_trunk(v, v->layout.rects[v->sel_rect].depth);
}

/* e (and Enter on the fold): unfold the trunk, or fold it again. */
int
flame_trunk_toggle(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);

	if (v->trunk_n == 0 && !v->trunk_open) {
		v->msg = "e: no long trunk folded here (it folds unzoomed, "
		    "when the graph is taller than the screen).";
		return TUI_REDRAW;
	}
	v->trunk_open = !v->trunk_open;
	return TUI_RELAYOUT;
}

/* Lines in the picture: every row, and at least the graph area. */
long
flame_picture_lines(const struct tui_view *v)
{
	return TF_MAX((long)v->layout.nrows - fold_saves(v) - trunk_saves(v),
	    (long)v->graph_lines);
}

/* Picture line of row depth (a folded row: its fold's line). */
long
flame_line_of(const struct tui_view *v, uint32_t depth)
{
	long r = depth < flame_folded_rows(v) ? 0 : (long)depth - fold_saves(v);

	if (in_trunk(v, depth))
		r = (long)v->trunk_first - fold_saves(v);
	else if (v->trunk_n > 0 && depth > v->trunk_first)
		r -= trunk_saves(v);
	return v->inverted ? r : flame_picture_lines(v) - 1 - r;
}

/* True when picture line line is the trunk's "... N frames" line. */
int
flame_is_trunk_line(const struct tui_view *v, long line)
{
	return v->trunk_n > 0 && line == flame_line_of(v, v->trunk_first);
}

/* True when picture line line is a fold: "... N callers" or the trunk's. */
int
flame_is_fold_line(const struct tui_view *v, long line)
{
	return (flame_folded_rows(v) > 0 && line == flame_line_of(v, 0)) ||
	    flame_is_trunk_line(v, line);
}

/*
 * Row shown on picture line line (the callers' fold: the nearest folded
 * row; the trunk's: its first folded row), or -1 for an empty line.
 */
long
flame_depth_of(const struct tui_view *v, long line)
{
	long r = v->inverted ? line : flame_picture_lines(v) - 1 - line;
	long f = (long)flame_folded_rows(v);

	if (r < 0 || r >= (long)v->layout.nrows - fold_saves(v) -
	    trunk_saves(v))
		return -1;
	if (f > 0 && r == 0)
		return f - 1;
	if (v->trunk_n > 0 && r > (long)v->trunk_first - fold_saves(v))
		r += trunk_saves(v);
	return r + fold_saves(v);
}

/* Keep scroll within the picture. */
void
flame_clamp_scroll(struct tui_view *v)
{
	long max = flame_picture_lines(v) - v->graph_lines;

	if (v->scroll > max)
		v->scroll = max;
	if (v->scroll < 0)
		v->scroll = 0;
}

/* Scroll by delta lines and keep the selection on the screen. */
int
flame_scroll_by(struct tui_view *v, long delta)
{
	long old = v->scroll;

	v->scroll += delta;
	flame_clamp_scroll(v);
	if (v->scroll == old)
		return 0;
	flame_follow_scroll(v);
	return TUI_REDRAW;
}

/* Scroll so that the selection is on the screen. */
void
flame_show_selection(struct tui_view *v)
{
	long line;

	if (v->sel_rect == LAYOUT_NONE || v->graph_lines <= 0)
		return;
	line = flame_line_of(v, v->layout.rects[v->sel_rect].depth);
	if (line < v->scroll)
		v->scroll = line;
	else if (line >= v->scroll + v->graph_lines)
		v->scroll = line - v->graph_lines + 1;
	flame_clamp_scroll(v);
}

/* Select rectangle i (LAYOUT_NONE: stay); reaction flags. */
int
flame_select_rect(struct tui_view *v, uint32_t i)
{
	if (i == LAYOUT_NONE || i == v->sel_rect)
		return 0;
	v->sel_rect = i;
	v->want = v->sel = v->layout.rects[i].node;
	flame_show_selection(v);
	return TUI_REDRAW;
}

/*
 * After scrolling, move the selection onto the screen when it left it,
 * and only onto a frame of the zoomed subtree (never a dimmed caller, nor
 * the fold): up its ancestors when it is past the rows of the subtree
 * shown, down its widest children (or straight down to the nearest frame
 * of the first of those rows) when it is short of them.  When the screen
 * shows no row of the subtree (a few lines of callers), it stays.
 */
void
flame_follow_scroll(struct tui_view *v)
{
	const struct layout *l = &v->layout;
	long top = v->scroll, bot = v->scroll + v->graph_lines - 1, y, d;
	long zd = (long)l->zoom_depth, lo = -1, hi = -1, line;
	uint32_t i = v->sel_rect, c, row, best;
	double mid, dist, bd;

	if (i == LAYOUT_NONE)
		return;
	line = flame_line_of(v, l->rects[i].depth);
	if (line >= top && line <= bot)
		return;
	for (y = top; y <= bot; y++) {
		d = flame_depth_of(v, y);
		if (d < zd || flame_is_fold_line(v, y))
			continue;
		if (lo < 0 || d < lo)
			lo = d;
		if (d > hi)
			hi = d;
	}
	if (lo < 0)
		return;
	d = (long)l->rects[i].depth;
	while (d > hi && l->rects[i].parent != LAYOUT_NONE) {
		i = l->rects[i].parent;
		d--;
	}
	while (d < lo && (c = layout_child(l, i)) != LAYOUT_NONE) {
		i = c;
		d++;
	}
	if (d < lo) {
		mid = l->rects[i].x + l->rects[i].w / 2;
		best = LAYOUT_NONE;
		bd = 0;
		for (row = l->row_start[lo]; row < l->row_start[lo + 1];
		    row++) {
			if (l->rects[row].flags & LAYOUT_MERGED)
				continue;
			dist = l->rects[row].x + l->rects[row].w / 2 - mid;
			if (dist < 0)
				dist = -dist;
			if (best == LAYOUT_NONE || dist < bd) {
				best = row;
				bd = dist;
			}
		}
		if (best == LAYOUT_NONE)
			return;
		i = best;
	}
	v->sel_rect = i;
	v->want = v->sel = l->rects[i].node;
}

/*
 * The "+" bar of the layout that holds node, or LAYOUT_NONE: one of its
 * parent's child rectangles whose run of siblings has node in it.
 */
static uint32_t
find_merged(const struct tui_view *v, uint32_t node)
{
	const struct layout *l = &v->layout;
	const struct tree_node *nodes = tree_nodes(v->tree);
	uint32_t p, i, n, end;

	if (node == TREE_ROOT || (p = layout_find(l, v->tree,
	    nodes[node].parent)) == LAYOUT_NONE)
		return LAYOUT_NONE;
	for (i = l->rects[p].child; l->rects[p].child != LAYOUT_NONE &&
	    i < l->rects[p].child + l->rects[p].nchild; i++) {
		if (!(l->rects[i].flags & LAYOUT_MERGED))
			continue;
		end = layout_run_end(l, i);
		for (n = l->rects[i].node; n != end && n != TREE_NONE;
		    n = nodes[n].next_sibling)
			if (n == node)
				return i;
	}
	return LAYOUT_NONE;
}

/*
 * The rectangle that shows node: its own, else the "+" bar it is in, else
 * the same for its nearest ancestor that is shown.
 */
uint32_t
flame_find_shown(const struct tui_view *v, uint32_t node)
{
	const struct layout *l = &v->layout;
	uint32_t i;

	if (l->nrects == 0)
		return LAYOUT_NONE;
	if (node >= tree_size(v->tree))
		node = l->zoom;
	for (; node != TREE_NONE; node = tree_node(v->tree, node)->parent)
		if ((i = layout_find(l, v->tree, node)) != LAYOUT_NONE ||
		    (i = find_merged(v, node)) != LAYOUT_NONE)
			return i;
	return l->zoom_depth;
}

/* True when a is node b or one of its ancestors. */
static int
is_ancestor(const struct tree *t, uint32_t a, uint32_t b)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t da = nodes[a].depth;

	while (nodes[b].depth > da)
		b = nodes[b].parent;
	return a == b;
}

/*
 * Select node, changing the zoom only as far as needed to draw it: out to
 * the nearest zoom node that holds it, then, when it is narrower than a
 * cell there, in to the highest of its ancestors under which it is wide
 * enough (never further than the frame itself).  Scrolling follows.
 */
int
view_flame_show(struct tui_view *v, uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(v->tree);
	uint32_t z = v->zoom, a, i;
	double w = count_value(tree_total(v->tree, v->prof, node));
	double cells = v->cols > 0 ? v->cols : 1;

	/* Ancestors of the zoom node are drawn too, full width. */
	if (!is_ancestor(v->tree, node, z))
		while (!is_ancestor(v->tree, z, node))
			z = nodes[z].parent;
	/* A margin over one cell: the layout sums widths in floating point. */
	if (z != node && !is_ancestor(v->tree, node, z) &&
	    w * cells < 1.001 * count_value(tree_total(v->tree, v->prof, z))) {
		for (a = node; nodes[a].parent != z &&
		    w * cells >= 1.001 * count_value(tree_total(v->tree,
		    v->prof, nodes[a].parent)); a = nodes[a].parent)
			;
		z = a;
	}
	v->want = node;
	if (z != v->zoom) {
		view_xform_push_zoom(v);
		v->zoom = z;
		return TUI_RELAYOUT;
	}
	i = layout_find(&v->layout, v->tree, node);
	if (i == LAYOUT_NONE)
		return TUI_RELAYOUT; /* not expected: relayout finds it */
	flame_select_rect(v, i);
	return TUI_REDRAW;
}
