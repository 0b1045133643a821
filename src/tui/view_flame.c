/*
 * The flame graph screen: its key table, key handlers and drawing.
 *
 * Handlers only change the view and return reaction flags (tui/view.h);
 * flame_draw() is the one place the graph is painted, always from
 * scratch onto an erased stdscr: curses compares with what the terminal
 * shows and sends only the difference, so moving the selection costs the
 * two frames that changed and the status line.
 *
 * Screen geometry (which picture line shows which row, the folds of
 * callers and of the trunk, scrolling) is in flame_geom.c (tui/flame.h).
 *
 * The other parts of this screen have files of their own: the mouse and
 * the clipboard (view_mouse.c), the search (view_search.c), the reverse
 * view and the thread that builds its tree (view_reverse.c), saving as an
 * SVG (view_save.c), the transforms, the undo history and the breadcrumb
 * (view_xform.c), and what changes when the tree grows while it loads
 * (stream.c).  They share struct tui_view (tui/view.h); the key table
 * here binds their keys too.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff/diff.h"
#include "layout/layout.h"
#include "layout/palette.h"
#include "model/reverse.h"
#include "model/units.h"
#include "search/search.h"
#include "tui/colors.h"
#include "tui/flame.h"
#include "tui/loop.h"
#include "tui/paint.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27

static int act_left(struct tui_screen *);
static int act_right(struct tui_screen *);
static int act_up(struct tui_screen *);
static int act_down(struct tui_screen *);
static int act_reset(struct tui_screen *);
static int act_flip(struct tui_screen *);
static int act_width(struct tui_screen *);
static int act_pgup(struct tui_screen *);
static int act_pgdn(struct tui_screen *);
static int act_top(struct tui_screen *);
static int act_bottom(struct tui_screen *);
static int act_name_left(struct tui_screen *);
static int act_name_right(struct tui_screen *);
static int act_templates(struct tui_screen *);

/*
 * The key table (its head; then the transforms' keys from the registry,
 * model/xform.h, and the tail: make_bindings()).  The help screen lists
 * it in this order.  Later work
 * (sandwich s; w) adds rows here.
 */
static const struct tui_binding bindings_head[] = {
	{"Left  h", "select the frame (or + bar) to the left", act_left,
	    {KEY_LEFT, 'h', 0}},
	{"Right l", "select the frame (or + bar) to the right", act_right,
	    {KEY_RIGHT, 'l', 0}},
	{"Up    k", "select the frame above (flame: the child you came "
	    "from, else the widest; icicle: parent)", act_up,
	    {KEY_UP, 'k', 0}},
	{"Down  j", "select the frame below (flame: parent; icicle: the "
	    "child you came from, else the widest)", act_down,
	    {KEY_DOWN, 'j', 0}},
	{"Enter", "zoom to the selected frame (a + bar: list its frames)",
	    view_flame_enter,
	    {'\n', '\r', KEY_ENTER, 0}},
	{"Bksp  u", "undo the last zoom or transform", view_xform_undo,
	    {KEY_BACKSPACE, 127, KEY_CTRL('H'), 'u', 0}},
	{"Esc", "back to the root (all), transforms kept", act_reset,
	    {KEY_ESCAPE, 0}},
	{"i", "switch between flame and icicle view", act_flip, {'i', 0}},
	{"r", "switch between the normal and the reverse (callers) view",
	    view_reverse_toggle, {'r', 0}},
	{"w", "--diff: widths from AFTER or from BEFORE", act_width, {'w', 0}},
	{"s", "save this view as an SVG file (asks for the name)", view_save_open,
	    {'s', 0}},
	{"/", "search frame names (PCRE2 regex; empty: clear)", view_search_open,
	    {'/', 0}},
	{"n N", "select the next / previous matching frame (from a frame "
	    "you moved to: the next on the screen)", view_search_next,
	    {'n', 0}},
	{"", "", view_search_prev, {'N', 0}},
	{"#", "search for the selected frame's name", view_search_quote, {'#', 0}},
	{"t S", "table of functions / sandwich (callers, callees) of this one",
	    view_table_open, {'t', 0}},
	{"", "", view_sandwich_open, {'S', 0}},
	{"Tab Ctrl-I", "search ignoring case, or not (in the prompt too)",
	    view_search_case, {'\t', 0}},
	{"PgUp PgDn", "scroll up / down a page", act_pgup,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", act_pgdn, {KEY_NPAGE, KEY_CTRL('F'), 0}},
	{"g G", "scroll to the top / bottom (also Home, End)", act_top,
	    {'g', KEY_HOME, 0}},
	{"", "", act_bottom, {'G', KEY_END, 0}},
};

/* Then the transforms' keys (view_xform_bindings()), then these. */
static const struct tui_binding bindings_tail[] = {
	{"", "", view_xform_reset, {'U', 0}},
	{"< >", "scroll the selected name in the status line", act_name_left,
	    {'<', 0}},
	{"", "", act_name_right, {'>', 0}},
	{"C", "collapse template arguments to <\u2026> everywhere, or not",
	    act_templates, {'C', 0}},
	{"y Y", "copy the selected name / its subtree as folded stacks "
	    "(OSC 52 clipboard)", view_copy_name, {'y', 0}},
	{"", "", view_copy_subtree, {'Y', 0}},
	{"Mouse", "click: select, click the selected: zoom, wheel: scroll, "
	    "right click or click the status line: back", view_mouse_event,
	    {KEY_MOUSE, 0}},
	{"M", "mouse off (the terminal's own text selection) / on",
	    view_mouse_toggle, {'M', 0}},
	{"e", "unfold the trunk (\u2026 N frames), or fold it again",
	    flame_trunk_toggle, {'e', 0}},
	{"H", "heat map of the samples over time: pick a time range",
	    view_heatmap_open, {'H', 0}},
	{"a", "annotate: the selected function's source lines, hottest "
	    "first", view_annotate_open, {'a', 0}},
	{"O", "time order: a flame chart per thread, time left to right",
	    view_timeorder_open, {'O', 0}},
	{"? !", "show this help / the messages (loader's notes, perf's words)",
	    screen_help, {'?', KEY_F(1), 0}},
	{"", "", view_messages_open, {'!', 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"q Ctrl-C", "quit", screen_quit, {'q', KEY_CTRL('C'), 0}},
};

/* What the help screen says after the keys (transforms: make_bindings()). */
static const char *legend[] = {
	"Colours: warm = user code, blue = kernel, green = JIT (module or _[k]/_[j]),",
	"aqua = inlined (_[i]); dimmed bars = callers of the zoomed frame",
	"(beyond three, folded into one \"... N callers\" line); unzoomed, a",
	"long trunk (each frame nearly all of its parent's width) folds into",
	"one \"\u2026 N frames\" line: Enter on it or e unfolds it;",
	"magenta = frames matching the search; + = frames too narrow to draw;",
	"h/l select a +, Enter lists its frames, heaviest first;",
	"the selection: a bright bar \">name  <\" (underlined when it matches).",
	"Counts in the status line: samples, share of all samples, share of",
	"the zoomed frame, self samples.  Matched: the samples whose stack has",
	"a matching frame (counted once), and i/N when one is selected.",
	"In the search prompt: Left Right Home End, Backspace, Ctrl-U, Ctrl-W,",
	"Up Down for earlier searches, Tab to ignore case (or start with",
	"(?i)), Enter to search (an empty line clears), Esc to cancel.",
	"The reverse view (r) puts the sampled functions, heaviest first (o: by",
	"name), next to the root and their callers above them.",
	"Transforms (f F x m c T o) act on the selected function by its exact",
	"name; the line above the status line lists them and the share of the",
	"samples kept.  Bksp/u undo the last zoom or transform, U all of them",
	"(the command line's --focus, --hide... too: they come first).",
};


static struct tui_screen_ops flame_ops;
static struct tui_binding *bindings; /* the key table, made once */
static size_t nbindings;

/* Make the key table: the head, the transforms' keys, the tail. */
static void
make_bindings(void)
{
	static char xline[128];
	size_t nh = ARRAY_SIZE(bindings_head), nx = view_xform_bindings(NULL);
	size_t i, at;

	if (bindings != NULL)
		return;
	nbindings = nh + nx + ARRAY_SIZE(bindings_tail);
	bindings = xreallocarray(NULL, nbindings, sizeof *bindings);
	memcpy(bindings, bindings_head, sizeof bindings_head);
	view_xform_bindings(bindings + nh);
	memcpy(bindings + nh + nx, bindings_tail, sizeof bindings_tail);
	flame_ops.keys = bindings;
	flame_ops.nkeys = nbindings;
	/* The legend's "Transforms (f F ...) act", keys from the registry. */
	strcpy(xline, "Transforms (");
	for (i = 0; i < xform_count; i++) {
		at = strlen(xline);
		if (xform_table[i].key == 0 || at + 3 >= sizeof xline)
			continue;
		xline[at] = (char)xform_table[i].key;
		xline[at + 1] = ' ';
		xline[at + 2] = '\0';
	}
	at = strlen(xline);
	snprintf(xline + at - 1, sizeof xline - (at - 1), ") act on the "
	    "selected function by its exact");
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		if (strncmp(legend[i], "Transforms (", 12) == 0)
			legend[i] = xline;
}

/* Set up the view of t as o asks: root zoom, root selected. */
void
view_flame_init(struct tui_view *v, struct tree *t, const struct tui_opts *o)
{
	size_t len;
	struct tf_units u;

	make_bindings();
	memset(v, 0, sizeof *v);
	history_init(&v->xh, t);
	view_annotate_setup(o->lines, t, o->perfdata);
	if (o->note != NULL) /* frames without symbols: said at once */
		v->msg = strncpy(v->msgbuf, o->note, sizeof v->msgbuf - 1);
	if (o->history != NULL && o->history->base == t) {
		/* The command line's transforms: ours, as if typed. */
		v->xh = *o->history;
		memset(o->history, 0, sizeof *o->history);
		t = history_tree(&v->xh);
	}
	v->tree = v->fwd = t;
	v->prof = o->prof;
	v->skip_depth = o->skip_depth > 0 ? o->skip_depth : 1;
	v->diff = o->diff && tree_nprof(t) == 2;
	v->negate = o->negate;
	if (o->svg != NULL)
		v->svg = *o->svg;
	else
		svg_view_init(&v->svg, t);
	v->input = o->input;
	layout_init(&v->layout);
	v->inverted = o->inverted;
	v->zoom = TREE_ROOT;
	v->want = v->sel = TREE_ROOT;
	v->sel_rect = LAYOUT_NONE;
	v->trail_at = TREE_NONE;
	v->nwarnings = o->nwarnings;
	v->diag = o->diag;
	/* --diff without -n: say when the totals are far apart. */
	units_of_tree(&u, t, v->prof, v->svg.opts.event, v->svg.opts.countname);
	if (v->diff && !o->normalized &&
	    diff_totals_note(t, &u, v->msgbuf, sizeof v->msgbuf))
		v->msg = v->msgbuf;
	v->screen.ops = &flame_ops;
	text_init(&v->sel_text);
	text_init(&v->label);
	text_init(&v->line);
	v->sel_text_node = TREE_NONE;
	v->nstyle = (size_t)strtab_count(tree_strtab(t)) + 1;
	v->style = xcalloc(v->nstyle, sizeof *v->style);
	prompt_init(&v->prompt);
	v->search.zoom_node = TREE_NONE;
	if (o->reverse) {
		v->rev = reverse_build_order(t, NULL,
		    view_reverse_order(v, v->xh.n), v->prof);
		v->reverse = 1;
		v->tree = v->rev;
	}
	view_xform_time_init(v, o);
	if (o->search != NULL && (len = strlen(o->search)) > 0) {
		prompt_history_add(&v->prompt, o->search, len);
		view_search_apply(v, o->search, len, 0);
	}
}

/* Release what the view holds. */
void
view_flame_done(struct tui_view *v)
{
	layout_free(&v->layout);
	free(v->trail);
	v->trail = NULL;
	free(v->confirm);
	free(v->style);
	paint_chain_free(&v->chain);
	paint_chain_free(&v->cold);
	text_free(&v->sel_text);
	text_free(&v->label);
	text_free(&v->line);
	v->style = NULL;
	search_re_free(v->search.re);
	free(v->search.pattern);
	free(v->search.marks);
	search_hits_free(&v->search.hits[0]);
	search_hits_free(&v->search.hits[1]);
	search_order_free(&v->search.order[0]);
	search_order_free(&v->search.order[1]);
	memset(&v->search, 0, sizeof v->search);
	prompt_free(&v->prompt);
	view_reverse_stop(v);
	view_undo_stop(v);
	tree_free(v->rev);
	v->rev = NULL;
	/* The transforms' trees go; the tree as loaded is the caller's. */
	view_xform_time_done(v);
	if (v->xh.base != NULL)
		v->fwd = v->xh.base;
	history_free(&v->xh);
	v->tree = v->fwd;
}

/* Lay out again for a new screen size, zoom or orientation. */
void
view_flame_relayout(struct tui_view *v, int cols, int lines)
{
	struct layout_params p;
	long zl;

	v->cols = cols;
	v->lines = lines;
	v->status_lines = statusbar_lines(cols, lines);
	v->graph_lines = TF_MAX(lines - v->status_lines -
	    view_xform_lines(v), 0);
	memset(&p, 0, sizeof p);
	p.zoom = v->zoom;
	p.prof = v->prof;
	p.width = cols > 0 ? cols : 1;
	p.minwidth = 1.0;
	p.inverted = v->inverted;
	p.merge = 1;
	layout_build(&v->layout, v->tree, &p);
	flame_trunk_find(v);
	v->sel_rect = flame_find_shown(v, v->want);
	v->sel = v->layout.rects[v->sel_rect].node;
	/*
	 * Start from the root's end of the picture; when that leaves the
	 * zoomed frame out (a few lines), put it on the edge towards its
	 * subtree.  Then show the selection.
	 */
	v->scroll = v->inverted ? 0 : flame_picture_lines(v) - v->graph_lines;
	zl = flame_line_of(v, v->layout.zoom_depth);
	if (zl < v->scroll || zl >= v->scroll + v->graph_lines)
		v->scroll = v->inverted ? zl : zl - v->graph_lines + 1;
	flame_clamp_scroll(v);
	flame_show_selection(v);
}

/* Paint the visible rows and the status lines. */
static void
flame_draw(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	const struct layout *l = &v->layout;
	struct painter p = {l, v->tree, v->cols, flame_paint_style, v,
	    &v->label};
	long d, sx0, sx1;
	int y, sy = -1;

	for (y = 0; y < v->graph_lines; y++) {
		d = flame_depth_of(v, v->scroll + y);
		if (d < 0)
			continue;
		if (flame_is_fold_line(v, v->scroll + y))
			flame_draw_fold(v, v->scroll + y, y);
		else
			paint_row(&p, (uint32_t)d, y);
		if (v->sel_rect != LAYOUT_NONE &&
		    flame_line_of(v, l->rects[v->sel_rect].depth) == v->scroll + y)
			sy = y;
	}
	if (view_xform_lines(v))
		view_xform_draw(v, v->graph_lines);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	statusbar_draw(v, v->graph_lines + view_xform_lines(v));
	/* The prompt shows the cursor where it inserts (statusbar_draw()). */
	if (v->prompt.active != v->cursor_on) {
		v->cursor_on = v->prompt.active;
		curs_set(v->cursor_on ? 1 : 0);
	}
	if (v->prompt.active)
		return;
	/* Leave the (hidden) cursor on the selection, for screen readers. */
	if (sy >= 0) {
		layout_cells(&l->rects[v->sel_rect], &sx0, &sx1);
		move(sy, (int)TF_MAX(sx0, 0L));
	}
}

/* Select the frame to the left. */
static int
act_left(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	v->ntrail = 0; /* a move to the side forgets the way back */
	return flame_select_rect(v, layout_prev(&v->layout, v->sel_rect));
}

/* Select the frame to the right. */
static int
act_right(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	v->ntrail = 0;
	return flame_select_rect(v, layout_next(&v->layout, v->sel_rect));
}

/*
 * Select the parent, remembering the frame left on the trail, so that a
 * step back to a child retraces it (to_child()).
 */
static int
to_parent(struct tui_view *v)
{
	uint32_t from = v->sel, i = layout_parent(&v->layout, v->sel_rect);
	int flags;

	if (i == LAYOUT_NONE)
		return 0;
	if (v->trail_at != from)
		v->ntrail = 0;
	flags = flame_select_rect(v, i);
	xgrow((void **)&v->trail, &v->captrail, v->ntrail + 1,
	    sizeof *v->trail);
	v->trail[v->ntrail++] = from;
	v->trail_at = v->sel;
	return flags;
}

/*
 * Select a child: the one the trail says the selection came down from,
 * else the widest (a "+" bar when there is nothing else).
 */
static int
to_child(struct tui_view *v)
{
	const struct layout *l = &v->layout;
	uint32_t i = LAYOUT_NONE, c;

	if (v->trail_at == v->sel && v->ntrail > 0) {
		c = flame_find_shown(v, v->trail[v->ntrail - 1]);
		if (c != LAYOUT_NONE && l->rects[c].parent == v->sel_rect)
			i = c;
	}
	if (i == LAYOUT_NONE) {
		v->ntrail = 0;
		i = layout_child_any(l, v->sel_rect);
	} else
		v->ntrail--;
	if (i == LAYOUT_NONE)
		return 0;
	flame_select_rect(v, i);
	v->trail_at = v->sel;
	return TUI_REDRAW;
}

/* Select the frame drawn above. */
static int
act_up(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	return v->layout.inverted ? to_parent(v) : to_child(v);
}

/* Select the frame drawn below. */
static int
act_down(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	return v->layout.inverted ? to_child(v) : to_parent(v);
}

/* Make node the zoom node, remembering the current one. */
static int
zoom_to(struct tui_view *v, uint32_t node)
{
	if (node == v->zoom)
		return 0;
	view_xform_push_zoom(v);
	v->zoom = node;
	return TUI_RELAYOUT;
}

/* Zoom to node, selecting it: it then spans the full width. */
void
view_flame_zoom(struct tui_view *v, uint32_t node)
{
	v->want = v->sel = node;
	zoom_to(v, node);
}

/*
 * Enter: zoom to the selected frame; on a "+" bar, list its frames; in
 * the folded trunk, unfold it.
 */
int
view_flame_enter(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	if (view_sel_merged(v))
		return view_narrow_open(sc);
	if (flame_in_trunk(v))
		return flame_trunk_toggle(sc);
	return zoom_to(v, v->sel);
}

/* Zoom out to the root. */
static int
act_reset(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return zoom_to(v, TREE_ROOT);
}

/* --diff: take the widths from the other profile (AFTER <-> BEFORE). */
static int
act_width(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	if (!v->diff) {
		v->msg = "w: widths from BEFORE or AFTER need --diff";
		return TUI_REDRAW;
	}
	v->prof = v->prof == DIFF_AFTER ? DIFF_BEFORE : DIFF_AFTER;
	v->msg = v->prof == DIFF_AFTER ? "Widths from AFTER (w: from BEFORE)." :
	    "Widths from BEFORE (w: from AFTER).";
	return TUI_RELAYOUT;
}

/* Switch between the flame and icicle views. */
static int
act_flip(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	v->inverted = !v->inverted;
	return TUI_RELAYOUT;
}

/* Scroll up a page. */
static int
act_pgup(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return flame_scroll_by(v, -TF_MAX((long)v->graph_lines - 1, 1L));
}

/* Scroll down a page. */
static int
act_pgdn(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return flame_scroll_by(v, TF_MAX((long)v->graph_lines - 1, 1L));
}

/* Scroll to the top of the picture. */
static int
act_top(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return flame_scroll_by(v, -v->scroll);
}

/* Scroll to the bottom of the picture. */
static int
act_bottom(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	return flame_scroll_by(v, flame_picture_lines(v) - v->graph_lines -
	    v->scroll);
}

/* Scroll the selected name in the status line to the left. */
static int
act_name_left(struct tui_screen *sc)
{
	return statusbar_scroll(view_of(sc), -1);
}

/* Scroll the selected name in the status line to the right. */
static int
act_name_right(struct tui_screen *sc)
{
	return statusbar_scroll(view_of(sc), 1);
}

/* Collapse every template argument list in names, or show them again. */
static int
act_templates(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	text_set_templates(!text_templates());
	v->sel_text_node = TREE_NONE; /* the name starts again at its start */
	if (text_templates()) {
		snprintf(v->msgbuf, sizeof v->msgbuf, "Templates collapsed to "
		    "<%s> (C: show them).", text_ellipsis());
		v->msg = v->msgbuf;
	} else
		v->msg = "Templates shown in full (C: collapse them).";
	return TUI_REDRAW;
}

/* Run the binding of key, or note that there is none. */
static int
flame_key(struct tui_screen *sc, int key)
{
	struct tui_view *v = view_of(sc);
	const struct tui_binding *b;
	int flags = 0;

	if (v->msg != NULL) {
		v->msg = NULL;
		flags |= TUI_REDRAW;
	}
	if (v->prompt.active)
		return flags | view_search_input(v, key);
	if (v->confirm != NULL)
		return flags | view_save_answer(v, key);
	if ((b = screen_binding(bindings, nbindings, key)) != NULL)
		return flags | (b->fn != NULL ? b->fn(&v->screen) :
		    view_xform_key(&v->screen, key));
	v->msg = "Unknown key: press ? for help, q to quit.";
	return flags | TUI_REDRAW;
}

/*
 * Work done between keys, while the user reads the first screen: the flame
 * order and name index of the loaded tree, which a search needs (tens of
 * milliseconds on a million nodes, once), then the start of the reverse
 * tree's thread.  The reverse tree's flame order waits for a search in the
 * reverse view.
 */
static int
order_pending(const struct tui_view *v)
{
	const struct search_order *o = &v->search.order[0];

	return v->tree == v->fwd &&
	    (o->order == NULL || o->n != tree_size(v->fwd));
}

static int
idle_pending(const struct tui_view *v)
{
	return order_pending(v) || (v->rev == NULL && v->revbuild == NULL) ||
	    view_heatmap_pending(v);
}

/* Do idle work. */
static int
flame_tick(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	if (order_pending(v)) {
		search_order_build(&v->search.order[0], v->fwd);
		return 0;
	}
	if (v->rev == NULL && v->revbuild == NULL) {
		view_reverse_start(v);
		return 0;
	}
	view_heatmap_ahead(v);
	return 0;
}

/* Return how long to wait for a key, in ms (-1: forever; 0: idle work). */
static int
flame_delay(const struct tui_screen *sc)
{
	const struct tui_view *v = (const struct tui_view *)(const void *)sc;

	if (v->progress != NULL)
		return -1; /* loading: the tree changes between two steps */
	if (idle_pending(v))
		return 0;
	return -1;
}

/* True when key quits from the graph as it is (no prompt, no question). */
static int
flame_quits(const struct tui_screen *sc, int key)
{
	const struct tui_view *v = (const struct tui_view *)(const void *)sc;

	return (key == 'q' || key == KEY_CTRL('C')) && !v->prompt.active &&
	    v->confirm == NULL;
}

/* Lay the graph out for a terminal of cols x lines. */
static void
flame_resize(struct tui_screen *sc, int cols, int lines)
{
	view_flame_relayout(view_of(sc), cols, lines);
}

/* Release what the graph screen holds (the struct is the caller's). */
static void
flame_free(struct tui_screen *sc)
{
	view_flame_done(view_of(sc));
}

static struct tui_screen_ops flame_ops = {
	.name = "flame",
	.resize = flame_resize,
	.draw = flame_draw,
	.key = flame_key,
	.delay = flame_delay,
	.tick = flame_tick,
	.quits = flame_quits,
	.free = flame_free,
	/* .keys, .nkeys: make_bindings() */
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};
