/*
 * The flame graph screen: its key table, key handlers and drawing.
 *
 * Handlers only change the view and return reaction flags (tui/view.h);
 * view_flame_draw() is the one place the graph is painted, always from
 * scratch onto an erased stdscr: curses compares with what the terminal
 * shows and sends only the difference, so moving the selection costs the
 * two frames that changed and the status line.
 *
 * Screen geometry.  The picture has max(rows, graph lines) lines; in the
 * flame view row d is picture line (lines - 1 - d), so the root sits on the
 * last line of the graph area; in the icicle view row d is line d.  The
 * graph area shows picture lines [scroll, scroll + graph lines).
 *
 * Search.  A pattern is matched once per distinct name into marks by name
 * id; drawing a frame then costs one lookup, and the hits (the matching
 * frames in flame order, and the matched counts) are found through the
 * name index of the flame order when the pattern or the view changes
 * (search/search.h).  The loaded tree's flame order is built while the
 * first screen is being read (view_flame_tick()), so that the first search
 * is as quick as the next ones.  While the prompt is open it gets every key
 * and the terminal cursor is shown in it.
 *
 * Reverse view.  Once the first screen is up and the search's flame order
 * is built (view_flame_tick()), a second thread builds the reverse tree
 * from the loaded one (which nothing changes while the viewer runs), so the
 * first "r" finds it ready; pressed earlier, "r" waits for the rest.  It is
 * kept, so switching back and forth costs one layout.  Its names have the ids of
 * the loaded tree's, so the colour cache and the search marks carry over.
 *
 * Loading.  While the input still arrives the tree grows between two
 * refreshes (tui.c): view_flame_grown() then extends what is kept per name
 * id, matches the search again, and builds the reverse tree again, moving
 * the zoom, its history and the selection to the frames with the same
 * names.  Node ids of the loaded tree stay valid as it grows.
 */
#include "config.h"

#include <curses.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "diff/diff.h"
#include "layout/layout.h"
#include "layout/palette.h"
#include "model/reverse.h"
#include "search/search.h"
#include "svg/svg.h"
#include "tui/colors.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/escape.h"
#include "util/macros.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27

static int act_left(struct tui_view *);
static int act_right(struct tui_view *);
static int act_up(struct tui_view *);
static int act_down(struct tui_view *);
static int act_zoom(struct tui_view *);
static int act_back(struct tui_view *);
static int act_reset(struct tui_view *);
static int act_flip(struct tui_view *);
static int act_reverse(struct tui_view *);
static void revbuild_stop(struct tui_view *);
static int act_width(struct tui_view *);
static int act_save(struct tui_view *);
static int act_search(struct tui_view *);
static int act_next(struct tui_view *);
static int act_prev(struct tui_view *);
static int act_quote(struct tui_view *);
static int act_case(struct tui_view *);
static int act_pgup(struct tui_view *);
static int act_pgdn(struct tui_view *);
static int act_top(struct tui_view *);
static int act_bottom(struct tui_view *);
static int act_help(struct tui_view *);
static int act_redraw(struct tui_view *);
static int act_quit(struct tui_view *);

/*
 * The key table.  The help screen lists it in this order.  Later work
 * (sandwich s; w) adds rows here.
 */
static const struct tui_binding bindings[] = {
	{"Left  h", "select the frame to the left", act_left,
	    {KEY_LEFT, 'h', 0}},
	{"Right l", "select the frame to the right", act_right,
	    {KEY_RIGHT, 'l', 0}},
	{"Up    k", "select the frame above (flame: widest child; "
	    "icicle: parent)", act_up, {KEY_UP, 'k', 0}},
	{"Down  j", "select the frame below (flame: parent; "
	    "icicle: widest child)", act_down, {KEY_DOWN, 'j', 0}},
	{"Enter", "zoom to the selected frame", act_zoom,
	    {'\n', '\r', KEY_ENTER, 0}},
	{"Bksp  u", "back to the previous zoom", act_back,
	    {KEY_BACKSPACE, 127, KEY_CTRL('H'), 'u', 0}},
	{"Esc", "back to the root (all)", act_reset, {KEY_ESCAPE, 0}},
	{"i", "switch between flame and icicle view", act_flip, {'i', 0}},
	{"r", "switch between the normal and the reverse (callers) view",
	    act_reverse, {'r', 0}},
	{"w", "--diff: widths from AFTER or from BEFORE", act_width, {'w', 0}},
	{"s", "save this view as an SVG file (asks for the name)", act_save,
	    {'s', 0}},
	{"/", "search frame names (PCRE2 regex; empty: clear)", act_search,
	    {'/', 0}},
	{"n N", "select the next / previous matching frame", act_next,
	    {'n', 0}},
	{"", "", act_prev, {'N', 0}},
	{"#", "search for the selected frame's name", act_quote, {'#', 0}},
	{"Tab Ctrl-I", "search ignoring case, or not (in the prompt too)",
	    act_case, {'\t', 0}},
	{"PgUp PgDn", "scroll up / down a page", act_pgup,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", act_pgdn, {KEY_NPAGE, KEY_CTRL('F'), 0}},
	{"g G", "scroll to the top / bottom (also Home, End)", act_top,
	    {'g', KEY_HOME, 0}},
	{"", "", act_bottom, {'G', KEY_END, 0}},
	{"?", "show this help", act_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", act_redraw, {KEY_CTRL('L'), 0}},
	{"q Ctrl-C", "quit", act_quit, {'q', KEY_CTRL('C'), 0}},
};

static const struct tui_binding *keymap[KEY_MAX + 1];

/* Return the key table (for the help screen). */
const struct tui_binding *
view_flame_bindings(size_t *n)
{
	*n = ARRAY_SIZE(bindings);
	return bindings;
}

/* Fill the key code -> binding map from the table. */
static void
keymap_init(void)
{
	size_t i, k;
	int c;

	for (i = 0; i < ARRAY_SIZE(bindings); i++)
		for (k = 0; k < ARRAY_SIZE(bindings[i].codes); k++) {
			c = bindings[i].codes[k];
			if (c == 0)
				break;
			if (c > 0 && c <= KEY_MAX)
				keymap[c] = &bindings[i];
		}
}

static int search_apply(struct tui_view *v, const char *pat, size_t len,
    unsigned flags);

/* Set up the view of t as o asks: root zoom, root selected. */
void
view_flame_init(struct tui_view *v, struct tree *t, const struct tui_opts *o)
{
	size_t len;

	memset(v, 0, sizeof *v);
	v->tree = v->fwd = t;
	v->prof = o->prof;
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
	v->nwarnings = o->nwarnings;
	v->screen = TUI_SCREEN_FLAME;
	text_init(&v->sel_text);
	text_init(&v->label);
	text_init(&v->line);
	v->sel_text_node = TREE_NONE;
	v->nstyle = (size_t)strtab_count(tree_strtab(t)) + 1;
	v->style = xcalloc(v->nstyle, sizeof *v->style);
	prompt_init(&v->prompt);
	v->search.zoom_node = TREE_NONE;
	keymap_init();
	if (o->reverse) {
		v->rev = reverse_build(t);
		v->reverse = 1;
		v->tree = v->rev;
	}
	if (o->search != NULL && (len = strlen(o->search)) > 0) {
		prompt_history_add(&v->prompt, o->search, len);
		search_apply(v, o->search, len, 0);
	}
}

/* Release what the view holds. */
void
view_flame_done(struct tui_view *v)
{
	layout_free(&v->layout);
	free(v->history);
	free(v->confirm);
	free(v->style);
	text_free(&v->sel_text);
	text_free(&v->label);
	text_free(&v->line);
	v->history = NULL;
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
	revbuild_stop(v);
	tree_free(v->rev);
	v->rev = NULL;
	v->tree = v->fwd;
}

/* Lines in the picture: every row, and at least the graph area. */
static long
picture_lines(const struct tui_view *v)
{
	return TF_MAX((long)v->layout.nrows, (long)v->graph_lines);
}

/* Picture line of row depth. */
static long
line_of(const struct tui_view *v, uint32_t depth)
{
	return v->inverted ? (long)depth : picture_lines(v) - 1 - (long)depth;
}

/* Row shown on picture line line, or -1 for an empty line. */
static long
depth_of(const struct tui_view *v, long line)
{
	long d = v->inverted ? line : picture_lines(v) - 1 - line;

	return d >= 0 && d < (long)v->layout.nrows ? d : -1;
}

/* Keep scroll within the picture. */
static void
clamp_scroll(struct tui_view *v)
{
	long max = picture_lines(v) - v->graph_lines;

	if (v->scroll > max)
		v->scroll = max;
	if (v->scroll < 0)
		v->scroll = 0;
}

/* Scroll so that the selection is on the screen. */
static void
show_selection(struct tui_view *v)
{
	long line;

	if (v->sel_rect == LAYOUT_NONE || v->graph_lines <= 0)
		return;
	line = line_of(v, v->layout.rects[v->sel_rect].depth);
	if (line < v->scroll)
		v->scroll = line;
	else if (line >= v->scroll + v->graph_lines)
		v->scroll = line - v->graph_lines + 1;
	clamp_scroll(v);
}

/* Select rectangle i (LAYOUT_NONE: stay); reaction flags. */
static int
select_rect(struct tui_view *v, uint32_t i)
{
	if (i == LAYOUT_NONE || i == v->sel_rect)
		return 0;
	v->sel_rect = i;
	v->want = v->sel = v->layout.rects[i].node;
	show_selection(v);
	return TUI_REDRAW;
}

/*
 * After scrolling, move the selection onto the screen: up its ancestors
 * when it is past the rows shown, down its widest children (or straight
 * down to the nearest frame of the first row shown) when it is short of
 * them.
 */
static void
follow_scroll(struct tui_view *v)
{
	const struct layout *l = &v->layout;
	long a = depth_of(v, v->scroll);
	long b = depth_of(v, v->scroll + v->graph_lines - 1);
	long lo, hi, d;
	uint32_t i = v->sel_rect, c, row, best;
	double mid, dist, bd;

	if (i == LAYOUT_NONE)
		return;
	if (a < 0 && b < 0)
		return;
	if (a < 0)
		a = v->inverted ? 0 : (long)l->nrows - 1;
	if (b < 0)
		b = v->inverted ? (long)l->nrows - 1 : 0;
	lo = TF_MIN(a, b);
	hi = TF_MAX(a, b);
	d = (long)l->rects[i].depth;
	while (d > hi && l->rects[i].parent != LAYOUT_NONE) {
		i = l->rects[i].parent;
		d--;
	}
	while (d < lo && (c = layout_child(l, i)) != LAYOUT_NONE) {
		i = c;
		d++;
	}
	if (d < lo) {
		mid = l->rects[i].x + l->rects[i].w / 2;
		best = LAYOUT_NONE;
		bd = 0;
		for (row = l->row_start[lo]; row < l->row_start[lo + 1];
		    row++) {
			if (l->rects[row].flags & LAYOUT_MERGED)
				continue;
			dist = l->rects[row].x + l->rects[row].w / 2 - mid;
			if (dist < 0)
				dist = -dist;
			if (best == LAYOUT_NONE || dist < bd) {
				best = row;
				bd = dist;
			}
		}
		if (best != LAYOUT_NONE)
			i = best;
	}
	v->sel_rect = i;
	v->want = v->sel = l->rects[i].node;
}

/* Lay out again for a new screen size, zoom or orientation. */
void
view_flame_relayout(struct tui_view *v, int cols, int lines)
{
	struct layout_params p;

	v->cols = cols;
	v->lines = lines;
	v->status_lines = statusbar_lines(cols, lines);
	v->graph_lines = TF_MAX(lines - v->status_lines, 0);
	memset(&p, 0, sizeof p);
	p.zoom = v->zoom;
	p.prof = v->prof;
	p.width = cols > 0 ? cols : 1;
	p.minwidth = 1.0;
	p.inverted = v->inverted;
	p.merge = 1;
	layout_build(&v->layout, v->tree, &p);
	v->sel_rect = layout_find_near(&v->layout, v->tree, v->want);
	v->sel = v->layout.rects[v->sel_rect].node;
	/* Start from the root's end of the picture, then show the selection. */
	v->scroll = v->inverted ? 0 : picture_lines(v) - v->graph_lines;
	clamp_scroll(v);
	show_selection(v);
}

/*
 * Differential style of node: red or blue by its own change (self AFTER -
 * self BEFORE), as flamegraph.pl colours it, the shade by the size of the
 * change against the largest one in the tree shown.
 */
static unsigned char
diff_style(struct tui_view *v, uint32_t node)
{
	int64_t d = diff_delta(v->tree, node, v->negate);
	uint64_t a = d < 0 ? (uint64_t)-d : (uint64_t)d;
	unsigned shade;
	enum palette_family f;

	if (v->maxdelta_of != v->tree) {
		v->maxdelta = diff_maxdelta(v->tree);
		v->maxdelta_of = v->tree;
	}
	if (d == 0)
		return (unsigned char)(0x80 | PALETTE_DIFF_SAME << 3);
	f = d > 0 ? PALETTE_DIFF_GROW : PALETTE_DIFF_SHRINK;
	shade = (unsigned)((long double)a * COLORS_SHADES / v->maxdelta);
	if (shade >= COLORS_SHADES)
		shade = COLORS_SHADES - 1;
	return (unsigned char)(0x80 | (unsigned)f << 3 | shade);
}

/* Palette family and shade of node, computed once per name. */
static unsigned char
node_style(struct tui_view *v, uint32_t node)
{
	uint32_t name = tree_node(v->tree, node)->name;
	const char *s;
	size_t len;
	enum palette_family f;

	if (v->diff)
		return diff_style(v, node);
	if (v->style[name] == 0) {
		s = tree_name(v->tree, node, &len);
		f = palette_family(s, len);
		v->style[name] = (unsigned char)(0x80 | (unsigned)f << 3 |
		    palette_shade(palette_value(s, len), COLORS_SHADES));
	}
	return v->style[name];
}

/* Paint n cells from (y, x) with c in the current attributes. */
static void
fill(int y, int x, int n, int c)
{
	char buf[64];
	int k;

	memset(buf, c, sizeof buf);
	move(y, x);
	for (; n > 0; n -= k) {
		k = TF_MIN(n, (int)sizeof buf);
		addnstr(buf, k);
	}
}

/*
 * Draw rectangle i on screen line y: a bar with its name, and a one-cell
 * gap at its right end (unless it reaches the right edge) so that
 * neighbours of the same colour stay apart.
 */
static void
draw_rect(struct tui_view *v, uint32_t i, int y)
{
	const struct layout_rect *r = &v->layout.rects[i];
	long x0, x1;
	int n, gap;
	unsigned char st;
	const char *name;
	size_t len;

	layout_cells(r, &x0, &x1);
	x0 = TF_MAX(x0, 0L);
	x1 = TF_MIN(x1, (long)v->cols);
	n = (int)(x1 - x0);
	if (n <= 0)
		return;
	gap = x1 < v->cols && n >= 2;
	n -= gap;
	if (r->flags & LAYOUT_MERGED) {
		colors_use(COLORS_MERGED, PALETTE_USER, 0);
		fill(y, (int)x0, n, colors_mode() == COLORS_MONO ?
		    COLORS_MERGED_CHAR : ' ');
		mvaddch(y, (int)x0, COLORS_MERGED_CHAR);
		return;
	}
	if (i == v->sel_rect)
		colors_use(COLORS_SELECTED, PALETTE_USER, 0);
	else if (view_is_match(v, r->node))
		colors_use(COLORS_MATCH, PALETTE_USER, 0);
	else if (r->flags & LAYOUT_ANCESTOR)
		colors_use(COLORS_ANCESTOR, PALETTE_USER, 0);
	else {
		st = node_style(v, r->node);
		colors_use(COLORS_FRAME, (enum palette_family)((st >> 3) & 0x7),
		    st & 0x7u);
	}
	fill(y, (int)x0, n, ' ');
	if (r->node == TREE_ROOT) {
		name = "all";
		len = 3;
	} else
		name = tree_name(v->tree, r->node, &len);
	if (v->diff && colors_mode() != COLORS_256 && r->node != TREE_ROOT) {
		/* Without shades the direction is a mark: "+grew", "-shrank". */
		int64_t d = diff_delta(v->tree, r->node, v->negate);
		char mark[512];

		if (len > sizeof mark - 1)
			len = sizeof mark - 1;
		mark[0] = d > 0 ? '+' : d < 0 ? '-' : '=';
		memcpy(mark + 1, name, len - (len == sizeof mark - 1));
		text_set(&v->label, mark, len + (len < sizeof mark - 1), (size_t)n);
	} else
		text_set(&v->label, name, len, (size_t)n);
	text_draw_label(&v->label, y, (int)x0, n);
}

/* Paint the visible rows and the status lines. */
void
view_flame_draw(struct tui_view *v)
{
	const struct layout *l = &v->layout;
	long d, sx0, sx1;
	int y, sy = -1;
	uint32_t i;

	for (y = 0; y < v->graph_lines; y++) {
		d = depth_of(v, v->scroll + y);
		if (d < 0)
			continue;
		for (i = l->row_start[d]; i < l->row_start[d + 1]; i++)
			draw_rect(v, i, y);
		if (v->sel_rect != LAYOUT_NONE &&
		    (long)l->rects[v->sel_rect].depth == d)
			sy = y;
	}
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	statusbar_draw(v, v->graph_lines);
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
act_left(struct tui_view *v)
{
	return select_rect(v, layout_left(&v->layout, v->sel_rect));
}

/* Select the frame to the right. */
static int
act_right(struct tui_view *v)
{
	return select_rect(v, layout_right(&v->layout, v->sel_rect));
}

/* Select the frame drawn above. */
static int
act_up(struct tui_view *v)
{
	return select_rect(v, layout_up(&v->layout, v->sel_rect));
}

/* Select the frame drawn below. */
static int
act_down(struct tui_view *v)
{
	return select_rect(v, layout_down(&v->layout, v->sel_rect));
}

/* Make node the zoom node, remembering the current one. */
static int
zoom_to(struct tui_view *v, uint32_t node)
{
	if (node == v->zoom)
		return 0;
	xgrow((void **)&v->history, &v->caphistory, v->nhistory + 1,
	    sizeof *v->history);
	v->history[v->nhistory++] = v->zoom;
	v->zoom = node;
	return TUI_RELAYOUT;
}

/* Zoom to the selected frame. */
static int
act_zoom(struct tui_view *v)
{
	return zoom_to(v, v->sel);
}

/* Go back to the previous zoom. */
static int
act_back(struct tui_view *v)
{
	if (v->nhistory == 0) {
		v->msg = "Not zoomed in: nothing to go back to.";
		return TUI_REDRAW;
	}
	v->zoom = v->history[--v->nhistory];
	return TUI_RELAYOUT;
}

/* Zoom out to the root. */
static int
act_reset(struct tui_view *v)
{
	return zoom_to(v, TREE_ROOT);
}

/*
 * Ask for a file name, "tflame-INPUT-YYYYmmdd-HHMMSS.svg" in the current
 * directory by default, and save the view there as an SVG.
 */
static int
act_save(struct tui_view *v)
{
	char name[PROMPT_MAX], stamp[32];
	const char *in = v->input, *base;
	time_t now = time(NULL);
	struct tm tm;
	size_t i, n;

	base = in == NULL || strcmp(in, "-") == 0 ? "stdin" : in;
	if (strrchr(base, '/') != NULL && strrchr(base, '/')[1] != '\0')
		base = strrchr(base, '/') + 1;
	if (localtime_r(&now, &tm) == NULL ||
	    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
		snprintf(stamp, sizeof stamp, "%lld", (long long)now);
	n = (size_t)snprintf(name, sizeof name, "tflame-%.200s-%s.svg", base,
	    stamp);
	/* Keep the default name plain: letters, digits, ".", "-", "_". */
	for (i = 7; i < n && i < sizeof name; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9') || name[i] == '.' ||
		    name[i] == '-' || name[i] == '_'))
			name[i] = '_';
	prompt_open_with(&v->prompt, name);
	v->saving = 1;
	return TUI_REDRAW;
}

/* --diff: take the widths from the other profile (AFTER <-> BEFORE). */
static int
act_width(struct tui_view *v)
{
	if (!v->diff) {
		v->msg = "w: widths from BEFORE or AFTER need --diff";
		return TUI_REDRAW;
	}
	v->prof = v->prof == DIFF_AFTER ? DIFF_BEFORE : DIFF_AFTER;
	return TUI_RELAYOUT;
}

/* Switch between the flame and icicle views. */
static int
act_flip(struct tui_view *v)
{
	v->inverted = !v->inverted;
	return TUI_RELAYOUT;
}

/* Scroll by delta lines and keep the selection on the screen. */
static int
scroll_by(struct tui_view *v, long delta)
{
	long old = v->scroll;

	v->scroll += delta;
	clamp_scroll(v);
	if (v->scroll == old)
		return 0;
	follow_scroll(v);
	return TUI_REDRAW;
}

/* Scroll up a page. */
static int
act_pgup(struct tui_view *v)
{
	return scroll_by(v, -TF_MAX((long)v->graph_lines - 1, 1L));
}

/* Scroll down a page. */
static int
act_pgdn(struct tui_view *v)
{
	return scroll_by(v, TF_MAX((long)v->graph_lines - 1, 1L));
}

/* Scroll to the top of the picture. */
static int
act_top(struct tui_view *v)
{
	return scroll_by(v, -v->scroll);
}

/* Scroll to the bottom of the picture. */
static int
act_bottom(struct tui_view *v)
{
	return scroll_by(v, picture_lines(v) - v->graph_lines - v->scroll);
}

/* Show the help screen. */
static int
act_help(struct tui_view *v)
{
	v->screen = TUI_SCREEN_HELP;
	return TUI_REDRAW;
}

/* Repaint every cell of the screen. */
static int
act_redraw(struct tui_view *v)
{
	(void)v;
	return TUI_CLEAR | TUI_REDRAW;
}

/* Leave the viewer. */
static int
act_quit(struct tui_view *v)
{
	(void)v;
	return TUI_QUIT;
}

/* --------------------------------------------------------------- search */

/*
 * Find the hits of the search in the tree shown, unless they are known
 * (each tree keeps its own, so switching views costs nothing here).
 */
static void
search_refresh(struct tui_view *v)
{
	struct tui_search *s = &v->search;
	struct search_order *o = &s->order[v->reverse];

	s->zoom_node = TREE_NONE;
	if (s->re == NULL || s->hits_ok[v->reverse])
		return;
	if (o->order == NULL || o->n != tree_size(v->tree))
		search_order_build(o, v->tree);
	search_hits_build(&s->hits[v->reverse], v->tree, s->marks, o);
	s->hits_ok[v->reverse] = 1;
}

/*
 * Search for pat[0..len), compiled with flags.  A bad pattern leaves the
 * search as it was and says why in the status line.
 */
static int
search_apply(struct tui_view *v, const char *pat, size_t len, unsigned flags)
{
	struct tui_search *s = &v->search;
	struct search_error err;
	struct search_re *re;
	char *copy;

	memset(&err, 0, sizeof err);
	re = search_compile(pat, len, flags, &err);
	if (re == NULL) {
		snprintf(v->msgbuf, sizeof v->msgbuf,
		    "Bad pattern: %s at offset %zu", err.msg, err.offset);
		v->msg = v->msgbuf;
		return TUI_REDRAW;
	}
	copy = xmemdup(pat, len); /* pat may be s->pattern itself */
	free(s->pattern);
	s->pattern = copy;
	s->patlen = len;
	s->flags = flags;
	search_re_free(s->re);
	s->re = re;
	if (s->marks == NULL)
		s->marks = xcalloc((size_t)strtab_count(tree_strtab(v->fwd)) +
		    1, 1);
	search_mark(re, tree_strtab(v->fwd), s->marks, &s->nfailed);
	s->hits_ok[0] = s->hits_ok[1] = 0;
	search_refresh(v);
	if (s->nfailed > 0) {
		snprintf(v->msgbuf, sizeof v->msgbuf, "The pattern is too "
		    "costly for %lu name%s (PCRE2 match limit): not matched",
		    (unsigned long)s->nfailed, s->nfailed == 1 ? "" : "s");
		v->msg = v->msgbuf;
	}
	return TUI_REDRAW;
}

/* Drop the search and its highlight. */
static void
search_clear(struct tui_view *v)
{
	struct tui_search *s = &v->search;

	search_re_free(s->re);
	s->re = NULL;
	free(s->pattern);
	s->pattern = NULL;
	s->patlen = 0;
	s->hits[0].nnodes = s->hits[1].nnodes = 0;
	s->hits_ok[0] = s->hits_ok[1] = 0;
	s->zoom_node = TREE_NONE;
}

/*
 * Write the view as it is on the screen to path as an SVG: the command
 * line's SVG options, the zoom (the file's initial zoom; Reset Zoom shows
 * everything), flame or icicle, the reverse view, the differential colours
 * and the search as its initial search.
 */
static int
save_svg(struct tui_view *v, const char *path)
{
	struct svg_view sv = v->svg;
	char *err = NULL, shown[256];
	int rc;

	sv.inverted = v->inverted;
	sv.reverse = v->reverse;
	sv.negate = v->negate;
	sv.search = v->search.pattern;
	sv.search_icase = v->search.caseless;
	sv.zoom_tree = v->tree;
	sv.zoom_node = v->zoom;
	rc = svg_write_file(path, v->fwd, &sv, &err);
	escape_text(shown, sizeof shown, rc == SVG_OK ? path :
	    err ? err : "cannot write the SVG", strlen(rc == SVG_OK ? path :
	    err ? err : "cannot write the SVG"));
	snprintf(v->msgbuf, sizeof v->msgbuf, rc == SVG_OK ?
	    "Saved the SVG to %s" : "Not saved: %s", shown);
	v->msg = v->msgbuf;
	free(err);
	return TUI_REDRAW;
}

/* A key of the file-name prompt opened by `s`. */
static int
save_input(struct tui_view *v, int key)
{
	struct prompt *p = &v->prompt;
	struct stat sb;
	char shown[256];

	switch (prompt_key(p, key)) {
	case PROMPT_NONE:
	case PROMPT_TAB:
		return 0;
	case PROMPT_CANCEL:
		v->saving = 0;
		v->msg = "Not saved.";
		return TUI_REDRAW;
	case PROMPT_ENTER:
		v->saving = 0;
		if (p->len == 0) {
			v->msg = "Not saved: no file name.";
			return TUI_REDRAW;
		}
		/* lstat: a link, even one that leads nowhere, asks too. */
		if (lstat(p->buf, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
			free(v->confirm);
			v->confirm = xstrdup(p->buf);
			escape_text(shown, sizeof shown, p->buf, p->len);
			snprintf(v->msgbuf, sizeof v->msgbuf,
			    "%s exists: overwrite it? (y/n)", shown);
			v->msg = v->msgbuf;
			return TUI_REDRAW;
		}
		return save_svg(v, p->buf);
	case PROMPT_CHANGED:
		break;
	}
	return TUI_REDRAW;
}

/* Hand a key to the open prompt. */
static int
prompt_input(struct tui_view *v, int key)
{
	struct prompt *p = &v->prompt;
	struct tui_search *s = &v->search;

	if (v->saving)
		return save_input(v, key);
	switch (prompt_key(p, key)) {
	case PROMPT_NONE:
		return 0;
	case PROMPT_TAB:
		s->caseless = !s->caseless;
		return TUI_REDRAW;
	case PROMPT_ENTER:
		if (p->len == 0) {
			search_clear(v);
			return TUI_REDRAW;
		}
		prompt_history_add(p, p->buf, p->len);
		return search_apply(v, p->buf, p->len,
		    s->caseless ? SEARCH_CASELESS : 0);
	case PROMPT_CHANGED:
	case PROMPT_CANCEL:
		break;
	}
	return TUI_REDRAW;
}

/* Open the search prompt. */
static int
act_search(struct tui_view *v)
{
	prompt_open(&v->prompt);
	return TUI_REDRAW;
}

/* Search for the selected frame's name, exactly. */
static int
act_quote(struct tui_view *v)
{
	const char *name;
	size_t len, n;
	unsigned flags;
	char *q;
	int rc;

	if (v->sel == TREE_ROOT) {
		v->msg = "Select a frame first: the root has no name.";
		return TUI_REDRAW;
	}
	name = tree_name(v->tree, v->sel, &len);
	q = xmalloc(search_quote_size(len));
	n = search_quote(q, name, len, &flags);
	prompt_history_add(&v->prompt, q, n);
	rc = search_apply(v, q, n, flags);
	free(q);
	return rc;
}

/* Toggle ignoring case, and search again with the current pattern. */
static int
act_case(struct tui_view *v)
{
	struct tui_search *s = &v->search;
	unsigned flags;

	s->caseless = !s->caseless;
	if (s->re != NULL) {
		flags = s->flags & ~SEARCH_CASELESS;
		if (s->caseless)
			flags |= SEARCH_CASELESS;
		search_apply(v, s->pattern, s->patlen, flags);
	}
	if (v->msg == NULL)
		v->msg = s->caseless ? "Searches ignore case." :
		    "Searches are case-sensitive.";
	return TUI_REDRAW;
}

/* True when a is node b or one of its ancestors. */
static int
is_ancestor(const struct tree *t, uint32_t a, uint32_t b)
{
	const struct tree_node *nodes = tree_nodes(t);
	uint32_t da = nodes[a].depth;

	while (nodes[b].depth > da)
		b = nodes[b].parent;
	return a == b;
}

/*
 * Select node, changing the zoom only as far as needed to draw it: out to
 * the nearest zoom node that holds it, then, when it is narrower than a
 * cell there, in to the highest of its ancestors under which it is wide
 * enough (never further than the frame itself).  Scrolling follows.
 */
static int
show_node(struct tui_view *v, uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(v->tree);
	uint32_t z = v->zoom, a, i;
	double w = count_value(tree_total(v->tree, v->prof, node));
	double cells = v->cols > 0 ? v->cols : 1;

	/* Ancestors of the zoom node are drawn too, full width. */
	if (!is_ancestor(v->tree, node, z))
		while (!is_ancestor(v->tree, z, node))
			z = nodes[z].parent;
	/* A margin over one cell: the layout sums widths in floating point. */
	if (z != node && !is_ancestor(v->tree, node, z) &&
	    w * cells < 1.001 * count_value(tree_total(v->tree, v->prof, z))) {
		for (a = node; nodes[a].parent != z &&
		    w * cells >= 1.001 * count_value(tree_total(v->tree,
		    v->prof, nodes[a].parent)); a = nodes[a].parent)
			;
		z = a;
	}
	v->want = node;
	if (z != v->zoom) {
		xgrow((void **)&v->history, &v->caphistory, v->nhistory + 1,
		    sizeof *v->history);
		v->history[v->nhistory++] = v->zoom;
		v->zoom = z;
		return TUI_RELAYOUT;
	}
	i = layout_find(&v->layout, v->tree, node);
	if (i == LAYOUT_NONE)
		return TUI_RELAYOUT; /* not expected: relayout finds it */
	select_rect(v, i);
	return TUI_REDRAW;
}

/* Select the next (dir 1) or previous (dir -1) matching frame. */
static int
goto_match(struct tui_view *v, int dir)
{
	struct tui_search *s = &v->search;
	const struct search_order *o = &s->order[v->reverse];
	const struct search_hits *h = &s->hits[v->reverse];
	uint32_t n = h->nnodes, pos, k, node = TREE_NONE;

	if (s->re == NULL) {
		v->msg = "No search: press / to search.";
		return TUI_REDRAW;
	}
	if (n == 0) {
		v->msg = "No frame matches the search.";
		return TUI_REDRAW;
	}
	pos = search_hits_find(h, o, v->want);
	if (dir > 0) {
		if (pos < n && h->nodes[pos] == v->want)
			pos++;
	} else
		pos = pos > 0 ? pos - 1 : n - 1;
	/* Frames without samples in this profile have no place to be shown. */
	for (k = 0; k < n; k++) {
		pos %= n;
		if (!count_is_zero(tree_total(v->tree, v->prof,
		    h->nodes[pos]))) {
			node = h->nodes[pos];
			break;
		}
		pos = dir > 0 ? pos + 1 : pos > 0 ? pos - 1 : n - 1;
	}
	if (node == TREE_NONE) {
		v->msg = "No matching frame has samples in this profile.";
		return TUI_REDRAW;
	}
	if (dir > 0 && o->rank[node] <= o->rank[v->want])
		v->msg = "Search wrapped around to the first match.";
	else if (dir < 0 && o->rank[node] >= o->rank[v->want])
		v->msg = "Search wrapped around to the last match.";
	return show_node(v, node);
}

/* Select the next matching frame. */
static int
act_next(struct tui_view *v)
{
	return goto_match(v, 1);
}

/* Select the previous matching frame. */
static int
act_prev(struct tui_view *v)
{
	return goto_match(v, -1);
}

/* --------------------------------------------------------- reverse view */

/* True when node i is nearer the root than best, or as near and wider. */
static int
nearer(const struct tui_view *v, const struct tree *t, uint32_t i,
    uint32_t best, double *bw)
{
	const struct tree_node *nodes = tree_nodes(t);
	double w = count_value(tree_total(t, v->prof, i));

	if (best != TREE_ROOT && (nodes[i].depth > nodes[best].depth ||
	    (nodes[i].depth == nodes[best].depth &&
	    (w < *bw || (w == *bw && i > best)))))
		return 0;
	*bw = w;
	return 1;
}

/*
 * The frame called name nearest the root of t (the widest; of equals the
 * first), or the root.  A child of the root has no rival (in the reverse
 * tree it is where the frame's samples are); else the frames of that name
 * come from the name index when t's flame order is built, so a switch of
 * view on millions of nodes looks only at them, else from the tree read
 * level by level down to the first level that has one (the reverse tree,
 * whose index waits for a search there).
 */
static uint32_t
nearest_named(const struct tui_view *v, const struct tree *t, uint32_t name)
{
	const struct search_order *o = &v->search.order[t == v->rev];
	uint32_t size = tree_size(t), i, k, best = TREE_ROOT;
	double bw = 0;

	if ((i = tree_find_child(t, TREE_ROOT, name)) != TREE_NONE)
		return i;
	if (o->name_start != NULL && o->n == size && name < o->nnames) {
		for (k = o->name_start[name]; k < o->name_start[name + 1]; k++)
			if (nearer(v, t, o->order[o->byname[k]], best, &bw))
				best = o->order[o->byname[k]];
		return best;
	}
	return tree_nearest_named(t, v->prof, name);
}

/*
 * The reverse tree's thread.  It only reads v->fwd, which stays as it is
 * while the view lives (view_flame_grown() stops the thread before the
 * tree grows); it writes only its own new tree, handed over on join.
 */
struct tui_revbuild {
	pthread_t thread;
	int joined;
	atomic_int stop;
	struct reverse_job job;
	struct tree *result;   /* NULL when stopped */
};

#define REVERSE_STEP_NODES 65536u

static void *
revbuild_main(void *arg)
{
	struct tui_revbuild *b = arg;

	while (!atomic_load(&b->stop))
		if (reverse_step(&b->job, REVERSE_STEP_NODES)) {
			b->result = reverse_end(&b->job);
			break;
		}
	return NULL;
}

/* Start building v->rev in a thread (or mark that it cannot be). */
static void
revbuild_start(struct tui_view *v)
{
	struct tui_revbuild *b = xcalloc(1, sizeof *b);

	atomic_init(&b->stop, 0);
	reverse_begin(&b->job, v->fwd);
	if (pthread_create(&b->thread, NULL, revbuild_main, b) != 0) {
		/* No thread: "r" builds it (b stays, joined, as a marker). */
		reverse_abort(&b->job);
		b->joined = 1;
	}
	v->revbuild = b;
}

static void
revbuild_join(struct tui_revbuild *b)
{
	if (!b->joined) {
		pthread_join(b->thread, NULL);
		b->joined = 1;
	}
}

/* The reverse tree: the thread's (waiting for it), or built now. */
static struct tree *
revbuild_take(struct tui_view *v)
{
	struct tui_revbuild *b = v->revbuild;
	struct tree *r = NULL;

	if (b != NULL) {
		revbuild_join(b);
		r = b->result;
		b->result = NULL;
		reverse_abort(&b->job);
	}
	return r != NULL ? r : reverse_build(v->fwd);
}

/* Stop the thread and drop what it built; a new one may start later. */
static void
revbuild_stop(struct tui_view *v)
{
	struct tui_revbuild *b = v->revbuild;

	if (b == NULL)
		return;
	atomic_store(&b->stop, 1);
	revbuild_join(b);
	tree_free(b->result);
	reverse_abort(&b->job);
	free(b);
	v->revbuild = NULL;
}

/*
 * Switch between the normal and the reverse view.  The selection moves to
 * the frame of the same name nearest the root; the zoom history restarts.
 */
static int
act_reverse(struct tui_view *v)
{
	uint32_t name = TREE_NONE;

	if (v->sel != TREE_ROOT)
		name = tree_node(v->tree, v->sel)->name;
	if (v->rev == NULL)
		v->rev = revbuild_take(v);
	v->reverse = !v->reverse;
	v->tree = v->reverse ? v->rev : v->fwd;
	v->zoom = TREE_ROOT;
	v->nhistory = 0;
	v->want = v->sel = name == TREE_NONE ? TREE_ROOT :
	    nearest_named(v, v->tree, name);
	v->sel_rect = LAYOUT_NONE;
	v->sel_text_node = TREE_NONE;
	search_refresh(v);
	return TUI_RELAYOUT;
}

/*
 * The node of tree to with the names of node of tree from (root first), or
 * the deepest one that exists there: how a frame of an old reverse tree is
 * found in a new one.
 */
static uint32_t
map_node(const struct tree *from, uint32_t node, const struct tree *to,
    uint32_t **names, size_t *cap)
{
	const struct tree_node *nodes = tree_nodes(from);
	uint32_t depth = nodes[node].depth, d, id = TREE_ROOT, c;

	xgrow((void **)names, cap, (size_t)depth + 1, sizeof **names);
	for (d = depth; d > 0; d--, node = nodes[node].parent)
		(*names)[d - 1] = nodes[node].name;
	for (d = 0; d < depth; d++) {
		c = tree_find_child(to, id, (*names)[d]);
		if (c == TREE_NONE)
			break;
		id = c;
	}
	return id;
}

/*
 * The tree grew and was finished again (the input is still loading): make
 * what the view keeps about it fit the new tree.  The layout is stale too:
 * the caller lays out again.
 */
void
view_flame_grown(struct tui_view *v)
{
	struct tui_search *s = &v->search;
	size_t n = (size_t)strtab_count(tree_strtab(v->fwd)) + 1, cap = 0, i;
	uint32_t *names = NULL;
	struct tree *old = v->rev;

	revbuild_stop(v); /* it read the tree as it was */
	if (n > v->nstyle) {
		v->style = xreallocarray(v->style, n, sizeof *v->style);
		memset(v->style + v->nstyle, 0, n - v->nstyle);
		v->nstyle = n;
	}
	if (old != NULL) {
		v->rev = reverse_build(v->fwd);
		if (v->reverse) {
			v->tree = v->rev;
			v->zoom = map_node(old, v->zoom, v->rev, &names, &cap);
			v->want = map_node(old, v->want, v->rev, &names, &cap);
			for (i = 0; i < v->nhistory; i++)
				v->history[i] = map_node(old, v->history[i],
				    v->rev, &names, &cap);
			v->sel = v->want;
		}
		free(names);
		tree_free(old);
	}
	v->sel_rect = LAYOUT_NONE;
	v->sel_text_node = TREE_NONE;
	v->maxdelta_of = NULL;
	s->hits_ok[0] = s->hits_ok[1] = 0;
	search_order_free(&s->order[0]);
	search_order_free(&s->order[1]);
	if (s->marks != NULL) {
		s->marks = xreallocarray(s->marks, n, 1);
		if (s->re != NULL)
			search_mark(s->re, tree_strtab(v->fwd), s->marks,
			    &s->nfailed);
	}
	search_refresh(v);
}

/* Run the binding of key, or note that there is none. */
int
view_flame_key(struct tui_view *v, int key)
{
	int flags = 0;

	if (v->msg != NULL) {
		v->msg = NULL;
		flags |= TUI_REDRAW;
	}
	if (v->prompt.active)
		return flags | prompt_input(v, key);
	if (v->confirm != NULL) {
		/* The answer to "overwrite it? (y/n)". */
		char *path = v->confirm;

		v->confirm = NULL;
		if (key == 'y' || key == 'Y')
			flags |= save_svg(v, path);
		else {
			v->msg = "Not saved.";
			flags |= TUI_REDRAW;
		}
		free(path);
		return flags;
	}
	if (key >= 0 && key <= KEY_MAX && keymap[key] != NULL)
		return flags | keymap[key]->fn(v);
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
	return order_pending(v) || (v->rev == NULL && v->revbuild == NULL);
}

/* Advance timed things (the scrolling status line), or do idle work. */
int
view_flame_tick(struct tui_view *v)
{
	if (order_pending(v)) {
		search_order_build(&v->search.order[0], v->fwd);
		return 0;
	}
	if (v->rev == NULL && v->revbuild == NULL) {
		revbuild_start(v);
		return 0;
	}
	return statusbar_tick(v);
}

/* Return how long to wait for a key, in ms (-1: forever; 0: idle work). */
int
view_flame_timeout(const struct tui_view *v)
{
	if (idle_pending(v))
		return 0;
	return v->name_scrolls ? 1500 : -1;
}
