/*
 * Colours and attributes of the viewer.  See tui/colors.h.
 *
 * Every style is computed once in colors_init() into a table of curses
 * attributes (colour pair included); colors_use() only looks it up.
 */
#include "config.h"

#include <curses.h>
#include <stdlib.h>

#include "layout/palette.h"
#include "tui/colors.h"

#define NROLES (COLORS_ROW_SELECTED + 1)

static enum colors_mode mode = COLORS_MONO;
static attr_t role_attr[NROLES];
static attr_t frame_attr[PALETTE_NFAMILIES][COLORS_SHADES];
static short next_pair = 1;

/* The colour of search matches: flamegraph.pl's. */
static const struct palette_rgb match_rgb = {230, 0, 230};

/* Distance between two rgb colours, squared. */
static long
dist2(int r1, int g1, int b1, int r2, int g2, int b2)
{
	return (long)(r1 - r2) * (r1 - r2) + (long)(g1 - g2) * (g1 - g2) +
	    (long)(b1 - b2) * (b1 - b2);
}

/* Index (0-5) of the xterm colour cube level nearest to channel value v. */
static int
cube_level(int v)
{
	if (v < 48)
		return 0;
	if (v < 115)
		return 1;
	return (v - 35) / 40;
}

/* The xterm-256 colour nearest to c: from the 6x6x6 cube or the grey ramp. */
static short
xterm256(struct palette_rgb c)
{
	static const int level[6] = {0, 95, 135, 175, 215, 255};
	int r = cube_level(c.r), g = cube_level(c.g), b = cube_level(c.b);
	int avg = (c.r + c.g + c.b) / 3, gi, gv;
	long dc, dg;

	gi = avg < 8 ? 0 : avg > 238 ? 23 : (avg - 8) / 10;
	gv = 8 + gi * 10;
	dc = dist2(c.r, c.g, c.b, level[r], level[g], level[b]);
	dg = dist2(c.r, c.g, c.b, gv, gv, gv);
	if (dg < dc)
		return (short)(232 + gi);
	return (short)(16 + 36 * r + 6 * g + b);
}

/* A new colour pair fg on bg, as attributes. */
static attr_t
pair(short fg, short bg)
{
	short p = next_pair++;

	init_pair(p, fg, bg);
	return COLOR_PAIR(p);
}

/* Styles for 256 colours. */
static void
init_256(void)
{
	int f;
	unsigned s;

	for (f = 0; f < PALETTE_NFAMILIES; f++)
		for (s = 0; s < COLORS_SHADES; s++)
			frame_attr[f][s] = pair(16, xterm256(palette_rgb(
			    (enum palette_family)f,
			    (s + 0.5) / COLORS_SHADES)));
	role_attr[COLORS_ANCESTOR] = pair(252, 240);
	role_attr[COLORS_MERGED] = pair(246, 237);
	role_attr[COLORS_MATCH] = pair(16, xterm256(match_rgb));
	/* Black on bright white (reverse video of white on black): a bar
	 * no frame colour comes near, far from the matches' magenta, and
	 * bright however wide (black on black read as a hole). */
	role_attr[COLORS_SELECTED] = pair(231, 16) | A_REVERSE | A_BOLD;
	role_attr[COLORS_ROW_SELECTED] = role_attr[COLORS_SELECTED];
	role_attr[COLORS_STATUS] = pair(252, 236);
	role_attr[COLORS_STATUS_NAME] = pair(231, 236) | A_BOLD;
	role_attr[COLORS_STATUS_MSG] = pair(226, 236) | A_BOLD;
	role_attr[COLORS_TITLE] = A_BOLD;
	role_attr[COLORS_KEY] = pair(214, -1) | A_BOLD;
}

/* Styles for 8 colours: one or two colours per family. */
static void
init_8(void)
{
	attr_t red = pair(COLOR_BLACK, COLOR_RED);
	attr_t yellow = pair(COLOR_BLACK, COLOR_YELLOW);
	attr_t blue = pair(COLOR_WHITE, COLOR_BLUE);
	attr_t green = pair(COLOR_BLACK, COLOR_GREEN);
	attr_t cyan = pair(COLOR_BLACK, COLOR_CYAN);
	attr_t white = pair(COLOR_BLACK, COLOR_WHITE);
	unsigned s;

	for (s = 0; s < COLORS_SHADES; s++) {
		frame_attr[PALETTE_USER][s] =
		    s < COLORS_SHADES / 2 ? red : yellow;
		frame_attr[PALETTE_KERNEL][s] = blue;
		frame_attr[PALETTE_JIT][s] = green;
		frame_attr[PALETTE_INLINE][s] = cyan;
		frame_attr[PALETTE_GREY][s] = white;
		frame_attr[PALETTE_DIFF_GROW][s] = red;
		frame_attr[PALETTE_DIFF_SHRINK][s] = blue;
		frame_attr[PALETTE_DIFF_SAME][s] = white;
	}
	role_attr[COLORS_ANCESTOR] = white | A_DIM;
	role_attr[COLORS_MERGED] = A_DIM;
	role_attr[COLORS_MATCH] = pair(COLOR_BLACK, COLOR_MAGENTA);
	role_attr[COLORS_SELECTED] = pair(COLOR_WHITE, COLOR_BLACK) |
	    A_REVERSE | A_BOLD;
	role_attr[COLORS_ROW_SELECTED] = role_attr[COLORS_SELECTED];
	role_attr[COLORS_STATUS] = A_REVERSE;
	role_attr[COLORS_STATUS_NAME] = A_REVERSE | A_BOLD;
	role_attr[COLORS_STATUS_MSG] = A_REVERSE | A_BOLD;
	role_attr[COLORS_TITLE] = A_BOLD;
	role_attr[COLORS_KEY] = pair(COLOR_YELLOW, -1) | A_BOLD;
}

/* Styles without colour: reverse video bars, the selection not reversed. */
static void
init_mono(void)
{
	int f;
	unsigned s;

	for (f = 0; f < PALETTE_NFAMILIES; f++)
		for (s = 0; s < COLORS_SHADES; s++)
			frame_attr[f][s] = A_REVERSE;
	role_attr[COLORS_ANCESTOR] = A_REVERSE | A_DIM;
	role_attr[COLORS_MERGED] = A_NORMAL;
	role_attr[COLORS_MATCH] = A_REVERSE | A_BOLD | A_UNDERLINE;
	role_attr[COLORS_SELECTED] = A_BOLD | A_UNDERLINE;
	role_attr[COLORS_ROW_SELECTED] = A_REVERSE | A_BOLD; /* rows: normal */
	role_attr[COLORS_STATUS] = A_REVERSE;
	role_attr[COLORS_STATUS_NAME] = A_REVERSE | A_BOLD;
	role_attr[COLORS_STATUS_MSG] = A_REVERSE | A_BOLD;
	role_attr[COLORS_TITLE] = A_BOLD;
	role_attr[COLORS_KEY] = A_BOLD;
}

/* Pick the colour mode and compute every style. */
void
colors_init(void)
{
	const char *nc = getenv("NO_COLOR");

	mode = COLORS_MONO;
	next_pair = 1;
	if ((nc == NULL || *nc == '\0') && has_colors() &&
	    start_color() == OK) {
		/* Default colours (-1) keep the terminal's own background. */
		if (use_default_colors() != OK)
			assume_default_colors(COLOR_WHITE, COLOR_BLACK);
		if (COLORS >= 256 && COLOR_PAIRS >= 64)
			mode = COLORS_256;
		else if (COLORS >= 8 && COLOR_PAIRS >= 16)
			mode = COLORS_8;
	}
	if (mode == COLORS_256)
		init_256();
	else if (mode == COLORS_8)
		init_8();
	else
		init_mono();
	role_attr[COLORS_NORMAL] = A_NORMAL;
	role_attr[COLORS_FRAME] = A_NORMAL;
}

/* Return the colour mode picked by colors_init(). */
enum colors_mode
colors_mode(void)
{
	return mode;
}

/* Set the attributes of stdscr for a role. */
void
colors_use(enum colors_role role, enum palette_family family, unsigned shade)
{
	if (role == COLORS_FRAME && (unsigned)family < PALETTE_NFAMILIES &&
	    shade < COLORS_SHADES)
		attrset(frame_attr[family][shade]);
	else if ((unsigned)role < NROLES)
		attrset(role_attr[role]);
	else
		attrset(A_NORMAL);
}
