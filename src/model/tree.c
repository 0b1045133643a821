/*
 * The frame tree: nodes in one array, counts per profile, a global
 * (parent, name) -> child hash for loading.  See model/tree.h.
 *
 * Only the children of parents with two or more children are in the hash.
 * Most nodes are an only child (three in four of a big profile's: stacks
 * share their outer frames and then go their own ways), and the child of
 * such a parent is found by reading the parent's first child, which is
 * usually in cache, where a hash slot would be a miss; the hash stays a
 * quarter of the size.  When a parent gets its second child, both go in.
 * The data some nodes carry beside their counts (sample records,
 * modules) is in tree_data.c, merging trees and setting counts after a
 * load in tree_merge.c; struct tree is in model/tree_impl.h.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/tree.h"
#include "model/tree_impl.h"
#include "util/fatal.h"
#include "util/hash.h"
#include "util/sort.h"
#include "util/thread.h"
#include "util/xalloc.h"

#define EMPTY UINT32_MAX
#define MAX_NODES (UINT32_MAX / 2)

static inline uint32_t
child_hash(uint32_t parent, uint32_t name)
{
	return (uint32_t)hash_mix64(((uint64_t)parent << 32) | name);
}

static struct slot *
slots_new(uint32_t mask)
{
	struct slot *s = xreallocarray(NULL, (size_t)mask + 1, sizeof *s);
	uint32_t i;

	for (i = 0; i <= mask; i++)
		s[i].id = EMPTY;
	return s;
}

static void
prof_grow(struct tree *t, size_t cap)
{
	int p;

	for (p = 0; p < t->nprof; p++) {
		struct prof *pr = &t->prof[p];

		pr->self = xreallocarray(pr->self, cap, sizeof *pr->self);
		pr->total = xreallocarray(pr->total, cap, sizeof *pr->total);
		if (pr->fself != NULL) {
			pr->fself = xreallocarray(pr->fself, cap, sizeof *pr->fself);
			pr->ftotal = xreallocarray(pr->ftotal, cap, sizeof *pr->ftotal);
		}
		if (pr->nself != NULL)
			pr->nself = xreallocarray(pr->nself, cap, sizeof *pr->nself);
	}
	if (t->module != NULL)
		t->module = xreallocarray(t->module, cap, sizeof *t->module);
}

/* Initial capacity (a power of two; the fuzz build makes it small). */
#ifndef TREE_INITIAL_NODES
#define TREE_INITIAL_NODES 1024u
#endif

struct tree *
tree_new(int nprof)
{
	struct tree *t = xcalloc(1, sizeof *t);
	uint32_t i;

	t->nprof = nprof < 1 ? 1 : nprof > TREE_MAX_PROFILES ? TREE_MAX_PROFILES : nprof;
	t->st = strtab_new();
	t->cap = TREE_INITIAL_NODES;
	t->nodes = xreallocarray(NULL, t->cap, sizeof *t->nodes);
	prof_grow(t, t->cap);
	t->mask = TREE_INITIAL_NODES * 2 - 1;
	t->slots = slots_new(t->mask);
	t->nodes[0] = (struct tree_node){TREE_NONE, strtab_intern(t->st, "", 0),
	    TREE_NONE, TREE_NONE, 0};
	for (i = 0; i < (uint32_t)t->nprof; i++)
		t->prof[i].self[0] = t->prof[i].total[0] = 0;
	t->size = 1;
	return t;
}

void
tree_free(struct tree *t)
{
	int p;

	if (t == NULL)
		return;
	for (p = 0; p < t->nprof; p++) {
		free(t->prof[p].self);
		free(t->prof[p].total);
		free(t->prof[p].fself);
		free(t->prof[p].ftotal);
		free(t->prof[p].nself);
		free(t->prof[p].memo);
	}
	free(t->nodes);
	free(t->slots);
	free(t->rank);
	free(t->module);
	if (t->mods != NULL)
		strtab_free(t->mods);
	strtab_free(t->st);
	free(t);
}

struct strtab *
tree_strtab(struct tree *t)
{
	return t->st;
}

const struct strtab *
tree_strtab_c(const struct tree *t)
{
	return t->st;
}

int
tree_nprof(const struct tree *t)
{
	return t->nprof;
}

static void
hash_put(struct slot *slots, uint32_t mask, struct slot s)
{
	uint32_t pos = s.hash & mask;

	while (slots[pos].id != EMPTY)
		pos = (pos + 1) & mask;
	slots[pos] = s;
}

/* Move t's child hash into new slots of mask nmask. */
static void
rehash(struct tree *t, uint32_t nmask)
{
	struct slot *ns = slots_new(nmask);
	uint32_t i;

	for (i = 0; i <= t->mask; i++)
		if (t->slots[i].id != EMPTY)
			hash_put(ns, nmask, t->slots[i]);
	free(t->slots);
	t->slots = ns;
	t->mask = nmask;
}

/*
 * Make room for one more id in the hash: double it when it would be more
 * than half full (from the slots alone: their hashes place them without
 * reading nodes).  Returns 1 when the slots moved.
 */
static int
hash_reserve(struct tree *t)
{
	if ((uint64_t)(t->hashed + 1) * 2 <= t->mask)
		return 0;
	rehash(t, t->mask * 2 + 1);
	return 1;
}

void
tree_reserve(struct tree *t, const struct tree *like)
{
	tree_reserve_n(t, like->size, like->mask);
}

void
tree_reserve_n(struct tree *t, size_t size, uint32_t mask)
{
	if (size > t->cap && size <= MAX_NODES) {
		t->nodes = xreallocarray(t->nodes, size, sizeof *t->nodes);
		prof_grow(t, size);
		t->cap = size;
	}
	/* A mask is a power of two less one. */
	if (mask > t->mask && (mask & (mask + 1)) == 0)
		rehash(t, mask);
}

uint32_t
tree_hash_mask(const struct tree *t)
{
	return t->mask;
}

/*
 * Give back what tree_reserve() took and the tree did not use: the node
 * arrays shrink to its size and the hash to what its entries need.
 */
void
tree_trim(struct tree *t)
{
	uint32_t nmask;
	size_t cap = t->size < TREE_INITIAL_NODES ? TREE_INITIAL_NODES : t->size;

	if (cap < t->cap) {
		t->nodes = xreallocarray(t->nodes, cap, sizeof *t->nodes);
		prof_grow(t, cap);
		t->cap = cap;
	}
	nmask = TREE_INITIAL_NODES * 2 - 1;
	while ((uint64_t)(t->hashed + 1) * 2 > nmask)
		nmask = nmask * 2 + 1;
	if (nmask < t->mask)
		rehash(t, nmask);
}

static void
hash_add(struct tree *t, uint32_t id)
{
	const struct tree_node *n = &t->nodes[id];

	hash_reserve(t);
	hash_put(t->slots, t->mask,
	    (struct slot){id, child_hash(n->parent, n->name)});
	t->hashed++;
}

/* How a child was looked for. */
struct probe {
	uint32_t first; /* the parent's first child, or TREE_NONE */
	int only;       /* the parent has exactly one child (not it) */
	uint32_t h;     /* in the hash: child_hash(), ... */
	uint32_t pos;   /* ...and the free slot the probe stopped at */
};

/* The child of parent named name, or TREE_NONE. */
static inline uint32_t
find_child(const struct tree *t, uint32_t parent, uint32_t name,
    struct probe *pr)
{
	uint32_t first = t->nodes[parent].first_child, pos, h;
	const struct slot *s;

	pr->first = first;
	pr->only = 0;
	pr->h = pr->pos = 0;
	if (first == TREE_NONE)
		return TREE_NONE;
	if (t->nodes[first].next_sibling == TREE_NONE) {
		pr->only = 1;
		return t->nodes[first].name == name ? first : TREE_NONE;
	}
	h = child_hash(parent, name);
	for (pos = h & t->mask; (s = &t->slots[pos])->id != EMPTY;
	    pos = (pos + 1) & t->mask)
		if (s->hash == h && t->nodes[s->id].parent == parent &&
		    t->nodes[s->id].name == name)
			return s->id;
	pr->h = h;
	pr->pos = pos;
	return TREE_NONE;
}

uint32_t
tree_find_child(const struct tree *t, uint32_t parent, uint32_t name)
{
	struct probe pr;
	uint32_t c;

	if (t->unhashed != 0 && parent >= t->unhashed) {
		for (c = t->nodes[parent].first_child; c != TREE_NONE;
		    c = t->nodes[c].next_sibling)
			if (t->nodes[c].name == name)
				return c;
		return TREE_NONE;
	}
	return find_child(t, parent, name, &pr);
}

/*
 * Is node c nearer the root than best (TREE_ROOT: none yet), or as near
 * and heavier, or as heavy and lower-numbered?  *bw: best's weight.
 */
static inline int
nearer(const struct tree *t, int prof, uint32_t c, uint32_t best,
    double *bw)
{
	double w;

	if (best != TREE_ROOT && t->nodes[c].depth > t->nodes[best].depth)
		return 0;
	w = count_value(tree_total(t, prof, c));
	if (best == TREE_ROOT || t->nodes[c].depth < t->nodes[best].depth ||
	    w > *bw || (w == *bw && c < best)) {
		*bw = w;
		return 1;
	}
	return 0;
}

/*
 * Level by level finds a name near the root after reading little; a name
 * deep down or nowhere (the selected function, after a transform took it
 * out) costs a read of every node, out of order (a level's children are
 * all over the array).  So after reading a quarter of the nodes level by
 * level, one pass in array order finishes the search.
 */
uint32_t
tree_nearest_named(const struct tree *t, int prof, uint32_t name)
{
	uint32_t *level = NULL, *next = NULL, *tmp, best = TREE_ROOT, c;
	size_t n = 0, nn, caplevel = 0, capnext = 0, i, read = 0;
	double bw = 0;

	for (c = t->nodes[TREE_ROOT].first_child; c != TREE_NONE;
	    c = t->nodes[c].next_sibling) {
		xgrow((void **)&level, &caplevel, n + 1, sizeof *level);
		level[n++] = c;
	}
	while (n > 0) {
		for (i = 0; i < n; i++) {
			c = level[i];
			if (t->nodes[c].name == name &&
			    nearer(t, prof, c, best, &bw))
				best = c;
		}
		read += n;
		if (best != TREE_ROOT)
			break;
		if (read > t->size / 4) {
			for (i = 1; i < t->size; i++)
				if (t->nodes[i].name == name &&
				    nearer(t, prof, (uint32_t)i, best, &bw))
					best = (uint32_t)i;
			break;
		}
		for (i = 0, nn = 0; i < n; i++)
			for (c = t->nodes[level[i]].first_child; c != TREE_NONE;
			    c = t->nodes[c].next_sibling) {
				xgrow((void **)&next, &capnext, nn + 1,
				    sizeof *next);
				next[nn++] = c;
			}
		tmp = level, level = next, next = tmp;
		i = caplevel, caplevel = capnext, capnext = i;
		n = nn;
	}
	free(level);
	free(next);
	return best;
}

/* A new node, parent's first child now; not in the hash. */
uint32_t
tree_new_node(struct tree *t, uint32_t parent, uint32_t name)
{
	struct tree_node *n;
	uint32_t id;
	int p;

	if (t->size >= MAX_NODES)
		fatal("profile too large: more than %u distinct stack frames",
		    (unsigned)MAX_NODES);
	if (t->size == t->cap) {
		size_t cap = t->cap;

		xgrow((void **)&t->nodes, &cap, t->size + 1, sizeof *t->nodes);
		prof_grow(t, cap);
		t->cap = cap;
	}
	id = (uint32_t)t->size++;
	n = &t->nodes[id];
	n->parent = parent;
	n->name = name;
	n->first_child = TREE_NONE;
	n->next_sibling = t->nodes[parent].first_child;
	n->depth = t->nodes[parent].depth + 1;
	t->nodes[parent].first_child = id;
	for (p = 0; p < t->nprof; p++) {
		t->prof[p].self[id] = t->prof[p].total[id] = 0;
		if (t->prof[p].fself != NULL)
			t->prof[p].fself[id] = t->prof[p].ftotal[id] = 0.0;
		if (t->prof[p].nself != NULL)
			t->prof[p].nself[id] = 0;
	}
	if (t->module != NULL)
		t->module[id] = TREE_MOD_NONE;
	return id;
}

/* tree_child() where the parent's children are in the hash. */
uint32_t
tree_add_child(struct tree *t, uint32_t parent, uint32_t name)
{
	struct probe pr;
	uint32_t id = find_child(t, parent, name, &pr), first = pr.first;

	if (id != TREE_NONE)
		return id;
	id = tree_new_node(t, parent, name);
	if (pr.only) { /* the parent's first child, now one of two */
		hash_add(t, first);
		hash_add(t, id);
	} else if (first != TREE_NONE) {
		if (hash_reserve(t)) /* moved: probe again */
			hash_add(t, id);
		else {
			t->slots[pr.pos] = (struct slot){id, pr.h};
			t->hashed++;
		}
	}
	return id;
}


uint32_t
tree_child(struct tree *t, uint32_t parent, uint32_t name)
{
	if (t->unhashed != 0)
		tree_hash_rest(t);
	return tree_add_child(t, parent, name);
}

void
tree_add_self(struct tree *t, int prof, uint32_t node, struct tf_count c)
{
	struct prof *pr = &t->prof[prof];
	struct tf_count acc;

	if (c.frac != 0.0 && pr->fself == NULL) {
		pr->fself = xcalloc(t->cap, sizeof *pr->fself);
		pr->ftotal = xcalloc(t->cap, sizeof *pr->ftotal);
	}
	acc.n = pr->self[node];
	acc.frac = pr->fself != NULL ? pr->fself[node] : 0.0;
	if (count_add(&acc, c))
		t->overflows++;
	pr->self[node] = acc.n;
	if (pr->fself != NULL)
		pr->fself[node] = acc.frac;
}

/*
 * Totals in one backwards pass: every child has a larger index than its
 * parent.  Everything is computed from the self counts, so a later pass
 * over a grown tree gives what one pass at the end would.
 */
static void
compute_totals(struct tree *t, int prof)
{
	struct prof *pr = &t->prof[prof];
	size_t i;
	uint32_t par;
	uint64_t stacks = 0;

	memcpy(pr->total, pr->self, t->size * sizeof *pr->total);
	if (pr->fself != NULL)
		memcpy(pr->ftotal, pr->fself, t->size * sizeof *pr->ftotal);
	for (i = t->size - 1; i > 0; i--) {
		par = t->nodes[i].parent;
		stacks += pr->self[i] != 0 ||
		    (pr->fself != NULL && pr->fself[i] != 0.0);
		if (pr->total[par] > UINT64_MAX - pr->total[i]) {
			pr->total[par] = UINT64_MAX;
			t->total_overflows++;
		} else
			pr->total[par] += pr->total[i];
		if (pr->fself != NULL)
			pr->ftotal[par] += pr->ftotal[i];
	}
	stacks += pr->self[0] != 0 || (pr->fself != NULL && pr->fself[0] != 0.0);
	t->stacks[prof] = stacks;
	if (pr->memo != NULL)
		pr->memo->valid_root = pr->memo->valid_node = 0;
}

/* All profiles' totals (a thread's start routine). */
static void *
totals_main(void *arg)
{
	struct tree *t = arg;
	int p;

	for (p = 0; p < t->nprof; p++)
		compute_totals(t, p);
	return NULL;
}

/* Smaller trees finish in less time than a thread takes to start. */
#define FINISH_THREAD_MIN 65536u

/* True when id is its parent's only child. */
static inline int
only_child(const struct tree *t, uint32_t id)
{
	return t->nodes[id].next_sibling == TREE_NONE &&
	    t->nodes[t->nodes[id].parent].first_child == id;
}

/* Put the children of nodes from t->unhashed on into the hash. */
void
tree_hash_rest(struct tree *t)
{
	size_t i;

	for (i = t->unhashed; i < t->size; i++)
		if (t->nodes[i].parent >= t->unhashed &&
		    !only_child(t, (uint32_t)i))
			hash_add(t, (uint32_t)i);
	t->unhashed = 0;
}

/*
 * Sort every sibling list by name: rank the names once, bucket the nodes by
 * rank (a counting sort, O(nodes + names)), then prepend them to their
 * parents' lists from the highest rank down.  Only children (most nodes)
 * are a sorted list already and stay out of it.
 */
static void
sort_children(struct tree *t)
{
	uint32_t nnames = strtab_count(t->st), r, m = 0, *rank;
	uint32_t *start = xcalloc((size_t)nnames + 1, sizeof *start);
	uint32_t *order;
	size_t i;

	if (t->rank == NULL || t->nranked != nnames) { /* not made by a merge */
		t->rank = xreallocarray(t->rank, nnames, sizeof *t->rank);
		strtab_rank(t->st, t->rank);
		t->nranked = nnames; /* kept: tree_name_ranks() */
	}
	rank = t->rank;
	for (i = 1; i < t->size; i++)
		if (!only_child(t, (uint32_t)i)) {
			start[rank[t->nodes[i].name] + 1]++;
			m++;
		}
	for (r = 0; r < nnames; r++)
		start[r + 1] += start[r];
	order = xreallocarray(NULL, m ? m : 1, sizeof *order);
	for (i = 1; i < t->size; i++) /* the lists are as they were */
		if (!only_child(t, (uint32_t)i))
			order[start[rank[t->nodes[i].name]]++] = (uint32_t)i;
	for (i = 0; i < m; i++)
		t->nodes[t->nodes[order[i]].parent].first_child = TREE_NONE;
	for (i = m; i > 0; i--) {
		uint32_t id = order[i - 1];
		struct tree_node *par = &t->nodes[t->nodes[id].parent];

		t->nodes[id].next_sibling = par->first_child;
		par->first_child = id;
	}
	free(start);
	free(order);
}

/* Compare a and b by their totals in the order's profile, heaviest first. */
static inline int
cmp_weight(const struct tree *t, uint32_t a, uint32_t b)
{
	const struct prof *pr = &t->prof[t->order_prof];
	struct tf_count ca, cb;

	if (pr->ftotal == NULL) {
		if (pr->total[a] != pr->total[b])
			return pr->total[a] > pr->total[b] ? -1 : 1;
		return 0;
	}
	ca = tree_total(t, t->order_prof, a);
	cb = tree_total(t, t->order_prof, b);
	if (ca.n != cb.n)
		return ca.n > cb.n ? -1 : 1;
	if (ca.frac != cb.frac)
		return ca.frac > cb.frac ? -1 : 1;
	return 0;
}

/* cmp_weight() for sort_u32(). */
static int
cmp_weight_u32(uint32_t a, uint32_t b, void *ctx)
{
	return cmp_weight(ctx, a, b);
}

/*
 * Heaviest first: each sibling list of two or more, in name order now, is
 * sorted stably by total (equal totals keep the name order).
 */
static void
sort_by_weight(struct tree *t)
{
	uint32_t *kids = NULL, c, v;
	size_t cap = 0, n, i, j, p;

	for (p = 0; p < t->size; p++) {
		c = t->nodes[p].first_child;
		if (c == TREE_NONE || t->nodes[c].next_sibling == TREE_NONE)
			continue;
		for (n = 0; c != TREE_NONE; c = t->nodes[c].next_sibling) {
			xgrow((void **)&kids, &cap, n + 1, sizeof *kids);
			kids[n++] = c;
		}
		if (n <= 8) {
			for (i = 1; i < n; i++) {
				v = kids[i];
				for (j = i; j > 0 && cmp_weight(t, kids[j - 1], v) > 0;
				    j--)
					kids[j] = kids[j - 1];
				kids[j] = v;
			}
		} else
			sort_u32(kids, n, cmp_weight_u32, t);
		t->nodes[p].first_child = kids[0];
		for (i = 0; i + 1 < n; i++)
			t->nodes[kids[i]].next_sibling = kids[i + 1];
		t->nodes[kids[n - 1]].next_sibling = TREE_NONE;
	}
	free(kids);
}

void
tree_set_order(struct tree *t, enum tree_order order, int prof)
{
	t->order = order;
	t->order_prof = prof < 0 || prof >= t->nprof ? 0 : prof;
	tree_finish(t);
}

enum tree_order
tree_get_order(const struct tree *t, int *prof)
{
	if (prof != NULL)
		*prof = t->order_prof;
	return t->order;
}

void
tree_finish(struct tree *t)
{
	struct thread_job tj;

	t->total_overflows = 0;
	/*
	 * The totals read each node's parent and write the count arrays;
	 * sort_children() reads names and writes the sibling links: a big
	 * tree has them done at once by two threads.
	 */
	thread_start(&tj, t->size >= FINISH_THREAD_MIN && thread_spare(),
	    totals_main, t);
	sort_children(t);
	thread_join(&tj);
	if (t->order == TREE_ORDER_WEIGHT)
		sort_by_weight(t);
}

const uint32_t *
tree_name_ranks(const struct tree *t)
{
	return t->rank != NULL && t->nranked == strtab_count(t->st) ?
	    t->rank : NULL;
}

uint32_t
tree_size(const struct tree *t)
{
	return (uint32_t)t->size;
}

const struct tree_node *
tree_node(const struct tree *t, uint32_t id)
{
	return &t->nodes[id];
}

const struct tree_node *
tree_nodes(const struct tree *t)
{
	return t->nodes;
}

const char *
tree_name(const struct tree *t, uint32_t id, size_t *len)
{
	return strtab_get(t->st, t->nodes[id].name, len);
}

struct tf_count
tree_self(const struct tree *t, int prof, uint32_t id)
{
	const struct prof *pr = &t->prof[prof];

	return (struct tf_count){pr->self[id], pr->fself ? pr->fself[id] : 0.0};
}

const uint64_t *
tree_selfs(const struct tree *t, int prof, const double **frac)
{
	*frac = t->prof[prof].fself;
	return t->prof[prof].self;
}

struct tf_count
tree_total(const struct tree *t, int prof, uint32_t id)
{
	const struct prof *pr = &t->prof[prof];
	struct tf_count c = {pr->total[id], 0.0};

	if (pr->ftotal != NULL) {
		/* Fractions were summed without normalising: fold them in now. */
		double f = pr->ftotal[id], whole = (double)(uint64_t)f;

		count_add(&c, (struct tf_count){(uint64_t)whole, 0.0});
		c.frac = f - whole;
	}
	return c;
}

int
tree_has_fraction(const struct tree *t, int prof)
{
	return t->prof[prof].fself != NULL;
}

uint64_t
tree_overflows(const struct tree *t)
{
	return t->overflows + t->total_overflows;
}

uint64_t
tree_stacks(const struct tree *t, int prof)
{
	return t->stacks[prof];
}

size_t
tree_memory(const struct tree *t)
{
	size_t per = sizeof(struct tree_node);
	int p;

	for (p = 0; p < t->nprof; p++)
		per += 2 * sizeof(uint64_t) +
		    (t->prof[p].fself ? 2 * sizeof(double) : 0) +
		    (t->prof[p].nself ? sizeof(uint32_t) : 0);
	if (t->module != NULL)
		per += sizeof *t->module;
	return t->cap * per + ((size_t)t->mask + 1) * sizeof *t->slots +
	    (size_t)t->nranked * sizeof *t->rank + strtab_memory(t->st) +
	    (t->mods != NULL ? strtab_memory(t->mods) : 0);
}
