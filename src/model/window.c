/*
 * Rolling window (see model/window.h): a ring of per-second buckets.
 * Bucket sec % secs holds second sec's pairs; before a later second
 * reuses it, what it holds is taken off the tree.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/window.h"
#include "util/xalloc.h"

struct pair {
	uint32_t node;
	uint32_t samples;   /* sample records, when the tree keeps them */
	struct tf_count c;
};

struct bucket {
	long long sec;      /* the second it holds, -1: empty */
	struct pair *p;
	size_t n, cap;
};

struct window {
	struct tree *t;
	int prof;
	unsigned secs;
	struct bucket *b;
};

struct window *
window_new(struct tree *t, int prof, unsigned secs)
{
	struct window *w = xcalloc(1, sizeof *w);
	unsigned i;

	w->t = t;
	w->prof = prof;
	w->secs = secs > 0 ? secs : 1;
	w->b = xcalloc(w->secs, sizeof *w->b);
	for (i = 0; i < w->secs; i++)
		w->b[i].sec = -1;
	return w;
}

void
window_free(struct window *w)
{
	unsigned i;

	if (w == NULL)
		return;
	for (i = 0; i < w->secs; i++)
		free(w->b[i].p);
	free(w->b);
	free(w);
}

/* Take bucket b's counts off the tree and empty it. */
static void
bucket_expire(struct window *w, struct bucket *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		tree_sub_self(w->t, w->prof, b->p[i].node, b->p[i].c);
		if (b->p[i].samples > 0)
			tree_sub_samples(w->t, w->prof, b->p[i].node,
			    b->p[i].samples);
	}
	b->n = 0;
	b->sec = -1;
}

void
window_note(struct window *w, long long sec, uint32_t node, struct tf_count c)
{
	struct bucket *b = &w->b[(unsigned long long)sec % w->secs];
	struct pair *last;

	if (b->sec != sec) {
		if (b->sec >= 0)
			bucket_expire(w, b);
		b->sec = sec;
	}
	last = b->n > 0 ? &b->p[b->n - 1] : NULL;
	if (last != NULL && last->node == node && c.frac == 0.0 &&
	    last->c.frac == 0.0 && last->c.n <= UINT64_MAX - c.n &&
	    last->samples < UINT32_MAX) {
		last->c.n += c.n;
		last->samples += tree_has_samples(w->t) ? 1 : 0;
		return;
	}
	xgrow((void **)&b->p, &b->cap, b->n + 1, sizeof *b->p);
	b->p[b->n].node = node;
	b->p[b->n].samples = tree_has_samples(w->t) ? 1 : 0;
	b->p[b->n].c = c;
	b->n++;
}

int
window_expire(struct window *w, long long now)
{
	unsigned i;
	int any = 0;

	for (i = 0; i < w->secs; i++)
		if (w->b[i].sec >= 0 && w->b[i].sec <= now - (long long)w->secs) {
			any |= w->b[i].n > 0;
			bucket_expire(w, &w->b[i]);
		}
	return any;
}

void
window_clear(struct window *w)
{
	unsigned i;

	for (i = 0; i < w->secs; i++) {
		w->b[i].n = 0;
		w->b[i].sec = -1;
	}
}
