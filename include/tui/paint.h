/*
 * The flame painter: the rectangles of a layout (layout/layout.h) as
 * cells of the screen, one row at a time, for every screen that draws
 * frames (the graph, both halves of the sandwich).  The caller says
 * which screen line shows which row and, through a style callback, what
 * each rectangle looks like (selected, a match, dimmed, its colour, a
 * --diff mark); the painter does the rest the same way everywhere: the
 * bars with their one-cell gap, the "+" bars of merged frames, names
 * shortened keeping their end (layout/shortname.h), the "+grew",
 * "-shrank" marks of --diff without shades, and the selected match
 * underlined.
 *
 * The colour rule of a frame is here too (paint_name_style(),
 * paint_diff_style()), as a style byte: 0x80 | family << 3 | shade.
 */
#ifndef TFLAME_TUI_PAINT_H
#define TFLAME_TUI_PAINT_H

#include <stddef.h>
#include <stdint.h>

#include "layout/layout.h"
#include "model/tree.h"
#include "tui/colors.h"
#include "tui/text.h"

/* What one rectangle looks like; the callback fills it in. */
struct paint_style {
	enum colors_role role;      /* COLORS_FRAME, _MATCH, _ANCESTOR... */
	enum palette_family family; /* with COLORS_FRAME */
	unsigned shade;
	int selected;               /* the selection */
	int match;                  /* matches the search */
	char mark;                  /* before the name: '+', '-', '=', or 0 */
};

struct painter;
typedef void paint_style_fn(const struct painter *p, uint32_t i,
    struct paint_style *st);

struct painter {
	const struct layout *l;
	const struct tree *t;    /* the tree l was laid out from */
	int cols;                /* the screen's width */
	paint_style_fn *style;
	void *ctx;               /* the callback's */
	struct tui_text *label;  /* scratch */
};

/* Paint the rectangles of row depth of p->l on screen line y. */
void paint_row(const struct painter *p, uint32_t depth, int y);

/* Paint n cells from (y, x) with c in the current attributes. */
void paint_fill(int y, int x, int n, int c);

/* Style byte of a frame named s[0..len) in a module of kind modkind. */
unsigned char paint_name_style(const char *s, size_t len, unsigned modkind);

/* Style byte of a --diff frame that changed by delta (largest: maxdelta). */
unsigned char paint_diff_style(int64_t delta, uint64_t maxdelta);

/* The mark of a --diff frame that changed by delta: '+', '-' or '='. */
char paint_diff_mark(int64_t delta);

/* Set st's colour from a style byte. */
void paint_use_style(struct paint_style *st, unsigned char style);

/* --colors=chain: which nodes of a tree are a waker's (below "--"). */
struct paint_chain {
	unsigned char *marks;  /* owned; per node: 1 below a "--" frame */
	const struct tree *t;  /* the tree marked, and its size then */
	uint32_t n;
	int any;               /* paint_cold_style(): a node is marked */
};

/*
 * The style of node of t with --colors=chain, from its name's style
 * (shade kept): the waker's frames aqua, the target's blue, "-" and "--"
 * grey.  The marks are made again when t or its size changed.
 */
unsigned char paint_chain_style(struct paint_chain *c, const struct tree *t,
    uint32_t node, unsigned char style);

/*
 * The style of node of t in profile prof in a graph with off-CPU frames
 * (--off-cpu, --hot-cold): a frame whose every line ends off the CPU is
 * blue (palette_cold_marks()), the others keep style.  c caches the
 * marks as paint_chain_style() does.
 */
unsigned char paint_cold_style(struct paint_chain *c, const struct tree *t,
    int prof, uint32_t node, unsigned char style);

/* Free the marks. */
void paint_chain_free(struct paint_chain *c);

#endif
