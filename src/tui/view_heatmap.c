/*
 * The heat map screen (`H` from the graph): FlameScope's sub-second
 * map of the samples (model/heatmap.h), a cell cursor, and the time range
 * every other view then shows.
 *
 *	Heat map  60 s  20 ms rows  linear  (time runs up; ? help)
 *	 all ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀     the samples of each column
 *	 960 ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀     a line: two cell rows, the upper
 *	   0 ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀     half block the upper row's colour
 *	   s 0    5    10   15   20       on the lower row's; the range
 *	          ━━━━━━━                 picked; the status line
 *
 * The grouping (seconds a column, rows a cell row) is model/heatgrid.h's.
 * A white-to-red ramp in 256 colours (two cell rows a line); with 8
 * colours or none the characters " .:-=+*#%@", a cell row a line.
 * Enter marks the start cell, Enter again the end: the graph below then
 * shows that range (its history's original becomes the range's tree,
 * view_xform_rebase()) and the map gives way to it.  b marks a baseline
 * the next range is drawn against (--diff's colours); B the range against
 * the rest, normalised; / tints the cells holding matches, magenta.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "diff/diff.h"
#include "model/heatgrid.h"
#include "model/heatmap.h"
#include "model/timerange.h"
#include "model/timeview.h"
#include "tui/colors.h"
#include "tui/heat.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27
#define FAR (1 << 30)  /* a move past either end (g, G) */

static struct heat *
heat_of(struct tui_screen *s)
{
	return (struct heat *)(void *)s;
}

/*
 * The match bytes of the loaded tree's stacks for the graph's search
 * (NULL: no search).
 */
static uint8_t *
match_bytes(const struct tui_view *v)
{
	const struct tree *t = v->time->loaded;
	const struct tree_node *nodes = tree_nodes(t);
	const unsigned char *marks = v->search.marks;
	uint32_t n = tree_size(t), i;
	uint8_t *m;

	if (v->search.re == NULL || marks == NULL)
		return NULL;
	m = xcalloc(n, 1);
	for (i = 1; i < n; i++)
		m[i] = marks[nodes[i].name] || m[nodes[i].parent];
	return m;
}

/* Build the map again when the idle choice or the search changed. */
static void
build(struct heat *h)
{
	struct timeview *tv = h->tv;
	uint8_t *match;

	if (h->g.hm.cell != NULL && h->built_idle == tv->show_idle)
		return;
	if (h->g.hm.cell == NULL && tv->grid.hm.cell != NULL &&
	    tv->grid_idle == tv->show_idle &&
	    tv->grid_marks == (const void *)h->v->search.marks) {
		/* Kept from the last time, or made ahead: no sample read. */
		h->g = tv->grid;
		memset(&tv->grid, 0, sizeof tv->grid);
		h->built_idle = tv->show_idle;
		return;
	}
	match = match_bytes(h->v);
	heatgrid_build(&h->g, tv->store, h->rows, heat_idle_skip(tv), match,
	    tree_size(tv->loaded));
	free(match);
	h->built_idle = tv->show_idle;
	h->top_cx = -1;
}

/* Keep the cursor cell's time for a regrouping and the next opening. */
static void
keep_cursor(struct heat *h)
{
	if (h->g.val == NULL || h->g.nsec == 0)
		return;
	h->tv->cursor_t = heatgrid_time(&h->g, h->cx, h->cy, 0);
	h->tv->cursor_on = 1;
}

/* Scroll so that the cursor's column shows. */
static void
follow(struct heat *h)
{
	if (h->cx < h->first)
		h->first = h->cx;
	if (h->cx >= h->first + h->width)
		h->first = h->cx - h->width + 1;
}

void
heat_resize(struct tui_screen *s, int cols, int lines)
{
	struct heat *h = heat_of(s);
	int avail = TF_MAX(cols - HEAT_LABEL_W, 1), per;

	keep_cursor(h);
	build(h);
	h->half = heat_half_blocks();
	h->rgb = heat_true_colour();
	per = h->half ? 2 : 1;
	/* Title, totals, axis, range, status: the rest is the map. */
	heatgrid_fit(&h->g, avail, TF_MAX(lines - 5, 1) * per);
	h->lmap = (h->g.ncy + per - 1) / per;
	h->ytop = 2;
	h->width = avail;
	if (h->tv->cursor_on)
		heatgrid_at(&h->g, h->tv->cursor_t, &h->cx, &h->cy);
	h->cx = TF_MAX(0, TF_MIN(h->cx, h->g.ncx - 1));
	h->cy = TF_MAX(0, TF_MIN(h->cy, h->g.ncy - 1));
	follow(h);
	h->top_cx = -1;
}

/* Move the cursor by (dx, dy), kept on the map and on the screen. */
static int
move_by(struct heat *h, int dx, int dy)
{
	h->cx = TF_MAX(0, TF_MIN(h->cx + dx, h->g.ncx - 1));
	h->cy = TF_MAX(0, TF_MIN(h->cy + dy, h->g.ncy - 1));
	follow(h);
	keep_cursor(h);
	return TUI_REDRAW;
}

static int act_left(struct tui_screen *s) { return move_by(heat_of(s), -1, 0); }
static int act_right(struct tui_screen *s) { return move_by(heat_of(s), 1, 0); }
static int act_up(struct tui_screen *s) { return move_by(heat_of(s), 0, 1); }
static int act_down(struct tui_screen *s) { return move_by(heat_of(s), 0, -1); }

static int
act_first(struct tui_screen *s)
{
	return move_by(heat_of(s), -FAR, 0);
}

static int
act_last(struct tui_screen *s)
{
	return move_by(heat_of(s), FAR, 0);
}

/*
 * Show [t0, t1) (vs_rest: against the rest, normalised) in the graph.
 * Returns reaction flags.
 */
static int
show_range(struct heat *h, int64_t t0, int64_t t1, int vs_rest)
{
	struct timeview *tv = h->tv;
	struct tree *old = timeview_detach(tv), *t;

	/* The graph reads the old tree until it has the new one. */
	if ((t = timeview_pick(tv, t0, t1, vs_rest)) == NULL) {
		h->msg = "An empty range: nothing to show.";
		tv->tree = old;
		return TUI_REDRAW;
	}
	if (vs_rest && diff_normalize(t) != 0)
		h->msg = "The rest of the recording is empty.";
	view_xform_rebase(h->v, t);
	tree_free(old);
	return TUI_REDRAW;
}

/* Enter: the start cell, then the end cell (either order). */
static int
act_mark(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	int64_t t0, t1;
	int ax = h->mx, ay = h->my, bx = h->cx, by = h->cy;

	if (!h->marking) {
		h->marking = 1;
		h->mx = h->cx;
		h->my = h->cy;
		return TUI_REDRAW;
	}
	h->marking = 0;
	if (bx < ax || (bx == ax && by < ay)) {
		ax = h->cx;
		ay = h->cy;
		bx = h->mx;
		by = h->my;
	}
	t0 = heatgrid_time(&h->g, ax, ay, 0);
	t1 = heatgrid_time(&h->g, bx, by, 1);
	show_range(h, t0, t1, 0);
	return TUI_CLOSE; /* the graph, of the range */
}

/* Esc: drop the mark, else the range, else back to the graph. */
static int
act_escape(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	struct tree *old;

	if (h->marking) {
		h->marking = 0;
		return TUI_REDRAW;
	}
	if (!h->tv->on)
		return TUI_CLOSE;
	old = timeview_detach(h->tv);
	timeview_clear(h->tv);
	view_xform_rebase(h->v, NULL);
	tree_free(old); /* read until the graph let it go */
	h->msg = "Range dropped: every view shows the whole recording.";
	return TUI_REDRAW;
}

static int act_back(struct tui_screen *s) { (void)s; return TUI_CLOSE; }

/* [ ]: the range moved by its width. */
static int
shift(struct heat *h, int dir)
{
	struct timeview *tv = h->tv;
	int64_t w = tv->t1 - tv->t0;

	if (!tv->on) {
		h->msg = "No range: Enter marks its start, Enter its end.";
		return TUI_REDRAW;
	}
	if ((dir < 0 && tv->t0 <= tv->tmin) || (dir > 0 && tv->t1 > tv->tmax)) {
		h->msg = dir < 0 ? "The range is at the start." :
		    "The range is at the end.";
		return TUI_REDRAW;
	}
	return show_range(h, tv->t0 + dir * w, tv->t1 + dir * w, tv->vs_rest);
}

static int act_prev(struct tui_screen *s) { return shift(heat_of(s), -1); }
static int act_next(struct tui_screen *s) { return shift(heat_of(s), 1); }

/* i: idle samples in the map and the trees, or not. */
static int
act_idle(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	struct timeview *tv = h->tv;

	if (tv->nidle == 0) {
		h->msg = "No idle samples (swapper in an idle loop) here.";
		return TUI_REDRAW;
	}
	tv->show_idle = !tv->show_idle;
	if (tv->on)
		show_range(h, tv->t0, tv->t1, tv->vs_rest);
	return TUI_RELAYOUT;
}

static int
act_log(struct tui_screen *s)
{
	heat_of(s)->logscale = !heat_of(s)->logscale;
	return TUI_REDRAW;
}

/*
 * b: the range becomes the baseline; b on the baseline itself, or with
 * no range, drops it.
 */
static int
act_base(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	struct timeview *tv = h->tv;

	if (tv->base_on && (!tv->on || (tv->b0 == tv->t0 &&
	    tv->b1 == tv->t1))) {
		tv->base_on = 0;
		h->msg = "Baseline dropped.";
		return tv->on ? show_range(h, tv->t0, tv->t1, 0) : TUI_REDRAW;
	}
	if (!tv->on) {
		h->msg = "b: pick a range first (Enter, Enter).";
		return TUI_REDRAW;
	}
	tv->base_on = 1;
	tv->b0 = tv->t0;
	tv->b1 = tv->t1;
	h->msg = "Baseline marked: the next range is drawn against it "
	    "(red: more, blue: less; b again: no baseline).";
	return TUI_REDRAW;
}

/* B: the range against the rest of the recording, normalised (or not). */
static int
act_rest(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	struct timeview *tv = h->tv;

	if (!tv->on) {
		h->msg = "B: pick a range first (Enter, Enter).";
		return TUI_REDRAW;
	}
	show_range(h, tv->t0, tv->t1, !tv->vs_rest);
	return h->msg != NULL ? TUI_REDRAW : TUI_CLOSE;
}

/* /: a search, as the graph's (its history), tinting the map. */
static int
act_search(struct tui_screen *s)
{
	struct heat *h = heat_of(s);

	prompt_open(h->prompt);
	return TUI_REDRAW;
}

/* A key of the open search prompt. */
static int
search_key(struct heat *h, int key)
{
	struct tui_view *v = h->v;
	enum prompt_event e = prompt_key(h->prompt, key);

	if (e == PROMPT_ENTER) {
		prompt_history_add(h->prompt, h->prompt->buf, h->prompt->len);
		view_search_apply(v, h->prompt->buf, h->prompt->len, 0);
		heatgrid_free(&h->g); /* built again with the matches */
		h->msg = v->msg; /* a bad pattern: said here (static text or
		                    v->msgbuf, which outlives the map) */
		v->msg = NULL;
		return TUI_RELAYOUT;
	}
	return TUI_REDRAW;
}

/*
 * t S r: close the map and run fn on the graph below (the map is freed:
 * nothing of it is touched after).
 */
static int
on_graph(struct heat *h, int (*fn)(struct tui_screen *))
{
	struct tui_view *v = h->v;

	screen_pop(v->screen.stack);
	return fn(&v->screen) | TUI_REDRAW;
}

static int act_table(struct tui_screen *s)
{ return on_graph(heat_of(s), view_table_open); }
static int act_reverse(struct tui_screen *s)
{ return on_graph(heat_of(s), view_reverse_toggle); }
static int act_order(struct tui_screen *s) /* O: the time order */
{ return on_graph(heat_of(s), view_timeorder_open); }

/* S: the sandwich of the cursor cell's top function, in the range. */
static int
act_sandwich(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	struct tui_view *v = h->v;
	uint32_t name;

	if (heatgrid_val(&h->g, h->cx, h->cy) == 0) {
		h->msg = "S: no samples in this cell (move to a red one).";
		return TUI_REDRAW;
	}
	heat_find_top(h);
	if (h->top == TREE_NONE)
		return TUI_REDRAW;
	name = tree_node(h->tv->loaded, h->top)->name;
	screen_pop(v->screen.stack);
	view_sandwich_push(v, name);
	return TUI_REDRAW;
}

/*
 * The map's cell under screen cell (x, y): 1, or 0 off the map.  With
 * half blocks a line holds two cell rows: the lower one (earlier in the
 * second), unless the cursor is on the upper one there already.
 */
static int
cell_at(const struct heat *h, int x, int y, int *cx, int *cy)
{
	int per = h->half ? 2 : 1, i = h->ytop + h->lmap - 1 - y;

	if (x < HEAT_LABEL_W || x >= HEAT_LABEL_W + h->width ||
	    i < 0 || i >= h->lmap)
		return 0;
	*cx = h->first + x - HEAT_LABEL_W;
	*cy = i * per;
	if (*cx >= h->g.ncx || *cy >= h->g.ncy)
		return 0;
	if (per == 2 && *cx == h->cx && h->cy == *cy + 1)
		*cy = h->cy;
	return 1;
}

/* The cursor to cell (cx, cy). */
static int
move_to(struct heat *h, int cx, int cy)
{
	return move_by(h, cx - h->cx, cy - h->cy);
}

/*
 * A mouse event: a click moves the cursor to the cell, a click on the
 * cursor's cell is Enter (so a double click marks the range's start,
 * another its end); a press on one cell and a release on another picks
 * the range between them (a drag); the wheel moves the cursor a second.
 */
static int
act_mouse(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	MEVENT ev;
	int cx, cy;

	if (getmouse(&ev) != OK)
		return 0;
	if (ev.bstate & (BUTTON4_PRESSED | BUTTON5_PRESSED))
		return move_by(h, ev.bstate & BUTTON4_PRESSED ? -1 : 1, 0);
	if (!cell_at(h, ev.x, ev.y, &cx, &cy)) {
		h->pressed = 0;
		return 0;
	}
	if (ev.bstate & BUTTON1_PRESSED) {
		h->pressed = 1;
		h->px = cx;
		h->py = cy;
		if (cx == h->cx && cy == h->cy)
			return act_mark(s);
		return move_to(h, cx, cy);
	}
	if (!(ev.bstate & BUTTON1_RELEASED) || !h->pressed)
		return 0;
	h->pressed = 0;
	if (cx == h->px && cy == h->py)
		return 0; /* a click: its press did it */
	/* A drag: from the press's cell to here. */
	h->marking = 1;
	h->mx = h->px;
	h->my = h->py;
	move_to(h, cx, cy);
	return act_mark(s);
}

static const struct tui_binding bindings[] = {
	{"Arrows hjkl", "move the cell cursor (up: later in the second)",
	    act_left, {KEY_LEFT, 'h', 0}},
	{"", "", act_right, {KEY_RIGHT, 'l', 0}},
	{"", "", act_up, {KEY_UP, 'k', 0}},
	{"", "", act_down, {KEY_DOWN, 'j', 0}},
	{"g G", "to the first / last second (also Home, End)", act_first,
	    {'g', KEY_HOME, 0}},
	{"", "", act_last, {'G', KEY_END, 0}},
	{"Enter", "mark the range's start, then its end: every view shows "
	    "that range", act_mark, {'\n', '\r', KEY_ENTER, 0}},
	{"Esc", "drop the range (no range: back to the graph)", act_escape,
	    {KEY_ESCAPE, 0}},
	{"[ ]", "move the range back / on by its width", act_prev, {'[', 0}},
	{"", "", act_next, {']', 0}},
	{"b B", "mark the range as baseline (the next range is compared "
	    "with it) / compare the range with the rest", act_base, {'b', 0}},
	{"", "", act_rest, {'B', 0}},
	{"i", "show idle samples (swapper's idle loops), or leave them out",
	    act_idle, {'i', 0}},
	{"L", "logarithmic scale, or linear", act_log, {'L', 0}},
	{"/", "search: tint the cells by the share of samples matching",
	    act_search, {'/', 0}},
	{"t S r", "the function table / the cursor cell's top function's "
	    "sandwich / the reverse view, for the range", act_table, {'t', 0}},
	{"", "", act_sandwich, {'S', 0}},
	{"", "", act_reverse, {'r', 0}},
	{"O", "the time order (flame chart) of the range", act_order, {'O', 0}},
	{"Mouse", "click: the cell, click it again: as Enter; drag: a range; "
	    "wheel: a second back / on", act_mouse, {KEY_MOUSE, 0}},
	{"H q", "back to the graph", act_back, {'H', 'q', 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"Ctrl-C", "quit", screen_quit, {KEY_CTRL('C'), 0}},
};

static const char *legend[] = {
	"A column is a second (or 2, 5, 10...: the title says), running up in",
	"rows of 1/rows s (--rows).  White: few samples, red: many (without 256",
	"colours: . : - = + * # % @).  Seconds count as --time's do.",
};

static int
heat_key(struct tui_screen *s, int key)
{
	struct heat *h = heat_of(s);
	int flags = 0;

	if (h->msg != NULL) {
		h->msg = NULL;
		flags = TUI_REDRAW;
	}
	if (h->prompt->active)
		return flags | search_key(h, key);
	if (screen_binding(bindings, ARRAY_SIZE(bindings), key) == NULL) {
		h->msg = "Unknown key: press ? for help, H or q for the graph.";
		return TUI_REDRAW;
	}
	return flags | screen_key(s, key);
}

static int
heat_quits(const struct tui_screen *s, int key)
{
	const struct heat *h = (const struct heat *)(const void *)s;

	return key == KEY_CTRL('C') && !h->prompt->active;
}

static void
heat_free(struct tui_screen *s)
{
	struct heat *h = heat_of(s);

	/* Kept for the next opening (built for this idle choice, search). */
	heatgrid_free(&h->tv->grid);
	h->tv->grid = h->g;
	h->tv->grid_idle = h->built_idle;
	h->tv->grid_marks = h->v->search.marks;
	text_free(&h->tx);
	if (h->mouse)
		mousemask(h->oldmask, NULL);
	if (h->prompt->active)
		h->prompt->active = 0;
	free(h);
}

static struct tui_screen_ops heat_ops = {
	.name = "heatmap",
	.resize = heat_resize,
	.draw = heat_draw,
	.key = heat_key,
	.quits = heat_quits,
	.free = heat_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

int
view_heatmap_pending(const struct tui_view *v)
{
	return v->time != NULL && !v->time->ahead_tried &&
	    v->progress == NULL;
}

void
view_heatmap_ahead(struct tui_view *v)
{
	if (!view_heatmap_pending(v))
		return;
	if (!timeview_has_time(v->time)) {
		v->time->ahead_tried = 1;
		return;
	}
	timeview_ahead_start(v->time, match_bytes(v), v->search.marks);
}

/* `H` in the graph: the heat map, or why there is none. */
int
view_heatmap_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);
	struct heat *h;

	if (v->time == NULL || !timeview_has_time(v->time)) {
		v->msg = "H: this input has no sample times (perf script text "
		    "and perf.data have them).";
		return TUI_REDRAW;
	}
	if (v->progress != NULL) {
		v->msg = "H: the heat map opens once the input is loaded.";
		return TUI_REDRAW;
	}
	timeview_refresh(v->time); /* a pipe: what came since */
	h = xcalloc(1, sizeof *h);
	h->screen.ops = &heat_ops;
	h->v = v;
	h->tv = v->time;
	h->rows = v->time->rows > 0 ? v->time->rows : HEATMAP_ROWS_DEFAULT;
	h->prompt = &v->prompt;
	h->top_cx = -1;
	h->top = TREE_NONE;
	text_init(&h->tx);
	if (!v->mouse_off) { /* a release too, for a drag */
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON3_PRESSED |
		    BUTTON4_PRESSED | BUTTON5_PRESSED, &h->oldmask);
		h->mouse = 1;
	}
	screen_push(v->screen.stack, &h->screen);
	return TUI_REDRAW;
}
