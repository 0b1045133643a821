/*
 * The heat map screen's parts (view_heatmap.c: keys, ranges, opening;
 * heat_draw.c: drawing): the screen's state, private to the two.
 */
#ifndef TFLAME_TUI_HEAT_H
#define TFLAME_TUI_HEAT_H

#include <curses.h>
#include <stdint.h>

#include "model/heatgrid.h"
#include "model/timeview.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"

#define HEAT_LABEL_W 5  /* the offsets' column, left of the map */

struct heat {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* the graph below */
	struct timeview *tv;       /* v->time */
	struct heatgrid g;         /* the map, grouped for the screen */
	int rows;                  /* --rows */
	int built_idle;            /* hm was built with idle shown */
	int logscale;
	int half;                  /* two cell rows a line (256 colours) */
	int rgb;                   /* and in true colour (heat_draw.c) */
	int lmap;                  /* lines of the map */
	int first;                 /* first cell column shown */
	int ytop;                  /* the map's first line */
	int width;                 /* cell columns the screen shows */
	int cx, cy;                /* the cursor */
	int marking, mx, my;       /* Enter was pressed once, on (mx, my) */
	int pressed, px, py;       /* the mouse's left button is down there */
	int mouse;                 /* releases asked for; the mask before: */
	mmask_t oldmask;
	int top_cx, top_cy;        /* the top function found for this cell */
	uint32_t top;              /* its leaf node, TREE_NONE: none */
	const char *msg;
	char msgbuf[200];
	struct tui_text tx;
	struct prompt *prompt;     /* the graph's (the search's history) */
};

/* Draw the whole screen (the map grouped for it when not yet). */
void heat_draw(struct tui_screen *s);

/* The leaf most of the cursor cell's samples ended in (h->top). */
void heat_find_top(struct heat *h);

/* The stacks left out: the idle ones, unless shown. */
const uint8_t *heat_idle_skip(const struct timeview *tv);

/* Two cell rows a line, with half blocks (256 colours, pairs enough). */
int heat_half_blocks(void);

/* True colour: COLORTERM says so, and half blocks are drawn. */
int heat_true_colour(void);

/* Lay the map out for cols x lines (view_heatmap.c). */
void heat_resize(struct tui_screen *s, int cols, int lines);

#endif
