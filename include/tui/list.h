/*
 * A cursor over a list of rows that a screen shows a window of (the
 * function table, the frames behind a "+" bar): the row selected, the
 * first row shown, and the keys that move them.
 *
 * The screen owns a struct tui_list, points its struct tui_screen's list
 * at it, sets n whenever the rows change and rows when it is laid out;
 * its key table names the handlers below for the moving keys, which keep
 * the cursor on a row and on the screen at once, so that any key after
 * them (Enter on the row) reads a valid cur.
 */
#ifndef TFLAME_TUI_LIST_H
#define TFLAME_TUI_LIST_H

struct tui_screen;

struct tui_list {
	long cur, top;            /* row selected, first row shown */
	long n;                   /* rows in the list */
	int rows;                 /* rows on the screen (at least 1 is used) */
};

/* Keep cur on a row (0 in an empty list) and the window around it. */
void list_clamp(struct tui_list *l);

/* Set the rows in the list (n) or on the screen (rows), then clamp. */
void list_set_n(struct tui_list *l, long n);
void list_set_rows(struct tui_list *l, int rows);

/*
 * Handlers for a key table (struct tui_binding), on s->list: the next
 * and the previous row, a page down and up (the window moves with the
 * cursor), the first and the last row.  Each returns TUI_REDRAW.
 */
int list_down(struct tui_screen *s);
int list_up(struct tui_screen *s);
int list_page_down(struct tui_screen *s);
int list_page_up(struct tui_screen *s);
int list_first(struct tui_screen *s);
int list_last(struct tui_screen *s);

#endif
