/*
 * Undoing ahead: after an undo, a second thread makes what the
 * next undo will show and the history no longer holds, while the user
 * reads the screen.
 *
 * The history holds the trees of the two topmost transforms (model/
 * history.h), so of two undos in a row the second replays the transforms
 * from the original, and in the reverse view builds that profile's
 * reverse tree too: 110 ms on the bench's 1M-node profile, against 9 ms
 * for the first.  Right after an undo, the tree above the one shown is
 * gone, so there is room for the one below without holding more than
 * before: the thread replays it (history_replay()) when it is not held
 * and, in the reverse view, builds its reverse tree unless the history
 * kept one.  The next undo takes them (a wait for the rest when it
 * comes early); any other step first stops the thread and drops what it
 * made.  Not while the input streams or records (the original grows),
 * nor where the CPU budget has no second thread (thread_spare()).
 *
 * The thread reads the history's steps and its trees, which nothing
 * changes while it runs: every place that changes the history stops it
 * first (view_undo_stop()), and the viewer's trees are never changed once
 * made.  It writes only the trees it makes, handed over on join.
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "model/history.h"
#include "model/reverse.h"
#include "tui/view.h"
#include "util/thread.h"
#include "util/xalloc.h"

#define AHEAD_STEP_NODES 65536u /* reverse tree nodes between stop checks */

struct tui_undoahead {
	struct thread_job thread;
	atomic_int stop;
	const struct history *h; /* read only while the thread runs */
	size_t n;                /* the history's steps when it started */
	long k;                  /* the step the next undo shows (-1: the
	                            original) */
	const struct tree *src;  /* its tree, when held (else fwd) */
	int want_rev;            /* its reverse tree is to be built, */
	const struct tree *like; /* sized after this one (the one shown), */
	enum tree_order order;   /* in the reverse view's order then, */
	int prof;                /* by this profile's totals */
	struct history_revsize size; /* or the one it had (when larger) */
	struct tree *fwd;        /* made: the tree of step k, or NULL */
	struct tree *rev;        /* made: its reverse tree, or NULL (kept by
	                            the history for the undo) */
};

static void *
ahead_main(void *arg)
{
	struct tui_undoahead *a = arg;
	struct reverse_job job;

	if (a->src == NULL && !atomic_load(&a->stop))
		a->src = a->fwd = history_replay(a->h, a->k);
	if (!a->want_rev || a->src == NULL)
		return NULL;
	reverse_begin(&job, a->src);
	reverse_order(&job, a->order, a->prof);
	/*
	 * Fewer doublings to copy (and new memory to fault in): the size
	 * it had when the history kept it, else the one shown's.  One or
	 * the other, not both: growing from the first to the second copied
	 * the arrays whole (xalloc.c copies what the block holds), 40 MB
	 * never written, on the bench's profile.
	 */
	if (a->size.size != 0)
		reverse_reserve_n(&job, a->size.size, a->size.mask);
	else
		reverse_reserve(&job, a->like);
	while (!atomic_load(&a->stop))
		if (reverse_step(&job, AHEAD_STEP_NODES)) {
			a->rev = reverse_end(&job);
			return NULL;
		}
	reverse_abort(&job);
	return NULL;
}

void
view_undo_start(struct tui_view *v)
{
	const struct history *h = &v->xh;
	struct tui_undoahead *a;
	long k = history_undo_target(h);
	size_t nx = history_ntransforms(h);
	const struct tree *src;
	int want_rev;

	if (v->ahead != NULL || v->progress != NULL || k == -2 ||
	    !thread_spare())
		return;
	src = k < 0 ? h->base : h->steps[k].tree;
	/* The reverse tree the history would give back after that undo. */
	want_rev = v->reverse && !(h->rev != NULL &&
	    h->rev_at + 1 == nx);
	if (src != NULL && !want_rev)
		return; /* the next undo makes nothing */
	/* One transform to apply, or the trees between go past the bound. */
	if (src == NULL && history_replay_steps(h, k) != 1)
		return;
	a = xcalloc(1, sizeof *a);
	atomic_init(&a->stop, 0);
	a->h = h;
	a->n = h->n;
	a->k = k;
	a->src = src;
	a->want_rev = want_rev;
	/* The steps left after that undo: those up to k. */
	a->order = view_reverse_order(v, (size_t)(k + 1));
	a->prof = v->prof;
	a->like = v->rev;
	a->size = history_rev_size(h, nx > 0 ? nx - 1 : 0); /* the next undo's */
	if (!thread_start(&a->thread, 1, ahead_main, a)) {
		free(a);
		return;
	}
	v->ahead = a;
}

void
view_undo_stop(struct tui_view *v)
{
	struct tui_undoahead *a = v->ahead;

	if (a == NULL)
		return;
	atomic_store(&a->stop, 1);
	thread_join(&a->thread);
	tree_free(a->rev);
	tree_free(a->fwd);
	free(a);
	v->ahead = NULL;
}

void
view_undo_take(struct tui_view *v)
{
	struct tui_undoahead *a = v->ahead;

	if (a == NULL)
		return;
	if (a->n != v->xh.n || history_undo_target(&v->xh) != a->k) {
		view_undo_stop(v); /* made for another history */
		return;
	}
	thread_join(&a->thread);
	if (a->fwd != NULL)
		history_adopt(&v->xh, a->k, a->fwd);
	if (a->rev != NULL)
		history_keep_rev_below(&v->xh, a->rev);
	free(a);
	v->ahead = NULL;
}
