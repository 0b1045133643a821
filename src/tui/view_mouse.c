/*
 * The graph screen's mouse and clipboard.  The mouse does what keys do: a
 * click selects (on the selected frame, or its fold line, it is Enter),
 * the wheel scrolls three lines, a right click or a click on the status
 * lines undoes a zoom; M gives the mouse back to the terminal for its own
 * text selection.  y and Y copy the selected name, or its subtree as
 * folded stacks, to the clipboard through the terminal (OSC 52), at most
 * COPY_MAX bytes.  The key table is view_flame.c's.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>

#include "export/subtree.h"
#include "layout/layout.h"
#include "model/tree.h"
#include "tui/flame.h"
#include "tui/loop.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define COPY_MAX (100u << 10) /* y, Y: at most 100 KB to the clipboard */

/* Say in the status line what went to the clipboard: what, lines, bytes. */
static int
copied(struct tui_view *v, int rc, const char *what, size_t bytes, int cut)
{
	if (rc != 0) {
		v->msg = "Copy failed: could not write to the terminal.";
		return TUI_REDRAW;
	}
	snprintf(v->msgbuf, sizeof v->msgbuf, "Copied %s (%zu byte%s%s) to "
	    "the clipboard.", what, bytes, bytes == 1 ? "" : "s",
	    cut ? ", cut at 100 KB" : "");
	v->msg = v->msgbuf;
	return TUI_REDRAW;
}

/* y: copy the selected frame's full name to the clipboard (OSC 52). */
int
view_copy_name(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	const char *name = "all";
	size_t len = 3, n;

	if (v->sel != TREE_ROOT)
		name = tree_name(v->tree, v->sel, &len);
	n = TF_MIN(len, (size_t)COPY_MAX);
	return copied(v, term_clipboard(name, n), "the name", n, n < len);
}

/* Y: copy the selected subtree as folded stacks (OSC 52, 100 KB at most). */
int
view_copy_subtree(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	struct subtree_text st;
	char *buf = xmalloc(COPY_MAX + 1), what[64];
	int rc;

	subtree_folded(v->tree, v->prof, v->sel, buf, COPY_MAX + 1, &st);
	rc = term_clipboard(buf, st.len);
	free(buf);
	snprintf(what, sizeof what, "%llu stack%s",
	    (unsigned long long)st.lines, st.lines == 1 ? "" : "s");
	return copied(v, rc, what, st.len, st.cut);
}

/* Rectangle drawn at screen cell (x, y), or LAYOUT_NONE. */
static uint32_t
rect_at(const struct tui_view *v, int x, int y)
{
	const struct layout *l = &v->layout;
	long d = flame_depth_of(v, v->scroll + y), x0, x1;
	uint32_t i;

	if (y < 0 || y >= v->graph_lines || d < 0)
		return LAYOUT_NONE;
	/* The trunk's fold: its first folded frame, wherever it is hit. */
	if (flame_is_trunk_line(v, v->scroll + y))
		return v->trunk_rect;
	for (i = l->row_start[d]; i < l->row_start[d + 1]; i++) {
		layout_cells(&l->rects[i], &x0, &x1);
		if (x >= x0 && x < x1)
			return l->rects[i].flags & LAYOUT_MERGED ? LAYOUT_NONE : i;
	}
	return LAYOUT_NONE;
}

/*
 * A mouse event, as keys would do it: a click selects (on the selected
 * frame: Enter, a zoom), the wheel scrolls three lines, a right click or
 * a click on the status lines goes back a zoom.
 */
int
view_mouse_event(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	MEVENT ev;
	uint32_t i;

	if (getmouse(&ev) != OK)
		return 0;
	if (ev.bstate & BUTTON4_PRESSED)
		return flame_scroll_by(v, -3);
	if (ev.bstate & BUTTON5_PRESSED)
		return flame_scroll_by(v, 3);
	if ((ev.bstate & BUTTON3_PRESSED) ||
	    ((ev.bstate & BUTTON1_PRESSED) && ev.y >= v->graph_lines))
		return view_xform_undo(sc);
	if (!(ev.bstate & BUTTON1_PRESSED))
		return 0;
	if ((i = rect_at(v, ev.x, ev.y)) == LAYOUT_NONE)
		return 0;
	if (i == v->sel_rect)
		return view_flame_enter(sc);
	return flame_select_rect(v, i);
}

/* Give the mouse to the terminal (its own text selection), or take it. */
int
view_mouse_toggle(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	v->mouse_off = !v->mouse_off;
	term_mouse(!v->mouse_off);
	v->msg = v->mouse_off ? "Mouse off: the terminal selects text (M: "
	    "mouse on)." : "Mouse on: click, double-click, wheel (M: off).";
	return TUI_REDRAW;
}
