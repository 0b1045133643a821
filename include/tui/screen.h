/*
 * Screens: what the viewer shows, one kind per file in src/tui.
 *
 * A screen is a struct that starts with a struct tui_screen, whose ops say
 * how to draw it and what its keys do.  The screens open form a stack: the
 * top one is shown and gets the keys; a screen opens another by pushing it
 * (the help screen over the graph, later a function table, a sandwich
 * view, the list of frames behind a "+" bar, a messages panel), and the
 * one below is shown again when the top one closes.  The event loop
 * (tui/loop.h) knows screens only through these ops:
 *
 *   init     each kind of screen has its own constructor taking what it
 *            needs (view_flame_init(), help_open()); it fills the struct,
 *            ops included, and screen_push() puts it on the stack.  The
 *            screen is not sized yet.
 *   resize   lay out for a terminal of cols x lines.  The loop calls it
 *            before the first draw, after the terminal changed size (for
 *            a covered screen, once it is on top again), and when a
 *            handler returned TUI_RELAYOUT.  Optional.
 *   draw     paint the screen onto an erased stdscr.  Never called on a
 *            terminal smaller than TUI_MIN_COLS x TUI_MIN_LINES (the loop
 *            says "too small" itself).  The loop then sends the whole
 *            screen with one doupdate(), so curses sends only the cells
 *            that changed.  Required.
 *   key      a key (a curses code; never KEY_RESIZE, which the loop takes):
 *            change the state, return reaction flags (TUI_*), never draw.
 *            Required.  screen_binding() finds the row of a key table.
 *   delay    how long the loop may wait for a key before calling tick, in
 *            ms (-1: no limit; 0: idle work is waiting).  Optional (-1).
 *            (Not "timeout": curses has a macro of that name.)
 *   tick     the delay ran out with no key: do timed or idle work, return
 *            reaction flags.  Optional.
 *   quits    true when key would end the viewer from this screen as it is
 *            (the loop uses it while it holds keys back, so q quits at
 *            once even then).  Optional (never).
 *   free     release the screen (called once it is popped, and for every
 *            screen left on the stack at the end).  Optional.
 *   keys, legend
 *            the screen's key table and the lines the help screen shows
 *            under it: screen_key() runs the row of a key (a key op
 *            itself, or called by one that looks at some keys first),
 *            screen_help() opens the help screen.  Optional.
 *
 * Reaction flags: TUI_REDRAW draw again; TUI_RELAYOUT resize the top
 * screen, then draw; TUI_CLEAR repaint every cell (Ctrl-L); TUI_CLOSE pop
 * this screen (closing the last one quits); TUI_QUIT leave the viewer.  A
 * handler that pushed a screen returns TUI_REDRAW (the loop sizes the new
 * top itself).
 *
 * A key table (struct tui_binding rows) serves both for dispatch and for
 * the help screen, which lists the rows of the screen that opened it.
 */
#ifndef TFLAME_TUI_SCREEN_H
#define TFLAME_TUI_SCREEN_H

#include <stddef.h>

/* Reaction flags returned by key and tick handlers. */
#define TUI_REDRAW 0x1   /* draw again (curses sends what changed) */
#define TUI_RELAYOUT 0x2 /* resize (lay out) the top screen, then draw */
#define TUI_CLEAR 0x4    /* repaint every cell (Ctrl-L) */
#define TUI_QUIT 0x8     /* leave the viewer */
#define TUI_CLOSE 0x10   /* pop the screen that returned it */

/* Smallest terminal a screen is drawn on; below it, a note. */
#define TUI_MIN_COLS 10
#define TUI_MIN_LINES 2

struct tui_list;
struct tui_screen;
struct tui_stack;

/* What a key does: a row of a key table (also a line of the help screen). */
struct tui_binding {
	const char *keys;        /* how the help screen names the keys; ""
	                            continues the row before */
	const char *what;
	int (*fn)(struct tui_screen *s);
	int codes[5];            /* curses key codes, 0 ends the list early */
};

struct tui_screen_ops {
	const char *name;        /* for messages and debugging: "flame" */
	void (*resize)(struct tui_screen *s, int cols, int lines);
	void (*draw)(struct tui_screen *s);
	int (*key)(struct tui_screen *s, int key);
	int (*delay)(const struct tui_screen *s);
	int (*tick)(struct tui_screen *s);
	int (*quits)(const struct tui_screen *s, int key);
	void (*free)(struct tui_screen *s);
	/* Its key table and the help screen's legend (screen_key(),
	   screen_help()); optional. */
	const struct tui_binding *keys;
	size_t nkeys;
	const char *const *legend;
	size_t nlegend;
};

struct tui_screen {
	const struct tui_screen_ops *ops;
	struct tui_stack *stack; /* the stack it is on (screen_push()) */
	struct tui_screen *below; /* the screen shown when this one closes */
	int cols, lines;         /* the size it was last laid out for, or
	                            -1 (not yet) */
	struct tui_list *list;   /* the cursor tui/list.h's keys move, in
	                            the screen's struct; NULL: none */
};

/* The open screens; top is shown and gets the keys. */
struct tui_stack {
	struct tui_screen *top;
};

/* Put s on top of st (it is sized before it is drawn). */
void screen_push(struct tui_stack *st, struct tui_screen *s);

/* Take the top screen off st and free it; the one below is shown. */
void screen_pop(struct tui_stack *st);

/* Pop and free every screen. */
void screen_pop_all(struct tui_stack *st);

/* Lay s out for cols x lines (its resize op) and remember the size. */
void screen_resize(struct tui_screen *s, int cols, int lines);

/* The row of table b[0..n) that binds key, or NULL. */
const struct tui_binding *screen_binding(const struct tui_binding *b,
    size_t n, int key);

/* A key op: run the row of s's key table that binds key; 0 when none. */
int screen_key(struct tui_screen *s, int key);

/*
 * Handlers most key tables share: the help screen of s's key table and
 * legend; leave the viewer; repaint every cell (Ctrl-L).
 */
int screen_help(struct tui_screen *s);
int screen_quit(struct tui_screen *s);
int screen_repaint(struct tui_screen *s);

/* A quits op: q and Ctrl-C quit from the screen. */
int screen_quits(const struct tui_screen *s, int key);

/*
 * Open the help screen over the top of st: key table b[0..n), then the
 * lines legend[0..nlegend).  Any key closes it.
 */
void help_open(struct tui_stack *st, const struct tui_binding *b, size_t n,
    const char *const *legend, size_t nlegend);

#endif
