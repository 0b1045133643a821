/*
 * The graph screen's transforms and its one history of zooms and
 * transforms: the keys of the transform registry (model/xform.h: f, F, x,
 * m, c, T and o) change the profile shown, Backspace and u undo the last
 * zoom or transform, U drops every transform; the breadcrumb line above
 * the status lines names the transforms in order.
 *
 * The steps and the trees they made are a history (model/history.h): the
 * tree as loaded is its original, v->fwd is always history_tree(), the
 * tree after the last transform, and so everything that reads v->fwd (the
 * reverse view, the function table, the sandwich, the SVG) reads the
 * transformed profile.  A step keeps the zoomed and the selected frame
 * before it as paths of names; after a transform the zoom and the
 * selection are looked up by those (the selection by its name when its
 * place is gone, else its nearest caller that is left), and an undo puts
 * back the paths the step kept.  The search, the view (flame, icicle,
 * reverse) and the width basis stay as they were.
 *
 * While a pipe streams (stream.c) and in the live viewer, the original
 * grows: view_xform_grown() makes the transformed trees again from it at
 * each refresh, which the refreshes' spacing (four times their cost)
 * throttles.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/history.h"
#include "model/reverse.h"
#include "model/timeview.h"
#include "tui/colors.h"
#include "tui/text.h"
#include "tui/view.h"
#include "util/xalloc.h"

#define CRUMB_MAX 4096 /* bytes of breadcrumb text drawn */

/* The tree as loaded (the history's original). */
static struct tree *
original(const struct tui_view *v)
{
	return v->xh.base;
}

/* Lines the breadcrumb takes: one while a transform is on, room allowing. */
int
view_xform_lines(const struct tui_view *v)
{
	return (history_ntransforms(&v->xh) > 0 ||
	    (v->time != NULL && v->time->on)) && v->lines >= 8;
}

/*
 * The breadcrumb's text into buf: the time range ("time 4.20-6.02 s"),
 * then the transforms.  Returns the length.
 */
static size_t
describe(const struct tui_view *v, char *buf, size_t cap)
{
	const char *sep = text_separator();
	size_t at = 0, n = strlen(sep);

	if (v->time != NULL && v->time->on) {
		at = timeview_words(v->time, buf, cap);
		if (history_ntransforms(&v->xh) == 0)
			return at;
		if (at + n < cap) {
			memcpy(buf + at, sep, n + 1);
			at += n;
		}
	}
	return at + history_describe_sep(&v->xh, sep, buf + at, cap - at);
}

/* Put "N% of samples kept" (of the original, in the width basis) in buf. */
static void
kept(const struct tui_view *v, char *buf, size_t cap)
{
	double all = count_value(tree_total(original(v), v->prof, TREE_ROOT));
	double now = count_value(tree_total(v->fwd, v->prof, TREE_ROOT));

	snprintf(buf, cap, "%.1f%% of samples kept", all > 0 ?
	    100.0 * now / all : 0.0);
}

/*
 * Draw the breadcrumb on line y: the transforms, cut from the left with
 * "…" when long, and the share kept at the right end.
 */
void
view_xform_draw(struct tui_view *v, int y)
{
	char *buf = xmalloc(CRUMB_MAX), right[64];
	size_t len, rw, avail, skip = 0;
	int x = 0;

	len = describe(v, buf, CRUMB_MAX);
	if (len >= CRUMB_MAX)
		len = CRUMB_MAX - 1;
	kept(v, right, sizeof right);
	rw = strlen(right);
	colors_use(COLORS_NORMAL, PALETTE_USER, 0);
	move(y, 0);
	clrtoeol();
	if ((size_t)v->cols < rw) {
		free(buf);
		return;
	}
	avail = (size_t)v->cols - rw;
	avail = avail > 2 ? avail - 2 : 0;
	/* Names go through escape_text() in text_set(). */
	text_set(&v->line, buf, len, TEXT_ALL);
	free(buf);
	if (v->line.cols > avail && avail > 0) {
		/* Our ellipsis: one column ("\u2026"), or two (".."). */
		x = strcmp(text_ellipsis(), "..") == 0 ? 2 : 1;
		skip = avail > (size_t)x ? v->line.cols - (avail - (size_t)x) :
		    v->line.cols;
		mvaddstr(y, 0, text_ellipsis());
	}
	if (avail > (size_t)x)
		text_draw(&v->line, y, x, skip, (int)avail - x);
	attron(A_BOLD);
	mvaddstr(y, (int)((size_t)v->cols - rw), right);
	attroff(A_BOLD);
}

/* Remember the zoom before it changes (Enter, Esc, a search's zoom). */
void
view_xform_push_zoom(struct tui_view *v)
{
	struct history_step s;

	view_undo_stop(v);
	memset(&s, 0, sizeof s);
	s.kind = NULL; /* a zoom */
	history_path_set(&s.zoom, v->tree, v->zoom);
	history_path_set(&s.sel, v->tree, v->want);
	history_push(&v->xh, &s);
}

/*
 * The tree shown changed (v->fwd is history_tree()): the reverse tree
 * goes (one was kept for an undo before the step: history_keep_rev()), and
 * the new one is the one the history kept for this profile (an undo, U),
 * else it is built now when it is shown (else "r" builds it); what the
 * view keeps per tree (colours per name, the search's hits, the
 * selection's rectangle and text) fits the new one.
 */
static void
switched(struct tui_view *v)
{
	size_t n;

	v->fwd = history_tree(&v->xh);
	view_reverse_stop(v);
	tree_free(v->rev);
	v->rev = history_take_rev(&v->xh);
	/* Sized after the reverse tree kept for an undo, when there is one. */
	if (v->rev == NULL && v->reverse)
		v->rev = reverse_build_order(v->fwd, v->xh.rev,
		    view_reverse_order(v, v->xh.n), v->prof);
	v->tree = v->reverse ? v->rev : v->fwd;
	n = (size_t)strtab_count(tree_strtab(v->fwd)) + 1;
	if (n > v->nstyle) {
		v->style = xreallocarray(v->style, n, sizeof *v->style);
		memset(v->style + v->nstyle, 0, n - v->nstyle);
		v->nstyle = n;
	}
	v->sel_rect = LAYOUT_NONE;
	v->sel_text_node = TREE_NONE;
	v->maxdelta_of = NULL;
	v->ntrail = 0;
	v->trail_at = TREE_NONE;
	view_search_grown(v, n);
}

/*
 * The selection after a transform: the frame at the old path, else the
 * function's frame nearest the root, else the deepest caller on the old
 * path that is left.
 */
static uint32_t
reselect(const struct tui_view *v, const struct history_path *p,
    const char *name, size_t len)
{
	uint32_t node = history_path_find(v->tree, p, 1), id;

	if (node != TREE_NONE)
		return node;
	if (name != NULL) {
		id = strtab_lookup(tree_strtab_c(v->tree), name, len);
		if (id != UINT32_MAX &&
		    (node = tree_nearest_named(v->tree, v->prof, id)) != TREE_ROOT)
			return node;
	}
	return history_path_find(v->tree, p, 0);
}

/* Push transform s, taken on the selected frame, and show its tree. */
static int
apply(struct tui_view *v, struct history_step *s)
{
	struct history_path zoom, sel;
	char *name = NULL;
	size_t len = 0;
	const char *n;

	view_undo_stop(v);
	memset(&zoom, 0, sizeof zoom);
	memset(&sel, 0, sizeof sel);
	history_path_set(&s->zoom, v->tree, v->zoom);
	history_path_set(&s->sel, v->tree, v->want);
	history_path_set(&zoom, v->tree, v->zoom);
	history_path_set(&sel, v->tree, v->want);
	if (v->want != TREE_ROOT) {
		n = tree_name(v->tree, v->want, &len);
		name = xmemdup(n, len);
	}
	/* The reverse tree of now, for an undo of s: no rebuild then. */
	view_reverse_stop(v);
	history_keep_rev(&v->xh, v->rev);
	v->rev = NULL;
	history_push(&v->xh, s);
	switched(v);
	v->zoom = history_path_find(v->tree, &zoom, 1);
	if (v->zoom == TREE_NONE)
		v->zoom = TREE_ROOT;
	v->want = v->sel = reselect(v, &sel, name, len);
	free(name);
	history_path_free(&zoom);
	history_path_free(&sel);
	return TUI_RELAYOUT;
}

/* Transform x on the selected frame (its function, or its path). */
static int
on_function(struct tui_view *v, const struct xform *x)
{
	struct history_step s;
	const char *name;
	size_t len;

	if (v->want == TREE_ROOT || view_sel_merged(v)) {
		snprintf(v->msgbuf, sizeof v->msgbuf, "%c: select a frame "
		    "first (its function is what %c acts on).", x->key, x->key);
		v->msg = v->msgbuf;
		return TUI_REDRAW;
	}
	if (x->arg == XFORM_ARG_FRAME && v->reverse) {
		snprintf(v->msgbuf, sizeof v->msgbuf, "%c: focus on a subtree "
		    "works in the normal view (r).", x->key);
		v->msg = v->msgbuf;
		return TUI_REDRAW;
	}
	memset(&s, 0, sizeof s);
	s.kind = x;
	name = tree_name(v->tree, v->want, &len);
	s.name = xmemdup(name, len);
	s.namelen = len;
	if (x->arg == XFORM_ARG_FRAME)
		history_path_set(&s.subtree, v->tree, v->want);
	return apply(v, &s);
}

/* Take the top step off and put the view back as it was before it. */
static void
undo(struct tui_view *v)
{
	struct history_step s;

	view_undo_take(v);
	if (!history_pop(&v->xh, &s))
		return;
	if (s.kind == NULL) {
		/* A zoom: the selection stays where it is. */
		v->zoom = history_path_find(v->tree, &s.zoom, 0);
	} else {
		switched(v);
		v->zoom = history_path_find(v->tree, &s.zoom, 0);
		v->want = v->sel = history_path_find(v->tree, &s.sel, 0);
	}
	history_step_free(&s);
}

/* The order the view shows with the first n steps of the history. */
static enum tree_order
order_with(const struct tui_view *v, size_t n)
{
	if (v->reverse)
		return view_reverse_order(v, n);
	return history_order(&v->xh, n, tree_get_order(v->xh.base, NULL));
}

/*
 * o: the other sibling order of the tree shown (the reverse view's is
 * heaviest first by default), undoing an o on top when that gives it.
 */
static int
order(struct tui_view *v, const struct xform *x)
{
	struct history_step s;
	enum tree_order want = tree_get_order(v->tree, NULL) ==
	    TREE_ORDER_WEIGHT ? TREE_ORDER_NAME : TREE_ORDER_WEIGHT;

	if (v->xh.n > 0 && v->xh.steps[v->xh.n - 1].kind == x &&
	    order_with(v, v->xh.n - 1) == want) {
		undo(v);
		return TUI_RELAYOUT;
	}
	memset(&s, 0, sizeof s);
	s.kind = x;
	s.order = want;
	s.prof = v->prof;
	return apply(v, &s);
}

/*
 * A transform's key (model/xform.h): on the selected frame's function or
 * frame, on the whole profile, or the sibling order.
 */
int
view_xform_key(struct tui_screen *sc, int key)
{
	const struct xform *x = xform_by_key(key);
	struct tui_view *v = view_of(sc);
	struct history_step s;

	if (x == NULL)
		return 0;
	switch (x->arg) {
	case XFORM_ARG_FUNC:
	case XFORM_ARG_FRAME:
		return on_function(v, x);
	case XFORM_ARG_ORDER:
		return order(v, x);
	case XFORM_ARG_NONE:
		break;
	}
	memset(&s, 0, sizeof s);
	s.kind = x;
	return apply(v, &s);
}

size_t
view_xform_bindings(struct tui_binding *out)
{
	size_t i;

	for (i = 0; out != NULL && i < xform_count; i++) {
		memset(&out[i], 0, sizeof out[i]);
		out[i].keys = xform_table[i].keys;
		out[i].what = xform_table[i].help;
		out[i].fn = NULL; /* flame_key(): view_xform_key() */
		out[i].codes[0] = xform_table[i].key;
	}
	return xform_count;
}

/* Backspace, u: undo the last zoom or transform. */
int
view_xform_undo(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);

	if (v->xh.n == 0) {
		v->msg = "Not zoomed in and no transform: nothing to go back to.";
		return TUI_REDRAW;
	}
	undo(v);
	view_undo_start(v); /* the next undo's trees, while this is read */
	return TUI_RELAYOUT;
}

/* U: drop every transform (and the zooms between them): the original. */
int
view_xform_reset(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	struct history_path sel;
	char *name = NULL;
	const char *n;
	size_t len = 0;

	if (history_ntransforms(&v->xh) == 0) {
		v->msg = "U: no transform to take back.";
		return TUI_REDRAW;
	}
	view_undo_stop(v);
	memset(&sel, 0, sizeof sel);
	history_path_set(&sel, v->tree, v->want);
	if (v->want != TREE_ROOT) {
		n = tree_name(v->tree, v->want, &len);
		name = xmemdup(n, len);
	}
	history_reset(&v->xh);
	switched(v);
	v->zoom = TREE_ROOT;
	v->want = v->sel = reselect(v, &sel, name, len);
	free(name);
	history_path_free(&sel);
	return TUI_RELAYOUT;
}

/*
 * The original grew (streaming, live): make the transforms' trees again
 * from it, the zoom and the selection moved to the same paths.  Called
 * before the rest of view_flame_grown().
 */
void
view_xform_grown(struct tui_view *v)
{
	struct history_path zoom, sel;

	view_undo_stop(v); /* it reads the trees about to go */
	if (history_ntransforms(&v->xh) == 0) {
		history_rebase(&v->xh); /* a reverse tree it kept goes */
		return;
	}
	memset(&zoom, 0, sizeof zoom);
	memset(&sel, 0, sizeof sel);
	if (!v->reverse) {
		history_path_set(&zoom, v->fwd, v->zoom);
		history_path_set(&sel, v->fwd, v->want);
	}
	view_reverse_stop(v); /* it reads the tree about to go */
	history_rebase(&v->xh);
	v->fwd = history_tree(&v->xh);
	if (!v->reverse) {
		v->tree = v->fwd;
		v->zoom = history_path_find(v->tree, &zoom, 0);
		v->want = v->sel = history_path_find(v->tree, &sel, 0);
	}
	history_path_free(&zoom);
	history_path_free(&sel);
}

/*
 * The SVG's subtitle (`s`): the command line's, then the breadcrumb, in
 * buf; given when there is no transform.
 */
const char *
view_xform_subtitle(const struct tui_view *v, char *buf, size_t cap,
    const char *given)
{
	static const char sep[] = " \xe2\x80\xba ";
	size_t at = 0;

	if (cap == 0 || (history_ntransforms(&v->xh) == 0 &&
	    (v->time == NULL || !v->time->on)))
		return given;
	if (given != NULL && given[0] != '\0')
		at = (size_t)snprintf(buf, cap, "%s%s", given, sep);
	if (at >= cap)
		return given;
	describe(v, buf + at, cap - at);
	return buf;
}

void
view_xform_rebase(struct tui_view *v, struct tree *base)
{
	struct history_path zoom, sel;
	char *name = NULL;
	const char *n;
	size_t len = 0;

	if (base == NULL)
		base = v->time->loaded;
	view_undo_stop(v);
	memset(&zoom, 0, sizeof zoom);
	memset(&sel, 0, sizeof sel);
	history_path_set(&zoom, v->tree, v->zoom);
	history_path_set(&sel, v->tree, v->want);
	if (v->want != TREE_ROOT) {
		n = tree_name(v->tree, v->want, &len);
		name = xmemdup(n, len);
	}
	view_reverse_stop(v); /* it reads the tree about to go */
	v->xh.base = base;
	history_rebase(&v->xh); /* a reverse tree it kept goes */
	/* A comparison: two profiles, coloured by change, widths AFTER. */
	v->diff = tree_nprof(base) == 2;
	v->prof = v->diff ? 1 : 0;
	switched(v);
	v->zoom = history_path_find(v->tree, &zoom, 1);
	if (v->zoom == TREE_NONE)
		v->zoom = TREE_ROOT;
	v->want = v->sel = reselect(v, &sel, name, len);
	free(name);
	history_path_free(&zoom);
	history_path_free(&sel);
	view_flame_relayout(v, v->cols, v->lines);
}

void
view_xform_time_init(struct tui_view *v, const struct tui_opts *o)
{
	if (o->store == NULL)
		return;
	v->time = xmalloc(sizeof *v->time);
	timeview_init(v->time, v->xh.base, o->store);
	v->time->rows = o->rows;
	if (o->time_on) {
		/* --time: its samples, idle ones too, as --collapse cuts them. */
		struct tree *t;

		v->time->show_idle = 1;
		if ((t = timeview_pick(v->time, o->time_t0, o->time_t1, 0)))
			view_xform_rebase(v, t);
	}
}

void
view_xform_time_done(struct tui_view *v)
{
	if (v->time == NULL)
		return;
	/* The tree as loaded: the caller's, not the range's. */
	v->xh.base = v->time->loaded;
	timeview_free(v->time);
	free(v->time);
	v->time = NULL;
}
