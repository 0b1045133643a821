/*
 * The heat map screen (`H` from the graph, #53): FlameScope's sub-second
 * map of the samples (model/heatmap.h), a cell cursor, and the time range
 * every other view then shows.
 *
 *	Heat map  60 s  1 s/column  20 ms/row  linear  (time runs up)
 *	▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀       the samples of each column
 *	 980 ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀
 *	 ...                              a line: two cell rows, the upper
 *	   0 ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀      half block in the upper row's
 *	     0         10        20  s    colour on the lower row's
 *	         ━━━━━━━                  the range picked
 *	 4 s +100 ms  12 samples  top: f  (status)
 *
 * A column is a second that holds samples (a clock that jumps leaves no
 * empty run); wider than the screen, a screen column holds 2, 5, 10, 20...
 * of them, and the title says so.  Taller than the screen, a cell row
 * holds several rows.  Colours: a white-to-red ramp in 256 colours (two
 * cell rows per line); with 8 colours and without colour the characters
 * " .:-=+*#%@", one cell row per line.  L: logarithmic scale or linear.
 * Idle samples (FlameScope's rule) are left out unless i shows them.
 *
 * Enter marks the start cell, Enter again the end: the graph below then
 * shows that range (its history's original becomes the range's tree,
 * view_xform_rebase()), and the map gives way to it.  Esc drops the range;
 * [ ] move it by its width; b marks it as the baseline, and the next range
 * is drawn against it (--diff's colours); B draws the range against the
 * rest of the recording, normalised.  / searches as in the graph and
 * tints the cells holding matches (magenta by their matched share).  t, S
 * and r open the table, the sandwich of the cursor cell's top function and
 * the reverse view for the range.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "diff/diff.h"
#include "model/heatmap.h"
#include "model/timerange.h"
#include "model/timeview.h"
#include "tui/colors.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27
#define LABEL_W 5      /* the offsets' column, left of the map */
#define LEVELS 10      /* ramp steps, 0 = no sample */
#define NCOLOURS (2 * LEVELS + 1) /* red ramp, magenta ramp, black */
#define BLACK (2 * LEVELS)
/*
 * Colour pairs of the half blocks (upper colour, lower colour), made when
 * first drawn, numbered from here: above the ones colors.c makes (under
 * a hundred), and drawn through setcchar(), which takes any pair number.
 */
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
	struct heatmap hm;
	int rows;                  /* --rows */
	int built_idle;            /* hm was built with idle shown */
	int logscale;
	int half;                  /* two cell rows a line (256 colours) */
	uint32_t nsec;             /* the map's seconds, */
	int64_t *secs;             /* owned: each one's second */
	long *colidx;              /* owned: its column of hm, -1: empty */
	int cw, rk;                /* seconds a cell column, rows a cell row */
	int ncx, ncy;              /* cells across, up */
	int lmap;                  /* lines of the map */
	int first;                 /* first cell column shown */
	int ytop;                  /* the map's first line */
	int width;                 /* cell columns the screen shows */
	uint64_t *val, *mval;      /* owned: ncx * ncy cells, matched too */
	uint64_t vmax, smax;       /* largest cell, largest column group */
	int cx, cy;                /* the cursor */
	int marking, mx, my;       /* Enter was pressed once, on (mx, my) */
	int top_cx, top_cy;        /* the top function found for this cell */
	uint32_t top;              /* its leaf node, TREE_NONE: none */
	const char *msg;
	char msgbuf[200];
	struct tui_text tx;
	struct prompt *prompt;     /* the graph's (the search's history) */
};

static int act_left(struct tui_screen *);
static int act_right(struct tui_screen *);
static int act_up(struct tui_screen *);
static int act_down(struct tui_screen *);
static int act_first(struct tui_screen *);
static int act_last(struct tui_screen *);
static int act_mark(struct tui_screen *);
static int act_escape(struct tui_screen *);
static int act_back(struct tui_screen *);
static int act_prev(struct tui_screen *);
static int act_next(struct tui_screen *);
static int act_idle(struct tui_screen *);
static int act_log(struct tui_screen *);
static int act_base(struct tui_screen *);
static int act_rest(struct tui_screen *);
static int act_search(struct tui_screen *);
static int act_table(struct tui_screen *);
static int act_sandwich(struct tui_screen *);
static int act_reverse(struct tui_screen *);

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
	{"H q", "back to the graph", act_back, {'H', 'q', 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"Ctrl-C", "quit", screen_quit, {KEY_CTRL('C'), 0}},
};

static const char *legend[] = {
	"A column is a second (or 2, 5, 10... when the recording is wider",
	"than the screen, as the title says); each second runs up its column",
	"in rows of 1/rows s (--rows, 50: 20 ms).  White: few samples, red:",
	"many (characters . : - = + * # % @ without 256 colours).  Seconds",
	"count from the whole second of the first sample, as --time's do.",
};

static struct tui_screen_ops heat_ops;

static struct heat *
heat_of(struct tui_screen *s)
{
	return (struct heat *)(void *)s;
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

/*
 * The map's seconds: every second from the first to the last, empty ones
 * too, as FlameScope draws them; but a clock that jumps (a gap of more
 * than four times the seconds with samples, and 1,000 more) gives only
 * the seconds with samples, not a day of empty columns.
 */
static void
seconds(struct heat *h)
{
	const struct heatmap *hm = &h->hm;
	uint64_t span = hm->ncols > 0 ?
	    (uint64_t)(hm->sec[hm->ncols - 1] - hm->sec[0]) + 1 : 0;
	uint32_t i, c;

	free(h->secs);
	free(h->colidx);
	if (span > 4 * (uint64_t)hm->ncols + 1000)
		span = hm->ncols;
	h->nsec = (uint32_t)span;
	h->secs = xreallocarray(NULL, span + 1, sizeof *h->secs);
	h->colidx = xreallocarray(NULL, span + 1, sizeof *h->colidx);
	for (i = 0, c = 0; i < span; i++) {
		h->secs[i] = span == hm->ncols ? hm->sec[i] : hm->sec[0] + i;
		h->colidx[i] = c < hm->ncols && hm->sec[c] == h->secs[i] ?
		    (long)c++ : -1;
	}
}

/* Build the map again when the idle choice or the search changed. */
static void
build(struct heat *h)
{
	const struct timeview *tv = h->tv;
	uint8_t *match;

	if (h->hm.cell != NULL && h->built_idle == tv->show_idle)
		return;
	heatmap_free(&h->hm);
	match = match_bytes(h);
	heatmap_build(&h->hm, tv->store, h->rows,
	    tv->show_idle || tv->nidle == 0 ? NULL : tv->idle, match,
	    tree_size(tv->loaded));
	free(match);
	h->built_idle = tv->show_idle;
	seconds(h);
	h->top_cx = -1;
}

/* Cell column cx's seconds [*c0, *c1) (indices of h->secs). */
static void
cols_of(const struct heat *h, int cx, uint32_t *c0, uint32_t *c1)
{
	*c0 = (uint32_t)cx * (uint32_t)h->cw;
	*c1 = TF_MIN(*c0 + (uint32_t)h->cw, h->nsec);
}

/* Cell row cy's rows [*r0, *r1). */
static void
rows_of(const struct heat *h, int cy, int *r0, int *r1)
{
	*r0 = cy * h->rk;
	*r1 = TF_MIN(*r0 + h->rk, h->hm.rows);
}

/* Add up the cells for the grouping (cw, rk). */
static void
group(struct heat *h)
{
	const struct heatmap *hm = &h->hm;
	uint32_t c, c0, c1;
	int x, y, r, r0, r1;

	free(h->val);
	free(h->mval);
	h->val = xcalloc((size_t)h->ncx * (size_t)h->ncy, sizeof *h->val);
	h->mval = xcalloc((size_t)h->ncx * (size_t)h->ncy, sizeof *h->mval);
	h->vmax = h->smax = 0;
	for (x = 0; x < h->ncx; x++) {
		uint64_t sum = 0;

		cols_of(h, x, &c0, &c1);
		for (c = c0; c < c1; c++)
			if (h->colidx[c] >= 0)
				sum += hm->colsum[h->colidx[c]];
		h->smax = TF_MAX(h->smax, sum);
		for (y = 0; y < h->ncy; y++) {
			size_t at = (size_t)x * (size_t)h->ncy + (size_t)y;

			rows_of(h, y, &r0, &r1);
			for (c = c0; c < c1; c++)
				for (r = r0; r < r1 && h->colidx[c] >= 0; r++) {
					size_t k = (size_t)h->colidx[c] *
					    (size_t)hm->rows + (size_t)r;

					h->val[at] += hm->cell[k];
					if (hm->match != NULL)
						h->mval[at] += hm->match[k];
				}
			h->vmax = TF_MAX(h->vmax, h->val[at]);
		}
	}
}

/* Lay the map out for cols x lines: the groupings, then the cells. */
static void
heat_resize(struct tui_screen *s, int cols, int lines)
{
	static const int steps[] = {1, 2, 5};
	struct heat *h = heat_of(s);
	int avail = TF_MAX(cols - LABEL_W, 1), lavail, k, per;
	long cw = 1;

	build(h);
	h->half = colors_mode() == COLORS_256 && COLOR_PAIRS > PAIR_BASE +
	    NCOLOURS * NCOLOURS;
	/* Seconds a column: 1, 2, 5, 10, 20, 50... until they fit. */
	for (k = 0; (long)h->nsec > cw * avail; k++)
		cw = steps[(k + 1) % 3] * (long)pow(10, (k + 1) / 3);
	h->cw = (int)cw;
	h->ncx = (int)(((long)h->nsec + cw - 1) / cw);
	if (h->ncx < 1)
		h->ncx = 1;
	/* Title, totals, axis, range, status: the rest is the map. */
	lavail = TF_MAX(lines - 5, 1);
	per = h->half ? 2 : 1;
	for (h->rk = 1; h->rk < h->hm.rows; h->rk++)
		if ((h->hm.rows + h->rk - 1) / h->rk <= lavail * per)
			break;
	h->ncy = (h->hm.rows + h->rk - 1) / h->rk;
	h->lmap = (h->ncy + per - 1) / per;
	h->ytop = 2;
	h->width = avail;
	group(h);
	h->cx = TF_MIN(h->cx, h->ncx - 1);
	h->cy = TF_MIN(h->cy, h->ncy - 1);
	if (h->cx < h->first)
		h->first = h->cx;
	if (h->cx >= h->first + h->width)
		h->first = h->cx - h->width + 1;
	h->top_cx = -1;
}

/* The ramp step of v (0: none) against the largest, max. */
static int
level(const struct heat *h, uint64_t v, uint64_t max)
{
	int l;

	if (v == 0 || max == 0)
		return 0;
	if (h->logscale)
		l = (int)ceil((LEVELS - 1) * log1p((double)v) /
		    log1p((double)max));
	else
		l = (int)(((LEVELS - 1) * v + max - 1) / max);
	return TF_MAX(1, TF_MIN(l, LEVELS - 1));
}

/* The colour index of cell (x, y): red by samples, magenta by matches. */
static int
colour(const struct heat *h, int x, int y)
{
	size_t at = (size_t)x * (size_t)h->ncy + (size_t)y;
	uint64_t v = h->val[at], m = h->mval[at];

	if (h->hm.match != NULL && m > 0)
		return LEVELS + TF_MAX(1, (int)((LEVELS - 1) * m / v));
	return level(h, v, h->vmax);
}

/* The ramp character of cell (x, y) (a search: by matched share). */
static char
ramp_char(const struct heat *h, int x, int y)
{
	size_t at = (size_t)x * (size_t)h->ncy + (size_t)y;

	if (h->hm.match != NULL && h->mval[at] > 0)
		return ramp_chars[TF_MAX(1, (int)((LEVELS - 1) * h->mval[at] /
		    h->val[at]))];
	return ramp_chars[level(h, h->val[at], h->vmax)];
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
		if (x >= h->ncx)
			break;
		if (h->half) {
			lo = colour(h, x, y);
			up = y + 1 < h->ncy ? colour(h, x, y + 1) : lo;
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
			    heatmap_row_ms(&h->hm, y * h->rk));
			mvaddstr(line, 0, lab);
		}
		draw_map_line(h, line, y);
	}
}

/* The samples of each column, above the map. */
static void
draw_totals(struct heat *h, int line)
{
	uint32_t c, c0, c1;
	int sx, x, l;

	for (sx = 0; sx < h->width && (x = h->first + sx) < h->ncx; sx++) {
		uint64_t sum = 0;

		cols_of(h, x, &c0, &c1);
		for (c = c0; c < c1; c++)
			if (h->colidx[c] >= 0)
				sum += h->hm.colsum[h->colidx[c]];
		l = level(h, sum, h->smax);
		if (h->half)
			half_block(line, LABEL_W + sx, L" ", l, l);
		else
			mvaddch(line, LABEL_W + sx, (chtype)(unsigned char)
			    ramp_chars[l]);
	}
	mvaddstr(line, 0, " all");
}

/* The time at the start of cell (x, y), and at its end (last second). */
static void
cell_time(const struct heat *h, int x, int y, int end, int64_t *t)
{
	uint32_t c0, c1;
	int r0, r1;
	int64_t a, b;

	cols_of(h, x, &c0, &c1);
	rows_of(h, y, &r0, &r1);
	if (end)
		heatmap_range(&h->hm, h->secs[c1 - 1], r1 - 1,
		    h->secs[c1 - 1], r1 - 1, &a, &b);
	else
		heatmap_range(&h->hm, h->secs[c0], r0, h->secs[c0], r0,
		    &a, &b);
	*t = end ? b : a;
}

/* Seconds labels under the map, and the range under them. */
static void
draw_axis(struct heat *h, int line)
{
	const struct timeview *tv = h->tv;
	int sx, x, last = -1, len;
	int64_t a, b;
	char lab[32];

	for (sx = 0; sx < h->width && (x = h->first + sx) < h->ncx; sx++) {
		if (sx <= last || (x % 5 != 0 && sx != 0))
			continue;
		len = snprintf(lab, sizeof lab, "%lld",
		    (long long)h->secs[(size_t)x * (size_t)h->cw]);
		if (LABEL_W + sx + len >= h->screen.cols - 2)
			break;
		mvaddstr(line, LABEL_W + sx, lab);
		last = sx + len;
	}
	mvaddstr(line, 0, "   s");
	for (sx = 0; sx < h->width && (x = h->first + sx) < h->ncx; sx++) {
		cell_time(h, x, 0, 0, &a);
		cell_time(h, x, h->ncy - 1, 1, &b);
		if (h->marking && x == h->mx)
			mvaddch(line + 1, LABEL_W + sx, '^');
		else if (tv->on && a < tv->t1 && b > tv->t0)
			mvaddstr(line + 1, LABEL_W + sx, "\xe2\x94\x81");
		else if (tv->base_on && a < tv->b1 && b > tv->b0)
			mvaddch(line + 1, LABEL_W + sx, '-');
	}
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The leaf most of the cursor cell's samples ended in (h->top). */
static void
find_top(struct heat *h)
{
	const struct timeview *tv = h->tv;
	const uint8_t *skip = tv->show_idle || tv->nidle == 0 ? NULL : tv->idle;
	uint32_t c, c0, c1, *st = NULL, best = TREE_NONE;
	size_t n = 0, cap = 0, i, run, bestrun = 0;
	struct store_iter it;
	struct store_sample x;
	int r0, r1;
	int64_t a, b;

	if (h->top_cx == h->cx && h->top_cy == h->cy)
		return;
	cols_of(h, h->cx, &c0, &c1);
	rows_of(h, h->cy, &r0, &r1);
	for (c = c0; c < c1; c++) {
		if (h->colidx[c] < 0)
			continue;
		heatmap_range(&h->hm, h->secs[c], r0, h->secs[c], r1 - 1,
		    &a, &b);
		store_iter_init(&it, tv->store, a, b);
		while (store_iter_next(&it, &x)) {
			if (x.stack >= tree_size(tv->loaded) ||
			    (skip != NULL && skip[x.stack]))
				continue;
			if (n == cap)
				xgrow((void **)&st, &cap, n + 1, sizeof *st);
			st[n++] = x.stack;
		}
	}
	qsort(st, n, sizeof *st, cmp_u32);
	for (i = 0; i < n; i += run) {
		for (run = 1; i + run < n && st[i + run] == st[i]; run++)
			;
		if (run > bestrun) {
			bestrun = run;
			best = st[i];
		}
	}
	free(st);
	h->top = best;
	h->top_cx = h->cx;
	h->top_cy = h->cy;
}

/* The status line: the cursor cell, the range, what was left out. */
static void
draw_status(struct heat *h, int line)
{
	const struct timeview *tv = h->tv;
	size_t at = (size_t)h->cx * (size_t)h->ncy + (size_t)h->cy;
	uint32_t c0, c1;
	int r0, r1, n;
	char buf[400], words[128];
	const char *name;
	size_t len;

	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	move(line, 0);
	clrtoeol();
	mvhline(line, 0, ' ', h->screen.cols);
	if (h->msg != NULL) {
		mvaddnstr(line, 0, h->msg, h->screen.cols);
		colors_use(COLORS_NORMAL, PALETTE_USER, 0);
		return;
	}
	cols_of(h, h->cx, &c0, &c1);
	rows_of(h, h->cy, &r0, &r1);
	n = c1 - c0 > 1 ? snprintf(buf, sizeof buf, "%lld-%lld s",
	    (long long)h->secs[c0], (long long)h->secs[c1 - 1]) :
	    snprintf(buf, sizeof buf, "%lld s", (long long)h->secs[c0]);
	n += snprintf(buf + n, sizeof buf - (size_t)n, " +%u ms  %llu "
	    "samples", heatmap_row_ms(&h->hm, r0),
	    (unsigned long long)h->val[at]);
	if (h->marking)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  Enter: end "
		    "of the range");
	else if (timeview_words(tv, words, sizeof words) > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  %s", words);
	if (h->hm.skipped > 0)
		n += snprintf(buf + n, sizeof buf - (size_t)n, "  %llu idle "
		    "left out", (unsigned long long)h->hm.skipped);
	if (n > 0 && (size_t)n < sizeof buf && h->val[at] > 0) {
		find_top(h);
		if (h->top != TREE_NONE)
			snprintf(buf + n, sizeof buf - (size_t)n, "  top: ");
	}
	mvaddnstr(line, 0, buf, h->screen.cols);
	n = (int)strlen(buf);
	if (h->val[at] > 0 && h->top != TREE_NONE && n < h->screen.cols) {
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

	if (h->val == NULL)
		heat_resize(s, s->cols, s->lines);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	n = snprintf(title, sizeof title, "Heat map  %u s", h->nsec);
	if (h->cw > 1)
		n += snprintf(title + n, sizeof title - (size_t)n, "  %d s a "
		    "column", h->cw);
	snprintf(title + n, sizeof title - (size_t)n, "  %u ms rows  %s  "
	    "(time runs up; ? help)", heatmap_row_ms(&h->hm, h->rk),
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
	h->cx = TF_MAX(0, TF_MIN(h->cx + dx, h->ncx - 1));
	h->cy = TF_MAX(0, TF_MIN(h->cy + dy, h->ncy - 1));
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
	return move_by(heat_of(s), -heat_of(s)->ncx, 0);
}

static int
act_last(struct tui_screen *s)
{
	return move_by(heat_of(s), heat_of(s)->ncx, 0);
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
	cell_time(h, ax, ay, 0, &t0);
	cell_time(h, bx, by, 1, &t1);
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

static int
act_back(struct tui_screen *s)
{
	(void)s;
	return TUI_CLOSE;
}

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
		heatmap_free(&h->hm); /* built again with the matches */
		if (v->msg != NULL) {
			snprintf(h->msgbuf, sizeof h->msgbuf, "%s", v->msg);
			h->msg = h->msgbuf;
			v->msg = NULL;
		}
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
{
	return on_graph(heat_of(s), view_table_open);
}

static int act_reverse(struct tui_screen *s)
{
	return on_graph(heat_of(s), view_reverse_toggle);
}

/* S: the sandwich of the cursor cell's top function, in the range. */
static int
act_sandwich(struct tui_screen *s)
{
	struct heat *h = heat_of(s);
	size_t at = (size_t)h->cx * (size_t)h->ncy + (size_t)h->cy;
	struct tui_view *v = h->v;
	uint32_t name;

	if (h->val[at] == 0) {
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

	heatmap_free(&h->hm);
	free(h->secs);
	free(h->colidx);
	free(h->val);
	free(h->mval);
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
