/*
 * How the graph screen looks (view_flame.c draws with it): each
 * rectangle's palette family and shade from its name and module, or its
 * --diff red or blue; the match, ancestor and selection roles; and the
 * folds' lines.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "diff/diff.h"
#include "layout/layout.h"
#include "layout/palette.h"
#include "tui/colors.h"
#include "tui/flame.h"
#include "tui/paint.h"
#include "tui/text.h"
#include "tui/view.h"

/*
 * Differential style of node: red or blue by its own change (self AFTER -
 * self BEFORE), the shade against the largest change in the tree shown.
 */
static unsigned char
diff_style(struct tui_view *v, uint32_t node)
{
	if (v->maxdelta_of != v->tree) {
		v->maxdelta = diff_maxdelta(v->tree);
		v->maxdelta_of = v->tree;
	}
	return paint_diff_style(diff_delta(v->tree, node, v->negate),
	    v->maxdelta);
}

/*
 * Palette family and shade of node, computed once per name; the family
 * of a user frame from its module when that is kernel or JIT.
 */
static unsigned char
node_style(struct tui_view *v, uint32_t node)
{
	uint32_t name = tree_node(v->tree, node)->name;
	const char *s;
	size_t len;
	enum palette_family f;
	unsigned char st;

	if (v->diff)
		return diff_style(v, node);
	if (v->style[name] == 0) {
		s = tree_name(v->tree, node, &len);
		v->style[name] = paint_name_style(s, len, 0);
	}
	if (v->svg.opts.colors == PALETTE_CHAIN)
		return paint_chain_style(&v->chain, v->tree, node,
		    v->style[name]);
	st = v->style[name];
	/* A user frame's module may say kernel or JIT (perf's DSO). */
	if (((st >> 3) & 0x7) == PALETTE_USER) {
		f = palette_module_family(TREE_MOD_KIND(tree_module(v->tree,
		    node)));
		if (f != PALETTE_USER)
			st = (unsigned char)((st & ~0x38u) | (unsigned)f << 3);
	}
	/* Frames only off the CPU (--off-cpu, --hot-cold) are blue. */
	return paint_cold_style(&v->cold, v->tree, v->prof, node, st);
}

/* The painter's question: how rectangle i of the graph looks. */
void
flame_paint_style(const struct painter *p, uint32_t i, struct paint_style *st)
{
	struct tui_view *v = p->ctx;
	const struct layout_rect *r = &v->layout.rects[i];

	st->selected = i == v->sel_rect;
	if (r->flags & LAYOUT_MERGED)
		return;
	st->match = view_is_match(v, r->node);
	if (st->match)
		st->role = COLORS_MATCH;
	else if (r->flags & LAYOUT_ANCESTOR)
		st->role = COLORS_ANCESTOR;
	else
		paint_use_style(st, node_style(v, r->node));
	if (v->diff && colors_mode() != COLORS_256)
		st->mark = paint_diff_mark(diff_delta(v->tree, r->node,
		    v->negate));
}

/*
 * Draw the fold on picture line line ("... N callers", or the trunk's
 * "\u2026 N frames") on screen line y, full width.
 */
void
flame_draw_fold(struct tui_view *v, long line, int y)
{
	char buf[64];
	uint32_t f = flame_folded_rows(v);
	int trunk = flame_is_trunk_line(v, line), selected;

	selected = trunk ? flame_in_trunk(v) : v->sel_rect != LAYOUT_NONE &&
	    v->layout.rects[v->sel_rect].depth < f;
	colors_use(selected ? COLORS_SELECTED : COLORS_ANCESTOR,
	    PALETTE_USER, 0);
	paint_fill(y, 0, v->cols, ' ');
	if (trunk) {
		/* Our own text: text_ellipsis() is ".." where "\u2026" is not. */
		snprintf(buf, sizeof buf, "%s %lu frames (Enter, e: unfold)",
		    text_ellipsis(), (unsigned long)v->trunk_n);
		text_set(&v->label, buf, strlen(buf), TEXT_ALL);
	} else {
		snprintf(buf, sizeof buf, "... %lu caller%s",
		    (unsigned long)f, f == 1 ? "" : "s");
		text_set_ascii(&v->label, buf);
	}
	text_draw_label(&v->label, y, 0, v->cols);
}
