/*
 * Colours and attributes of the viewer.
 *
 * Three modes, picked once at start: 256 colours (each palette family in
 * COLORS_SHADES shades, the nearest xterm-256 colours to layout/palette.c's
 * rgb), 8 colours (one or two colours per family), and monochrome, used
 * when NO_COLOR is set (https://no-color.org), when the terminal has no
 * colours (TERM=dumb-like), or when it has too few colour pairs.  In
 * monochrome, frames are reverse video, the selection is bold and
 * underlined in normal video, and the one-cell gaps at the right end of
 * frames separate neighbours, so the graph stays readable.
 *
 * Frames matching a search are magenta, as flamegraph.pl paints them
 * (rgb(230,0,230)); in monochrome they are reverse, bold and underlined.
 * The selection is a bright bar, black on white (reverse video and bold)
 * in 256 and 8 colours: bright however wide (black read as a hole in the
 * graph), and it does not rely on telling two hues apart (it was purple,
 * next to the matches' magenta); the painter puts a marker at each end,
 * ">" and "<", in every mode (tui/paint.h), and underlines a selected
 * match.  A list's selected row (the function table) is the same bar; in
 * monochrome, reverse video among rows in normal video.
 *
 * colors_use() sets the attributes of stdscr; nothing here returns curses
 * types, so this header stays free of curses.
 */
#ifndef TFLAME_TUI_COLORS_H
#define TFLAME_TUI_COLORS_H

#include "layout/palette.h"

#define COLORS_SHADES 8

enum colors_mode {
	COLORS_MONO = 0,
	COLORS_8,
	COLORS_256
};

enum colors_role {
	COLORS_NORMAL = 0,  /* the terminal's own colours */
	COLORS_FRAME,       /* a frame: family and shade given */
	COLORS_ANCESTOR,    /* an ancestor of the zoom node, dimmed */
	COLORS_MERGED,      /* frames too narrow to show, merged */
	COLORS_MATCH,       /* a frame matching the search */
	COLORS_SELECTED,    /* the selection */
	COLORS_STATUS,      /* the status lines */
	COLORS_STATUS_NAME, /* the selected name in the status line */
	COLORS_STATUS_MSG,  /* a one-shot message in the status line */
	COLORS_TITLE,       /* help screen headings */
	COLORS_KEY,         /* key names on the help screen */
	COLORS_ROW_SELECTED /* a list's selected row */
};

/* Pick the mode for the current terminal and set up colour pairs. */
void colors_init(void);

enum colors_mode colors_mode(void);

/* Set stdscr's attributes for role (family and shade for COLORS_FRAME). */
void colors_use(enum colors_role role, enum palette_family family,
    unsigned shade);

/* The markers at the ends of the selected bar. */
#define COLORS_SEL_LEFT '>'
#define COLORS_SEL_RIGHT '<'

/* The character that fills a merged rectangle. */
#define COLORS_MERGED_CHAR '+'

#endif
