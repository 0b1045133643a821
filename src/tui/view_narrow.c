/*
 * The frames behind a "+" bar (Enter on a selected "+" in the graph): the
 * siblings too narrow to draw that the bar stands for, one row each,
 * heaviest first (equal ones in the graph's order), with their weight in
 * its unit (model/units.h: "2.00 ms" for cpu-clock), the sample records
 * beside it when the input has both, and their share of the whole.  Enter zooms the graph to the chosen frame, which
 * then spans the full width, so everything under it can be reached; Esc
 * goes back without zooming.
 *
 * The list is made once, when the screen opens, from the graph's layout
 * (layout_run_end() says where the bar's run of siblings ends); the screen
 * keeps the node ids, its cursor and the first row shown.  The graph's
 * tree does not change while it is open (a loading input holds keys until
 * it has ended, and the graph below is not drawn).
 *
 * Lines: a title, the column titles, the rows, and a status line.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/layout.h"
#include "model/count.h"
#include "model/units.h"
#include "tui/colors.h"
#include "tui/list.h"
#include "tui/screen.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/macros.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define KEY_CTRL(c) ((c) & 0x1f)
#define KEY_ESCAPE 27

struct narrow {
	struct tui_screen screen;  /* first */
	struct tui_view *v;        /* borrowed: the graph below */
	uint32_t *nodes;           /* owned: the frames, heaviest first
	                              (list.n of them) */
	uint32_t parent;           /* the node they are children of */
	struct tui_list list;      /* over nodes */
	struct tui_text name, line;
};

static struct narrow *
narrow_of(struct tui_screen *s)
{
	return (struct narrow *)(void *)s;
}

/*
 * Count the frames of the selected "+" bar and their totals into the
 * view (once per bar and layout: the status line asks on every draw).
 */
void
view_narrow_count(struct tui_view *v)
{
	const struct layout *l = &v->layout;
	const struct tree_node *nodes = tree_nodes(v->tree);
	uint32_t i = v->sel_rect, end, c;
	int p, np = tree_nprof(v->tree);

	if (!view_sel_merged(v) ||
	    (v->nar_rect == i && v->nar_gen == l->generation))
		return;
	v->nar_rect = i;
	v->nar_gen = l->generation;
	v->nar_n = 0;
	memset(v->nar_total, 0, sizeof v->nar_total);
	v->nar_samples = 0;
	end = layout_run_end(l, i);
	for (c = l->rects[i].node; c != end && c != TREE_NONE;
	    c = nodes[c].next_sibling) {
		if (count_is_zero(tree_total(v->tree, v->prof, c)))
			continue;
		v->nar_n++;
		for (p = 0; p < np; p++)
			count_add(&v->nar_total[p], tree_total(v->tree, p, c));
		if (tree_has_samples(v->tree))
			v->nar_samples += tree_samples(v->tree, v->prof, c);
	}
}

/* The sort's context: the frames in the graph's order, and their tree. */
struct by_weight {
	const struct tree *t;
	int prof;
	const uint32_t *nodes;
};

/* Order positions a and b heaviest first, then in the graph's order. */
static int
cmp_weight(uint32_t a, uint32_t b, void *ctx)
{
	const struct by_weight *w = ctx;
	double wa = count_value(tree_total(w->t, w->prof, w->nodes[a]));
	double wb = count_value(tree_total(w->t, w->prof, w->nodes[b]));

	if (wa != wb)
		return wa > wb ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* Fill the rest of line y from column x with blanks. */
static void
blank_to_end(int y, int x, int cols)
{
	for (; x < cols; x++)
		mvaddch(y, x, ' ');
}

/* Paint the list. */
static void
narrow_draw(struct tui_screen *s)
{
	struct narrow *nw = narrow_of(s);
	const struct tui_view *v = nw->v;
	const struct tree *t = v->tree;
	int cols = s->cols, y, off;
	char cells[2 * COUNT_BUFSZ + 64], buf[160], a[COUNT_BUFSZ];
	char b[COUNT_BUFSZ];
	struct tf_units u;
	double all = count_value(tree_total(t, v->prof, TREE_ROOT));
	struct tf_count c;
	const char *name;
	size_t len;
	long i;

	colors_use(COLORS_TITLE, PALETTE_USER, 0);
	snprintf(buf, sizeof buf, "%ld frame%s behind the + bar under ",
	    nw->list.n, nw->list.n == 1 ? "" : "s");
	text_set_ascii(&nw->line, buf);
	if (nw->parent == TREE_ROOT)
		text_append_ascii(&nw->line, "all");
	else {
		name = tree_name(t, nw->parent, &len);
		text_append(&nw->line, name, len, (size_t)cols);
	}
	text_append_ascii(&nw->line, ", heaviest first");
	text_draw_label(&nw->line, 0, 0, cols);
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	/* The weight's column is named by its unit (model/units.h). */
	units_of_tree(&u, t, v->prof, v->svg.opts.event, v->svg.opts.countname);
	if (u.samples)
		snprintf(buf, sizeof buf, "%12.12s  Samples   Share  Frame",
		    u.name);
	else
		snprintf(buf, sizeof buf, "%12.12s   Share  Frame",
		    strcmp(u.name, "samples") == 0 ? "Samples" : u.name);
	mvaddnstr(1, 0, buf, cols);
	blank_to_end(1, TF_MIN((int)strlen(buf), cols), cols);
	for (i = nw->list.top, y = 2;
	    i < nw->list.n && y < 2 + nw->list.rows;
	    i++, y++) {
		c = tree_total(t, v->prof, nw->nodes[i]);
		units_weight(a, sizeof a, &u, c);
		b[0] = '\0';
		if (u.samples)
			units_group(b, sizeof b, (struct tf_count){
			    tree_samples(t, v->prof, nw->nodes[i]), 0.0});
		snprintf(cells, sizeof cells, "%12s %*s%s%6.2f%%  ", a,
		    u.samples ? 8 : 0, b, u.samples ? " " : "",
		    all > 0 ? count_value(c) * 100 / all : 0.0);
		colors_use(i == nw->list.cur ? COLORS_SELECTED : COLORS_NORMAL,
		    PALETTE_USER, 0);
		mvaddnstr(y, 0, cells, cols);
		off = TF_MIN((int)strlen(cells), cols);
		if (off < cols) {
			name = tree_name(t, nw->nodes[i], &len);
			text_set(&nw->name, name, len, (size_t)(cols - off));
			off += text_draw_label(&nw->name, y, off, cols - off);
		}
		if (i == nw->list.cur)
			blank_to_end(y, off, cols);
	}
	colors_use(COLORS_STATUS, PALETTE_USER, 0);
	snprintf(buf, sizeof buf, "[frames] %ld/%ld  Enter: zoom to it  "
	    "Esc: back  ?: help", nw->list.cur + 1, nw->list.n);
	mvaddnstr(s->lines - 1, 0, buf, cols);
	blank_to_end(s->lines - 1, TF_MIN((int)strlen(buf), cols), cols);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
}

/* Lay the list out for cols x lines. */
static void
narrow_resize(struct tui_screen *s, int cols, int lines)
{
	struct narrow *nw = narrow_of(s);

	(void)cols;
	list_set_rows(&nw->list, TF_MAX(lines - 3, 1));
}

/* Enter: zoom the graph to the chosen frame. */
static int
act_zoom(struct tui_screen *s)
{
	struct narrow *nw = narrow_of(s);

	if (nw->list.n > 0)
		view_flame_zoom(nw->v, nw->nodes[nw->list.cur]);
	return TUI_CLOSE | TUI_RELAYOUT;
}

/* Esc: back to the graph as it was. */
static int
act_back(struct tui_screen *s)
{
	(void)s;
	return TUI_CLOSE | TUI_REDRAW;
}


static const struct tui_binding bindings[] = {
	{"Down  j", "next frame", list_down, {KEY_DOWN, 'j', 0}},
	{"Up    k", "previous frame", list_up, {KEY_UP, 'k', 0}},
	{"PgUp PgDn", "a page up / down", list_page_up,
	    {KEY_PPAGE, KEY_CTRL('B'), 0}},
	{"", "", list_page_down, {KEY_NPAGE, KEY_CTRL('F'), ' ', 0}},
	{"g G", "first / last frame (also Home, End)", list_first,
	    {'g', KEY_HOME, 0}},
	{"", "", list_last, {'G', KEY_END, 0}},
	{"Enter", "zoom the graph to the frame: it spans the full width",
	    act_zoom, {'\n', '\r', KEY_ENTER, 0}},
	{"Esc Bksp", "back to the graph", act_back,
	    {KEY_ESCAPE, KEY_BACKSPACE, 127, KEY_CTRL('H'), 0}},
	{"?", "show this help", screen_help, {'?', KEY_F(1), 0}},
	{"Ctrl-L", "redraw the screen", screen_repaint, {KEY_CTRL('L'), 0}},
	{"q Ctrl-C", "quit", screen_quit, {'q', KEY_CTRL('C'), 0}},
};

static const char *const legend[] = {
	"The frames a + bar stands for: siblings each narrower than a cell.",
	"Samples: the frame's total; Share: of all samples.",
};

/* Release the list. */
static void
narrow_free(struct tui_screen *s)
{
	struct narrow *nw = narrow_of(s);

	free(nw->nodes);
	text_free(&nw->name);
	text_free(&nw->line);
	free(nw);
}

static const struct tui_screen_ops narrow_ops = {
	.name = "frames",
	.resize = narrow_resize,
	.draw = narrow_draw,
	.key = screen_key,
	.quits = screen_quits,
	.free = narrow_free,
	.keys = bindings,
	.nkeys = ARRAY_SIZE(bindings),
	.legend = legend,
	.nlegend = ARRAY_SIZE(legend),
};

/* Enter on a "+" bar in the graph: open the list of its frames over it. */
int
view_narrow_open(struct tui_screen *s)
{
	struct tui_view *v = view_of(s);
	const struct layout *l = &v->layout;
	const struct tree_node *nodes = tree_nodes(v->tree);
	struct narrow *nw;
	struct by_weight w;
	uint32_t *pos, *inorder, end, c, n = 0, k;

	if (!view_sel_merged(v))
		return 0;
	view_narrow_count(v);
	nw = xcalloc(1, sizeof *nw);
	nw->screen.ops = &narrow_ops;
	nw->v = v;
	nw->parent = nodes[l->rects[v->sel_rect].node].parent;
	k = TF_MAX(v->nar_n, 1u);
	inorder = xreallocarray(NULL, k, sizeof *inorder);
	pos = xreallocarray(NULL, k, sizeof *pos);
	nw->nodes = xreallocarray(NULL, k, sizeof *nw->nodes);
	end = layout_run_end(l, v->sel_rect);
	for (c = l->rects[v->sel_rect].node; c != end && c != TREE_NONE &&
	    n < v->nar_n; c = nodes[c].next_sibling)
		if (!count_is_zero(tree_total(v->tree, v->prof, c))) {
			pos[n] = n;
			inorder[n++] = c;
		}
	nw->screen.list = &nw->list;
	list_set_n(&nw->list, (long)n);
	/* Sort positions, so that equal weights keep the graph's order. */
	w.t = v->tree;
	w.prof = v->prof;
	w.nodes = inorder;
	sort_u32(pos, n, cmp_weight, &w);
	for (k = 0; k < n; k++)
		nw->nodes[k] = inorder[pos[k]];
	free(pos);
	free(inorder);
	text_init(&nw->name);
	text_init(&nw->line);
	screen_push(s->stack, &nw->screen);
	return TUI_REDRAW;
}
