/*
 * Rolling window (see model/window.h): a queue of per-second buckets, in
 * the order of their seconds, one per second that had samples.  The
 * current second is the last bucket; expiring pops buckets from the front
 * while they are secs seconds old, taking what they hold off the tree.
 *
 * The queue is a ring of a power-of-two size that grows as buckets are
 * added, so it holds at most one bucket per second elapsed (and never more
 * than secs + 1): --window=1e7 costs nothing until ten million seconds
 * have passed, and an expiry looks only at the buckets it pops.  The pair
 * arrays of popped buckets are kept for the next seconds to fill, so a
 * steady rate of samples allocates nothing once the window is full.
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
	long long sec;      /* the second it holds */
	struct pair *p;
	size_t n, cap;
};

struct window {
	struct tree *t;
	int prof;
	unsigned secs;
	struct bucket *b;   /* the ring */
	size_t cap;         /* its size: 0 or a power of two */
	size_t head, n;     /* the oldest bucket; buckets in use */
	struct pair *spare; /* a popped bucket's array, for the next one */
	size_t sparecap;
};

struct window *
window_new(struct tree *t, int prof, unsigned secs)
{
	struct window *w = xcalloc(1, sizeof *w);

	w->t = t;
	w->prof = prof;
	w->secs = secs > 0 ? secs : 1;
	return w;
}

void
window_free(struct window *w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; i < w->n; i++)
		free(w->b[(w->head + i) & (w->cap - 1)].p);
	free(w->b);
	free(w->spare);
	free(w);
}

size_t
window_buckets(const struct window *w)
{
	return w->cap;
}

/* Bucket i of the queue (0: the oldest). */
static struct bucket *
at(const struct window *w, size_t i)
{
	return &w->b[(w->head + i) & (w->cap - 1)];
}

/* Take the oldest bucket's counts off the tree and pop it. */
static void
pop(struct window *w)
{
	struct bucket *b = at(w, 0);
	size_t i;

	for (i = 0; i < b->n; i++) {
		tree_sub_self(w->t, w->prof, b->p[i].node, b->p[i].c);
		if (b->p[i].samples > 0)
			tree_sub_samples(w->t, w->prof, b->p[i].node,
			    b->p[i].samples);
	}
	/* Keep the larger array for the next second. */
	if (b->cap > w->sparecap) {
		free(w->spare);
		w->spare = b->p;
		w->sparecap = b->cap;
	} else
		free(b->p);
	memset(b, 0, sizeof *b);
	w->head = (w->head + 1) & (w->cap - 1);
	w->n--;
}

/* Pop the buckets secs seconds old at second now; 1 when any held pairs. */
static int
expire(struct window *w, long long now)
{
	int any = 0;

	while (w->n > 0 && at(w, 0)->sec <= now - (long long)w->secs) {
		any |= at(w, 0)->n > 0;
		pop(w);
	}
	return any;
}

/* Append an empty bucket for second sec, growing the ring when full. */
static struct bucket *
push(struct window *w, long long sec)
{
	struct bucket *nb, *b;
	size_t i, ncap;

	if (w->n == w->cap) {
		ncap = w->cap ? 2 * w->cap : 4;
		nb = xcalloc(ncap, sizeof *nb);
		for (i = 0; i < w->n; i++)
			nb[i] = *at(w, i);
		free(w->b);
		w->b = nb;
		w->cap = ncap;
		w->head = 0;
	}
	b = at(w, w->n++);
	b->sec = sec;
	b->p = w->spare;
	b->cap = w->sparecap;
	b->n = 0;
	w->spare = NULL;
	w->sparecap = 0;
	return b;
}

void
window_note(struct window *w, long long sec, uint32_t node, struct tf_count c)
{
	struct bucket *b = w->n > 0 ? at(w, w->n - 1) : NULL;
	struct pair *last;

	if (b == NULL || b->sec != sec) {
		expire(w, sec);
		b = push(w, sec);
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
	return expire(w, now);
}

void
window_clear(struct window *w)
{
	while (w->n > 0) {
		at(w, 0)->n = 0; /* the tree forgot them already */
		pop(w);
	}
}
