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
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27
#define LABEL_W 5      /* the offsets' column, left of the map */
#define LEVELS 10      /* ramp steps, 0 = no sample */
#define NCOLOURS (2 * LEVELS + 1) /* red ramp, magenta ramp, black */
#define BLACK (2 * LEVELS)
#define FAR (1 << 30)  /* a move past either end (g, G) */
/* Pairs of the half blocks (upper, lower colour), made when first drawn,
 * above colors.c's (under 100); setcchar() takes any pair number. */
#define PAIR_BASE 256

static const char ramp_chars[LEVELS + 1] = " .:-=+*#%@";

/* xterm-256 colours: white to #FF5032 to #E50914 (FlameScope's ramp),
 * white to magenta (a search's matched share), black (the cursor). */
static const short ramp256[NCOLOURS] = {
	231, 224, 217, 216, 210, 209, 203, 196, 160, 124,
	231, 225, 219, 213, 207, 201, 200, 164, 163, 127,
	16
};

struct heat {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* the graph below */
	struct timeview *tv;       /* v->time */
	struct heatgrid g;         /* the map, grouped for the screen */
	int rows;                  /* --rows */
	int built_idle;            /* hm was built with idle shown */
	int logscale;
	int half;                  /* two cell rows a line (256 colours) */
	int lmap;                  /* lines of the map */
	int first;                 /* first cell column shown */
	int ytop;                  /* the map's first line */
	int width;                 /* cell columns the screen shows */
	int cx, cy;                /* the cursor */
	int marking, mx, my;       /* Enter was pressed once, on (mx, my) */
	int top_cx, top_cy;        /* the top function found for this cell */
	uint32_t top;              /* its leaf node, TREE_NONE: none */
	const char *msg;
	char msgbuf[200];
	struct tui_text tx;
	struct prompt *prompt;     /* the graph's (the search's history) */
};


static struct heat *
heat_of(struct tui_screen *s)
{
	return (struct heat *)(void *)s;
}

/* The stacks left out: the idle ones, unless shown. */
static const uint8_t *
idle_skip(const struct timeview *tv)
{
	return tv->show_idle || tv->nidle == 0 ? NULL : tv->idle;
}

/* The match bytes of the loaded tree's stacks for the graph's search. */
static uint8_t *
match_bytes(const struct heat *h)
{
	const struct tree *t = h->tv->loaded;
	const struct tree_node *nodes = tree_nodes(t);
	const unsigned char *marks = h->v->search.marks;
	uint32_t n = tree_size(t), i;
	uint8_t *m;

	if (h->v->search.re == NULL || marks == NULL)
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
		/* The map kept from the last time: no sample read again. */
		h->g = tv->grid;
		memset(&tv->grid, 0, sizeof tv->grid);
		h->built_idle = tv->show_idle;
		return;
	}
	match = match_bytes(h);
	heatgrid_build(&h->g, tv->store, h->rows, idle_skip(tv), match,
	    tree_size(tv->loaded));
	free(match);
	h->built_idle = tv->show_idle;
	h->top_cx = -1;
}

/* Lay the map out for cols x lines: the groupings, then the cells. */
static void
heat_resize(struct tui_screen *s, int cols, int lines)
{
	struct heat *h = heat_of(s);
	int avail = TF_MAX(cols - LABEL_W, 1), per;

	build(h);
	h->half = colors_mode() == COLORS_256 && COLOR_PAIRS > PAIR_BASE +
	    NCOLOURS * NCOLOURS;
	per = h->half ? 2 : 1;
	/* Title, totals, axis, range, status: the rest is the map. */
	heatgrid_fit(&h->g, avail, TF_MAX(lines - 5, 1) * per);
	h->lmap = (h->g.ncy + per - 1) / per;
	h->ytop = 2;
	h->width = avail;
	h->cx = TF_MIN(h->cx, h->g.ncx - 1);
	h->cy = TF_MIN(h->cy, h->g.ncy - 1);
	if (h->cx < h->first)
		h->first = h->cx;
	if (h->cx >= h->first + h->width)
		h->first = h->cx - h->width + 1;
	h->top_cx = -1;
}

/* The ramp step of v against the largest, max. */
static int
level(const struct heat *h, uint64_t v, uint64_t max)
{
	return heatgrid_level(v, max, h->logscale, LEVELS);
}

/* The colour index of cell (x, y): red by samples, magenta by matches. */
static int
colour(const struct heat *h, int x, int y)
{
	uint64_t v = heatgrid_val(&h->g, x, y), m = heatgrid_mval(&h->g, x, y);

	if (h->g.hm.match != NULL && m > 0)
		return LEVELS + TF_MAX(1, (int)((LEVELS - 1) * m / v));
	return level(h, v, h->g.vmax);
}

/* The ramp character of cell (x, y) (a search: by matched share). */
static char
ramp_char(const struct heat *h, int x, int y)
{
	uint64_t v = heatgrid_val(&h->g, x, y), m = heatgrid_mval(&h->g, x, y);

	if (h->g.hm.match != NULL && m > 0)
		return ramp_chars[TF_MAX(1, (int)((LEVELS - 1) * m / v))];
	return ramp_chars[level(h, v, h->g.vmax)];
}

/* Draw the half block glyph in colours fg on bg at (y, x). */
static void
half_block(int y, int x, const wchar_t *glyph, int fg, int bg)
{
	static unsigned char made[NCOLOURS][NCOLOURS];
	short pair = (short)(PAIR_BASE + fg * NCOLOURS + bg);
	cchar_t cc;

	if (!made[fg][bg]) {
		init_pair(pair, ramp256[fg], ramp256[bg]);
		made[fg][bg] = 1;
	}
	setcchar(&cc, glyph, A_NORMAL, pair, NULL);
	mvadd_wch(y, x, &cc);
}

/* One line of the map: cell rows y (lower) and y + 1 (upper, if half). */
static void
draw_map_line(struct heat *h, int line, int y)
{
	int sx, x, up, lo;

	for (sx = 0; sx < h->width; sx++) {
		x = h->first + sx;
		if (x >= h->g.ncx)
			break;
		if (h->half) {
			lo = colour(h, x, y);
			up = y + 1 < h->g.ncy ? colour(h, x, y + 1) : lo;
			if (x == h->cx && y + 1 == h->cy)
				half_block(line, LABEL_W + sx, L"\u2580", BLACK,
				    lo);
			else if (x == h->cx && y == h->cy)
				half_block(line, LABEL_W + sx, L"\u2584", BLACK,
				    up);
			else
				half_block(line, LABEL_W + sx, L"\u2580", up, lo);
			continue;
		}
		if (x == h->cx && y == h->cy)
			attron(A_REVERSE);
		mvaddch(line, LABEL_W + sx, (chtype)(unsigned char)
		    ramp_char(h, x, y));
		attroff(A_REVERSE);
	}
}

/* The map's lines with the offsets at the left. */
static void
draw_map(struct heat *h)
{
	int per = h->half ? 2 : 1, i, y, line;
	char lab[16];

	for (i = 0; i < h->lmap; i++) {
		y = i * per; /* from the bottom */
		line = h->ytop + h->lmap - 1 - i;
		if (i == 0 || i == h->lmap - 1 || i % 4 == 0) {
			snprintf(lab, sizeof lab, "%4u",
			    heatmap_row_ms(&h->g.hm, y * h->g.rk));
			mvaddstr(line, 0, lab);
		}
		draw_map_line(h, line, y);
	}
}

/* The samples of each column, above the map. */
static void
draw_totals(struct heat *h, int line)
{
	int sx, x, l;

	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		l = level(h, h->g.colval[x], h->g.smax);
		if (h->half)
			half_block(line, LABEL_W + sx, L" ", l, l);
		else
			mvaddch(line, LABEL_W + sx, (chtype)(unsigned char)
			    ramp_chars[l]);
	}
	mvaddstr(line, 0, " all");
}

/* Seconds labels under the map, and the range under them. */
static void
draw_axis(struct heat *h, int line)
{
	const struct timeview *tv = h->tv;
	int sx, x, last = -1, len;
	int64_t a, b;
	char lab[32];

	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		if (sx <= last || (x % 5 != 0 && sx != 0))
			continue;
		len = snprintf(lab, sizeof lab, "%lld",
		    (long long)h->g.secs[(size_t)x * (size_t)h->g.cw]);
		if (LABEL_W + sx + len >= h->screen.cols - 2)
			break;
		mvaddstr(line, LABEL_W + sx, lab);
		last = sx + len;
	}
	mvaddstr(line, 0, "   s");
	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		a = heatgrid_time(&h->g, x, 0, 0);
		b = heatgrid_time(&h->g, x, h->g.ncy - 1, 1);
		if (h->marking && x == h->mx)
			mvaddch(line + 1, LABEL_W + sx, '^');
		else if (tv->on && a < tv->t1 && b > tv->t0)
			mvaddstr(line + 1, LABEL_W + sx, "\xe2\x94\x81");
		else if (tv->base_on && a < tv->b1 && b > tv->b0)
			mvaddch(line + 1, LABEL_W + sx, '-');
	}
}

/* The leaf most of the cursor cell's samples ended in (h->top). */
static void
find_top(struct heat *h)
{
	const struct timeview *tv = h->tv;

	if (h->top_cx == h->cx && h->top_cy == h->cy)
		return;
	h->top = heatgrid_top(&h->g, tv->store, h->cx, h->cy, idle_skip(tv),
	    tree_size(tv->loaded));
	h->top_cx = h->cx;
	h->top_cy = h->cy;
}

/* The status line: the cursor cell, the range, what was left out. */
static void
draw_status(struct heat *h, int line)
{
	const struct timeview *tv = h->tv;
	uint64_t val = heatgrid_val(&h->g, h->cx, h->cy);
	uint32_t c0, c1;
	int r0, r1, n;
	char buf[400], words[128];
	const char *name;
	size_t len;

	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	mvhline(line, 0, ' ', h->screen.cols);
	if (h->msg != NULL) {
		mvaddnstr(line, 0, h->msg, h->screen.cols);
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		return;
	}
	heatgrid_cols(&h->g, h->cx, &c0, &c1);
	heatgrid_rows(&h->g, h->cy, &r0, &r1);
	n = c1 - c0 > 1 ? snprintf(buf, sizeof buf, "%lld-%lld s",
	    (long long)h->g.secs[c0], (long long)h->g.secs[c1 - 1]) :
	    snprintf(buf, sizeof buf, "%lld s", (long long)h->g.secs[c0]);
	n += snprintf(buf + n, sizeof buf - (size_t)n, " +%u ms  %llu "
	    "samples", heatmap_row_ms(&h->g.hm, r0),
	    (unsigned long long)val);
	if (h->marking)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  Enter: end "
		    "of the range");
	else if (timeview_words(tv, words, sizeof words) > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  %s", words);
	if (h->g.hm.skipped > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  %llu idle "
		    "left out", (unsigned long long)h->g.hm.skipped);
	if (n > 0 && (size_t)n < sizeof buf && val > 0) {
		find_top(h);
		if (h->top != TREE_NONE)
			snprintf(buf + n, sizeof buf - (size_t)n, "  top: ");
	}
	mvaddnstr(line, 0, buf, h->screen.cols);
	n = (int)strlen(buf);
	if (val > 0 && h->top != TREE_NONE && n < h->screen.cols) {
		/* Names are untrusted bytes: text_set() escapes them. */
		name = tree_name(tv->loaded, h->top, &len);
		text_set(&h->tx, name, len, (size_t)(h->screen.cols - n));
		colors_use(COLORS_STATUS_NAME, PALETTE_USER, 0);
		text_draw(&h->tx, line, n, 0, h->screen.cols - n);
	}
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

static void
heat_draw(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	char title[200];
	int n;

	if (h->g.val == NULL)
		heat_resize(s, s->cols, s->lines);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	n = snprintf(title, sizeof title, "Heat map  %u s", h->g.nsec);
	if (h->g.cw > 1)
		n += snprintf(title + n, sizeof title - (size_t)n, "  %d s a "
		    "column", h->g.cw);
	snprintf(title + n, sizeof title - (size_t)n, "  %u ms rows  %s  "
	    "(time runs up; ? help)", heatmap_row_ms(&h->g.hm, h->g.rk),
	    h->logscale ? "log scale" : "linear");
	attron(A_BOLD);
	mvaddnstr(0, 0, title, s->cols);
	attroff(A_BOLD);
	draw_totals(h, 1);
	draw_map(h);
	draw_axis(h, h->ytop + h->lmap);
	if (h->prompt->active)
		prompt_draw(h->prompt, s->lines - 1, s->cols, "/");
	else
		draw_status(h, s->lines - 1);
}

/* Move the cursor by (dx, dy), kept on the map and on the screen. */
static int
move_by(struct heat *h, int dx, int dy)
{
	h->cx = TF_MAX(0, TF_MIN(h->cx + dx, h->g.ncx - 1));
	h->cy = TF_MAX(0, TF_MIN(h->cy + dy, h->g.ncy - 1));
	if (h->cx < h->first)
		h->first = h->cx;
	if (h->cx >= h->first + h->width)
		h->first = h->cx - h->width + 1;
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
	find_top(h);
	if (h->top == TREE_NONE)
		return TUI_REDRAW;
	name = tree_node(h->tv->loaded, h->top)->name;
	screen_pop(v->screen.stack);
	view_sandwich_push(v, name);
	return TUI_REDRAW;
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
	screen_push(v->screen.stack, &h->screen);
	return TUI_REDRAW;
}
