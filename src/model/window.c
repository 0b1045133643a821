/*
 * Rolling window (see model/window.h): the store of the samples in the
 * window, cut at each expiry, and the tree compacted from it when the
 * cut took any.  A steady window cuts the oldest chunk or two of the
 * store each time (store_cut() touches only chunks holding expired
 * samples) and the compaction costs the nodes and samples the window
 * holds.
 */
#include "config.h"

#include <stdlib.h>

#include "model/range.h"
#include "model/window.h"
#include "util/xalloc.h"

struct window {
	struct tree *t;
	struct store *s;
	int64_t span;
};

struct window *
window_new(struct tree *t, int64_t span)
{
	struct window *w = xcalloc(1, sizeof *w);

	w->t = t;
	w->s = store_new();
	w->span = span > 0 ? span : 1;
	return w;
}

void
window_free(struct window *w)
{
	if (w == NULL)
		return;
	store_free(w->s);
	free(w);
}

void
window_note(struct window *w, int64_t t, uint32_t node, struct tf_count c)
{
	store_add(w->s, node, t, c.n, -1, -1, -1);
}

int
window_expire(struct window *w, int64_t now)
{
	int64_t t0 = now < INT64_MIN + w->span ? INT64_MIN : now - w->span;

	if (store_cut(w->s, t0) == 0)
		return 0;
	tree_compact(w->t, w->s);
	return 1;
}

void
window_clear(struct window *w)
{
	store_cut(w->s, INT64_MAX);
	tree_compact(w->t, w->s);
}

const struct store *
window_store(const struct window *w)
{
	return w->s;
}
