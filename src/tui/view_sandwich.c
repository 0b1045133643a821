/*
 * The sandwich screen (`S` on a frame, Enter in the function table): for
 * one function F, its callers above and its callees below, F in the
 * middle (model/sandwich.h builds both halves as ordinary trees, lazily:
 * each layout is preceded by sandwich_show() for the same width and zoom,
 * which makes what that layout visits and nothing narrower).
 *
 * The screen minus the status line is cut in two: the upper half draws
 * the caller tree root at the bottom (F on the half's last line, its
 * callers above it up to the roots), the lower half the callee tree root
 * at the top (F on its first line, what it calls below), as the icicle
 * view does.  The halves' own roots are not drawn: F is the widest row of
 * each, as wide as its Total.  A half scrolls to keep the selection in
 * it; PgUp and PgDn scroll the selection's half a page, taking the
 * selection along.
 *
 * The selection is one frame in one half.  Up and Down move spatially:
 * from F up into its callers, down into its callees; Left and Right go to
 * the neighbours; Enter zooms the half to the selected frame, Backspace
 * back to F; `S` on another frame re-centres on that function; Esc
 * returns to the screen below.  Both halves are drawn by the graph's own
 * painter (tui/paint.h): the same colours (modules too: the halves keep
 * none, so each name's module kind is taken from the tree below), names
 * shortened keeping their end, --diff marks without shades, search
 * matches of the graph below highlighted.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "layout/palette.h"
#include "layout/shortname.h"
#include "model/sandwich.h"
#include "model/units.h"
#include "tui/colors.h"
#include "tui/paint.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_ESCAPE 27
#define KEY_CTRL(c) ((c) & 0x1f)

struct half {
	const struct tree *t;    /* the sandwich's */
	struct layout l;
	uint32_t zoom;           /* node of t */
	uint64_t maxdelta;       /* --diff */
	int y0, lines;           /* where the half is drawn */
	uint32_t off;            /* rows scrolled past: depths off+1.. shown */
};

struct sw_screen {
	struct tui_screen screen; /* first */
	struct tui_view *v;       /* borrowed: the graph it came from */
	struct sandwich *sw;      /* owned: both halves */
	uint32_t name;            /* F */
	struct tf_count self, total;
	struct half h[2];         /* 0: callers (above), 1: callees (below) */
	int side;                 /* the half the selection is in */
	uint32_t sel;             /* selected node of h[side].t */
	struct tui_text label, line;
	const char *msg;
	unsigned char *style;     /* owned; per name id: 0 or a style byte */
	unsigned char *modkind;   /* owned; per name id: its module's kind */
	uint32_t nnames;
};

static uint32_t max_off(const struct sw_screen *, int);
static void follow(struct sw_screen *);

static struct sw_screen *
sw_of(struct tui_screen *s)
{
	return (struct sw_screen *)(void *)s;
}

/* F's self: the sum over t's nodes named F, in the view's profile. */
static struct tf_count
self_of(const struct sw_screen *w, const struct tree *t, uint32_t name)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t n, size = tree_size(t);
	struct tf_count c = COUNT_ZERO;

	for (n = 1; n < size; n++)
		if (nodes[n].name == name)
			count_add(&c, tree_self(t, w->v->prof, n));
	return c;
}

/*
 * Note each name's module kind (kernel, JIT) from the tree below: the
 * halves keep no modules, and their names have the same ids.
 */
static void
module_kinds(struct sw_screen *w, const struct tree *t)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t n, size = tree_size(t), mk;

	free(w->style);
	free(w->modkind);
	w->nnames = strtab_count(tree_strtab_c(t));
	w->style = xcalloc((size_t)w->nnames + 1, 1);
	w->modkind = xcalloc((size_t)w->nnames + 1, 1);
	if (!tree_has_modules(t))
		return;
	for (n = 1; n < size; n++)
		if ((mk = TREE_MOD_KIND(tree_module(t, n))) != 0 &&
		    nodes[n].name < w->nnames)
			w->modkind[nodes[n].name] = (unsigned char)mk;
}

/* Build both halves for name; the selection goes to F above. */
static void
build(struct sw_screen *w, uint32_t name)
{
	const struct tree *t = w->v->fwd;
	int k;

	for (k = 0; k < 2; k++) {
		layout_free(&w->h[k].l);
		layout_init(&w->h[k].l);
	}
	sandwich_free(w->sw);
	w->name = name;
	w->sw = sandwich_new(t, name);
	for (k = 0; k < 2; k++) {
		w->h[k].t = sandwich_half(w->sw, k);
		w->h[k].zoom = TREE_ROOT;
		w->h[k].off = 0;
		if (w->v->diff)
			w->h[k].maxdelta = sandwich_maxdelta(w->sw, k);
	}
	module_kinds(w, t);
	w->self = self_of(w, t, name);
	w->total = tree_total(w->h[1].t, w->v->prof, TREE_ROOT);
	w->side = 0;
	w->sel = tree_node(w->h[0].t, TREE_ROOT)->first_child;
	if (w->sel == TREE_NONE)
		w->sel = TREE_ROOT;
}

/* Lay out both halves for the screen size. */
static void
sw_resize(struct tui_screen *s, int cols, int lines)
{
	struct sw_screen *w = sw_of(s);
	struct layout_params p;
	int area = TF_MAX(lines - 1, 2), k;

	w->h[0].y0 = 0;
	w->h[0].lines = area / 2;
	w->h[1].y0 = area / 2;
	w->h[1].lines = area - area / 2;
	if (sandwich_stale(w->sw)) /* the tree below was reloaded */
		build(w, w->name);
	for (k = 0; k < 2; k++) {
		sandwich_show(w->sw, k, w->h[k].zoom, w->v->prof, cols, 1);
		memset(&p, 0, sizeof p);
		p.zoom = w->h[k].zoom;
		p.prof = w->v->prof;
		p.width = cols;
		p.minwidth = 1;
		p.inverted = k;
		p.merge = 1;
		layout_build(&w->h[k].l, w->h[k].t, &p);
	}
	for (k = 0; k < 2; k++)
		if (w->h[k].off > max_off(w, k))
			w->h[k].off = max_off(w, k);
	follow(w);
}

/* Screen line of row depth of half k, or -1 when it is not shown. */
static int
line_of(const struct sw_screen *w, int k, uint32_t depth)
{
	const struct half *h = &w->h[k];

	if (depth <= h->off || depth - h->off > (uint32_t)h->lines)
		return -1;
	depth -= h->off;
	return k == 0 ? h->y0 + h->lines - (int)depth :
	    h->y0 + (int)depth - 1;
}

/* The largest scroll of half k that leaves no row of it empty. */
static uint32_t
max_off(const struct sw_screen *w, int k)
{
	const struct half *h = &w->h[k];
	uint32_t rows = h->l.nrows > 0 ? h->l.nrows - 1 : 0;

	return h->lines > 0 && rows > (uint32_t)h->lines ?
	    rows - (uint32_t)h->lines : 0;
}

/* Scroll the selection's half just enough to show the selection. */
static void
follow(struct sw_screen *w)
{
	struct half *h = &w->h[w->side];
	uint32_t i = layout_find(&h->l, h->t, w->sel), d;

	if (h->off > max_off(w, w->side))
		h->off = max_off(w, w->side);
	if (i == LAYOUT_NONE || h->lines <= 0)
		return;
	d = h->l.rects[i].depth;
	if (d >= 1 && d <= h->off)
		h->off = d - 1;
	else if (d > h->off + (uint32_t)h->lines)
		h->off = d - (uint32_t)h->lines;
}

/* The painter's question: how rectangle i of half k looks. */
static void
half_style(const struct painter *p, uint32_t i, struct paint_style *st)
{
	const struct sw_screen *w = p->ctx;
	int k = p->t == w->h[1].t;
	const struct layout_rect *r = &p->l->rects[i];
	uint32_t name;
	const char *s;
	size_t len;
	int64_t d;

	st->selected = k == w->side && r->node == w->sel;
	if (r->flags & LAYOUT_MERGED)
		return;
	name = tree_node(p->t, r->node)->name;
	st->match = w->v->search.re != NULL && w->v->search.marks[name];
	if (w->v->diff) {
		d = diff_delta(p->t, r->node, w->v->negate);
		paint_use_style(st, paint_diff_style(d, w->h[k].maxdelta));
		if (colors_mode() != COLORS_256)
			st->mark = paint_diff_mark(d);
	} else if (name < w->nnames) {
		if (w->style[name] == 0) {
			s = tree_name(p->t, r->node, &len);
			w->style[name] = paint_name_style(s, len,
			    w->modkind[name]);
		}
		paint_use_style(st, w->style[name]);
	}
	if (st->match)
		st->role = COLORS_MATCH;
	else if (r->flags & LAYOUT_ANCESTOR)
		st->role = COLORS_ANCESTOR;
}

/* Draw the rows of half k that fit in it. */
static void
draw_half(struct sw_screen *w, int k)
{
	struct painter p = {&w->h[k].l, w->h[k].t, w->screen.cols,
	    half_style, w, &w->label};
	uint32_t d;
	int y;

	for (d = 1; d < w->h[k].l.nrows; d++)
		if ((y = line_of(w, k, d)) >= 0)
			paint_row(&p, d, y);
}

/* share of c in all, in percent. */
static double
share(struct tf_count c, struct tf_count all)
{
	double a = count_value(all);

	return a > 0 ? count_value(c) * 100 / a : 0;
}

/*
 * Append name[0..len) to w->line in at most max columns (TEXT_ALL: whole),
 * shortened keeping its end (text_shorten()).
 */
static void
put_name(struct sw_screen *w, const char *name, size_t len, size_t max,
    int cols)
{
	name = text_shorten(name, len, max, &len);
	text_append(&w->line, name, len, w->line.cols + (size_t)cols);
}

/*
 * The status line: "[sandwich] F  self X (p%)  total Y (q%)  callers:
 * SEL Z (r%)", the weights in their unit (model/units.h) as on the
 * graph's status line.  When it is wider than the screen the names give
 * way, never the figures (an 80-column screen keeps them all):
 * "[sandwich] " goes first, then F's and SEL's names are shortened from
 * the left, sharing what is left.  On a screen too narrow for the figures
 * themselves the line is cut.
 */
static void
sw_status(struct sw_screen *w, int cols)
{
	struct tf_count all = tree_total(w->v->fwd, w->v->prof, TREE_ROOT);
	char fig[2 * COUNT_BUFSZ + 96], fig2[COUNT_BUFSZ + 48];
	char a[COUNT_BUFSZ], b[COUNT_BUFSZ];
	const struct tree *t = w->h[w->side].t;
	const char *prefix = "[sandwich] ", *fname, *sname = NULL;
	size_t flen, slen = 0, c1, c2 = 0, avail, m1 = TEXT_ALL, m2 = TEXT_ALL;
	size_t fixed, half;
	struct tf_units u;

	units_of_tree(&u, w->v->fwd, w->v->prof, w->v->svg.opts.event,
	    w->v->svg.opts.countname);
	units_weight(a, sizeof a, &u, w->self);
	units_weight(b, sizeof b, &u, w->total);
	snprintf(fig, sizeof fig, "  self %s (%.2f%%)  total %s (%.2f%%)  %s",
	    a, share(w->self, all), b, share(w->total, all),
	    w->side == 0 ? "callers" : "callees");
	fig2[0] = '\0';
	/* F itself (the first level): its total is said above. */
	if (w->sel != TREE_ROOT && tree_node(t, w->sel)->depth > 1) {
		units_weight(a, sizeof a, &u, tree_total(t, w->v->prof, w->sel));
		snprintf(fig2, sizeof fig2, " %s (%.2f%%)", a,
		    share(tree_total(t, w->v->prof, w->sel), all));
	}
	fname = strtab_get(tree_strtab_c(w->v->fwd), w->name, &flen);
	c1 = shortname_cols(fname, flen);
	if (w->sel != TREE_ROOT) {
		sname = tree_name(t, w->sel, &slen);
		c2 = shortname_cols(sname, slen);
	}
	fixed = strlen(fig) + (sname != NULL ? 2 + strlen(fig2) : 0);
	/* Too narrow for the figures with names of 4 columns: cut at the
	 * right, as it comes. */
	avail = (size_t)cols > fixed + 8 ? (size_t)cols - fixed : 0;
	if (avail > 0 && c1 + c2 + strlen(prefix) > avail)
		prefix = "";
	if (avail > 0 && c1 + c2 > avail) {
		half = sname != NULL ? avail / 2 : avail;
		if (sname == NULL)
			m1 = avail;
		else if (c1 <= half)
			m2 = avail - c1;
		else if (c2 <= avail - half)
			m1 = avail - c2;
		else {
			m1 = half;
			m2 = avail - half;
		}
	}
	text_set_ascii(&w->line, prefix);
	put_name(w, fname, flen, m1, cols);
	text_append_ascii(&w->line, fig);
	if (sname != NULL) {
		text_append_ascii(&w->line, ": ");
		put_name(w, sname, slen, m2, cols);
		text_append_ascii(&w->line, fig2);
	}
}

/* Paint both halves and the status line. */
static void
sw_draw(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	int x;

	draw_half(w, 0);
	draw_half(w, 1);
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (w->msg != NULL) {
		text_set_ascii(&w->line, w->msg);
		w->msg = NULL;
	} else
		sw_status(w, s->cols);
	x = text_draw(&w->line, s->lines - 1, 0, 0, s->cols);
	for (; x < s->cols; x++)
		mvaddch(s->lines - 1, x, ' ');
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

/* The rectangle of the selection, or LAYOUT_NONE. */
static uint32_t
sel_rect(const struct sw_screen *w)
{
	return layout_find(&w->h[w->side].l, w->h[w->side].t, w->sel);
}

/* Select rectangle i of the current half (LAYOUT_NONE: stay). */
static int
go(struct sw_screen *w, uint32_t i)
{
	const struct layout *l = &w->h[w->side].l;

	if (i == LAYOUT_NONE || l->rects[i].node == TREE_ROOT)
		return TUI_REDRAW;
	w->sel = l->rects[i].node;
	follow(w);
	return TUI_REDRAW;
}

/*
 * Scroll the selection's half by a page (pages > 0: away from F), and
 * bring the selection along: to the frame at its place on the row at
 * the edge it left by (its caller or callee there, as rows nest).
 */
static int
page(struct sw_screen *w, int pages)
{
	struct half *h = &w->h[w->side];
	const struct layout *l = &h->l;
	uint32_t step = h->lines > 1 ? (uint32_t)h->lines - 1 : 1;
	uint32_t i = layout_find(l, h->t, w->sel), d, to, j;
	uint32_t old = h->off, top = max_off(w, w->side);

	if (pages > 0)
		h->off = top > h->off && top - h->off > step ? h->off + step :
		    TF_MAX(top, h->off);
	else
		h->off = h->off > step ? h->off - step : 0;
	if (h->off == old || i == LAYOUT_NONE)
		return TUI_REDRAW;
	d = l->rects[i].depth;
	if (d > h->off && d <= h->off + (uint32_t)h->lines)
		return TUI_REDRAW;
	to = d <= h->off ? h->off + 1 : h->off + (uint32_t)h->lines;
	if (to >= l->nrows)
		return TUI_REDRAW;
	j = layout_at(l, to, l->rects[i].x + l->rects[i].w / 2);
	if (j == LAYOUT_NONE || (l->rects[j].flags & LAYOUT_MERGED))
		j = l->row_start[to];
	if (j < l->row_start[to + 1] && l->rects[j].node != TREE_ROOT &&
	    !(l->rects[j].flags & LAYOUT_MERGED))
		w->sel = l->rects[j].node;
	return TUI_REDRAW;
}

/* PgUp: the upper half shows further callers, the lower half nearer F. */
static int
act_pgup(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);

	return page(w, w->side == 0 ? 1 : -1);
}

/* PgDn: the mirror of PgUp. */
static int
act_pgdn(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);

	return page(w, w->side == 0 ? -1 : 1);
}

/* F's rectangle in half k. */
static uint32_t
f_rect(const struct sw_screen *w, int k)
{
	uint32_t f = tree_node(w->h[k].t, TREE_ROOT)->first_child;

	return f == TREE_NONE ? LAYOUT_NONE :
	    layout_find(&w->h[k].l, w->h[k].t, f);
}

/* Up: callers get further from F above; in the callees, towards F. */
static int
act_up(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	uint32_t i = sel_rect(w), p;

	if (i == LAYOUT_NONE)
		return TUI_REDRAW;
	if (w->side == 0)
		return go(w, layout_child(&w->h[0].l, i));
	p = layout_parent(&w->h[1].l, i);
	if (p == LAYOUT_NONE || w->h[1].l.rects[p].node == TREE_ROOT) {
		/* From F (or the zoomed top) into the callers. */
		w->side = 0;
		return go(w, f_rect(w, 0));
	}
	return go(w, p);
}

/* Down: the mirror of Up. */
static int
act_down(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	uint32_t i = sel_rect(w), p;

	if (i == LAYOUT_NONE)
		return TUI_REDRAW;
	if (w->side == 1)
		return go(w, layout_child(&w->h[1].l, i));
	p = layout_parent(&w->h[0].l, i);
	if (p == LAYOUT_NONE || w->h[0].l.rects[p].node == TREE_ROOT) {
		w->side = 1;
		return go(w, f_rect(w, 1));
	}
	return go(w, p);
}

static int
act_left(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	uint32_t i = sel_rect(w);

	return i == LAYOUT_NONE ? TUI_REDRAW :
	    go(w, layout_left(&w->h[w->side].l, i));
}

static int
act_right(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	uint32_t i = sel_rect(w);

	return i == LAYOUT_NONE ? TUI_REDRAW :
	    go(w, layout_right(&w->h[w->side].l, i));
}

/* Enter: zoom the half to the selected frame. */
static int
act_zoom(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);

	w->h[w->side].zoom = w->sel;
	return TUI_RELAYOUT;
}

/* Backspace: both halves back to F. */
static int
act_unzoom(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);

	w->h[0].zoom = w->h[1].zoom = TREE_ROOT;
	return TUI_RELAYOUT;
}

/* S: the sandwich of the selected frame's function. */
static int
act_recentre(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);

	if (w->sel == TREE_ROOT)
		return TUI_REDRAW;
	build(w, tree_node(w->h[w->side].t, w->sel)->name);
	return TUI_RELAYOUT;
}

static int
act_close(struct tui_screen *s)
{
	(void)s;
	return TUI_CLOSE | TUI_RELAYOUT;
}


static const struct tui_binding bindings[] = {
	{"Up    k", "callers: the widest caller; callees: towards F, then "
	    "into the callers", act_up, {KEY_UP, 'k', 0}},
	{"Down  j", "callees: the widest callee; callers: towards F, then "
	    "into the callees", act_down, {KEY_DOWN, 'j', 0}},
	{"Left  h", "select the frame to the left", act_left,
	    {KEY_LEFT, 'h', 0}},
	{"Right l", "select the frame to the right", act_right,
	    {KEY_RIGHT, 'l', 0}},
	{"PgUp PgDn", "scroll the selection's half a page up / down",
	    act_pgup, {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", act_pgdn, {KEY_NPAGE, KEY_CTRL('F'), 0}},
	{"Enter", "zoom this half to the selected frame", act_zoom,
	    {'\n', '\r', KEY_ENTER, 0}},
	{"Bksp  u", "both halves back to F", act_unzoom,
	    {KEY_BACKSPACE, 127, KEY_CTRL('H'), 'u', 0}},
	{"S", "the sandwich of the selected frame's function",
	    act_recentre, {'S', 0}},
	{"Esc", "back to where you came from", act_close, {KEY_ESCAPE, 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"q Ctrl-C", "quit", screen_quit, {'q', KEY_CTRL('C'), 0}},
};

static const char *const legend[] = {
	"Above: F's callers, merged over every stack that contains F, up to",
	"the roots; below: what F calls, merged the same way.  A stack with F",
	"more than once is split at its outermost F, so F is as wide as its",
	"Total in both halves.  Colours as in the graph.",
};

static void
sw_free(struct tui_screen *s)
{
	struct sw_screen *w = sw_of(s);
	int k;

	for (k = 0; k < 2; k++)
		layout_free(&w->h[k].l);
	sandwich_free(w->sw);
	text_free(&w->label);
	text_free(&w->line);
	free(w->style);
	free(w->modkind);
	free(w);
}

static const struct tui_screen_ops sandwich_ops = {
	.name = "sandwich",
	.resize = sw_resize,
	.draw = sw_draw,
	.key = screen_key,
	.quits = screen_quits,
	.free = sw_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* Push the sandwich of name (a strtab id of v's trees) over the top. */
void
view_sandwich_push(struct tui_view *v, uint32_t name)
{
	struct sw_screen *w = xcalloc(1, sizeof *w);

	w->screen.ops = &sandwich_ops;
	w->v = v;
	layout_init(&w->h[0].l);
	layout_init(&w->h[1].l);
	text_init(&w->label);
	text_init(&w->line);
	build(w, name);
	screen_push(v->screen.stack, &w->screen);
}

/* `S` in the graph: the sandwich of the selected frame's function. */
int
view_sandwich_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);

	if (v->sel == TREE_ROOT) {
		v->msg = "Select a frame first: the root is no function.";
		return TUI_REDRAW;
	}
	view_sandwich_push(v, tree_node(v->tree, v->sel)->name);
	return TUI_REDRAW;
}
