/*
 * The heat map screen's drawing (see view_heatmap.c for the layout):
 * the title, the column totals, the map, the axis with the range under
 * it, and the status line with the cursor cell's top function.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "model/heatgrid.h"
#include "model/heatmap.h"
#include "model/timeview.h"
#include "tui/colors.h"
#include "tui/heat.h"
#include "tui/loop.h"
#include "tui/prompt.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define LEVELS 10      /* ramp steps, 0 = no sample */
#define NCOLOURS (2 * LEVELS + 1) /* red ramp, magenta ramp, black */
#define BLACK (2 * LEVELS)
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

static struct heat *
heat_of(struct tui_screen *s)
{
	return (struct heat *)(void *)s;
}

int
heat_half_blocks(void)
{
	return colors_mode() == COLORS_256 && COLOR_PAIRS > PAIR_BASE +
	    NCOLOURS * NCOLOURS;
}

const uint8_t *
heat_idle_skip(const struct timeview *tv)
{
	return tv->show_idle || tv->nidle == 0 ? NULL : tv->idle;
}

int
heat_true_colour(void)
{
	const char *ct = getenv("COLORTERM");

	return heat_half_blocks() && ct != NULL &&
	    (strcmp(ct, "truecolor") == 0 || strcmp(ct, "24bit") == 0);
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
				half_block(line, HEAT_LABEL_W + sx, L"\u2580", BLACK,
				    lo);
			else if (x == h->cx && y == h->cy)
				half_block(line, HEAT_LABEL_W + sx, L"\u2584", BLACK,
				    up);
			else
				half_block(line, HEAT_LABEL_W + sx, L"\u2580", up, lo);
			continue;
		}
		if (x == h->cx && y == h->cy)
			attron(A_REVERSE);
		mvaddch(line, HEAT_LABEL_W + sx, (chtype)(unsigned char)
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
			half_block(line, HEAT_LABEL_W + sx, L" ", l, l);
		else
			mvaddch(line, HEAT_LABEL_W + sx, (chtype)(unsigned char)
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
		if (HEAT_LABEL_W + sx + len >= h->screen.cols - 2)
			break;
		mvaddstr(line, HEAT_LABEL_W + sx, lab);
		last = sx + len;
	}
	mvaddstr(line, 0, "   s");
	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		a = heatgrid_time(&h->g, x, 0, 0);
		b = heatgrid_time(&h->g, x, h->g.ncy - 1, 1);
		if (h->marking && x == h->mx)
			mvaddch(line + 1, HEAT_LABEL_W + sx, '^');
		else if (tv->on && a < tv->t1 && b > tv->t0)
			mvaddstr(line + 1, HEAT_LABEL_W + sx, "\xe2\x94\x81");
		else if (tv->base_on && a < tv->b1 && b > tv->b0)
			mvaddch(line + 1, HEAT_LABEL_W + sx, '-');
	}
}

/* The leaf most of the cursor cell's samples ended in (h->top). */
void
heat_find_top(struct heat *h)
{
	const struct timeview *tv = h->tv;

	if (h->top_cx == h->cx && h->top_cy == h->cy)
		return;
	h->top = heatgrid_top(&h->g, tv->store, h->cx, h->cy, heat_idle_skip(tv),
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
		heat_find_top(h);
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

/*
 * True colour (COLORTERM=truecolor or 24bit): curses draws the map in
 * 256 colours, then the map's and the totals' cells are sent again
 * straight to the terminal (curses has no 24-bit colours on terminfo
 * entries without RGB, as xterm-256color), coloured along the ramp by
 * the exact share of the largest instead of in ten steps.  Around it the
 * terminal saves and restores the cursor and its attributes (DECSC,
 * DECRC), so curses' idea of the terminal still holds, and the glyphs
 * are the ones curses sent, so the next update is right either way.
 */
struct rgb {
	int r, g, b;
};

/* White, FlameScope's #FF5032 and #E50914; magenta (a search's). */
static const struct rgb stops[3] = {
	{255, 255, 255}, {255, 80, 50}, {229, 9, 20}
};
static const struct rgb magenta = {230, 0, 230};

/* The colour a share f (0 to 1) of the way from a to b. */
static struct rgb
mix(struct rgb a, struct rgb b, double f)
{
	struct rgb c;

	c.r = a.r + (int)lround((b.r - a.r) * f);
	c.g = a.g + (int)lround((b.g - a.g) * f);
	c.b = a.b + (int)lround((b.b - a.b) * f);
	return c;
}

/* The true colour of v samples (m matching) against max. */
static struct rgb
rgb_of(const struct heat *h, uint64_t v, uint64_t m, uint64_t max)
{
	double f;

	if (v == 0 || max == 0)
		return stops[0];
	if (h->g.hm.match != NULL && m > 0)
		return mix(stops[0], magenta, 0.15 + 0.85 * (double)m /
		    (double)v);
	f = h->logscale ? log1p((double)v) / log1p((double)max) :
	    (double)v / (double)max;
	f = TF_MAX(f, 0.08); /* any sample: not white */
	return f < 0.6 ? mix(stops[0], stops[1], f / 0.6) :
	    mix(stops[1], stops[2], (f - 0.6) / 0.4);
}

/* The output being made: bytes, and the colours last set. */
struct out {
	char *buf;
	size_t len, cap;
	struct rgb fg, bg;
	int set;
};

static void
out_add(struct out *o, const char *s)
{
	size_t n = strlen(s);

	xgrow((void **)&o->buf, &o->cap, o->len + n + 1, 1);
	memcpy(o->buf + o->len, s, n + 1);
	o->len += n;
}

/* A glyph in fg on bg, the colours set only when they change. */
static void
out_cell(struct out *o, const char *glyph, struct rgb fg, struct rgb bg)
{
	char b[64];

	if (!o->set || memcmp(&fg, &o->fg, sizeof fg) != 0 ||
	    memcmp(&bg, &o->bg, sizeof bg) != 0) {
		snprintf(b, sizeof b, "\033[38;2;%d;%d;%d;48;2;%d;%d;%dm",
		    fg.r, fg.g, fg.b, bg.r, bg.g, bg.b);
		out_add(o, b);
		o->fg = fg;
		o->bg = bg;
		o->set = 1;
	}
	out_add(o, glyph);
}

/* Screen line line of the map, cell rows y and y + 1, in true colour. */
static void
rgb_line(struct heat *h, struct out *o, int line, int y)
{
	static const struct rgb black = {0, 0, 0};
	uint64_t vmax = h->g.vmax;
	struct rgb up, lo;
	char b[32];
	int sx, x;

	snprintf(b, sizeof b, "\033[%d;%dH", line + 1, HEAT_LABEL_W + 1);
	out_add(o, b);
	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		lo = rgb_of(h, heatgrid_val(&h->g, x, y),
		    heatgrid_mval(&h->g, x, y), vmax);
		up = y + 1 < h->g.ncy ? rgb_of(h, heatgrid_val(&h->g, x, y + 1),
		    heatgrid_mval(&h->g, x, y + 1), vmax) : lo;
		if (x == h->cx && y + 1 == h->cy)
			out_cell(o, "\xe2\x96\x80", black, lo);
		else if (x == h->cx && y == h->cy)
			out_cell(o, "\xe2\x96\x84", black, up);
		else
			out_cell(o, "\xe2\x96\x80", up, lo);
	}
}

/* Send the totals and the map again in true colour (see above). */
static void
rgb_overlay(struct heat *h)
{
	struct out o;
	struct rgb c;
	char b[32];
	int sx, x, i;

	memset(&o, 0, sizeof o);
	out_add(&o, "\0337");
	snprintf(b, sizeof b, "\033[2;%dH", HEAT_LABEL_W + 1);
	out_add(&o, b);
	for (sx = 0; sx < h->width && (x = h->first + sx) < h->g.ncx; sx++) {
		c = rgb_of(h, h->g.colval[x], 0, h->g.smax);
		out_cell(&o, " ", c, c);
	}
	for (i = 0; i < h->lmap; i++)
		rgb_line(h, &o, h->ytop + h->lmap - 1 - i, i * 2);
	out_add(&o, "\0338");
	/* After curses' own update, so that the cells are these. */
	wnoutrefresh(stdscr);
	doupdate();
	term_write(o.buf, o.len);
	free(o.buf);
}

void
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
	if (h->rgb)
		rgb_overlay(h);
}
