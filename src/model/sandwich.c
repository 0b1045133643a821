/*
 * The two halves of a function's sandwich, made lazily.  See
 * model/sandwich.h.
 *
 * A half node's counts are written directly (model/tree_impl.h): its
 * self is its own, its total that of its whole subtree in the full half,
 * whether the children are made or not; no tree_finish(), which would
 * sum the totals again from the nodes made so far.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/sandwich.h"
#include "model/tree_impl.h"
#include "util/fatal.h"
#include "util/sort.h"
#include "util/xalloc.h"

#define NONE UINT32_MAX

struct half {
	struct tree *t;      /* owned */
	size_t *off;         /* by half node: its first instance word */
	uint32_t *cnt;       /* by half node: its instances */
	unsigned char *built; /* by half node: children made */
	size_t cap;          /* of the three arrays above */
	uint32_t *pool;      /* instances: callees 1 word, callers 2 (A, X) */
	size_t npool, cappool;
	int words;           /* words per instance */
};

/* One child being made: its name, instances and counts. */
struct group {
	uint32_t name, n;
	size_t at;           /* next word to fill */
	struct tf_count self[TREE_MAX_PROFILES], total[TREE_MAX_PROFILES];
};

struct sandwich {
	const struct tree *t; /* borrowed */
	uint32_t name;
	uint32_t size0;       /* t's size when made */
	struct tf_count all0[TREE_MAX_PROFILES]; /* t's root totals then */
	struct half h[2];
	uint32_t *slot;       /* by name id: its group, NONE when none */
	uint32_t *rank;       /* by name id: byte-order rank */
	uint32_t nnames;
	struct group *groups;
	size_t capgroups;
	uint32_t *kids;       /* scratch: children to sort */
	size_t capkids;
};

/* A new tree with t's profiles and t's names under the same ids. */
static struct tree *
tree_like(const struct tree *t)
{
	const struct strtab *src = tree_strtab_c(t);
	struct tree *r = tree_new(tree_nprof(t));
	struct strtab *dst = tree_strtab(r);
	uint32_t id, n = strtab_count(src);
	const char *s;
	size_t len;

	for (id = 0; id < n; id++) {
		s = strtab_get(src, id, &len);
		if (strtab_intern(dst, s, len) != id)
			fatal("internal error: name ids differ in a sandwich");
	}
	return r;
}

/* Room for node id in h's per-node arrays. */
static void
half_room(struct half *h, uint32_t id)
{
	size_t cap = h->cap;

	if (id < h->cap)
		return;
	xgrow((void **)&h->off, &cap, (size_t)id + 1, sizeof *h->off);
	cap = h->cap;
	xgrow((void **)&h->cnt, &cap, (size_t)id + 1, sizeof *h->cnt);
	cap = h->cap;
	xgrow((void **)&h->built, &cap, (size_t)id + 1, sizeof *h->built);
	h->cap = cap;
}

/* Give node of h's tree its self and total in every profile. */
static void
set_counts(struct tree *t, uint32_t node, const struct tf_count *self,
    const struct tf_count *total)
{
	struct prof *pr;
	int p;

	for (p = 0; p < t->nprof; p++) {
		pr = &t->prof[p];
		if (total[p].frac != 0.0 && pr->ftotal == NULL) {
			pr->fself = xcalloc(t->cap, sizeof *pr->fself);
			pr->ftotal = xcalloc(t->cap, sizeof *pr->ftotal);
		}
		pr->self[node] = 0;
		if (pr->fself != NULL)
			pr->fself[node] = 0.0;
		if (!count_is_zero(self[p]))
			tree_add_self(t, p, node, self[p]);
		pr->total[node] = total[p].n;
		if (pr->ftotal != NULL)
			pr->ftotal[node] = total[p].frac;
	}
}

/* A new child of parent named name in half h, with its counts. */
static uint32_t
half_node(struct half *h, uint32_t parent, uint32_t name,
    const struct tf_count *self, const struct tf_count *total)
{
	uint32_t id = tree_child(h->t, parent, name);

	half_room(h, id);
	h->off[id] = h->npool;
	h->cnt[id] = 0;
	h->built[id] = 0;
	set_counts(h->t, id, self, total);
	return id;
}

/* Words for n more instances in h's pool. */
static void
pool_room(struct half *h, size_t n)
{
	xgrow((void **)&h->pool, &h->cappool, h->npool + n * h->words,
	    sizeof *h->pool);
}

struct sandwich *
sandwich_new(const struct tree *t, uint32_t name)
{
	const struct tree_node *nodes = tree_nodes(t);
	struct sandwich *s = xcalloc(1, sizeof *s);
	uint32_t size = tree_size(t), i, f[2];
	struct tf_count self[2][TREE_MAX_PROFILES], total[TREE_MAX_PROFILES];
	struct tf_count zero[TREE_MAX_PROFILES], c;
	unsigned char *inside;
	int np = tree_nprof(t), p, side;

	s->t = t;
	s->name = name;
	s->size0 = size;
	s->nnames = strtab_count(tree_strtab_c(t));
	memset(zero, 0, sizeof zero);
	memset(self, 0, sizeof self);
	memset(total, 0, sizeof total);
	for (p = 0; p < np; p++)
		s->all0[p] = tree_total(t, p, TREE_ROOT);
	for (side = 0; side < 2; side++) {
		s->h[side].t = tree_like(t);
		s->h[side].words = side == SANDWICH_CALLERS ? 2 : 1;
		half_room(&s->h[side], TREE_ROOT);
		s->h[side].off[TREE_ROOT] = 0;
		s->h[side].cnt[TREE_ROOT] = 0;
		s->h[side].built[TREE_ROOT] = 1;
	}
	s->slot = xreallocarray(NULL, (size_t)s->nnames + 1, sizeof *s->slot);
	for (i = 0; i <= s->nnames; i++)
		s->slot[i] = NONE;
	s->rank = xreallocarray(NULL, (size_t)s->nnames + 1, sizeof *s->rank);
	if (tree_name_ranks(t) != NULL)
		memcpy(s->rank, tree_name_ranks(t), (size_t)s->nnames *
		    sizeof *s->rank);
	else
		strtab_rank(tree_strtab_c(t), s->rank);

	/* The outermost Fs: F, with no F above (inside[]: F at or above). */
	inside = xcalloc(size ? size : 1, 1);
	for (i = 1; i < size; i++) {
		if (inside[nodes[i].parent]) {
			inside[i] = 1;
			continue;
		}
		if (nodes[i].name != name)
			continue;
		inside[i] = 1;
		pool_room(&s->h[0], 1);
		s->h[0].pool[s->h[0].npool++] = i; /* (A, X) = (X, X) */
		s->h[0].pool[s->h[0].npool++] = i;
		pool_room(&s->h[1], 1);
		s->h[1].pool[s->h[1].npool++] = i;
		for (p = 0; p < np; p++) {
			c = tree_total(t, p, i);
			count_add(&total[p], c);
			if (nodes[i].parent == TREE_ROOT)
				count_add(&self[0][p], c);
			count_add(&self[1][p], tree_self(t, p, i));
		}
	}
	free(inside);
	if (s->h[1].npool == 0)
		return s;
	for (side = 0; side < 2; side++) {
		struct half *h = &s->h[side];

		set_counts(h->t, TREE_ROOT, zero, total);
		f[side] = half_node(h, TREE_ROOT, name, self[side], total);
		h->off[f[side]] = 0;
		h->cnt[f[side]] = (uint32_t)(h->npool / h->words);
	}
	return s;
}

void
sandwich_free(struct sandwich *s)
{
	int k;

	if (s == NULL)
		return;
	for (k = 0; k < 2; k++) {
		tree_free(s->h[k].t);
		free(s->h[k].off);
		free(s->h[k].cnt);
		free(s->h[k].built);
		free(s->h[k].pool);
	}
	free(s->slot);
	free(s->rank);
	free(s->groups);
	free(s->kids);
	free(s);
}

const struct tree *
sandwich_half(const struct sandwich *s, int side)
{
	return s->h[side != 0].t;
}

int
sandwich_built(const struct sandwich *s, int side, uint32_t node)
{
	const struct half *h = &s->h[side != 0];

	return node < tree_size(h->t) && h->built[node];
}

/* The group of name in s's scratch, made when new. */
static struct group *
group_of(struct sandwich *s, uint32_t name, uint32_t *ngroups)
{
	struct group *g;

	if (s->slot[name] == NONE) {
		xgrow((void **)&s->groups, &s->capgroups, (size_t)*ngroups + 1,
		    sizeof *s->groups);
		s->slot[name] = (*ngroups)++;
		g = &s->groups[s->slot[name]];
		memset(g, 0, sizeof *g);
		g->name = name;
	}
	return &s->groups[s->slot[name]];
}

/* Compare two half nodes (ctx: the sandwich and the half) by name rank. */
struct kid_ctx {
	const struct tree_node *nodes;
	const uint32_t *rank;
};

static int
kid_cmp(uint32_t a, uint32_t b, void *ctx)
{
	const struct kid_ctx *k = ctx;
	uint32_t ra = k->rank[k->nodes[a].name], rb = k->rank[k->nodes[b].name];

	return ra < rb ? -1 : ra > rb;
}

/* Relink node's children in h in name order. */
static void
sort_kids(struct sandwich *s, struct half *h, uint32_t node)
{
	struct tree_node *nodes = h->t->nodes;
	struct kid_ctx k;
	uint32_t c;
	size_t n = 0, i;

	for (c = nodes[node].first_child; c != TREE_NONE;
	    c = nodes[c].next_sibling) {
		xgrow((void **)&s->kids, &s->capkids, n + 1, sizeof *s->kids);
		s->kids[n++] = c;
	}
	if (n < 2)
		return;
	k.nodes = nodes;
	k.rank = s->rank;
	sort_u32(s->kids, n, kid_cmp, &k);
	nodes[node].first_child = s->kids[0];
	for (i = 0; i + 1 < n; i++)
		nodes[s->kids[i]].next_sibling = s->kids[i + 1];
	nodes[s->kids[n - 1]].next_sibling = TREE_NONE;
}

void
sandwich_expand(struct sandwich *s, int side, uint32_t node)
{
	const struct tree *t = s->t;
	const struct tree_node *nodes = tree_nodes(t);
	struct half *h = &s->h[side != 0];
	uint32_t ngroups = 0, n, i, c, a, x, id, name;
	size_t off, base, words;
	struct group *g;
	struct tf_count tx[TREE_MAX_PROFILES];
	int np = tree_nprof(t), p;

	if (node >= tree_size(h->t) || h->built[node])
		return;
	h->built[node] = 1;
	off = h->off[node];
	n = h->cnt[node];
	if (side == SANDWICH_CALLEES) {
		/* Count: the children of every instance, by name. */
		for (i = 0; i < n; i++)
			for (c = nodes[h->pool[off + i]].first_child;
			    c != TREE_NONE; c = nodes[c].next_sibling) {
				g = group_of(s, nodes[c].name, &ngroups);
				g->n++;
				for (p = 0; p < np; p++) {
					count_add(&g->self[p], tree_self(t, p, c));
					count_add(&g->total[p],
					    tree_total(t, p, c));
				}
			}
	} else {
		/* Count: every instance's parent (A's caller) but the root. */
		for (i = 0; i < n; i++) {
			a = nodes[h->pool[off + 2 * i]].parent;
			if (a == TREE_ROOT)
				continue;
			x = h->pool[off + 2 * i + 1];
			g = group_of(s, nodes[a].name, &ngroups);
			g->n++;
			for (p = 0; p < np; p++) {
				tx[p] = tree_total(t, p, x);
				count_add(&g->total[p], tx[p]);
				/* The path ends at a: x weighs a's self. */
				if (nodes[a].parent == TREE_ROOT)
					count_add(&g->self[p], tx[p]);
			}
		}
	}
	if (ngroups == 0)
		return;
	/* Make the children, each with a run of the pool. */
	words = (size_t)h->words;
	base = h->npool;
	for (i = 0; i < ngroups; i++) {
		g = &s->groups[i];
		g->at = base;
		base += g->n * words;
	}
	pool_room(h, base - h->npool);
	for (i = 0; i < ngroups; i++) {
		g = &s->groups[i];
		id = half_node(h, node, g->name, g->self, g->total);
		h->off[id] = g->at;
		h->cnt[id] = g->n;
	}
	h->npool = base;
	/* Fill the runs. */
	if (side == SANDWICH_CALLEES) {
		for (i = 0; i < n; i++)
			for (c = nodes[h->pool[off + i]].first_child;
			    c != TREE_NONE; c = nodes[c].next_sibling) {
				g = &s->groups[s->slot[nodes[c].name]];
				h->pool[g->at++] = c;
			}
	} else {
		for (i = 0; i < n; i++) {
			a = nodes[h->pool[off + 2 * i]].parent;
			if (a == TREE_ROOT)
				continue;
			g = &s->groups[s->slot[nodes[a].name]];
			h->pool[g->at++] = a;
			h->pool[g->at++] = h->pool[off + 2 * i + 1];
		}
	}
	for (i = 0; i < ngroups; i++) {
		name = s->groups[i].name;
		s->slot[name] = NONE;
	}
	sort_kids(s, h, node);
}

void
sandwich_show(struct sandwich *s, int side, uint32_t zoom, int prof,
    double width, double minwidth)
{
	struct half *h = &s->h[side != 0];
	uint32_t *stack = NULL, n, c;
	size_t cap = 0, sp = 0;
	double zv, scale, minw;

	if (zoom >= tree_size(h->t))
		return;
	if (prof < 0 || prof >= tree_nprof(h->t))
		prof = 0;
	sandwich_expand(s, side, zoom);
	zv = count_value(tree_total(h->t, prof, zoom));
	if (!(zv > 0) || !(width > 0))
		return;
	scale = width / zv;
	/* A little less than minwidth: the layout's sums may round down. */
	minw = (minwidth > 0 ? minwidth : 0) * (1 - 1e-9);
	xgrow((void **)&stack, &cap, 1, sizeof *stack);
	stack[sp++] = zoom;
	while (sp > 0) {
		n = stack[--sp];
		sandwich_expand(s, side, n);
		for (c = tree_node(h->t, n)->first_child; c != TREE_NONE;
		    c = tree_node(h->t, c)->next_sibling) {
			if (count_value(tree_total(h->t, prof, c)) * scale < minw)
				continue;
			xgrow((void **)&stack, &cap, sp + 1, sizeof *stack);
			stack[sp++] = c;
		}
	}
	free(stack);
}

void
sandwich_full(struct sandwich *s, int side)
{
	struct half *h = &s->h[side != 0];
	uint32_t i;

	/* Children come after their parents: one pass in index order. */
	for (i = 0; i < tree_size(h->t); i++)
		sandwich_expand(s, side, i);
}

/* |self AFTER - self BEFORE| of node of t (whole parts), as diff_delta(). */
static uint64_t
abs_delta(const struct tree *t, uint32_t node)
{
	uint64_t b = tree_self(t, 0, node).n, a = tree_self(t, 1, node).n;

	return a >= b ? a - b : b - a;
}

uint64_t
sandwich_maxdelta(struct sandwich *s, int side)
{
	struct half *h = &s->h[side != 0];
	uint64_t m = 1, v, bound, tn, sn;
	uint32_t i;
	int p;

	if (tree_nprof(h->t) < 2)
		return 1;
	/*
	 * Nodes come after their parents, so one pass in index order sees
	 * the children made on the way.  A node not built can only hide
	 * selfs up to its total less its self, in either profile; when that
	 * is no more than the largest seen, its subtree cannot change m,
	 * which only grows.
	 */
	for (i = 0; i < tree_size(h->t); i++) {
		v = abs_delta(h->t, i);
		if (v > m)
			m = v;
		if (h->built[i])
			continue;
		for (bound = 0, p = 0; p < 2; p++) {
			tn = tree_total(h->t, p, i).n;
			sn = tree_self(h->t, p, i).n;
			if (tn > sn && tn - sn > bound)
				bound = tn - sn;
		}
		if (bound > m)
			sandwich_expand(s, side, i);
	}
	return m;
}

int
sandwich_stale(const struct sandwich *s)
{
	int p;

	if (tree_size(s->t) != s->size0)
		return 1;
	for (p = 0; p < tree_nprof(s->t); p++) {
		struct tf_count c = tree_total(s->t, p, TREE_ROOT);

		if (c.n != s->all0[p].n || c.frac != s->all0[p].frac)
			return 1;
	}
	return 0;
}

size_t
sandwich_memory(const struct sandwich *s)
{
	size_t m = sizeof *s + ((size_t)s->nnames + 1) * (sizeof *s->slot +
	    sizeof *s->rank) + s->capgroups * sizeof *s->groups +
	    s->capkids * sizeof *s->kids;
	int k;

	for (k = 0; k < 2; k++)
		m += tree_memory(s->h[k].t) + s->h[k].cap * (sizeof *s->h[k].off +
		    sizeof *s->h[k].cnt + sizeof *s->h[k].built) +
		    s->h[k].cappool * sizeof *s->h[k].pool;
	return m;
}

/* Half side of name's sandwich in t, all of it, as a tree of its own. */
static struct tree *
whole_half(const struct tree *t, uint32_t name, int side)
{
	struct sandwich *s = sandwich_new(t, name);
	struct tree *r;

	sandwich_full(s, side);
	r = s->h[side].t;
	s->h[side].t = NULL;
	sandwich_free(s);
	return r;
}

struct tree *
sandwich_callees(const struct tree *t, uint32_t name)
{
	return whole_half(t, name, SANDWICH_CALLEES);
}

struct tree *
sandwich_callers(const struct tree *t, uint32_t name)
{
	return whole_half(t, name, SANDWICH_CALLERS);
}
