/*
 * The viewer's history of zooms and transforms.  See model/history.h.
 *
 * The steps are an array, oldest first.  The trees held are those of the
 * two topmost transform steps at most; make_trees() replays the transform
 * steps from the original up to one step, keeping only the last two trees
 * it made, which is how a tree that was let go comes back.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/history.h"
#include "util/xalloc.h"

#define NAME_SHOWN 256 /* bytes of a name history_describe() shows */

void
history_init(struct history *h, struct tree *base)
{
	memset(h, 0, sizeof *h);
	h->base = base;
}

void
history_step_free(struct history_step *s)
{
	free(s->name);
	history_path_free(&s->subtree);
	history_path_free(&s->zoom);
	history_path_free(&s->sel);
	tree_free(s->tree);
	memset(s, 0, sizeof *s);
}

void
history_free(struct history *h)
{
	history_reset(h);
	tree_free(h->rev);
	free(h->steps);
	free(h->revsize);
	memset(h, 0, sizeof *h);
}

/* True when step s is a transform (it makes a tree). */
static int
is_transform(const struct history_step *s)
{
	return s->kind != NULL;
}

/* Index of the topmost transform step below step i (i excluded), or -1. */
static long
transform_below(const struct history *h, long i)
{
	while (--i >= 0)
		if (is_transform(&h->steps[i]))
			return i;
	return -1;
}

struct tree *
history_tree(const struct history *h)
{
	long i = transform_below(h, (long)h->n);

	return i < 0 ? h->base : h->steps[i].tree;
}

enum tree_order
history_order(const struct history *h, size_t n, enum tree_order dflt)
{
	size_t i;

	for (i = n < h->n ? n : h->n; i-- > 0;)
		if (h->steps[i].kind != NULL &&
		    h->steps[i].kind->arg == XFORM_ARG_ORDER)
			return h->steps[i].order;
	return dflt;
}

size_t
history_ntransforms(const struct history *h)
{
	size_t i, n = 0;

	for (i = 0; i < h->n; i++)
		n += is_transform(&h->steps[i]);
	return n;
}

int
history_held(const struct history *h)
{
	size_t i;
	int n = 0;

	for (i = 0; i < h->n; i++)
		n += h->steps[i].tree != NULL;
	return n;
}

/*
 * Marks for t's names: 1 for the step's function (when t has it), or for
 * the names its regex matches; NULL (every function) when it has neither.
 */
static unsigned char *
marks_for(const struct history *h, const struct tree *t,
    const struct history_step *s)
{
	const struct strtab *st = tree_strtab_c(t);
	unsigned char *m;
	uint32_t id;

	if (s->regex) {
		if (s->name == NULL)
			return NULL;
		if (h->mark_re != NULL &&
		    (m = h->mark_re(t, s->name, s->namelen)) != NULL)
			return m;
		/* A regex that does not compile matches nothing. */
		return xcalloc((size_t)strtab_count(st) + 1, 1);
	}
	m = xcalloc((size_t)strtab_count(st) + 1, 1);
	id = strtab_lookup(st, s->name != NULL ? s->name : "", s->namelen);
	if (id != UINT32_MAX)
		m[id] = 1;
	return m;
}

/* The tree transform step s makes from t, with its registry row's apply. */
static struct tree *
apply(const struct history *h, const struct tree *t,
    const struct history_step *s)
{
	unsigned char *m = NULL;
	struct xform_in in;
	struct tree *o;

	memset(&in, 0, sizeof in);
	in.node = TREE_NONE;
	switch (s->kind->arg) {
	case XFORM_ARG_FUNC:
		in.marks = m = marks_for(h, t, s);
		break;
	case XFORM_ARG_FRAME:
		in.node = history_path_find(t, &s->subtree, 1);
		break;
	case XFORM_ARG_ORDER:
		in.order = s->order;
		in.prof = s->prof;
		break;
	case XFORM_ARG_NONE:
		break;
	}
	o = s->kind->apply(t, &in);
	free(m);
	return o;
}

/*
 * Make the tree of transform step k again from the original, replaying
 * every transform step up to it; keep the trees of k and of the transform
 * step below it, let every other go.  At most two derived trees exist at
 * any moment.
 */
static void
make_trees(struct history *h, long k)
{
	const struct tree *cur = h->base;
	struct tree *prev = NULL, *t;
	long i, previ = -1, below = transform_below(h, k);

	for (i = 0; i < (long)h->n; i++) {
		tree_free(h->steps[i].tree);
		h->steps[i].tree = NULL;
	}
	for (i = 0; i <= k; i++) {
		if (!is_transform(&h->steps[i]))
			continue;
		t = apply(h, cur, &h->steps[i]);
		if (prev != NULL && previ != below)
			tree_free(prev);
		if (i == below)
			h->steps[i].tree = t;
		prev = t;
		previ = i;
		cur = t;
	}
	h->steps[k].tree = prev;
}

long
history_undo_target(const struct history *h)
{
	if (h->n == 0 || !is_transform(&h->steps[h->n - 1]))
		return -2;
	return transform_below(h, (long)h->n - 1);
}

/* The transform step below k whose tree is held, or -1 (the original). */
static long
held_below(const struct history *h, long k)
{
	long i = k;

	while ((i = transform_below(h, i)) >= 0 && h->steps[i].tree == NULL)
		;
	return i;
}

int
history_replay_steps(const struct history *h, long k)
{
	long i;
	int n = 0;

	if (k < 0 || k >= (long)h->n)
		return 0;
	for (i = held_below(h, k) + 1; i <= k; i++)
		n += is_transform(&h->steps[i]);
	return n;
}

struct tree *
history_replay(const struct history *h, long k)
{
	struct tree *t, *prev = NULL;
	long i, from;

	if (k < 0 || k >= (long)h->n)
		return NULL;
	from = held_below(h, k);
	for (i = from + 1; i <= k; i++) {
		if (!is_transform(&h->steps[i]))
			continue;
		t = apply(h, prev != NULL ? prev : from >= 0 ?
		    h->steps[from].tree : h->base, &h->steps[i]);
		tree_free(prev);
		prev = t;
	}
	return prev;
}

void
history_adopt(struct history *h, long k, struct tree *t)
{
	if (k < 0 || k >= (long)h->n || !is_transform(&h->steps[k]) ||
	    h->steps[k].tree != NULL) {
		tree_free(t); /* not what it was made for */
		return;
	}
	h->steps[k].tree = t;
}

struct tree *
history_push(struct history *h, struct history_step *s)
{
	long top = transform_below(h, (long)h->n), below;
	struct history_step *d;

	xgrow((void **)&h->steps, &h->cap, h->n + 1, sizeof *h->steps);
	d = &h->steps[h->n];
	*d = *s;
	d->tree = NULL;
	memset(s, 0, sizeof *s);
	if (!is_transform(d)) {
		h->n++;
		return NULL;
	}
	/* Let the tree under the current one go first: two at most. */
	if (top >= 0 && (below = transform_below(h, top)) >= 0) {
		tree_free(h->steps[below].tree);
		h->steps[below].tree = NULL;
	}
	d->tree = apply(h, history_tree(h), d);
	h->n++;
	return d->tree;
}

int
history_pop(struct history *h, struct history_step *out)
{
	long top;

	if (h->n == 0)
		return 0;
	*out = h->steps[--h->n];
	tree_free(out->tree);
	out->tree = NULL;
	top = transform_below(h, (long)h->n);
	if (is_transform(out) && top >= 0 && h->steps[top].tree == NULL)
		make_trees(h, top);
	if (h->rev != NULL && history_ntransforms(h) < h->rev_at) {
		tree_free(h->rev); /* of a profile undone */
		h->rev = NULL;
	}
	return 1;
}

void
history_reset(struct history *h)
{
	while (h->n > 0)
		history_step_free(&h->steps[--h->n]);
	if (h->rev_at != 0) {
		tree_free(h->rev); /* not the original's */
		h->rev = NULL;
	}
}

void
history_drop_zooms(struct history *h)
{
	size_t i, n = 0;

	for (i = 0; i < h->n; i++) {
		if (is_transform(&h->steps[i]))
			h->steps[n++] = h->steps[i];
		else
			history_step_free(&h->steps[i]);
	}
	h->n = n;
}

void
history_rebase(struct history *h)
{
	long top = transform_below(h, (long)h->n);

	tree_free(h->rev); /* of the original as it was */
	h->rev = NULL;
	if (top >= 0)
		make_trees(h, top);
}

/* Keep rev, of the profile after at transforms. */
static void
keep_rev(struct history *h, struct tree *rev, size_t at)
{
	size_t n = h->nrevsize;

	tree_free(h->rev);
	h->rev = rev;
	h->rev_at = at;
	if (rev == NULL)
		return;
	if (at >= n) {
		xgrow((void **)&h->revsize, &n, at + 1, sizeof *h->revsize);
		memset(h->revsize + h->nrevsize, 0,
		    (n - h->nrevsize) * sizeof *h->revsize);
		h->nrevsize = n;
	}
	h->revsize[at].size = tree_size(rev);
	h->revsize[at].mask = tree_hash_mask(rev);
}

struct history_revsize
history_rev_size(const struct history *h, size_t at)
{
	struct history_revsize none = {0, 0};

	return at < h->nrevsize ? h->revsize[at] : none;
}

void
history_keep_rev(struct history *h, struct tree *rev)
{
	keep_rev(h, rev, history_ntransforms(h));
}

void
history_keep_rev_below(struct history *h, struct tree *rev)
{
	size_t n = history_ntransforms(h);

	keep_rev(h, rev, n > 0 ? n - 1 : 0);
}

struct tree *
history_take_rev(struct history *h)
{
	struct tree *r = h->rev;

	if (r == NULL || h->rev_at != history_ntransforms(h))
		return NULL;
	h->rev = NULL;
	return r;
}

/* Append s[0..len) to buf at *at, as far as it fits (NUL kept room for). */
static void
put(char *buf, size_t cap, size_t *at, const char *s, size_t len)
{
	size_t k = *at < cap ? cap - 1 - *at : 0;

	if (*at < cap && k > 0)
		memcpy(buf + *at, s, len < k ? len : k);
	*at += len;
}

/* Where history_describe() writes. */
struct put_ctx {
	char *buf;
	size_t cap, at;
};

/* put() for xform_describe(). */
static void
put_cb(void *ctx, const char *s, size_t len)
{
	struct put_ctx *c = ctx;

	put(c->buf, c->cap, &c->at, s, len);
}

size_t
history_describe(const struct history *h, char *buf, size_t cap)
{
	return history_describe_sep(h, " \xe2\x80\xba ", buf, cap);
}

size_t
history_describe_sep(const struct history *h, const char *sep, char *buf,
    size_t cap)
{
	const struct history_step *s;
	struct put_ctx c = {buf, cap, 0};
	size_t i, len, seplen = strlen(sep);
	int first = 1;

	for (i = 0; i < h->n; i++) {
		s = &h->steps[i];
		if (!is_transform(s))
			continue;
		if (!first)
			put(buf, cap, &c.at, sep, seplen);
		first = 0;
		len = s->namelen;
		if (s->name != NULL && len > NAME_SHOWN) {
			/* Cut at a character's start. */
			len = NAME_SHOWN;
			while (len > 0 && ((unsigned char)s->name[len] & 0xc0) ==
			    0x80)
				len--;
		}
		xform_describe(s->kind, s->name, len, s->order, put_cb, &c);
	}
	if (cap > 0)
		buf[c.at < cap ? c.at : cap - 1] = '\0';
	return c.at;
}

void
history_path_set(struct history_path *p, const struct tree *t, uint32_t node)
{
	const struct tree_node *nodes = tree_nodes(t);
	const struct strtab *st = tree_strtab_c(t);
	uint32_t d = nodes[node].depth, i, at;
	size_t total = 0, len;
	const char *s;

	history_path_free(p);
	p->n = d;
	p->off = xreallocarray(NULL, (size_t)d + 1, sizeof *p->off);
	/* Each name's length at its end's place, then summed to offsets. */
	p->off[0] = 0;
	for (i = d, at = node; i > 0; i--, at = nodes[at].parent) {
		strtab_get(st, nodes[at].name, &len);
		p->off[i] = len;
	}
	for (i = 1; i <= d; i++) {
		total += p->off[i];
		p->off[i] = total;
	}
	p->bytes = xmalloc(total + 1);
	for (i = d, at = node; i > 0; i--, at = nodes[at].parent) {
		s = strtab_get(st, nodes[at].name, &len);
		memcpy(p->bytes + p->off[i - 1], s, len);
	}
	p->bytes[total] = '\0';
}

void
history_path_free(struct history_path *p)
{
	free(p->bytes);
	free(p->off);
	p->bytes = NULL;
	p->off = NULL;
	p->n = 0;
}

uint32_t
history_path_find(const struct tree *t, const struct history_path *p,
    int exact)
{
	const struct strtab *st = tree_strtab_c(t);
	uint32_t id = TREE_ROOT, c, d, name;

	for (d = 0; d < p->n; d++) {
		name = strtab_lookup(st, p->bytes + p->off[d],
		    p->off[d + 1] - p->off[d]);
		c = name != UINT32_MAX ? tree_find_child(t, id, name) :
		    TREE_NONE;
		if (c == TREE_NONE)
			return exact ? TREE_NONE : id;
		id = c;
	}
	return id;
}
