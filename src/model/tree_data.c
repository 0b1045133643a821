/*
 * What some trees keep beside each node's counts (model/tree.h): the
 * sample records behind a perf count (a parallel array of self counts,
 * subtree sums computed when asked and remembered for the root and the
 * last node), and the module (DSO) of each frame (an interned id with its
 * kind, or "several modules").  Both cost nothing until a loader asks.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "model/strtab.h"
#include "model/tree.h"
#include "model/tree_impl.h"
#include "util/fatal.h"
#include "util/xalloc.h"

/* Keep sample records per node from now on (none yet). */
void
tree_keep_samples(struct tree *t)
{
	int p;

	for (p = 0; p < t->nprof; p++) {
		struct prof *pr = &t->prof[p];

		if (pr->nself == NULL) {
			pr->nself = xcalloc(t->cap, sizeof *pr->nself);
			pr->memo = xcalloc(1, sizeof *pr->memo);
		}
	}
}

/* Are sample records kept? */
int
tree_has_samples(const struct tree *t)
{
	return t->prof[0].nself != NULL;
}

/* Take n sample records off node's self (not below 0). */
void
tree_sub_samples(struct tree *t, int prof, uint32_t node, uint64_t n)
{
	uint32_t *s = &t->prof[prof].nself[node];

	*s = n >= *s ? 0 : *s - (uint32_t)n;
}

/* Add n sample records to node's self, saturating at 2^32-1. */
void
tree_add_samples(struct tree *t, int prof, uint32_t node, uint64_t n)
{
	uint32_t *s = &t->prof[prof].nself[node];

	*s = *s > UINT32_MAX - n || n > UINT32_MAX ? UINT32_MAX :
	    *s + (uint32_t)n;
}

/* Keep a module per node from now on (none yet). */
void
tree_keep_modules(struct tree *t)
{
	if (t->module == NULL) {
		t->module = xcalloc(t->cap, sizeof *t->module);
		t->mods = strtab_new();
	}
}

/* Are modules kept? */
int
tree_has_modules(const struct tree *t)
{
	return t->module != NULL;
}

/* The module named name, of kind kind. */
uint32_t
tree_module_intern(struct tree *t, const char *name, size_t len,
    unsigned kind)
{
	uint32_t id;

	tree_keep_modules(t);
	id = strtab_intern(t->mods, name, len) + 1;
	if (id >= TREE_MOD_SEVERAL)
		return TREE_MOD_NONE; /* 2^30 modules: no more names */
	return (uint32_t)(kind & 3u) << 30 | id;
}

/* Give mod to node: several when it had another. */
void
tree_set_module(struct tree *t, uint32_t node, uint32_t mod)
{
	uint32_t *m;

	if (mod == TREE_MOD_NONE)
		return;
	tree_keep_modules(t);
	m = &t->module[node];
	if (*m == TREE_MOD_NONE)
		*m = mod;
	else if (*m != mod)
		*m = (TREE_MOD_KIND(*m) == TREE_MOD_KIND(mod) ?
		    TREE_MOD_KIND(mod) << 30 : 0) | TREE_MOD_SEVERAL;
}

/* The module of node. */
uint32_t
tree_module(const struct tree *t, uint32_t node)
{
	return t->module != NULL ? t->module[node] : TREE_MOD_NONE;
}

/* The name of module mod. */
const char *
tree_module_name(const struct tree *t, uint32_t mod, size_t *len)
{
	uint32_t i = TREE_MOD_INDEX(mod);

	if (i == TREE_MOD_SEVERAL) {
		*len = 15;
		return "several modules";
	}
	if (i == TREE_MOD_NONE || t->mods == NULL ||
	    i - 1 >= strtab_count(t->mods)) {
		*len = 0;
		return "";
	}
	return strtab_get(t->mods, i - 1, len);
}

/* Keep modules in dst (none yet) when src does, with src's ids. */
void
tree_keep_modules_of(struct tree *dst, const struct tree *src)
{
	uint32_t i, n;
	const char *s;
	size_t len;

	if (src->mods == NULL)
		return;
	tree_keep_modules(dst);
	n = strtab_count(src->mods);
	for (i = 0; i < n; i++) {
		s = strtab_get(src->mods, i, &len);
		if (strtab_intern(dst->mods, s, len) != i)
			fatal("internal error: module ids differ");
	}
}

/* Module mod of src, as dst's. */
uint32_t
tree_module_copy(struct tree *dst, const struct tree *src, uint32_t mod)
{
	const char *s;
	size_t len;

	if (TREE_MOD_INDEX(mod) == TREE_MOD_NONE ||
	    TREE_MOD_INDEX(mod) == TREE_MOD_SEVERAL || src == dst)
		return mod;
	s = tree_module_name(src, mod, &len);
	return tree_module_intern(dst, s, len, TREE_MOD_KIND(mod));
}

/* The sample records of id's subtree: a walk down the sibling links. */
static uint64_t
sum_samples(const struct tree *t, const uint32_t *ns, uint32_t id)
{
	const struct tree_node *nodes = t->nodes;
	uint64_t sum = 0;
	uint32_t c = id;
	size_t i;

	if (id == TREE_ROOT) {
		/* Every node: read in order, the fastest walk there is. */
		for (i = 0; i < t->size; i++)
			sum += ns[i];
		return sum;
	}
	for (;;) {
		sum += ns[c];
		if (nodes[c].first_child != TREE_NONE) {
			c = nodes[c].first_child;
			continue;
		}
		while (c != id && nodes[c].next_sibling == TREE_NONE)
			c = nodes[c].parent;
		if (c == id)
			return sum;
		c = nodes[c].next_sibling;
	}
}

/* The sample records of id's subtree (the last two answers kept). */
uint64_t
tree_samples(const struct tree *t, int prof, uint32_t id)
{
	const struct prof *pr = &t->prof[prof];
	struct samples_memo *m = pr->memo;

	if (pr->nself == NULL)
		return 0;
	if (id == TREE_ROOT) {
		if (!m->valid_root) {
			m->root = sum_samples(t, pr->nself, id);
			m->valid_root = 1;
		}
		return m->root;
	}
	if (!m->valid_node || m->node != id) {
		m->total = sum_samples(t, pr->nself, id);
		m->node = id;
		m->valid_node = 1;
	}
	return m->total;
}

/* The sample records of id itself. */
uint64_t
tree_samples_self(const struct tree *t, int prof, uint32_t id)
{
	const struct prof *pr = &t->prof[prof];

	return pr->nself != NULL ? pr->nself[id] : 0;
}
