/*
 * The graph screen's reverse (caller) view, "r", and the thread that
 * builds its tree (started through util/thread.h, the core's one place
 * that starts threads).
 *
 * Once the first screen is up and the search's flame order is built (the
 * graph's tick), a second thread builds the reverse tree from the loaded
 * one (which nothing changes while the viewer runs), so the first "r"
 * finds it ready; pressed earlier, "r" waits for the rest.  It is kept, so
 * switching back and forth costs one layout.  Its names have the ids of
 * the loaded tree's, so the colour cache and the search marks carry over.
 *
 * While the input still loads, the tree grows between two refreshes
 * (stream.c): view_reverse_grown() stops the thread, builds the reverse
 * tree again and moves the zoom and the selection to the
 * frames with the same names.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "model/count.h"
#include "model/history.h"
#include "model/reverse.h"
#include "search/search.h"
#include "tui/view.h"
#include "util/thread.h"
#include "util/xalloc.h"


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
	struct thread_job thread;
	int joined;            /* the thread is joined, or never started */
	atomic_int stop;
	struct reverse_job job;
	struct tree *result;   /* NULL when stopped */
};

#define REVERSE_STEP_NODES 65536u

/* Build the reverse tree step by step until done or told to stop. */
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

/*
 * Start building v->rev on a second thread, when the CPU budget has one
 * (or mark that it cannot be).
 */
void
view_reverse_start(struct tui_view *v)
{
	struct tui_revbuild *b = xcalloc(1, sizeof *b);

	atomic_init(&b->stop, 0);
	reverse_begin(&b->job, v->fwd);
	reverse_order(&b->job, view_reverse_order(v, v->xh.n), v->prof);
	if (!thread_start(&b->thread, thread_spare(), revbuild_main, b)) {
		/* No thread: "r" builds it (b stays, joined, as a marker). */
		reverse_abort(&b->job);
		b->joined = 1;
	}
	v->revbuild = b;
}

/* Wait for the thread, if one started and was not waited for yet. */
static void
revbuild_join(struct tui_revbuild *b)
{
	if (!b->joined) {
		thread_join(&b->thread);
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
	return r != NULL ? r : reverse_build_order(v->fwd, NULL,
	    view_reverse_order(v, v->xh.n), v->prof);
}

/* Stop the thread and drop what it built; a new one may start later. */
void
view_reverse_stop(struct tui_view *v)
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

enum tree_order
view_reverse_order(const struct tui_view *v, size_t n)
{
	return history_order(&v->xh, n, TREE_ORDER_WEIGHT);
}

/*
 * Switch between the normal and the reverse view.  The selection moves to
 * the frame of the same name nearest the root; the zoom steps leave the history (the transforms stay).
 */
int
view_reverse_toggle(struct tui_screen *sc)
{
	struct tui_view *v = view_of(sc);
	uint32_t name = TREE_NONE;

	if (v->sel != TREE_ROOT)
		name = tree_node(v->tree, v->sel)->name;
	if (v->rev == NULL)
		v->rev = revbuild_take(v);
	v->reverse = !v->reverse;
	v->tree = v->reverse ? v->rev : v->fwd;
	v->zoom = TREE_ROOT;
	view_undo_stop(v); /* it reads the steps */
	history_drop_zooms(&v->xh); /* zooms of the other tree */
	v->want = v->sel = name == TREE_NONE ? TREE_ROOT :
	    nearest_named(v, v->tree, name);
	v->sel_rect = LAYOUT_NONE;
	v->sel_text_node = TREE_NONE;
	view_search_refresh(v);
	return TUI_RELAYOUT;
}

/*
 * The loaded tree grew and was finished again: build its reverse tree
 * again when there was one, and when it is shown, move the zoom
 * and the selection to the frames of the same names.
 */
void
view_reverse_grown(struct tui_view *v)
{
	struct history_path zoom, sel;
	struct tree *old = v->rev;

	view_reverse_stop(v); /* it read the tree as it was */
	if (old == NULL)
		return;
	memset(&zoom, 0, sizeof zoom);
	memset(&sel, 0, sizeof sel);
	v->rev = reverse_build_order(v->fwd, NULL,
	    view_reverse_order(v, v->xh.n), v->prof);
	if (v->reverse) {
		/* By names: a merged root's id changes when the tree grows. */
		history_path_set(&zoom, old, v->zoom);
		history_path_set(&sel, old, v->want);
		v->tree = v->rev;
		v->zoom = history_path_find(v->rev, &zoom, 0);
		v->want = v->sel = history_path_find(v->rev, &sel, 0);
	}
	history_path_free(&zoom);
	history_path_free(&sel);
	tree_free(old);
}
