/*
 * The time order screen (`O` from the graph or the heat map, #49): the
 * flame chart of model/flamechart.h, time left to right, one lane per
 * thread, each an icicle (root frames on top, callees below).
 *
 *	Time order  2.40 s  3 lanes  (? help)
 *	0 s       500 ms    1 s       1.5 s       the axis, from the whole
 *	▸ prog 4242  1,204 samples               second of the first sample
 *	prog                                      a lane: its header line,
 *	main                                      then a row per depth
 *	phase_a        phase_b         phase_a
 *	...
 *	phase_b  start 0.80 s  600 ms  599 samples  the status line
 *
 * The chart is built once for the graph's time range (the whole profile
 * when none) and laid out again, lane by lane, only for the lanes on the
 * screen and only over the interval shown.  The selection is kept as a
 * lane, a depth and a time (the middle of the bar), so it survives a zoom.
 * Leaving (O, q, Esc) hands the interval on the screen to the graph as
 * its time range, as the heat map's Enter does (view_xform_rebase()).
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "model/flamechart.h"
#include "model/timeview.h"
#include "tui/colors.h"
#include "tui/paint.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27
#define NS_S 1000000000LL
#define HIST_MAX 64
#define TOP_LINES 2          /* title, axis */

struct lane_view {
	struct fc_layout fl;
	struct layout l;         /* fl as the painter's rectangles */
	int64_t t0, t1;          /* what it was laid out for */
	int cols;
	uint32_t rows;           /* depths laid out */
	size_t capr, caprow;
};

struct order {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* the graph below */
	struct timeview *tv;       /* v->time */
	struct flamechart fc;
	struct lane_view *lv;      /* one per lane, laid out when shown */
	int64_t t0, t1;            /* the interval on the screen */
	int64_t open0, open1;      /* the interval it opened on */
	int64_t origin;            /* the axis' 0: the first sample's second */
	int64_t hist[HIST_MAX][2]; /* Backspace: the intervals before */
	int nhist;
	uint32_t lane;             /* the selection: lane, depth, time */
	uint32_t depth;
	int64_t tsel;
	long solo;                 /* the lane shown alone, or -1 */
	long scroll;               /* first picture line shown */
	const char *msg;
	char msgbuf[200];
	struct tui_text tx, label;
};

static struct order *
order_of(struct tui_screen *s)
{
	return (struct order *)(void *)s;
}

/* The lines lane l takes: its header and a row per depth. */
static long
lane_lines(struct order *o, uint32_t l)
{
	fc_lane_ready(&o->fc, l); /* its depth known */
	return 1 + (long)o->fc.lane[l].maxdepth;
}

static int
lane_shown(const struct order *o, uint32_t l)
{
	return o->solo < 0 || (uint32_t)o->solo == l;
}

/* The picture line lane l's header is on. */
static long
lane_top(struct order *o, uint32_t l)
{
	long y = 0;
	uint32_t i;

	for (i = 0; i < l; i++)
		if (lane_shown(o, i))
			y += lane_lines(o, i);
	return y;
}

static int
graph_lines(const struct order *o)
{
	return TF_MAX(o->screen.lines - TOP_LINES - 1, 1);
}

/* Lay lane l out for the interval and width shown, unless it is. */
static struct lane_view *
lane_layout(struct order *o, uint32_t l)
{
	struct lane_view *lv = &o->lv[l];
	struct layout *ly = &lv->l;
	uint32_t i, d, nrows, want;
	long below;

	/* The depths down to the screen's bottom (and the selection's). */
	fc_lane_ready(&o->fc, l);
	below = o->scroll + graph_lines(o) - lane_top(o, l);
	want = (uint32_t)TF_MAX(1, TF_MIN(below, (long)o->fc.lane[l].maxdepth));
	if (l == o->lane && o->depth > want)
		want = TF_MIN(o->depth, o->fc.lane[l].maxdepth);
	if (lv->t0 == o->t0 && lv->t1 == o->t1 && lv->cols == o->screen.cols &&
	    lv->rows >= want)
		return lv;
	fc_layout(&o->fc, l, o->t0, o->t1, o->screen.cols, want, &lv->fl);
	lv->rows = want;
	nrows = o->fc.lane[l].maxdepth + 1;
	xgrow((void **)&ly->rects, &lv->capr, lv->fl.n + 1, sizeof *ly->rects);
	xgrow((void **)&ly->row_start, &lv->caprow, nrows + 1,
	    sizeof *ly->row_start);
	for (i = 0, d = 0; i < lv->fl.n; i++) {
		const struct fc_bar *b = &lv->fl.bar[i];
		struct layout_rect *r = &ly->rects[i];

		while (d <= b->depth)
			ly->row_start[d++] = i;
		memset(r, 0, sizeof *r);
		r->x = b->x0;
		r->w = b->x1 - b->x0;
		r->node = b->node == FC_NONE ? TREE_ROOT : b->node;
		r->depth = b->depth;
		r->parent = r->child = LAYOUT_NONE;
		r->flags = b->node == FC_NONE ? LAYOUT_MERGED : 0;
	}
	while (d <= nrows)
		ly->row_start[d++] = (uint32_t)lv->fl.n;
	ly->nrects = (uint32_t)lv->fl.n;
	ly->nrows = nrows;
	ly->width = o->screen.cols;
	lv->t0 = o->t0;
	lv->t1 = o->t1;
	lv->cols = o->screen.cols;
	return lv;
}

/* The bar of the selection in lane l's layout, or NULL. */
static const struct fc_bar *
sel_bar(struct order *o, size_t *at)
{
	struct lane_view *lv = lane_layout(o, o->lane);
	const struct fc_bar *best = NULL;
	int64_t bd = INT64_MAX, d;
	size_t i;

	for (i = 0; i < lv->fl.n; i++) {
		const struct fc_bar *b = &lv->fl.bar[i];

		if (b->depth != o->depth)
			continue;
		d = o->tsel < b->ts ? b->ts - o->tsel : o->tsel >= b->te ?
		    o->tsel - b->te + 1 : 0;
		if (d < bd) {
			bd = d;
			best = b;
			if (at != NULL)
				*at = i;
		}
	}
	return best;
}

/* The middle of bar b's time on the screen. */
static int64_t
bar_mid(const struct order *o, const struct fc_bar *b)
{
	int64_t a = TF_MAX(b->ts, o->t0), z = TF_MIN(b->te, o->t1);

	return a + (z - a) / 2;
}

/* Keep the selection on a bar (shallower when its row is empty) and on
 * the screen. */
static void
fix_selection(struct order *o)
{
	const struct fc_bar *b;
	long top, y;

	if (o->solo >= 0)
		o->lane = (uint32_t)o->solo;
	if (o->depth == 0)
		o->depth = 1;
	while ((b = sel_bar(o, NULL)) == NULL && o->depth > 1)
		o->depth--;
	if (b != NULL)
		o->tsel = bar_mid(o, b);
	top = lane_top(o, o->lane);
	y = top + (long)o->depth;
	if (y >= o->scroll + graph_lines(o))
		o->scroll = y - graph_lines(o) + 1;
	if (top < o->scroll || y < o->scroll)
		o->scroll = y - 1 < top ? top : y;
	if (o->scroll < 0)
		o->scroll = 0;
}

static void
order_resize(struct tui_screen *s, int cols, int lines)
{
	struct order *o = order_of(s);

	(void)cols;
	(void)lines;
	fix_selection(o);
}

static const struct unit { double div; const char *name; } units[] = {
	{1e9, "s"}, {1e6, "ms"}, {1e3, "us"}, {1, "ns"},
};

/* The unit for ns: the largest that keeps it 1 or more. */
static const struct unit *
unit_of(int64_t ns)
{
	double a = (double)(ns < 0 ? -ns : ns);
	size_t i;

	for (i = 0; i + 1 < ARRAY_SIZE(units) && a < units[i].div; i++)
		;
	return &units[i];
}

/* ns in unit u: "600 ms", "1.25 s", "12.5 us" (whole numbers bare). */
static void
fmt_in(char *buf, size_t cap, int64_t ns, const struct unit *u)
{
	double a = (double)ns / u->div;

	snprintf(buf, cap, a == (double)(int64_t)a ? "%.0f %s" :
	    (a < 10 && a > -10) ? "%.2f %s" : "%.1f %s", a, u->name);
}

static void
fmt_ns(char *buf, size_t cap, int64_t ns)
{
	fmt_in(buf, cap, ns, unit_of(ns));
}

/* The axis: a tick every 1, 2 or 5 times a power of ten, labelled. */
static void
draw_axis(struct order *o, int y)
{
	static const double m[] = {1, 2, 5};
	double span = (double)(o->t1 - o->t0), step = 1, e;
	int cols = o->screen.cols, x, last = -1, i;
	int64_t k, t;
	char lab[32];

	for (e = 1; step * cols / span < 12 && e < 1e19; e *= 10)
		for (i = 0; i < 3 && (step = m[i] * e) * cols / span < 12; i++)
			;
	k = (int64_t)((double)(o->t0 - o->origin) / step);
	for (;; k++) {
		t = o->origin + (int64_t)((double)k * step);
		if (t < o->t0)
			continue;
		x = (int)((double)(t - o->t0) * cols / span);
		if (x >= cols)
			break;
		fmt_in(lab, sizeof lab, t - o->origin, unit_of((int64_t)step));
		if (x <= last || x + (int)strlen(lab) >= cols)
			continue;
		mvaddch(y, x, '|');
		mvaddstr(y, x + 1, lab);
		last = x + 1 + (int)strlen(lab);
	}
}

/* The painter's question: how a bar of the lane being drawn looks. */
static void
order_style(const struct painter *p, uint32_t i, struct paint_style *st)
{
	struct order *o = p->ctx;
	const struct layout_rect *r = &p->l->rects[i];
	const struct tui_view *v = o->v;
	uint32_t name;
	const char *s;
	size_t len, at = SIZE_MAX;

	if (p->l == &o->lv[o->lane].l && r->depth == o->depth) {
		sel_bar(o, &at);
		st->selected = at == i;
	}
	if (r->flags & LAYOUT_MERGED)
		return;
	name = tree_node(p->t, r->node)->name;
	st->match = v->search.re != NULL && v->search.marks[name];
	if (st->match) {
		st->role = COLORS_MATCH;
		return;
	}
	s = tree_name(p->t, r->node, &len);
	paint_use_style(st, paint_name_style(s, len, 0));
}

/* Lane l's header on line y: its name, samples, the lane's share. */
static void
draw_header(struct order *o, uint32_t l, int y)
{
	char name[300], buf[400];
	int n;

	fc_lane_name(&o->fc, l, name, sizeof name);
	n = snprintf(buf, sizeof buf, "%s ", l == o->lane ? "\xe2\x96\xb8" :
	    " ");
	mvaddnstr(y, 0, l == o->lane && colors_mode() == COLORS_MONO ? "> " :
	    buf, o->screen.cols);
	attron(A_BOLD);
	/* Names are untrusted bytes: text_set() escapes them. */
	text_set(&o->tx, name, strlen(name), (size_t)TF_MAX(o->screen.cols -
	    2, 0));
	n = text_draw(&o->tx, y, 2, 0, o->screen.cols - 2);
	attroff(A_BOLD);
	snprintf(buf, sizeof buf, "  %llu samples",
	    (unsigned long long)o->fc.lane[l].n);
	if (2 + n < o->screen.cols)
		mvaddnstr(y, 2 + n, buf, o->screen.cols - 2 - n);
}

/* The lanes on the picture lines shown. */
static void
draw_lanes(struct order *o)
{
	struct painter p;
	long top = 0, y;
	uint32_t l, d;
	int gl = graph_lines(o);

	memset(&p, 0, sizeof p);
	p.t = o->fc.tree;
	p.cols = o->screen.cols;
	p.style = order_style;
	p.ctx = o;
	p.label = &o->label;
	for (l = 0; l < o->fc.nlanes && top < o->scroll + gl; l++) {
		if (!lane_shown(o, l))
			continue;
		y = top - o->scroll;
		top += lane_lines(o, l);
		if (top <= o->scroll)
			continue;
		if (y >= 0)
			draw_header(o, l, TOP_LINES + (int)y);
		p.l = &lane_layout(o, l)->l;
		for (d = 1; d <= o->fc.lane[l].maxdepth; d++)
			if (y + d >= 0 && y + d < gl)
				paint_row(&p, d, TOP_LINES + (int)(y + d));
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	}
}

/* The status line: the selected bar's name, start, duration, samples. */
static void
draw_status(struct order *o, int line)
{
	const struct fc_bar *b = sel_bar(o, NULL);
	char st[40], du[40], buf[300];
	const char *name = "+";
	size_t len = 1;
	int n;

	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	mvhline(line, 0, ' ', o->screen.cols);
	if (o->msg != NULL || b == NULL) {
		mvaddnstr(line, 0, o->msg ? o->msg : "No samples here: - or "
		    "Backspace to zoom out.", o->screen.cols);
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		return;
	}
	fmt_ns(du, sizeof du, b->te - b->ts);
	/* 0 in the duration's unit, not "0 ns" */
	fmt_in(st, sizeof st, b->ts - o->origin, unit_of(b->ts > o->origin ?
	    b->ts - o->origin : b->te - b->ts));
	n = snprintf(buf, sizeof buf, "  start %s  %s  %llu samples%s", st,
	    du, (unsigned long long)(b->i1 - b->i0), b->node == FC_NONE ?
	    "  (too narrow: Enter zooms in)" : "");
	if (b->node != FC_NONE)
		name = tree_name(o->fc.tree, b->node, &len);
	/* The numbers first, kept; the name takes what is left before. */
	text_set(&o->tx, name, len, (size_t)TF_MAX(o->screen.cols - n, 1));
	colors_use(COLORS_STATUS_NAME, PALETTE_USER, 0);
	n = text_draw(&o->tx, line, 0, 0, TF_MAX(o->screen.cols - n, 1));
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	if (n < o->screen.cols)
		mvaddnstr(line, n, buf, o->screen.cols - n);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

static void
order_draw(struct tui_screen *s)
{
	struct order *o = order_of(s);
	char title[200], span[40];

	fix_selection(o);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	fmt_ns(span, sizeof span, o->t1 - o->t0);
	snprintf(title, sizeof title, "Time order  %s shown  %u lane%s%s  "
	    "(? help)", span, o->fc.nlanes, o->fc.nlanes == 1 ? "" : "s",
	    o->solo >= 0 ? ", one shown (a: all)" : "");
	attron(A_BOLD);
	mvaddnstr(0, 0, title, s->cols);
	attroff(A_BOLD);
	draw_axis(o, 1);
	draw_lanes(o);
	draw_status(o, s->lines - 1);
}

/* Show [t0, t1), kept inside the chart and at least a few ns wide. */
static int
set_interval(struct order *o, int64_t t0, int64_t t1, int push)
{
	int64_t w = t1 - t0, full = o->fc.tmax - o->fc.tmin;

	if (w < 16)
		w = 16;
	if (w > full)
		w = full;
	if (t0 < o->fc.tmin)
		t0 = o->fc.tmin;
	if (t0 > o->fc.tmax - w)
		t0 = o->fc.tmax - w;
	if (t0 == o->t0 && t0 + w == o->t1)
		return TUI_REDRAW;
	if (push) {
		if (o->nhist == HIST_MAX) {
			memmove(o->hist[0], o->hist[1], sizeof o->hist[0] *
			    (HIST_MAX - 1));
			o->nhist--;
		}
		o->hist[o->nhist][0] = o->t0;
		o->hist[o->nhist][1] = o->t1;
		o->nhist++;
	}
	o->t0 = t0;
	o->t1 = t0 + w;
	return TUI_REDRAW;
}

/* Left, Right: the bar before / after the selection in its row. */
static int
move_side(struct order *o, int dir)
{
	struct lane_view *lv = lane_layout(o, o->lane);
	size_t at;
	const struct fc_bar *b = sel_bar(o, &at);

	if (b == NULL)
		return TUI_REDRAW;
	if (dir < 0 && at > 0 && lv->fl.bar[at - 1].depth == o->depth)
		b = &lv->fl.bar[at - 1];
	else if (dir > 0 && at + 1 < lv->fl.n &&
	    lv->fl.bar[at + 1].depth == o->depth)
		b = &lv->fl.bar[at + 1];
	else
		return set_interval(o, o->t0 + dir * (o->t1 - o->t0) / 4,
		    o->t1 + dir * (o->t1 - o->t0) / 4, 0);
	o->tsel = bar_mid(o, b);
	return TUI_REDRAW;
}

/* Up, Down: the caller / callee at the same time, across lanes. */
static int
move_depth(struct order *o, int dir)
{
	long l = (long)o->lane;

	if (dir < 0 && o->depth > 1) {
		o->depth--;
		return TUI_REDRAW;
	}
	if (dir > 0) {
		const struct fc_bar *b;

		o->depth++;
		b = sel_bar(o, NULL);
		if (b != NULL && o->tsel >= b->ts && o->tsel < b->te)
			return TUI_REDRAW;
		o->depth--;
	}
	/* Past the lane's end: the next / previous lane shown. */
	for (l += dir; l >= 0 && l < (long)o->fc.nlanes; l += dir)
		if (lane_shown(o, (uint32_t)l)) {
			o->lane = (uint32_t)l;
			fc_lane_ready(&o->fc, (uint32_t)l);
			o->depth = dir > 0 ? 1 : o->fc.lane[l].maxdepth;
			return TUI_REDRAW;
		}
	return TUI_REDRAW;
}

static int act_left(struct tui_screen *s) { return move_side(order_of(s), -1); }
static int act_right(struct tui_screen *s) { return move_side(order_of(s), 1); }
static int act_up(struct tui_screen *s) { return move_depth(order_of(s), -1); }
static int act_down(struct tui_screen *s) { return move_depth(order_of(s), 1); }

/* Enter: the selected bar's interval fills the screen. */
static int
act_zoom(struct tui_screen *s)
{
	struct order *o = order_of(s);
	const struct fc_bar *b = sel_bar(o, NULL);

	if (b == NULL)
		return TUI_REDRAW;
	o->tsel = b->ts + (b->te - b->ts) / 2;
	return set_interval(o, b->ts, b->te, 1);
}

static int
act_back(struct tui_screen *s)
{
	struct order *o = order_of(s);

	if (o->nhist == 0) {
		o->msg = "At the first interval: O, q or Esc go back to the "
		    "graph.";
		return TUI_REDRAW;
	}
	o->nhist--;
	return set_interval(o, o->hist[o->nhist][0], o->hist[o->nhist][1],
	    0);
}

/* + -: twice or half the detail, around the selection. */
static int
zoom_by(struct order *o, int in)
{
	int64_t w = o->t1 - o->t0, c = o->tsel, nw = in ? w / 2 : w * 2;
	double f = (double)(c - o->t0) / (double)w;

	return set_interval(o, c - (int64_t)(f * (double)nw),
	    c - (int64_t)(f * (double)nw) + nw, 1);
}

static int act_in(struct tui_screen *s) { return zoom_by(order_of(s), 1); }
static int act_out(struct tui_screen *s) { return zoom_by(order_of(s), 0); }

/* < >: pan by a quarter of the screen. */
static int
pan(struct order *o, int dir)
{
	int64_t q = (o->t1 - o->t0) / 4;

	o->tsel += dir * q;
	return set_interval(o, o->t0 + dir * q, o->t1 + dir * q, 0);
}

static int act_pan_l(struct tui_screen *s) { return pan(order_of(s), -1); }
static int act_pan_r(struct tui_screen *s) { return pan(order_of(s), 1); }

static int
act_all(struct tui_screen *s)
{
	struct order *o = order_of(s);

	return set_interval(o, o->fc.tmin, o->fc.tmax, 1);
}

/* a: the selected lane alone, or every lane. */
static int
act_alone(struct tui_screen *s)
{
	struct order *o = order_of(s);

	o->solo = o->solo >= 0 ? -1 : (long)o->lane;
	o->scroll = 0;
	return TUI_REDRAW;
}

static int
scroll_by(struct order *o, long n)
{
	o->scroll = TF_MAX(0, o->scroll + n);
	return TUI_REDRAW;
}

static int
act_pgdn(struct tui_screen *s)
{
	return scroll_by(order_of(s), graph_lines(order_of(s)));
}

static int
act_pgup(struct tui_screen *s)
{
	return scroll_by(order_of(s), -graph_lines(order_of(s)));
}

/*
 * O q Esc: back to the graph, with the interval on the screen as its time
 * range (unless it is the one the screen opened on).
 */
static int
act_leave(struct tui_screen *s)
{
	struct order *o = order_of(s);
	struct timeview *tv = o->tv;
	struct tree *old, *t;

	if (o->t0 == o->open0 && o->t1 == o->open1)
		return TUI_CLOSE;
	old = timeview_detach(tv);
	/* The graph reads the old tree until it has the new one. */
	if ((t = timeview_pick(tv, o->t0, o->t1, 0)) == NULL) {
		tv->tree = old;
		return TUI_CLOSE;
	}
	view_xform_rebase(o->v, t);
	tree_free(old);
	return TUI_CLOSE;
}

static const struct tui_binding bindings[] = {
	{"Left  h", "the bar before (none: pan left)", act_left,
	    {KEY_LEFT, 'h', 0}},
	{"Right l", "the bar after (none: pan right)", act_right,
	    {KEY_RIGHT, 'l', 0}},
	{"Up    k", "the caller (past the top: the lane above)", act_up,
	    {KEY_UP, 'k', 0}},
	{"Down  j", "the callee at that time (past the bottom: the lane "
	    "below)", act_down, {KEY_DOWN, 'j', 0}},
	{"Enter", "zoom to the selected bar's time (a + run: its cells)",
	    act_zoom, {'\n', '\r', KEY_ENTER, 0}},
	{"Bksp", "back to the interval before", act_back,
	    {KEY_BACKSPACE, 127, KEY_CTRL('H'), 0}},
	{"+ -", "zoom in / out around the selection", act_in,
	    {'+', '=', 0}},
	{"", "", act_out, {'-', '_', 0}},
	{"< >", "pan left / right by a quarter of the screen", act_pan_l,
	    {'<', ',', 0}},
	{"", "", act_pan_r, {'>', '.', 0}},
	{"0", "the whole chart", act_all, {'0', KEY_HOME, 0}},
	{"a", "the selected lane alone, or every lane", act_alone, {'a', 0}},
	{"PgUp PgDn", "scroll up / down a page", act_pgup,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", act_pgdn, {KEY_NPAGE, KEY_CTRL('F'), ' ', 0}},
	{"O q Esc", "back to the graph, which then shows the interval on "
	    "the screen", act_leave, {'O', 'q', KEY_ESCAPE, 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"Ctrl-C", "quit", screen_quit, {KEY_CTRL('C'), 0}},
};

static const char *legend[] = {
	"Time runs left to right: a lane per thread (most samples first),",
	"its root frames on top.  Samples in a row with the same frame (and",
	"callers) are one bar; a sample lasts until the next one, unless that",
	"is more than 4 sampling steps away: then the gap shows.  + = bars too",
	"narrow to draw; the axis counts from the first sample's whole second.",
};

static int
order_key(struct tui_screen *s, int key)
{
	struct order *o = order_of(s);
	int flags = 0;

	if (o->msg != NULL) {
		o->msg = NULL;
		flags = TUI_REDRAW;
	}
	if (screen_binding(bindings, ARRAY_SIZE(bindings), key) == NULL) {
		o->msg = "Unknown key: press ? for help, O or q for the graph.";
		return TUI_REDRAW;
	}
	return flags | screen_key(s, key);
}

static void
order_free(struct tui_screen *s)
{
	struct order *o = order_of(s);
	uint32_t l;

	for (l = 0; l < o->fc.nlanes; l++) {
		fc_layout_free(&o->lv[l].fl);
		free(o->lv[l].l.rects);
		free(o->lv[l].l.row_start);
	}
	free(o->lv);
	fc_free(&o->fc);
	text_free(&o->tx);
	text_free(&o->label);
	free(o);
}

static struct tui_screen_ops order_ops = {
	.name = "timeorder",
	.resize = order_resize,
	.draw = order_draw,
	.key = order_key,
	.quits = screen_quits,
	.free = order_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* `O` in the graph (and the heat map): the time order, or why none. */
int
view_timeorder_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);
	struct timeview *tv = v->time;
	struct order *o;
	int64_t a = INT64_MIN, b = INT64_MAX;

	if (tv == NULL || !timeview_has_time(tv)) {
		v->msg = "O: this input has no sample times (perf script text "
		    "and perf.data have them).";
		return TUI_REDRAW;
	}
	if (v->progress != NULL) {
		v->msg = "O: the time order opens once the input is loaded.";
		return TUI_REDRAW;
	}
	timeview_refresh(tv);
	if (tv->on) {
		a = tv->t0;
		b = tv->t1;
	}
	o = xcalloc(1, sizeof *o);
	if (fc_build(&o->fc, tv->loaded, tv->store, a, b, tv->show_idle ||
	    tv->nidle == 0 ? NULL : tv->idle) != 0) {
		fc_free(&o->fc);
		free(o);
		v->msg = "O: no samples in the time range.";
		return TUI_REDRAW;
	}
	o->screen.ops = &order_ops;
	o->v = v;
	o->tv = tv;
	o->lv = xcalloc(o->fc.nlanes, sizeof *o->lv);
	o->t0 = o->open0 = tv->on ? TF_MAX(a, o->fc.tmin) : o->fc.tmin;
	o->t1 = o->open1 = tv->on ? TF_MIN(b, o->fc.tmax) : o->fc.tmax;
	if (o->t1 <= o->t0)
		o->t1 = o->open1 = o->t0 + 16;
	o->origin = tv->tmin - (tv->tmin % NS_S + NS_S) % NS_S;
	o->tsel = o->t0;
	o->depth = 1;
	o->solo = -1;
	text_init(&o->tx);
	text_init(&o->label);
	screen_push(v->screen.stack, &o->screen);
	return TUI_REDRAW;
}
